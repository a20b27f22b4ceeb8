import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { CasesService } from './cases.service';
import { RulingsService } from './rulings.service';

/**
 * The arbiter's records: cases (closed by hand; appeals/ holds the commission's), rulings
 * and penalties. Game rulings are applied by the games service.
 */
@Module({
  imports: [AuditModule],
  providers: [CasesService, RulingsService],
  exports: [AuditModule, CasesService, RulingsService],
})
export class ArbiterModule {}
