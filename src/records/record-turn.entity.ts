import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../auth/user.entity';
import type { PlacedTile, WordScore } from '../engine';
import type { Trilingual } from './core/record-texts';
import { RecordAttempt } from './record-attempt.entity';

export type TurnStatus = 'pending' | 'recorded' | 'withdrawn';

/**
 * One turn of an attempt's full record [R "pełen zapis", P 1.3.2]: the rack before it, the
 * placement, its words and score, the running total. `pending` until the committee starts the
 * clock again; `withdrawn` when a challenge took it back (it counts as a lost turn [P 4.8]).
 */
@Entity('record_turn')
@Check('CHK_record_turn_kind', `"kind" IN ('place', 'pass')`)
@Check('CHK_record_turn_status', `"status" IN ('pending', 'recorded', 'withdrawn')`)
export class RecordTurn {
  @PrimaryColumn({ name: 'attempt_id', type: 'uuid', primaryKeyConstraintName: 'PK_record_turn' })
  attemptId: string;

  @ManyToOne(() => RecordAttempt, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'attempt_id', foreignKeyConstraintName: 'FK_record_turn_attempt' })
  attempt?: RecordAttempt;

  @PrimaryColumn({ type: 'integer', primaryKeyConstraintName: 'PK_record_turn' })
  n: number;

  @Column({ type: 'text' })
  kind: 'place' | 'pass';

  @Column({ type: 'text' })
  notation: string;

  @Column({ type: 'jsonb' })
  tiles: PlacedTile[];

  @Column({ type: 'jsonb' })
  words: WordScore[];

  /** The move's score; 0 once withdrawn. */
  @Column({ type: 'integer' })
  score: number;

  @Column({ type: 'integer' })
  total: number;

  @Column({ name: 'rack_before', type: 'text' })
  rackBefore: string;

  @Column({ name: 'rack_after', type: 'text' })
  rackAfter: string;

  @Column({ type: 'text' })
  status: TurnStatus;

  /** The player's time used when the clock stopped on this turn. */
  @Column({ name: 'used_ms', type: 'integer' })
  usedMs: number;

  @Column({ name: 'played_at', type: 'timestamptz' })
  playedAt: Date;

  @Column({ name: 'challenge_words', type: 'jsonb', nullable: true })
  challengeWords: string[] | null;

  @Column({ name: 'challenged_by_user_id', type: 'uuid', nullable: true })
  challengedByUserId: string | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'challenged_by_user_id', foreignKeyConstraintName: 'FK_record_turn_challenger' })
  challengedBy?: User | null;

  @Column({ type: 'jsonb', nullable: true })
  verdict: Trilingual | null;
}
