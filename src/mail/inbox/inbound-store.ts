import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { sha256Hex } from '../../common/hash';
import { PlatformState } from '../../database/platform-state.entity';
import { insertRows } from '../../database/insert-rows';
import { InboundMail } from '../inbound-mail.entity';

/** Where the inbox has read up to in one mailbox (docs/mail-rules.md 15): a UID means nothing under another UIDVALIDITY. */
export interface InboxCursor {
  readonly uidValidity: string;
  readonly lastUid: number;
}

const cursorKey = (mailbox: string) => `mail.inbox.cursor:${mailbox}`;

export async function readCursor(manager: EntityManager, mailbox: string): Promise<InboxCursor | undefined> {
  const row = await manager.findOne(PlatformState, { where: { key: cursorKey(mailbox) } });
  return row ? (row.value as InboxCursor) : undefined;
}

async function writeCursor(manager: EntityManager, mailbox: string, cursor: InboxCursor, now: Date): Promise<void> {
  await manager.upsert(PlatformState, { key: cursorKey(mailbox), value: cursor, updatedAt: now }, ['key']);
}

/** A fetched message as the inbox hands it over: where it sits, and its bytes (or header block). */
export interface FetchedMessage {
  readonly mailbox: string;
  readonly uidValidity: string;
  readonly uid: number;
  readonly size: number;
  /** The whole message, or only its header block when `size` is over the cap. */
  readonly raw: Buffer;
  readonly messageId: string | null;
  readonly from: string | null;
  readonly subject: string | null;
}

/**
 * docs/mail-rules.md 11: stores the raw message before anything else, and moves the cursor past it in
 * the same transaction. Idempotent: a message already stored at this position is returned
 * as it is; another copy of a stored message (same Message-ID, or same bytes without one)
 * is stored as `duplicate` of the first.
 */
export async function storeInbound(manager: EntityManager, message: FetchedMessage, now: Date): Promise<InboundMail> {
  const position = { mailbox: message.mailbox, uidValidity: message.uidValidity, uid: String(message.uid) };
  const existing = await manager.findOne(InboundMail, { where: position });
  if (existing) return existing;
  const sha256 = sha256Hex(message.raw);
  const dedupeKey = message.messageId ? message.messageId.toLowerCase() : `sha256:${sha256}`;
  const first = await manager.findOne(InboundMail, { where: { dedupeKey }, select: { id: true, folder: true } });
  const row: InboundMail = {
    id: randomUUID(),
    ...position,
    messageId: message.messageId,
    sha256,
    dedupeKey: first ? null : dedupeKey,
    duplicateOf: first?.id ?? null,
    raw: message.raw,
    size: message.size,
    fromAddress: message.from,
    subject: message.subject?.replace(/\0/g, '') ?? null,
    // A copy is decided at once: the first copy's outcome is the mail's outcome (docs/mail-rules.md 11).
    status: first ? 'duplicate' : 'received',
    reason: first ? 'DUPLICATE' : null,
    error: null,
    attempts: 0,
    gameId: null,
    playerId: null,
    result: null,
    folder: first ? 'Processed' : null,
    movedAt: null,
    rejectionKey: null,
    rejectedTo: null,
    rejectedOn: null,
    receivedAt: now,
    decidedAt: first ? now : null,
  };
  await insertRows(manager, InboundMail, row);
  const cursor = await readCursor(manager, message.mailbox);
  if (!cursor || cursor.uidValidity !== message.uidValidity || cursor.lastUid < message.uid) {
    await writeCursor(manager, message.mailbox, { uidValidity: message.uidValidity, lastUid: message.uid }, now);
  }
  return row;
}
