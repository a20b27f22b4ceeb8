import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { LoginLinksModule } from '../auth/login-links.module';
import { CompetitionsModule } from '../competitions/competitions.module';
import { GamesModule } from '../games/games.module';
import { MailModule } from '../mail/mail.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { PersonalDataRepository } from './personal-data.repository';
import { PersonalDataService } from './personal-data.service';

/** A person's data (docs/web.md, Personal data): the export and the anonymisation, for the public and the admin's pages. */
@Module({
  imports: [AuditModule, AuthModule, LoginLinksModule, CompetitionsModule, GamesModule, MailModule, NotificationsModule],
  providers: [PersonalDataService, PersonalDataRepository],
  exports: [PersonalDataService],
})
export class PersonalDataModule {}
