import { AccountController } from './account.controller';
import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { AccountNotices } from './account-notices.service';
import { AccountService } from './account.service';
import { CompetitionsController } from './competitions.controller';
import { CompetitionsRepository } from './competitions.repository';
import { CompetitionReadsService } from './competition-reads.service';
import { CompetitionSettingsService } from './competition-settings.service';
import { CompetitionSetupService } from './competition-setup.service';
import { GroupsService } from './groups.service';
import { RegistrationService } from './registration.service';
import { PlayerAddressesController } from './player-addresses.controller';
import { PartnersInPlay } from './partners-in-play.service';
import { PlayerIdentityService } from './player-identity.service';
import { PlayersRepository } from './players.repository';

/**
 * Competitions, players, groups, pairing, dealt sequences. Player lists come as
 * spreadsheet exports: the CSV itself is accepted as a body (src/common/request-body.ts).
 */
@Module({
  imports: [AuthModule, AuditModule, NotificationsModule],
  controllers: [CompetitionsController, PlayerAddressesController, AccountController],
  providers: [
    CompetitionSetupService,
    RegistrationService,
    GroupsService,
    CompetitionSettingsService,
    CompetitionReadsService,
    PlayerIdentityService,
    AccountNotices,
    AccountService,
    PartnersInPlay,
    CompetitionsRepository,
    PlayersRepository,
  ],
  exports: [
    CompetitionSetupService,
    RegistrationService,
    GroupsService,
    CompetitionSettingsService,
    CompetitionReadsService,
    PlayerIdentityService,
    AccountService,
    PartnersInPlay,
    CompetitionsRepository,
    PlayersRepository,
  ],
})
export class CompetitionsModule {}
