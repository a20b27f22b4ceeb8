import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ThinkingTimeModule } from '../thinking-time/thinking-time.module';
import { RehearsalClockRepository } from './rehearsal-clock.repository';
import { RehearsalController } from './rehearsal.controller';
import { RehearsalService } from './rehearsal.service';

/** The rehearsal clock's API and service (the clock itself is the injected Clock, made in createApp). */
@Module({
  imports: [AuthModule, ThinkingTimeModule],
  controllers: [RehearsalController],
  providers: [RehearsalService, RehearsalClockRepository],
  exports: [RehearsalService],
})
export class RehearsalModule {}
