import { Module } from '@nestjs/common';
import { AppealsService } from './appeals.service';
import { AuditService } from './audit.service';
import { CasesService } from './cases.service';
import { RulingsService } from './rulings.service';

/**
 * The arbiter's records: audit log, cases (closed by hand, the commission's appeals), rulings
 * and penalties. Game rulings are applied by the games service.
 */
@Module({
  providers: [AuditService, CasesService, RulingsService, AppealsService],
  exports: [AuditService, CasesService, RulingsService, AppealsService],
})
export class ArbiterModule {}
