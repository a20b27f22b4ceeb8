import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { GamesModule } from '../games/games.module';
import { RecordAttemptActions } from './record-attempt-actions.service';
import { RecordAttemptsRepository } from './record-attempts.repository';
import { RecordAttemptsService } from './record-attempts.service';
import { RecordPagesController } from './record-pages.controller';
import { RecordsController } from './records.controller';

/** Record attempts in a one-player game (docs/rules.md §14): above games, whose word lists they read, and the web, whose pages they use. */
@Module({
  imports: [AuthModule, GamesModule],
  controllers: [RecordsController, RecordPagesController],
  providers: [RecordAttemptsService, RecordAttemptActions, RecordAttemptsRepository],
})
export class RecordsModule {}
