import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Database } from '../database/database';
import { deferRows } from '../database/insert-rows';
import type { JsonObject } from '../common/json';
import { GameEventRow } from './game-event.entity';
import { OutboundMail, type OutboundMailStatus } from './outbound-mail.entity';

/** The outbox rows a feature writes, in the unit of work of the change that causes them (docs/mail-rules.md 17). */
@Injectable()
export class OutboxRepository {
  constructor(private readonly db: Database) {}

  /** A row as the entity describes it, not yet written. */
  build(
    row: Omit<OutboundMail, 'attempts' | 'nextAttemptAt' | 'lastError' | 'sentAt' | 'autoSubmitted' | 'inReplyTo' | 'digestId' | 'eventId'>,
  ): OutboundMail {
    return this.db.manager.create(OutboundMail, row);
  }

  async insert(rows: readonly OutboundMail[]): Promise<void> {
    await deferRows(this.db.manager, OutboundMail, ...rows);
  }

  /** A game's facts, before the mails that name them. */
  async insertEvents(rows: readonly GameEventRow[]): Promise<void> {
    await deferRows(this.db.manager, GameEventRow, ...rows);
  }

  /** Which of these Message-IDs are written already. */
  async existingMessageIds(messageIds: readonly string[]): Promise<Set<string>> {
    if (messageIds.length === 0) return new Set();
    const rows = await this.db.manager.find(OutboundMail, { select: { messageId: true }, where: { messageId: In([...messageIds]) } });
    return new Set(rows.map((r) => r.messageId));
  }

  /** The outbox as the arbiter's panel lists it, newest first; `gameIds` limits it to those games' mail. */
  newestFirst(status: OutboundMailStatus | undefined, gameIds: readonly string[] | null, limit: number): Promise<OutboundMail[]> {
    return this.db.manager.find(OutboundMail, {
      where: { ...(status && { status }), ...(gameIds && { gameId: In([...gameIds]) }) },
      order: { createdAt: 'DESC', id: 'ASC' },
      take: limit,
    });
  }

  /** A row's payload rewritten (the anonymisation cuts a name out of the mail about a player's games). */
  async setPayload(id: string, payload: JsonObject): Promise<void> {
    // A JSON column: TypeORM's deep partial type of it cannot be instantiated.
    await this.db.manager.update(OutboundMail, { id }, { payload: payload as never });
  }

  /** The facts of these games: their snapshots name both players (the anonymisation reads them). */
  eventsOfGames(gameIds: readonly string[]): Promise<GameEventRow[]> {
    return this.db.manager.find(GameEventRow, { where: { gameId: In([...gameIds]) } });
  }

  /** A fact's payload rewritten (the anonymisation cuts a name out of it). */
  async setEventPayload(id: string, payload: JsonObject): Promise<void> {
    await this.db.manager.update(GameEventRow, { id }, { payload: payload as never });
  }

  /** The anonymisation: the player's own mail keeps what happened to it, not what it said or where it went. */
  async eraseMailTo(playerId: string): Promise<void> {
    // Plain SQL: TypeORM's typed update cannot express a jsonb value without an instantiation blow-up.
    await this.db.manager.query(`UPDATE "outbound_mail" SET "payload" = '{}'::jsonb, "to_address" = NULL WHERE "player_id" = $1`, [
      playerId,
    ]);
  }
}
