import { Module } from '@nestjs/common';
import { ArbiterModule } from '../arbiter/arbiter.module';
import { AuthModule } from '../auth/auth.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { CompetitionsModule } from '../competitions/competitions.module';
import { ClaimAnswersService } from './actions/claim-answers.service';
import { CompetitionStartService } from './actions/competition-start.service';
import { GamePartners } from './reads/game-partners.service';
import { GameCheckService } from './reads/game-check.service';
import { GameAnalysisRepository } from './persistence/game-analysis.repository';
import { GameAnalysisService } from './reads/game-analysis.service';
import { GameSheetsService } from './reads/game-sheets.service';
import { CompetitionGamesController, GamesController } from './delivery/games.controller';
import { GameListingsRepository } from './persistence/game-listings.repository';
import { GameTimeRepository } from './persistence/game-time.repository';
import { GameRepository } from './persistence/game.repository';
import { DisputesRepository } from './persistence/disputes.repository';
import { OffersRepository } from './persistence/offers.repository';
import { ResultsRepository } from './persistence/results.repository';
import { DisputesService } from './actions/disputes.service';
import { ChallengesService } from './actions/challenges.service';
import { ChallengesRepository } from './persistence/challenges.repository';
import { GameActions } from './actions/game-actions.service';
import { GameReadModel } from './model/game-read-model.service';
import { GameReadsService } from './reads/game-reads.service';
import { GameTimeService } from './actions/game-time.service';
import { MovesService } from './actions/moves.service';
import { OffersService } from './actions/offers.service';
import { WithdrawalService } from './actions/withdrawal.service';
import { ConditionalReplies } from './actions/conditional-replies.service';
import { ConditionalsRepository } from './persistence/conditionals.repository';
import { ConditionalsService } from './actions/conditionals.service';
import { ConditionalsController } from './delivery/conditionals.controller';
import { Lexicons } from './persistence/lexicons.service';
import { ResultProposals } from './actions/result-proposals.service';
import { MoveReviewsController } from './delivery/move-reviews.controller';
import { MoveReviewsService } from './actions/move-reviews.service';

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
    // One per instance: the frame tells it what each commit wrote, the reads and the web's pages read through it.
    GameReadModel,
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
    GameReadModel,
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
