import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { LoginLinksModule } from '../auth/login-links.module';
import { CompetitionsModule } from '../competitions/competitions.module';
import { GamesModule } from '../games/games.module';
import { Lexicons } from '../games/persistence/lexicons.service';
import { DemoService } from './demo.service';

/** The demo competition, for the CLI and the empty arbiter dashboard. */
@Module({
  imports: [AuthModule, LoginLinksModule, CompetitionsModule, GamesModule],
  // Lexicons: its own instance (GamesModule keeps its one private); both read the same files.
  providers: [DemoService, Lexicons],
  exports: [DemoService],
})
export class DemoModule {}
