import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { PersonalDataRepository } from './personal-data.repository';
import { PersonalDataService } from './personal-data.service';

/** A person's data (docs/web.md, Personal data): the export and the anonymisation, for the public and the admin's pages. */
@Module({
  imports: [AuditModule],
  providers: [PersonalDataService, PersonalDataRepository],
  exports: [PersonalDataService],
})
export class PersonalDataModule {}
