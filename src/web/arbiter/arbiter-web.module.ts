import { Module } from '@nestjs/common';
import { AppealsModule } from '../../appeals/appeals.module';
import { ArbiterModule } from '../../arbiter/arbiter.module';
import { DemoModule } from '../../demo/demo.module';
import { AuthModule } from '../../auth/auth.module';
import { PersonalDataModule } from '../../personal-data/personal-data.module';
import { CoefficientsModule } from '../../coefficients/coefficients.module';
import { CompetitionsModule } from '../../competitions/competitions.module';
import { GamesModule } from '../../games/games.module';
import { Lexicons } from '../../games/persistence/lexicons.service';
import { MailModule } from '../../mail/mail.module';
import { NotificationsModule } from '../../notifications/notifications.module';
import { ThinkingTimeModule } from '../../thinking-time/thinking-time.module';
import { ApiKeysController } from './api-keys.controller';
import { ArbiterDashboardController } from './arbiter-dashboard.controller';
import { ArbiterCompetitionsController } from './arbiter-competitions.controller';
import { ArbiterStandingsController } from './arbiter-standings.controller';
import { HomologationController } from './homologation.controller';
import { AuditController } from './audit.controller';
import { AppealsController } from './appeals.controller';
import { ArbiterGamesController } from './arbiter-games.controller';
import { ArbiterMailController } from './arbiter-mail.controller';
import { LexiconsController } from './lexicons.controller';
import { ArbiterPanelService } from './arbiter-panel.service';
import { PlayerEditController } from './player-edit.controller';
import { CompetitionEditController } from './competition-edit.controller';
import { DemoController } from './demo.controller';
import { RoundsController } from './rounds.controller';
import { TournamentsModule } from '../../tournaments/tournaments.module';
import { TimeNoticesService } from '../player/time-notices.service';

/** The arbiter's panel (docs/web.md, Arbiter's panel). */
@Module({
  imports: [
    AuthModule,
    ArbiterModule,
    AppealsModule,
    DemoModule,
    CompetitionsModule,
    CoefficientsModule,
    GamesModule,
    ThinkingTimeModule,
    PersonalDataModule,
    NotificationsModule,
    MailModule,
    TournamentsModule,
  ],
  // The panel's areas, in the order their routes were registered when they were one controller.
  controllers: [
    ArbiterDashboardController,
    ArbiterCompetitionsController,
    ArbiterStandingsController,
    HomologationController,
    AuditController,
    AppealsController,
    ArbiterGamesController,
    ArbiterMailController,
    LexiconsController,
    ApiKeysController,
    PlayerEditController,
    CompetitionEditController,
    DemoController,
    RoundsController,
  ],
  // Lexicons: its own instance (GamesModule keeps its one private); both read the same files.
  providers: [ArbiterPanelService, Lexicons, TimeNoticesService],
})
export class ArbiterWebModule {}
