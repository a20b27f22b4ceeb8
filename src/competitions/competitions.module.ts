import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { text } from 'express';
import { ArbiterModule } from '../arbiter/arbiter.module';
import { AuthModule } from '../auth/auth.module';
import { GamesModule } from '../games/games.module';
import { CompetitionsController } from './competitions.controller';
import { CompetitionsService } from './competitions.service';

/** Competitions, players, groups, pairing, dealt sequences (issue 4 §2). */
@Module({
  imports: [AuthModule, ArbiterModule, GamesModule],
  controllers: [CompetitionsController],
  providers: [CompetitionsService],
  exports: [CompetitionsService],
})
export class CompetitionsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Player lists come as spreadsheet exports: accept the CSV itself as the body.
    consumer
      .apply(text({ type: ['text/csv', 'text/plain'], limit: '1mb' }))
      .forRoutes({ path: 'api/competitions/:id/players', method: RequestMethod.POST });
  }
}
