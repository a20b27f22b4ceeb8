import { Injectable } from '@nestjs/common';
import { In, IsNull, Not, type FindOptionsSelect, type FindOptionsWhere } from 'typeorm';
import { Database } from '../database/database';
import { advisoryLockKey } from '../database/advisory-lock';
import { insertRows } from '../database/insert-rows';
import { PlatformState } from '../database/platform-state.entity';
import { InboundMail, type InboundMailStatus } from './inbound-mail.entity';

/** Where the inbox has read up to in one mailbox (docs/mail-rules.md 15): a UID means nothing under another UIDVALIDITY. */
export interface InboxCursor {
  readonly uidValidity: string;
  readonly lastUid: number;
}

/** A stored mail as a batch reads it: a large one's bytes are read apart (`InboundMailRepository.byIds`). */
export type StoredMail = Omit<InboundMail, 'raw'> & { raw?: Buffer };

/** What a decision, a failure or a rejection changes on a stored mail's row. */
export type InboundMailChange = Partial<Omit<InboundMail, 'id' | 'raw'>>;

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Mails up to this size are written with their row and read with their batch. */
export const RAW_IN_BATCH_BYTES = 64 * 1024;
/** The most of a larger mail's bytes one statement reads. */
export const RAW_PIECE_BYTES = 256 * 1024;

const cursorKey = (mailbox: string) => `mail.inbox.cursor:${mailbox}`;

/** Whose rows a list shows: everything (an admin), or what touches one arbiter's games and players. */
export type MailScope = null | { readonly playerIds: readonly string[]; readonly gameIds: readonly string[] };

/** The inbox's rows (docs/mail-rules.md 11-16): every stored inbound mail, and where each mailbox was read up to. */
@Injectable()
export class InboundMailRepository {
  private heads?: FindOptionsSelect<InboundMail>;

  constructor(private readonly db: Database) {}

  private get m() {
    return this.db.manager;
  }

  async cursorOf(mailbox: string): Promise<InboxCursor | undefined> {
    const row = await this.m.findOne(PlatformState, { where: { key: cursorKey(mailbox) } });
    return row ? (row.value as InboxCursor) : undefined;
  }

  async moveCursor(mailbox: string, cursor: InboxCursor, now: Date): Promise<void> {
    await this.m.upsert(PlatformState, { key: cursorKey(mailbox), value: cursor, updatedAt: now }, ['key']);
  }

  /** The mails stored at these positions of one mailbox (`uids` under one UIDVALIDITY), by UID. */
  async atPositions(mailbox: string, uidValidity: string, uids: readonly string[]): Promise<Map<string, InboundMail>> {
    if (uids.length === 0) return new Map();
    const rows = await this.m.find(InboundMail, { where: { mailbox, uidValidity, uid: In([...uids]) } });
    return new Map(rows.map((row) => [row.uid, row]));
  }

  /** The first copies stored under these dedupe keys (Message-ID, or the bytes' SHA-256), by key. */
  async firstCopies(dedupeKeys: readonly string[]): Promise<Map<string, Pick<InboundMail, 'id' | 'folder'>>> {
    if (dedupeKeys.length === 0) return new Map();
    const rows = await this.m.find(InboundMail, {
      where: { dedupeKey: In([...dedupeKeys]) },
      select: { id: true, folder: true, dedupeKey: true },
    });
    return new Map(rows.map((row) => [row.dedupeKey!, { id: row.id, folder: row.folder }]));
  }

  /**
   * Stores mails, in their order: the small ones together in one statement. A large one's bytes
   * go as base64 text in a statement of their own: PGlite encodes a bytea parameter a byte at a
   * time on this thread (2 MB: about 2 s, base64 text: a tenth of that), and PostgreSQL takes
   * either alike.
   */
  async insertAll(rows: readonly InboundMail[]): Promise<void> {
    let small: InboundMail[] = [];
    for (const row of rows) {
      if (row.raw.length <= RAW_IN_BATCH_BYTES) {
        small.push(row);
        continue;
      }
      if (small.length) await insertRows(this.m, InboundMail, ...small);
      small = [];
      await insertRows(this.m, InboundMail, { ...row, raw: Buffer.alloc(0) });
      await this.m.query(`UPDATE "inbound_mail" SET "raw" = decode($2, 'base64') WHERE "id" = $1`, [row.id, row.raw.toString('base64')]);
    }
    if (small.length) await insertRows(this.m, InboundMail, ...small);
  }

