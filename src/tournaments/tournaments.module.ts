import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { CompetitionsModule } from '../competitions/competitions.module';
import { GamesModule } from '../games/games.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { AuthModule } from '../auth/auth.module';
import { ThinkingTimeModule } from '../thinking-time/thinking-time.module';
import { RoundCompletionService } from './round-completion.service';
import { RoundReadsService } from './round-reads.service';
import { RoundsRepository } from './rounds.repository';
import { RoundsService } from './rounds.service';

/** Tournaments in rounds (docs/rules.md §11.6): above the games their rounds create. */
@Module({
  imports: [AuditModule, AuthModule, CompetitionsModule, GamesModule, NotificationsModule, ThinkingTimeModule],
  providers: [RoundsService, RoundReadsService, RoundsRepository, RoundCompletionService],
  exports: [RoundsService, RoundReadsService, RoundCompletionService],
})
export class TournamentsModule {}
