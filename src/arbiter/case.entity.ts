import { Check, Column, Entity, ForeignKey, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { JsonObject } from '../common/json';
import { Competition } from '../competitions/competition.entity';

/**
 * What a case is about. `dispute`: an appealed contest; `claim`: a time claim; `result`:
 * an ending the arbiter homologates (abandonment, withdrawal, agreement, forfeit…);
 * `objection`: a player objected to the final sheet. Later issues add theirs (silence,
 * bounce, closing date).
 */
export type CaseKind = 'dispute' | 'claim' | 'result' | 'objection' | (string & {});
export type CaseStatus = 'open' | 'closed';

/** The daily sweep's cases (src/thinking-time/sweep-actions.service.ts): a game silent 30 days, a game unfinished after the report window. */
export const SILENCE_CASE = 'silence';
export const CLOSING_CASE = 'closing';
/**
 * Cases that only wait for the game's result (docs/rules.md §5 "a proposal for homologation",
 * §7 the closing date): an outcome the arbiter rules, or a result homologated, settles them.
 */
export const AWAITING_RESULT_CASES: readonly CaseKind[] = [SILENCE_CASE, CLOSING_CASE];

/** Anything waiting for the arbiter (docs/design.md "Data"): the dashboard lists the open ones by due date. */
@Entity('arbiter_case')
@Index('IDX_arbiter_case_open', ['competitionId', 'status', 'dueOn'])
@Index('IDX_arbiter_case_game', ['gameId'])
@Check('CHK_arbiter_case_status', `"status" IN ('open', 'closed')`)
export class Case {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_arbiter_case' })
  id: string;

  @Column({ name: 'competition_id', type: 'uuid' })
  competitionId: string;

  @ManyToOne(() => Competition, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'competition_id', foreignKeyConstraintName: 'FK_arbiter_case_competition' })
  competition?: Competition;

  @Column({ name: 'game_id', type: 'uuid', nullable: true })
  @ForeignKey('Game', { name: 'FK_arbiter_case_game', onDelete: 'CASCADE' })
  gameId: string | null;

  @Column({ type: 'text' })
  kind: CaseKind;

  @Column({ type: 'text', default: 'open' })
  status: CaseStatus;

  /** The day by which it needs a decision, when the rules give one. */
  @Column({ name: 'due_on', type: 'date', nullable: true })
  dueOn: string | null;

  /** What the arbiter needs to decide: the dispute's words, the claim's count, the proposed result… */
  @Column({ type: 'jsonb' })
  payload: JsonObject;

  @Column({ name: 'opened_at', type: 'timestamptz' })
  openedAt: Date;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt: Date | null;
}
