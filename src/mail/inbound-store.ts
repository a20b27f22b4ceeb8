import { randomUUID } from 'node:crypto';
import { sha256Hex } from '../common/hash';
import { InboundMail } from './inbound-mail.entity';
import type { InboundMailRepository } from './inbound-mail.repository';

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
export async function storeInbound(inbox: InboundMailRepository, message: FetchedMessage, now: Date): Promise<InboundMail> {
  const position = { mailbox: message.mailbox, uidValidity: message.uidValidity, uid: String(message.uid) };
  const existing = await inbox.atPosition(position);
  if (existing) return existing;
  const sha256 = sha256Hex(message.raw);
  const dedupeKey = message.messageId ? message.messageId.toLowerCase() : `sha256:${sha256}`;
  const first = await inbox.firstCopy(dedupeKey);
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
  await inbox.insert(row);
  const cursor = await inbox.cursorOf(message.mailbox);
  if (!cursor || cursor.uidValidity !== message.uidValidity || cursor.lastUid < message.uid) {
    await inbox.moveCursor(message.mailbox, { uidValidity: message.uidValidity, lastUid: message.uid }, now);
  }
  return row;
}
