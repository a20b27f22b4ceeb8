import { Module } from '@nestjs/common';
import { ArbiterModule } from '../arbiter/arbiter.module';
import { AuthModule } from '../auth/auth.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { CompetitionsModule } from '../competitions/competitions.module';
import { ClaimAnswersService } from './claim-answers.service';
import { CompetitionStartService } from './competition-start.service';
import { GamePartners } from './game-partners';
import { GameCheckService } from './game-check';
import { GameSheetsService } from './game-sheets.service';
import { CompetitionGamesController, GamesController } from './games.controller';
import { GamesService } from './games.service';
import { GameListingsRepository } from './game-listings.repository';
import { Lexicons } from './lexicons';
import { ResultProposals } from './result-proposals';
import { MoveReviewsController } from './move-reviews.controller';
import { MoveReviewsService } from './move-reviews.service';

/** Games: the single entry point for every action on a game (issue 4 §4–§5), its API, sheets and the check. */
@Module({
  imports: [AuthModule, ArbiterModule, CompetitionsModule, NotificationsModule],
  controllers: [GamesController, CompetitionGamesController, MoveReviewsController],
  providers: [
    GamesService,
    CompetitionStartService,
    GamePartners,
    GameListingsRepository,
    GameSheetsService,
    GameCheckService,
    Lexicons,
    MoveReviewsService,
    ClaimAnswersService,
    ResultProposals,
  ],
  exports: [
    GamesService,
    CompetitionStartService,
    GameListingsRepository,
    GameSheetsService,
    GameCheckService,
    MoveReviewsService,
    ClaimAnswersService,
    ResultProposals,
  ],
})
export class GamesModule {}
