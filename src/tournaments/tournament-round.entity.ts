import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Competition } from '../competitions/competition.entity';
import type { PairingSystem } from './core/pairing-systems';

/** `proposed`: shown to the arbiter, nothing created yet; `started`: its games are being played. */
export type RoundStatus = 'proposed' | 'started';

/**
 * One round of a tournament in rounds (docs/rules.md §11.6): the pairings the system gave (RED
 * first), who sits out, who is gibsonized, and the closing date of its games. A proposal is
 * replaced until the arbiter confirms it; then its games start and it never changes.
 */
@Entity('tournament_round')
@Index('UQ_tournament_round_number', ['competitionId', 'number'], { unique: true })
@Check('CHK_tournament_round_status', `"status" IN ('proposed', 'started')`)
export class TournamentRound {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_tournament_round' })
  id: string;

  @Column({ name: 'competition_id', type: 'uuid' })
  competitionId: string;

  @ManyToOne(() => Competition, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'competition_id', foreignKeyConstraintName: 'FK_tournament_round_competition' })
  competition?: Competition;

  @Column({ type: 'integer' })
  number: number;

  @Column({ type: 'text' })
  system: PairingSystem;

  @Column({ type: 'text', default: 'proposed' })
  status: RoundStatus;

  /** [red player id, blue player id] of each game. */
  @Column({ type: 'jsonb' })
  pairs: Array<[string, string]>;

  @Column({ name: 'bye_player_id', type: 'uuid', nullable: true })
  byePlayerId: string | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  gibsonized: string[];

  /** F 9.4d: the players absent from a third of the rounds, left out of this round and withdrawn at its confirmation. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  eliminated: string[];

  /** The day by which the round's games must be finished. */
  @Column({ name: 'closing_date', type: 'date' })
  closingDate: string;

  @Column({ name: 'proposed_at', type: 'timestamptz' })
  proposedAt: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  /** When the arbiter was told that every game has its result (once). */
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
