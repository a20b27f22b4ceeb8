import { Module } from '@nestjs/common';
import { ArbiterModule } from '../arbiter/arbiter.module';
import { AuthModule } from '../auth/auth.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { CompetitionsModule } from '../competitions/competitions.module';
import { ClaimAnswersService } from './claim-answers.service';
import { CompetitionStartService } from './competition-start.service';
import { GamePartners } from './game-partners.service';
import { GameCheckService } from './game-check.service';
import { GameAnalysisRepository } from './game-analysis.repository';
import { GameAnalysisService } from './game-analysis.service';
import { GameSheetsService } from './game-sheets.service';
import { CompetitionGamesController, GamesController } from './games.controller';
import { GameListingsRepository } from './game-listings.repository';
import { GameTimeRepository } from './game-time.repository';
import { GameRepository } from './game.repository';
import { DisputesRepository } from './disputes.repository';
import { OffersRepository } from './offers.repository';
import { ResultsRepository } from './results.repository';
import { DisputesService } from './disputes.service';
import { ChallengesService } from './challenges.service';
import { ChallengesRepository } from './challenges.repository';
import { GameActions } from './game-actions.service';
import { GameReadsService } from './game-reads.service';
import { GameTimeService } from './game-time.service';
import { MovesService } from './moves.service';
import { OffersService } from './offers.service';
import { WithdrawalService } from './withdrawal.service';
import { ConditionalReplies } from './conditional-replies.service';
import { ConditionalsRepository } from './conditionals.repository';
import { ConditionalsService } from './conditionals.service';
import { ConditionalsController } from './conditionals.controller';
import { Lexicons } from './lexicons.service';
import { ResultProposals } from './result-proposals.service';
import { MoveReviewsController } from './move-reviews.controller';
import { MoveReviewsService } from './move-reviews.service';

/** The action runner and the services of each capability over it, used by the mail pipeline, the web and the time controls. */
const GAME_SERVICES = [
  GameActions,
  MovesService,
  OffersService,
  DisputesService,
  ChallengesService,
  GameTimeService,
  GameReadsService,
  WithdrawalService,
  ConditionalsService,
];

/**
 * Games: every action on a game, one service per capability over the shared
 * action frame (game-actions.service.ts), its API, sheets and the check.
 */
@Module({
  imports: [AuthModule, ArbiterModule, CompetitionsModule, NotificationsModule],
  controllers: [GamesController, CompetitionGamesController, MoveReviewsController, ConditionalsController],
  providers: [
    ...GAME_SERVICES,
    GameRepository,
    OffersRepository,
    DisputesRepository,
    ResultsRepository,
    GameTimeRepository,
    ChallengesRepository,
    ConditionalsRepository,
    ConditionalReplies,
    CompetitionStartService,
    GamePartners,
    GameListingsRepository,
    GameSheetsService,
    GameCheckService,
    Lexicons,
    MoveReviewsService,
    ClaimAnswersService,
    ResultProposals,
    GameAnalysisService,
    GameAnalysisRepository,
  ],
  exports: [
    ...GAME_SERVICES,
    GameRepository,
    ResultsRepository,
    GameTimeRepository,
    CompetitionStartService,
    GameListingsRepository,
    GameSheetsService,
    GameCheckService,
    MoveReviewsService,
    ClaimAnswersService,
    ResultProposals,
    GameAnalysisService,
    // The official word lists, read by record attempts' challenges too (docs/rules.md §14).
    Lexicons,
  ],
})
export class GamesModule {}
