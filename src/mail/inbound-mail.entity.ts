import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { JsonObject } from '../common/json';

/**
 * `received`: stored, not yet decided. `applied`: the action ran. `rejected`: refused with
 * a reason (a rejection mail may have been written). `held`: waiting for the player's
 * confirmation on the web (docs/mail-rules.md 4). `dropped`: automatic mail, a bounce or our own,
 * never answered (docs/mail-rules.md 5-7). `duplicate`: another copy of a mail already stored (docs/mail-rules.md 11).
 * `failed`: processing kept failing; a case was raised (docs/mail-rules.md 14).
 */
export type InboundMailStatus = 'received' | 'applied' | 'rejected' | 'held' | 'dropped' | 'duplicate' | 'failed';
export const INBOUND_MAIL_STATUSES: readonly InboundMailStatus[] = [
  'received',
  'applied',
  'rejected',
  'held',
  'dropped',
  'duplicate',
  'failed',
];

/** The IMAP folder a decided mail goes to, after the commit (docs/mail-rules.md 14). */
export type MailFolder = 'Processed' | 'Rejected' | 'Failed';

/**
 * Every mail the inbox fetched, stored raw before anything else is done with it (docs/mail-rules.md
 * 11). Two unique keys make a mail count once: where it sits in the mailbox (mailbox,
 * UIDVALIDITY, UID), and what it is (its Message-ID, or the SHA-256 of its bytes without
 * one). A second copy is still stored, as `duplicate`, without the second key.
 */
@Entity('inbound_mail')
@Index('UQ_inbound_mail_position', ['mailbox', 'uidValidity', 'uid'], { unique: true })
@Index('UQ_inbound_mail_dedupe_key', ['dedupeKey'], { unique: true })
@Index('UQ_inbound_mail_rejection_key', ['rejectionKey'], { unique: true })
@Index('IDX_inbound_mail_status', ['status', 'receivedAt'])
@Index('IDX_inbound_mail_rejected_to', ['rejectedTo', 'rejectedOn'])
@Check('CHK_inbound_mail_status', `"status" IN ('received', 'applied', 'rejected', 'held', 'dropped', 'duplicate', 'failed')`)
export class InboundMail {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_inbound_mail' })
  id: string;

  @Column({ type: 'text' })
  mailbox: string;

  @Column({ name: 'uid_validity', type: 'bigint' })
  uidValidity: string;

  @Column({ type: 'bigint' })
  uid: string;

  @Column({ name: 'message_id', type: 'text', nullable: true })
  messageId: string | null;

  /** Hex SHA-256 of the raw bytes. */
  @Column({ type: 'text' })
  sha256: string;

  /** The Message-ID, or `sha256:<hex>` without one; null on a duplicate copy. */
  @Column({ name: 'dedupe_key', type: 'text', nullable: true })
  dedupeKey: string | null;

  @Column({ name: 'duplicate_of', type: 'uuid', nullable: true })
  duplicateOf: string | null;

  /** The message as the server sent it; only the header block when it was over the size cap (docs/mail-rules.md 13). */
  @Column({ type: 'bytea' })
  raw: Buffer;

  /** The size the server reported (RFC822.SIZE). */
  @Column({ type: 'integer' })
  size: number;

  @Column({ name: 'from_address', type: 'text', nullable: true })
  fromAddress: string | null;

  @Column({ type: 'text', nullable: true })
  subject: string | null;

  @Column({ type: 'text', default: 'received' })
  status: InboundMailStatus;

  /** Why it was rejected or dropped: a typed code (UNKNOWN_TOKEN, STALE_TOKEN, AUTO_REPLY, …). */
  @Column({ type: 'text', nullable: true })
  reason: string | null;

  /** The last processing error (transient failures), for the arbiter and the logs. */
  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** Processing attempts that failed; past the limit the mail goes to Failed (docs/mail-rules.md 14). */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'game_id', type: 'uuid', nullable: true })
  gameId: string | null;

  @Column({ name: 'player_id', type: 'uuid', nullable: true })
  playerId: string | null;

  /** What the games service answered, or the parsed command that waits for confirmation. */
  @Column({ type: 'jsonb', nullable: true })
  result: JsonObject | null;

  /** Where the message goes once decided; set in the deciding transaction. */
  @Column({ type: 'text', nullable: true })
  folder: MailFolder | null;

  /** When the message was moved there: null while the IMAP move is still owed. */
  @Column({ name: 'moved_at', type: 'timestamptz', nullable: true })
  movedAt: Date | null;

  /**
   * docs/mail-rules.md 16 "never two rejections for the same content": a hash of the address, the
   * reason and the text read, on the rejection that was sent.
   */
  @Column({ name: 'rejection_key', type: 'text', nullable: true })
  rejectionKey: string | null;

  /** Address a rejection was written to, and the day, for the daily limit (docs/mail-rules.md 16). */
  @Column({ name: 'rejected_to', type: 'text', nullable: true })
  rejectedTo: string | null;

  @Column({ name: 'rejected_on', type: 'date', nullable: true })
  rejectedOn: string | null;

  @Column({ name: 'received_at', type: 'timestamptz' })
  receivedAt: Date;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt: Date | null;
}
