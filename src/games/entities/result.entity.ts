import { Check, Column, Entity, Index, JoinColumn, ManyToOne, OneToOne, PrimaryColumn } from 'typeorm';
import { User } from '../../auth/user.entity';
import { Game } from './game.entity';
import type { Outcome } from '../../coefficients/core/coefficients';

/**
 * `proposed`: the players have 5 days to confirm or object (silence confirms);
 * `homologated`: the result counts in the standings (docs/rules.md §7).
 */
export type ResultStatus = 'proposed' | 'homologated';

/** The arbiter's decision on an objection (docs/rules.md §7), always with its reason. */
export interface ObjectionDecision {
  readonly verdict: 'upheld' | 'rejected';
  readonly reason: string;
  readonly at: string;
  readonly byUserId: string | null;
}

/** A player's objection to the final sheet; open until `decision` is set. */
export interface Objection {
  readonly color: 'red' | 'blue';
  readonly text: string;
  readonly at: string;
  readonly decision?: ObjectionDecision;
}

/** A game's result: final scores, the coefficients they give, and the homologation. */
@Entity('result')
@Index('IDX_result_due', ['status', 'dueOn'])
@Check('CHK_result_status', `"status" IN ('proposed', 'homologated')`)
export class Result {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_result' })
  id: string;

  @Index('UQ_result_game', { unique: true })
  @Column({ name: 'game_id', type: 'uuid' })
  gameId: string;

  @OneToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_result_game' })
  game?: Game;

  /** The outcome the coefficients were computed for (computeCoefficients). */
  @Column({ type: 'jsonb' })
  outcome: Outcome;

  /** Final scores of the kept line, with any score correction (docs/rules.md §6). */
  @Column({ name: 'red_score', type: 'integer' })
  redScore: number;

  @Column({ name: 'blue_score', type: 'integer' })
  blueScore: number;

  /** Proposed coefficients, in ten-thousandths (1.5219 → 15219). */
  @Column({ name: 'red_coefficient', type: 'integer' })
  redCoefficient: number;

  @Column({ name: 'blue_coefficient', type: 'integer' })
  blueCoefficient: number;

  /** A normal end on a competition that homologates them itself; everything else waits for the arbiter. */
  @Column({ name: 'automatic', type: 'boolean' })
  automatic: boolean;

  @Column({ type: 'text', default: 'proposed' })
  status: ResultStatus;

  /** The last day to confirm or object: 5 days after the end (docs/rules.md §7). */
  @Column({ name: 'due_on', type: 'date' })
  dueOn: string;

  @Column({ name: 'red_confirmed_at', type: 'timestamptz', nullable: true })
  redConfirmedAt: Date | null;

  @Column({ name: 'blue_confirmed_at', type: 'timestamptz', nullable: true })
  blueConfirmedAt: Date | null;

  /** A player's objection to the final sheet: the result then waits for the arbiter's decision. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  objections: Objection[];

  @Column({ name: 'proposed_at', type: 'timestamptz' })
  proposedAt: Date;

  @Column({ name: 'homologated_at', type: 'timestamptz', nullable: true })
  homologatedAt: Date | null;

  /** Null for an automatic homologation. */
  @Column({ name: 'homologated_by_user_id', type: 'uuid', nullable: true })
  homologatedByUserId: string | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'homologated_by_user_id', foreignKeyConstraintName: 'FK_result_homologated_by' })
  homologatedBy?: User | null;
}
