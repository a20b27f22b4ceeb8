import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import type { JsonObject } from '../../common/json';
import { Database } from '../../database/database';
import { insertRows } from '../../database/insert-rows';
import { prepared } from '../../database/prepared-statements';
import { OutboundMail, type OutboundMailStatus } from '../../notifications/outbound-mail.entity';
import { Player } from '../../players/player.entity';

/**
 * Confirmations of the player's own action go out at once: they answer what the player just
 * did (docs/mail-rules.md 16: every person who writes gets an answer), the digest carries the rest.
 */
export const OWN_ACTION_TEMPLATES: ReadonlySet<string> = new Set(['move-confirmation', 'holiday-confirmation', 'time-claim-confirmation']);

/**
 * SQL of a row that answers its player's own action: a confirmation, or the game-end that
 * carries the recipient's moves, the confirmation of the move that ended the game (game-actions.service.ts finish).
 */
const OWN_ACTION_SQL =
  `(o.template IN (${[...OWN_ACTION_TEMPLATES].map((t) => `'${t}'`).join(', ')})` +
  ` OR (o.template = 'game-end' AND o.payload -> 'moves' IS NOT NULL))`;

/**
 * SQL of a row that waits for its player's digest: a notification (not an answer to the
 * player's own mail, docs/mail-rules.md 16) about a game, to a player who chose the digest. `o` is the
 * outbox row, `p` its player.
 */
const DIGESTIBLE_SQL =
  `(COALESCE(p.mail_digest, false) AND o.auto_submitted = 'auto-generated' AND o.game_id IS NOT NULL` + ` AND NOT ${OWN_ACTION_SQL})`;

const SENT = `UPDATE "outbound_mail" SET "status" = 'sent', "sent_at" = $2, "last_error" = NULL, "next_attempt_at" = NULL`;
const PENDING_ROW = `WHERE "id" = $1 AND "status" = 'pending'`;
const MARK_SENT_SQL = prepared(`${SENT} ${PENDING_ROW}`);
const MARK_SENT_SCRUBBED_SQL = prepared(`${SENT}, "payload" = CAST($3 AS jsonb) ${PENDING_ROW}`);

const MARK_ALL_SENT_SQL = prepared(`${SENT} WHERE "id" = ANY($1::uuid[]) AND "status" = 'pending'`);

/** Events with the snapshot of their action, kept by the action's first event when not by the event itself (`snapshotIn`). */
const EVENTS_SQL = prepared(
  `SELECT e."id", e."payload", s."payload" -> 'snapshot' AS "shared" FROM "game_event" e
  LEFT JOIN "game_event" s ON s."id" = CAST(e."payload" ->> 'snapshotIn' AS uuid) WHERE e."id" = ANY($1::uuid[])`,
);

/** The first row of each game and player: their game sheet, else the first one written to them (threadRoot). */
const THREAD_ROOTS_SQL = prepared(
  `SELECT DISTINCT ON ("game_id", "player_id") "game_id", "player_id", "message_id" FROM "outbound_mail"
  WHERE "game_id" = ANY($1::uuid[]) AND "player_id" IS NOT NULL
  ORDER BY "game_id", "player_id", CASE WHEN "template" = 'game-start' THEN 0 ELSE 1 END, "created_at", "id"`,
);

/** A game and player's key in `threadRoots`' answer. */
export const threadKey = (gameId: string, playerId: string): string => `${gameId}/${playerId}`;

/** An event as EVENTS_SQL reads it: its payload, and its action's snapshot when another event keeps it. */
interface EventRow {
  readonly payload: unknown;
  readonly shared: unknown;
}

/** The event's payload with its action's snapshot in it (`{ fact, snapshot }`, as mail/core/game-events.ts reads it). */
function withSnapshot({ payload, shared }: EventRow): unknown {
  return shared != null && typeof payload === 'object' && payload !== null ? { ...payload, snapshot: shared } : payload;
}

/** One set of conditions on the outbox's list; rows matching any set are listed. */
export interface OutboxCriteria {
  readonly status?: OutboundMailStatus;
  readonly gameId?: string;
  readonly playerId?: string;
  /** Rows of any of these games. */
  readonly gameIds?: readonly string[];
}

/** What a failed delivery attempt changes on a pending row (docs/mail-rules.md 17). */
export type DeliveryAttempt = Pick<OutboundMail, 'attempts' | 'lastError' | 'status' | 'nextAttemptAt'>;

/**
 * The outbox's rows as the mail channel delivers them (docs/mail-rules.md 17): what is due, what
 * waits for a digest, what was sent, threads and listings. The features write their rows through
 * notifications/outbox.repository.ts.
 */
@Injectable()
export class OutboundDeliveryRepository {
  constructor(private readonly db: Database) {}

  private get m() {
    return this.db.manager;
  }

