import { randomUUID } from 'node:crypto';
import { groupBy } from '../common/collections';
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
  const [row] = await storeInboundAll(inbox, [message], now);
  return row;
}

/**
 * `storeInbound` for several messages in their order, in the caller's transaction, with a few
 * statements for all of them (docs/scale.md, Mail): what is stored at their positions, the
 * first copies of their dedupe keys, the rows, and each mailbox's cursor read and moved once.
 */
export async function storeInboundAll(
  inbox: InboundMailRepository,
  messages: readonly FetchedMessage[],
  now: Date,
): Promise<InboundMail[]> {
  const existing = new Map<string, InboundMail>();
  for (const group of groupBy(messages, (m) => JSON.stringify([m.mailbox, m.uidValidity])).values()) {
    const stored = await inbox.atPositions(
      group[0].mailbox,
      group[0].uidValidity,
      group.map((m) => String(m.uid)),
    );
    for (const [uid, row] of stored) existing.set(positionKey(group[0], uid), row);
  }
  const fresh = messages.filter((m) => !existing.has(positionKey(m, String(m.uid))));
  const keyed = fresh.map((message) => {
    const sha256 = sha256Hex(message.raw);
    return { message, sha256, dedupeKey: message.messageId ? message.messageId.toLowerCase() : `sha256:${sha256}` };
  });
  const firsts = await inbox.firstCopies([...new Set(keyed.map((k) => k.dedupeKey))]);
  const rows: InboundMail[] = [];
  for (const { message, sha256, dedupeKey } of keyed) {
    const position = { mailbox: message.mailbox, uidValidity: message.uidValidity, uid: String(message.uid) };
    // The same position twice in one batch is one message.
    const again = existing.get(positionKey(message, position.uid));
    if (again) continue;
    // A copy of a message stored before, or earlier in this batch.
    const first = firsts.get(dedupeKey);
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
    if (!first) firsts.set(dedupeKey, { id: row.id, folder: null });
    existing.set(positionKey(message, position.uid), row);
    rows.push(row);
  }
  await inbox.insertAll(rows);
  for (const [mailbox, stored] of groupBy(rows, (row) => row.mailbox)) {
    const before = await inbox.cursorOf(mailbox);
    let cursor = before;
    for (const row of stored) {
      const uid = Number(row.uid);
      if (!cursor || cursor.uidValidity !== row.uidValidity || cursor.lastUid < uid)
        cursor = { uidValidity: row.uidValidity, lastUid: uid };
    }
    if (cursor && cursor !== before) await inbox.moveCursor(mailbox, cursor, now);
  }
  return messages.map((m) => existing.get(positionKey(m, String(m.uid)))!);
}

const positionKey = (message: Pick<FetchedMessage, 'mailbox' | 'uidValidity'>, uid: string): string =>
  JSON.stringify([message.mailbox, message.uidValidity, uid]);
