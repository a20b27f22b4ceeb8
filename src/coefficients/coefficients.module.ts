import { Module } from '@nestjs/common';
import { ArbiterModule } from '../arbiter/arbiter.module';
import { AuthModule } from '../auth/auth.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ResultsController } from './results.controller';
import { ResultsService } from './results.service';
import { StandingsController } from './standings.controller';
import { StandingsService } from './standings.service';

/** Results, homologation and standings (docs/rules.md §7). */
@Module({
  imports: [AuthModule, ArbiterModule, NotificationsModule],
  controllers: [ResultsController, StandingsController],
  providers: [ResultsService, StandingsService],
  exports: [ResultsService, StandingsService],
})
export class CoefficientsModule {}
