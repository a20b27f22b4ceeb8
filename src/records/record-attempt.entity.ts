import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../auth/user.entity';
import type { LocalDate } from '../common/calendar';
import type { TileSetId } from '../engine';
import type { AttemptStatus, Signature } from './core/record-rules';
import type { SoloEndReason } from './core/solo-game';

/**
 * A record attempt in a one-player game (docs/rules.md §14): announced with its player, its
 * committee of two, its word list and its fixed sequence; played alone; closed by the
 * committee's protocol. The sequence stays secret until play ends (only its hash is shown).
 */
@Entity('record_attempt')
@Check('CHK_record_attempt_status', `"status" IN ('announced', 'playing', 'finished', 'closed')`)
@Check('CHK_record_attempt_end', `"end_reason" IS NULL OR "end_reason" IN ('out', 'passes', 'time')`)
@Index('IDX_record_attempt_status', ['status'])
export class RecordAttempt {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_record_attempt' })
  id: string;

  @Column({ name: 'player_user_id', type: 'uuid' })
  playerUserId: string;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'player_user_id', foreignKeyConstraintName: 'FK_record_attempt_player' })
  player?: User;

  @Column({ name: 'committee_a_user_id', type: 'uuid' })
  committeeAUserId: string;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'committee_a_user_id', foreignKeyConstraintName: 'FK_record_attempt_committee_a' })
  committeeA?: User;

  @Column({ name: 'committee_b_user_id', type: 'uuid' })
  committeeBUserId: string;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'committee_b_user_id', foreignKeyConstraintName: 'FK_record_attempt_committee_b' })
  committeeB?: User;

  /** The arbiter or admin who announced it. */
  @Column({ name: 'announced_by_user_id', type: 'uuid' })
  announcedByUserId: string;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'announced_by_user_id', foreignKeyConstraintName: 'FK_record_attempt_announced_by' })
  announcedBy?: User;

  @Column({ name: 'tile_set', type: 'text' })
  tileSet: TileSetId;

  /** The official word list challenges are checked in [R, the committee's duty 2]. */
  @Column({ type: 'text' })
  lexicon: string;

  @Column({ type: 'text' })
  sequence: string;

  /** The seed the sequence was dealt from, if it was; shown with the sequence once play ends. */
  @Column({ name: 'sequence_seed', type: 'text', nullable: true })
  sequenceSeed: string | null;

  @Column({ name: 'sequence_hash', type: 'text' })
  sequenceHash: string;

  @Column({ name: 'planned_day', type: 'date' })
  plannedDay: LocalDate;

  @Column({ name: 'announced_at', type: 'timestamptz' })
  announcedAt: Date;

  @Column({ name: 'time_limit_ms', type: 'integer' })
  timeLimitMs: number;

  @Column({ name: 'record_to_beat', type: 'integer' })
  recordToBeat: number;

  @Column({ type: 'text' })
  status: AttemptStatus;

  @Column({ name: 'regulation_accepted_at', type: 'timestamptz', nullable: true })
  regulationAcceptedAt: Date | null;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  /** When the committee last started the clock; null while it is stopped. */
  @Column({ name: 'clock_since', type: 'timestamptz', nullable: true })
  clockSince: Date | null;

  @Column({ name: 'used_ms', type: 'integer', default: 0 })
  usedMs: number;

  @Column({ name: 'end_reason', type: 'text', nullable: true })
  endReason: SoloEndReason | null;

  @Column({ name: 'final_score', type: 'integer', nullable: true })
  finalScore: number | null;

  @Column({ name: 'rack_deduction', type: 'integer', nullable: true })
  rackDeduction: number | null;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  signatures: Signature[];

  @Column({ type: 'boolean', nullable: true })
  succeeded: boolean | null;

  /** The record the score had to beat when the protocol closed. */
  @Column({ name: 'standing_record', type: 'integer', nullable: true })
  standingRecord: number | null;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt: Date | null;

  /** Bumped by every write: the live page reloads when it changes. */
  @Column({ type: 'integer', default: 0 })
  version: number;
}
