import { Module } from '@nestjs/common';
import { ArbiterModule } from '../arbiter/arbiter.module';
import { AuthModule } from '../auth/auth.module';
import { GamesModule } from '../games/games.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { CompetitionsController } from './competitions.controller';
import { CompetitionsService } from './competitions.service';
import { PlayerAddressesController } from './player-addresses.controller';
import { PlayerIdentityService } from './player-identity.service';

/**
 * Competitions, players, groups, pairing, dealt sequences (issue 4 §2). Player lists come as
 * spreadsheet exports: the CSV itself is accepted as a body (src/common/request-body.ts).
 */
@Module({
  imports: [AuthModule, ArbiterModule, GamesModule, NotificationsModule],
  controllers: [CompetitionsController, PlayerAddressesController],
  providers: [CompetitionsService, PlayerIdentityService],
  exports: [CompetitionsService, PlayerIdentityService],
})
export class CompetitionsModule {}
