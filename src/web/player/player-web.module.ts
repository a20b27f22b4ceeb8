import { Module } from '@nestjs/common';
import { AuthModule } from '../../auth/auth.module';
import { CoefficientsModule } from '../../coefficients/coefficients.module';
import { GamesModule } from '../../games/games.module';
import { Lexicons } from '../../games/persistence/lexicons.service';
import { ThinkingTimeModule } from '../../thinking-time/thinking-time.module';
import { CompetitionsModule } from '../../competitions/competitions.module';
import { AccountPagesController } from './account-pages.controller';
import { GameSheetPagesController } from './game-sheet-pages.controller';
import { GamePagesController } from './game-pages.controller';
import { GameAgreementsController } from './game-agreements.controller';
import { GameFormsService } from './game-forms.service';
import { PlayerGamesService } from './player-games.service';
import { PlayerSettingsService } from './player-settings.service';
import { CalendarController, SettingsPagesController } from './settings-pages.controller';

/**
 * The players' pages (docs/web.md, Player pages): my games, the game page and its forms, settings, the
 * deadlines calendar. WebViews, the session guard and LoginLinks come from the global WebCoreModule.
 */
@Module({
  imports: [AuthModule, GamesModule, CoefficientsModule, ThinkingTimeModule, CompetitionsModule],
  controllers: [
    AccountPagesController,
    GamePagesController,
    GameAgreementsController,
    SettingsPagesController,
    CalendarController,
    GameSheetPagesController,
  ],
  providers: [PlayerGamesService, GameFormsService, PlayerSettingsService, Lexicons],
  exports: [PlayerGamesService],
})
export class PlayerWebModule {}
