import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { CompetitionsModule } from '../competitions/competitions.module';
import { GamesModule } from '../games/games.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { RoundReadsService } from './round-reads.service';
import { RoundsRepository } from './rounds.repository';
import { RoundsService } from './rounds.service';

/** Tournaments in rounds (docs/rules.md §11.6): above the games their rounds create. */
@Module({
  imports: [AuditModule, CompetitionsModule, GamesModule, NotificationsModule],
  providers: [RoundsService, RoundReadsService, RoundsRepository],
  exports: [RoundsService, RoundReadsService],
})
export class TournamentsModule {}
