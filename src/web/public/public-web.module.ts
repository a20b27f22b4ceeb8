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
import { RankingModule } from '../../ranking/ranking.module';
import { RankingController } from './ranking.controller';

/** Public pages, no login (the competitions, the federations' rankings), and a person's own data download (§5). */
@Module({
  imports: [ArbiterModule, CompetitionsModule, CoefficientsModule, GamesModule, PersonalDataModule, TournamentsModule, RankingModule],
  controllers: [PublicPagesController, RoundsPagesController, PersonalDataController, RankingController],
  providers: [PublicPagesService],
})
export class PublicWebModule {}
