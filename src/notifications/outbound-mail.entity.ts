import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import type { Language } from '../common/bilingual';
import type { JsonObject } from '../common/json';

/** `digested`: folded into a daily digest (docs/mail-rules.md 17) instead of sent on its own. */
export const OUTBOUND_MAIL_STATUSES = ['pending', 'sent', 'failed', 'digested'] as const;
export type OutboundMailStatus = (typeof OUTBOUND_MAIL_STATUSES)[number];

/**
 * The transactional outbox (docs/mail-rules.md 17): a notification written in the transaction of the
 * action that caused it, its Message-ID fixed at insert so a resend is recognised. The
 * mail issue renders `template` in `language` from `payload` and delivers it.
 */
@Entity('outbound_mail')
@Index('UQ_outbound_mail_message_id', ['messageId'], { unique: true })
@Index('IDX_outbound_mail_status', ['status', 'createdAt'])
@Index('IDX_outbound_mail_game', ['gameId'])
@Index('IDX_outbound_mail_event', ['eventId'])
@Check('CHK_outbound_mail_status', `"status" IN ('pending', 'sent', 'failed', 'digested')`)
@Check('CHK_outbound_mail_auto_submitted', `"auto_submitted" IN ('auto-generated', 'auto-replied')`)
export class OutboundMail {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_outbound_mail' })
  id: string;

  // Foreign keys by entity name: the outbox sits below the features whose rows it points at.
  @Column({ name: 'game_id', type: 'uuid', nullable: true })
  @ForeignKey('Game', { name: 'FK_outbound_mail_game', onDelete: 'CASCADE' })
  gameId: string | null;

  /** Null for a mail to a user who is not a player (a login link to an arbiter), sent to `toAddress`. */
  @Column({ name: 'player_id', type: 'uuid', nullable: true })
  @ForeignKey('Player', { name: 'FK_outbound_mail_player', onDelete: 'RESTRICT' })
  playerId: string | null;

  /** `game-start`, `your-move`, `move-confirmation`, … (see notifications.service.ts). */
  @Column({ type: 'text' })
  template: string;

  @Column({ type: 'text' })
  language: Language;

  @Column({ type: 'jsonb' })
  payload: JsonObject;

  @Column({ name: 'message_id', type: 'text' })
  messageId: string;

  @Column({ type: 'text', default: 'pending' })
  status: OutboundMailStatus;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  // Delivery state and reply details, added by the mail issue (migration 1764700000000-mail).

  /** Failed delivery attempts; past the sender's limit the row is `failed` and a case is raised (docs/mail-rules.md 17). */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** Backoff: not tried again before this instant. */
  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  /** One registered address to write to instead of all of the player's (a reply to their mail). */
  @Column({ name: 'to_address', type: 'text', nullable: true })
  toAddress: string | null;

  /** RFC 3834: notifications are `auto-generated`, answers to a player's mail `auto-replied` (docs/mail-rules.md 16, 18). */
  @Column({ name: 'auto_submitted', type: 'text', default: 'auto-generated' })
  autoSubmitted: 'auto-generated' | 'auto-replied';

  /** The player's Message-ID this mail answers, for threading. */
  @Column({ name: 'in_reply_to', type: 'text', nullable: true })
  inReplyTo: string | null;

  /** The daily digest this notification went out in (migration 1765000000000-mail-digest). */
  @Column({ name: 'digest_id', type: 'uuid', nullable: true })
  digestId: string | null;

  /**
   * The game fact this mail tells (notifications/game-event.entity.ts), its content built from the
   * event alone; null for other mail and for rows queued before events (migration 1766640000000).
   */
  @Column({ name: 'event_id', type: 'uuid', nullable: true })
  eventId: string | null;
}
