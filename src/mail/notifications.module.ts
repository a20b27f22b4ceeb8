import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { Notifications } from './notifications';
import { OutboxController } from './outbox.controller';

/** The outbox writer on its own (the games and results services need nothing else of the mail channel), and its listing. */
@Module({
  imports: [AuthModule],
  controllers: [OutboxController],
  providers: [Notifications],
  exports: [Notifications],
})
export class NotificationsModule {}
