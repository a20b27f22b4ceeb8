import { Module } from '@nestjs/common';
import { AuditService } from './audit.service';
import { CasesService } from './cases.service';
import { RulingsService } from './rulings.service';

/** The arbiter's records: audit log, cases, rulings and penalties. Game rulings are applied by the games service. */
@Module({
  providers: [AuditService, CasesService, RulingsService],
  exports: [AuditService, CasesService, RulingsService],
})
export class ArbiterModule {}
