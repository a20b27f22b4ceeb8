import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Database } from '../database/database';
import { deferRows } from '../database/insert-rows';
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
}
