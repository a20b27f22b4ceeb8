import { Module } from '@nestjs/common';
import { ArbiterModule } from '../arbiter/arbiter.module';
import { AuthModule } from '../auth/auth.module';
import { GamesModule } from '../games/games.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { CompetitionsModule } from '../competitions/competitions.module';
import { RankingModule } from '../ranking/ranking.module';
import { ResultsController } from './results.controller';
import { ResultsService } from './results.service';
import { HomologationService } from './homologation.service';
import { StandingsController } from './standings.controller';
import { StandingsRepository } from './standings.repository';
import { StandingsService } from './standings.service';

/** Results, homologation and standings (docs/rules.md §7). */
@Module({
  imports: [AuthModule, ArbiterModule, NotificationsModule, CompetitionsModule, GamesModule, RankingModule],
  controllers: [ResultsController, StandingsController],
  providers: [ResultsService, HomologationService, StandingsService, StandingsRepository],
  exports: [ResultsService, HomologationService, StandingsService],
})
export class CoefficientsModule {}