  /**
   * Rows due now, oldest first; rows waiting for their player's daily digest are not sent on
   * their own. An action's rows share its instant: by game next, they come in the same batch,
   * which reads their game once (OutboxComposer.passReads).
   */
  due(now: Date, batch: number): Promise<OutboundMail[]> {
    return this.m
      .createQueryBuilder(OutboundMail, 'o')
      .leftJoin(Player, 'p', 'p.id = o.player_id')
      .where(`o.status = 'pending'`)
      .andWhere('(o.next_attempt_at IS NULL OR o.next_attempt_at <= :now)', { now })
      .andWhere(`NOT ${DIGESTIBLE_SQL}`)
      .orderBy('o.created_at', 'ASC')
      .addOrderBy('o.game_id', 'ASC')
      .addOrderBy('o.id', 'ASC')
      .limit(batch)
      .getMany();
  }

  /** The rows waiting for a digest, oldest first. */
  digestible(): Promise<OutboundMail[]> {
    return this.m
      .createQueryBuilder(OutboundMail, 'o')
      .innerJoin(Player, 'p', 'p.id = o.player_id')
      .where(`o.status = 'pending'`)
      .andWhere(DIGESTIBLE_SQL)
      .orderBy('o.created_at', 'ASC')
      .addOrderBy('o.id', 'ASC')
      .getMany();
  }

  /**
   * The stored event a delivery row names (notifications/game-event.entity.ts) with its action's
   * snapshot, unchecked: mail/core/game-events.ts parses it.
   */
  async payloadOf(eventId: string): Promise<unknown> {
    const found = await this.payloadsOf([eventId]);
    if (!found.has(eventId)) throw new Error(`no game event ${eventId}`);
    return found.get(eventId);
  }

  /** The stored events of several rows at once (`payloadOf` for each), by id; an id with no event is absent. */
  async payloadsOf(eventIds: readonly string[]): Promise<Map<string, unknown>> {
    if (eventIds.length === 0) return new Map();
    const rows = (await this.m.query(EVENTS_SQL, [eventIds])) as (EventRow & { id: string })[];
    return new Map(rows.map((r) => [r.id, withSnapshot(r)]));
  }

  hasMessageId(messageId: string): Promise<boolean> {
    return this.m.exists(OutboundMail, { where: { messageId } });
  }

  byMessageId(messageId: string): Promise<OutboundMail | null> {
    return this.m.findOne(OutboundMail, { where: { messageId } });
  }

  async insert(row: OutboundMail): Promise<void> {
    await insertRows(this.m, OutboundMail, row);
  }

  /** Folds the rows still pending into a digest: they go out inside it (docs/mail-rules.md 17). */
  async foldIntoDigest(ids: readonly string[], digestId: string, now: Date): Promise<void> {
    await this.m.update(OutboundMail, { id: In([...ids]), status: 'pending' }, { status: 'digested', digestId, sentAt: now });
  }

  /**
   * Marks a pending row sent (docs/web.md, Security model): given the payload without its links' secrets, the
   * same statement stores it, so once the mail is handed over no table holds a usable login link.
   */
  async markSent(id: string, sentAt: Date, withoutSecrets?: JsonObject): Promise<void> {
    // Prepared: every mail sent runs it.
    if (withoutSecrets) await this.m.query(MARK_SENT_SCRUBBED_SQL, [id, sentAt, JSON.stringify(withoutSecrets)]);
    else await this.m.query(MARK_SENT_SQL, [id, sentAt]);
  }

  /** Marks several pending rows sent in one statement: rows whose payload holds no secrets (`markSent` drops them). */
  async markAllSent(ids: readonly string[], sentAt: Date): Promise<void> {
    if (ids.length) await this.m.query(MARK_ALL_SENT_SQL, [ids, sentAt]);
  }

  async recordAttempt(id: string, attempt: DeliveryAttempt): Promise<void> {
    await this.m.update(OutboundMail, { id, status: 'pending' }, attempt);
  }

  async replacePayload(id: string, payload: JsonObject): Promise<void> {
    await this.m.query(`UPDATE "outbound_mail" SET "payload" = $1::jsonb WHERE "id" = $2`, [JSON.stringify(payload), id]);
  }

  pending(): Promise<OutboundMail[]> {
    return this.m.find(OutboundMail, { where: { status: 'pending' }, order: { createdAt: 'ASC' } });
  }

  /**
   * The Message-ID clients thread a game's mails to a player under: their game sheet, else
   * the first one written to them (rows of one transaction share a creation instant).
   */
  async threadRoot(gameId: string, playerId: string | null): Promise<string | undefined> {
    return playerId === null ? undefined : (await this.threadRoots([gameId])).get(threadKey(gameId, playerId));
  }

  /** `threadRoot` of every player of several games at once, by `threadKey`; a player without a row is absent. */
  async threadRoots(gameIds: readonly string[]): Promise<Map<string, string>> {
    if (gameIds.length === 0) return new Map();
    const rows = (await this.m.query(THREAD_ROOTS_SQL, [gameIds])) as {
      game_id: string;
      player_id: string;
      message_id: string;
    }[];
    return new Map(rows.map((r) => [threadKey(r.game_id, r.player_id), r.message_id]));
  }

  /** The newest rows matching any of the criteria. */
  newest(criteria: readonly OutboxCriteria[], take: number): Promise<OutboundMail[]> {
    const where = criteria.map(({ gameIds, ...rest }) => ({ ...rest, ...(gameIds && { gameId: In([...gameIds]) }) }));
    return this.m.find(OutboundMail, { where, order: { createdAt: 'DESC', id: 'ASC' }, take });
  }
}
