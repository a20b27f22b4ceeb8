import { Module } from '@nestjs/common';
import { NotificationsModule } from '../mail/notifications.module';
import { AuthModule } from './auth.module';
import { LoginLinks } from './login-links.service';

/** Magic links beside AuthModule: they need the outbox, whose module already imports AuthModule. */
@Module({
  imports: [AuthModule, NotificationsModule],
  providers: [LoginLinks],
  exports: [LoginLinks],
})
export class LoginLinksModule {}
