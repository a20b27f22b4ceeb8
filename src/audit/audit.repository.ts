import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Database } from '../database/database';
import { deferRows } from '../database/insert-rows';
import { AuditEntry } from './audit.entity';

/** The audit log's rows, in the caller's unit of work: an entry commits with the change it records. */
@Injectable()
export class AuditRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  async add(fields: AuditEntry): Promise<AuditEntry> {
    const entry = this.m.create(AuditEntry, fields);
    await deferRows(this.m, AuditEntry, entry);
    return entry;
  }

  /** A competition's latest entries, the newest first. */
  latestOf(competitionId: string, limit: number): Promise<AuditEntry[]> {
    return this.m.find(AuditEntry, { where: { competitionId }, order: { at: 'DESC', id: 'ASC' }, take: limit });
  }
}
