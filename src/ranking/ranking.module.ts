import { Global, Module } from '@nestjs/common';
import { SHEET_RANKINGS } from '../games/reads/sheet-rankings';
import { RankingRepository } from './ranking.repository';
import { RankingService } from './ranking.service';

/**
 * The federations' rankings (docs/rules.md §12.1). Global so that the game sheets find the
 * rankings players bring (games/reads/sheet-rankings.ts) without the games importing the ranking.
 */
@Global()
@Module({
  providers: [RankingService, RankingRepository, { provide: SHEET_RANKINGS, useExisting: RankingService }],
  exports: [RankingService, SHEET_RANKINGS],
})
export class RankingModule {}
