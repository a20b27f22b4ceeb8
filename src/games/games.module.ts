import { Module } from '@nestjs/common';
import { ArbiterModule } from '../arbiter/arbiter.module';
import { AuthModule } from '../auth/auth.module';
import { CoefficientsModule } from '../coefficients/coefficients.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { ClaimAnswersService } from './claim-answers.service';
import { GameCheckService } from './game-check';
import { GameSheetsService } from './game-sheets.service';
import { CompetitionGamesController, GamesController } from './games.controller';
import { GamesService } from './games.service';
import { Lexicons } from './lexicons';
import { MoveReviewsController } from './move-reviews.controller';
import { MoveReviewsService } from './move-reviews.service';

/** Games: the single entry point for every action on a game (issue 4 §4–§5), its API, sheets and the check. */
@Module({
  imports: [AuthModule, ArbiterModule, CoefficientsModule, NotificationsModule],
  controllers: [GamesController, CompetitionGamesController, MoveReviewsController],
  providers: [GamesService, GameSheetsService, GameCheckService, Lexicons, MoveReviewsService, ClaimAnswersService],
  exports: [GamesService, GameSheetsService, GameCheckService, MoveReviewsService, ClaimAnswersService],
})
export class GamesModule {}
