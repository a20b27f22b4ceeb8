// The platform's uptime as the heartbeat records it: spans of beats and the outages between
// them, in the unit of work the caller opened.
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { advisoryLockKey } from '../database/advisory-lock';
import { Database } from '../database/database';
import { insertRows } from '../database/insert-rows';
import { UptimeSpan } from './uptime-span.entity';

@Injectable()
export class UptimeRepository {
  constructor(private readonly db: Database) {}

  private get m() {
    return this.db.manager;
  }

  /** One beat at a time across instances, until the transaction ends. */
  async lockBeats(): Promise<void> {
    await this.m.query('SELECT pg_advisory_xact_lock($1)', [advisoryLockKey('heartbeat')]);
  }

  /** The span of the last beat, if the platform ever beat. */
  async latestSpan(): Promise<UptimeSpan | undefined> {
    const [latest] = await this.m.find(UptimeSpan, { order: { toAt: 'DESC' }, take: 1 });
    return latest;
  }

  async stretchSpan(spanId: string, to: Date): Promise<void> {
    await this.m.update(UptimeSpan, { id: spanId }, { toAt: to });
  }

  /** A new span, after a silence. */
  async startSpan(at: Date): Promise<void> {
    await insertRows(this.m, UptimeSpan, this.m.create(UptimeSpan, { id: randomUUID(), fromAt: at, toAt: at }));
  }

  /** Records an outage; its id, or null when one with the same start is recorded already (its start is unique). */
  async recordOutage(from: Date, to: Date): Promise<string | null> {
    const outageId = randomUUID();
    const inserted: unknown[] = await this.m.query(
      'INSERT INTO "platform_outage" ("id", "from_at", "to_at") VALUES ($1, $2, $3) ON CONFLICT ("from_at") DO NOTHING RETURNING "id"',
      [outageId, from, to],
    );
    return inserted.length === 0 ? null : outageId;
  }
}
