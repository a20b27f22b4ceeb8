import { Module } from '@nestjs/common';
import { AuditService } from './audit.service';

/** The audit log on its own, below every feature: each records what it did in its own transaction. */
@Module({
  providers: [AuditService],
  exports: [AuditService],
})
export class AuditModule {}
