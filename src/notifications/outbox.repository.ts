import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import type { JsonObject } from '../common/json';
import { Database } from '../database/database';
import { deferRows } from '../database/insert-rows';
import { OutboundMail, type OutboundMailStatus } from './outbound-mail.entity';

/** The outbox rows a feature writes, in the unit of work of the change that causes them (docs/mail-rules.md 17). */
@Injectable()
export class OutboxRepository {
  constructor(private readonly db: Database) {}

  /** A row as the entity describes it, not yet written. */
  build(
    row: Omit<OutboundMail, 'attempts' | 'nextAttemptAt' | 'lastError' | 'sentAt' | 'autoSubmitted' | 'inReplyTo' | 'digestId'>,
  ): OutboundMail {
    return this.db.manager.create(OutboundMail, row);
  }

  async insert(rows: readonly OutboundMail[]): Promise<void> {
    await deferRows(this.db.manager, OutboundMail, ...rows);
  }

  /** Which of these Message-IDs are written already. */
  async existingMessageIds(messageIds: readonly string[]): Promise<Set<string>> {
    if (messageIds.length === 0) return new Set();
    const rows = await this.db.manager.find(OutboundMail, { select: { messageId: true }, where: { messageId: In([...messageIds]) } });
    return new Set(rows.map((r) => r.messageId));
  }

  /** The newest row still pending for this game, player and template, written earlier in the unit. */
  newestPending(to: { readonly gameId: string; readonly playerId: string; readonly template: string }): Promise<OutboundMail | null> {
    return this.db.manager.findOne(OutboundMail, { where: { ...to, status: 'pending' }, order: { createdAt: 'DESC' } });
  }

  async setPayload(id: string, payload: JsonObject): Promise<void> {
    // A JSON column: TypeORM's deep partial type of it cannot be instantiated.
    await this.db.manager.update(OutboundMail, { id }, { payload: payload as never });
  }

  /** The outbox as the arbiter's panel lists it, newest first; `gameIds` limits it to those games' mail. */
  newestFirst(status: OutboundMailStatus | undefined, gameIds: readonly string[] | null, limit: number): Promise<OutboundMail[]> {
    return this.db.manager.find(OutboundMail, {
      where: { ...(status && { status }), ...(gameIds && { gameId: In([...gameIds]) }) },
      order: { createdAt: 'DESC', id: 'ASC' },
      take: limit,
    });
  }

  /** The anonymisation: the player's own mail keeps what happened to it, not what it said or where it went. */
  async eraseMailTo(playerId: string): Promise<void> {
    // Plain SQL: TypeORM's typed update cannot express a jsonb value without an instantiation blow-up.
    await this.db.manager.query(`UPDATE "outbound_mail" SET "payload" = '{}'::jsonb, "to_address" = NULL WHERE "player_id" = $1`, [
      playerId,
    ]);
  }
}