  /** The ids of the mails still undecided, oldest first. */
  undecided(): Promise<Pick<InboundMail, 'id'>[]> {
    return this.m.find(InboundMail, { where: { status: 'received' }, select: { id: true }, order: { receivedAt: 'ASC', uid: 'ASC' } });
  }

  byId(id: string): Promise<InboundMail> {
    return this.m.findOneByOrFail(InboundMail, { id });
  }

  /**
   * Several stored mails, in the order of `ids`: the rows, and the bytes of those up to
   * RAW_IN_BATCH_BYTES, in one query each. A larger one comes without its bytes: its reader takes
   * them with `rawLength` and `rawPiece`, one unit of work a piece, so no read of a large mail
   * holds the process, or on PGlite the one connection, for long (docs/web.md, Security model).
   */
  async byIds(ids: readonly string[]): Promise<StoredMail[]> {
    if (ids.length === 0) return [];
    const heads: StoredMail[] = await this.m.find(InboundMail, { where: { id: In([...ids]) }, select: this.headColumns() });
    const small = await this.m
      .createQueryBuilder(InboundMail, 'mail')
      .select(['mail.id', 'mail.raw'])
      .where('mail.id IN (:...ids)', { ids: heads.map((h) => h.id) })
      .andWhere('octet_length(mail.raw) <= :limit', { limit: RAW_IN_BATCH_BYTES })
      .getMany();
    // PGlite gives bytea as a Uint8Array, pg as a Buffer: one type for the readers (no copy).
    const raws = new Map(small.map((r) => [r.id, asBuffer(r.raw)]));
    for (const head of heads) head.raw = raws.get(head.id);
    const byId = new Map(heads.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** How many bytes a stored mail holds. */
  async rawLength(id: string): Promise<number> {
    const [{ length }] = (await this.m.query('SELECT octet_length("raw") AS "length" FROM "inbound_mail" WHERE "id" = $1', [id])) as [
      { length: number | string },
    ];
    return Number(length);
  }

  /** The `index`-th piece of RAW_PIECE_BYTES of a stored mail's bytes. */
  async rawPiece(id: string, index: number): Promise<Buffer> {
    // As base64 text: PGlite decodes a bytea result slowly on this thread (see insert).
    const [{ piece }] = (await this.m.query(
      `SELECT encode(substring("raw" from $2 for $3), 'base64') AS "piece" FROM "inbound_mail" WHERE "id" = $1`,
      [id, index * RAW_PIECE_BYTES + 1, RAW_PIECE_BYTES],
    )) as [{ piece: string }];
    return Buffer.from(piece, 'base64');
  }

  /** Every column of a stored mail but its bytes: the entity's metadata, read at the first batch and kept. */
  private headColumns(): FindOptionsSelect<InboundMail> {
    if (!this.heads) {
      const names: string[] = this.m.connection
        .getMetadata(InboundMail)
        .columns.map((c) => c.propertyName)
        .filter((name) => name !== 'raw');
      const select: Record<string, true> = Object.fromEntries(names.map((name) => [name, true]));
      this.heads = select;
    }
    return this.heads;
  }

  /** Marks several mails moved to their folder in one statement (docs/mail-rules.md 14). */
  async markAllMoved(ids: readonly string[], at: Date): Promise<void> {
    if (ids.length) await this.m.update(InboundMail, { id: In([...ids]) }, { movedAt: at });
  }

  find(id: string): Promise<InboundMail | null> {
    return this.m.findOneBy(InboundMail, { id });
  }

  /** Marks a received or held mail applied, in the action's transaction; false when it was decided meanwhile. */
  markApplied(id: string, change: InboundMailChange): Promise<boolean> {
    return this.changeWhile(id, In(['received', 'held']), change);
  }

  /** Writes a decision on a mail still in `from`; false when it was decided meanwhile. */
  recordDecision(id: string, from: InboundMailStatus, change: InboundMailChange): Promise<boolean> {
    return this.changeWhile(id, from, change);
  }

  /** Counts a failed processing attempt on a mail still undecided (docs/mail-rules.md 14). */
  async recordFailedAttempt(id: string, change: InboundMailChange): Promise<void> {
    await this.changeWhile(id, 'received', change);
  }

  /** Whether an answer with this content key was already written (docs/mail-rules.md 16). */
  rejectionKeyUsed(rejectionKey: string): Promise<boolean> {
    return this.m.exists(InboundMail, { where: { rejectionKey } });
  }

  /**
   * Serialises, until the transaction ends, the rejections to one recipient: games are
   * decided in parallel, and the daily limit is a count followed by a write.
   */
  async lockRejectionsTo(recipient: string): Promise<void> {
    await this.m.query('SELECT pg_advisory_xact_lock($1)', [advisoryLockKey(`mail.rejections:${recipient}`)]);
  }

  rejectionsTo(recipient: string, day: string): Promise<number> {
    return this.m.count(InboundMail, { where: { rejectedTo: recipient, rejectedOn: day } });
  }

  async recordRejection(id: string, rejection: Pick<InboundMail, 'rejectionKey' | 'rejectedTo' | 'rejectedOn'>): Promise<void> {
    await this.m.update(InboundMail, { id }, rejection);
  }

  /** Decided mails of this mailbox not yet moved to their folder (docs/mail-rules.md 14). */
  owedMoves(mailbox: string, uidValidity: string): Promise<Pick<InboundMail, 'id' | 'uid' | 'folder'>[]> {
    return this.m.find(InboundMail, {
      where: { mailbox, uidValidity, folder: Not(IsNull()), movedAt: IsNull() },
      select: { id: true, uid: true, folder: true },
      order: { uid: 'ASC' },
    });
  }

  async markMoved(id: string, at: Date): Promise<void> {
    await this.m.update(InboundMail, { id }, { movedAt: at });
  }

  private async changeWhile(id: string, status: InboundMailStatus | ReturnType<typeof In>, change: InboundMailChange): Promise<boolean> {
    // TypeORM's update types recurse into jsonb values without end; `result` is plain JSON.
    const updated = await this.m.update(InboundMail, { id, status }, change as never);
    return Boolean(updated.affected);
  }

  /** The inbox without bodies as the arbiter's panel lists it, newest first: in scope, a player's mail about no game, or mail about a game. */
  newestFirst(status: InboundMailStatus | undefined, scope: MailScope, limit: number): Promise<InboundMail[]> {
    const base: FindOptionsWhere<InboundMail> = status ? { status } : {};
    const where: FindOptionsWhere<InboundMail>[] = [];
    if (scope === null) where.push(base);
    else {
      // A player's mail about a game of another arbiter's competition is not theirs to read.
      if (scope.playerIds.length) where.push({ ...base, playerId: In([...scope.playerIds]), gameId: IsNull() });
      if (scope.gameIds.length) where.push({ ...base, gameId: In([...scope.gameIds]) });
    }
    if (where.length === 0) return Promise.resolve([]);
    return this.m.find(InboundMail, {
      where,
      select: {
        id: true,
        receivedAt: true,
        fromAddress: true,
        subject: true,
        status: true,
        reason: true,
        error: true,
        gameId: true,
        playerId: true,
        attempts: true,
      },
      order: { receivedAt: 'DESC', id: 'ASC' },
      take: limit,
    });
  }

  /** Bodies, addresses and subjects erased; what happened (status, reason) stays (the anonymisation). */
  async eraseMailFrom(playerId: string): Promise<void> {
    await this.m.update(InboundMail, { playerId }, { raw: Buffer.alloc(0), fromAddress: null, subject: null });
  }
}
