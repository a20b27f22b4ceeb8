import { Module } from '@nestjs/common';
import { ArbiterModule } from '../arbiter/arbiter.module';
import { AuthModule } from '../auth/auth.module';
import { CoefficientsModule } from '../coefficients/coefficients.module';
import { NotificationsModule } from '../mail/notifications.module';
import { GameCheckService } from './game-check';
import { GameSheetsService } from './game-sheets.service';
import { CompetitionGamesController, GamesController } from './games.controller';
import { GamesService } from './games.service';
import { Lexicons } from './lexicons';

/** Games: the single entry point for every action on a game (issue 4 §4–§5), its API, sheets and the check. */
@Module({
  imports: [AuthModule, ArbiterModule, CoefficientsModule, NotificationsModule],
  controllers: [GamesController, CompetitionGamesController],
  providers: [GamesService, GameSheetsService, GameCheckService, Lexicons],
  exports: [GamesService, GameSheetsService, GameCheckService],
})
export class GamesModule {}
