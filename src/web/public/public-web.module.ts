import { Module } from '@nestjs/common';
import { ArbiterModule } from '../../arbiter/arbiter.module';
import { PersonalDataModule } from '../../personal-data/personal-data.module';
import { CoefficientsModule } from '../../coefficients/coefficients.module';
import { CompetitionsModule } from '../../competitions/competitions.module';
import { GamesModule } from '../../games/games.module';
import { PersonalDataController } from './personal-data.controller';
import { PublicPagesController } from './public-pages.controller';
import { PublicPagesService } from './public-pages.service';
import { RoundsPagesController } from './rounds-pages.controller';
import { TournamentsModule } from '../../tournaments/tournaments.module';

/** Public pages, no login, and a person's own data download (§5). */
@Module({
  imports: [ArbiterModule, CompetitionsModule, CoefficientsModule, GamesModule, PersonalDataModule, TournamentsModule],
  controllers: [PublicPagesController, RoundsPagesController, PersonalDataController],
  providers: [PublicPagesService],
})
export class PublicWebModule {}
