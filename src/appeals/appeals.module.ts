import { Module } from '@nestjs/common';
import { ArbiterModule } from '../arbiter/arbiter.module';
import { CompetitionsModule } from '../competitions/competitions.module';
import { GamesModule } from '../games/games.module';
import { AppealsService } from './appeals.service';

/** Appeals to the federation's commission against an arbiter's decision (docs/rules.md §6): above games, whose rulings they name. */
@Module({
  imports: [ArbiterModule, CompetitionsModule, GamesModule],
  providers: [AppealsService],
  exports: [AppealsService],
})
export class AppealsModule {}
