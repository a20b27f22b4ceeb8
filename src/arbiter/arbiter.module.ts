import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { ArbiterSettingsController } from './arbiter-settings.controller';
import { CompetitionsModule } from '../competitions/competitions.module';
import { CasesRepository } from './cases.repository';
import { CasesService } from './cases.service';
import { RulingsRepository } from './rulings.repository';
import { RulingsService } from './rulings.service';

/**
 * The arbiter's records: cases (closed by hand; appeals/ holds the commission's), rulings
 * and penalties, and the arbiter's own settings (how cases are mailed). Game rulings are applied
 * by the games service.
 */
@Module({
  imports: [AuditModule, AuthModule, CompetitionsModule],
  controllers: [ArbiterSettingsController],
  providers: [CasesService, RulingsService, CasesRepository, RulingsRepository],
  exports: [AuditModule, CasesService, RulingsService, CasesRepository, RulingsRepository],
})
export class ArbiterModule {}
