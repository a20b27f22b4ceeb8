import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Competition } from '../competitions/competition.entity';
import type { PairingSystem } from './core/pairing-systems';
import type { StandingRegime } from './core/round-plan';

/**
 * The arbiter's plan of a tournament in rounds (docs/rules.md §11.6): the pairing system of each
 * round (their number is the plan's length), the standing regime, the published seed of the
 * random first round (F 9.2a) and the settings of the systems (club rule, Gibson rule).
 */
@Entity('tournament_plan')
@Check('CHK_tournament_plan_regime', `"regime" IN ('frsc', 'coefficients')`)
export class TournamentPlan {
  @PrimaryColumn({ name: 'competition_id', type: 'uuid', primaryKeyConstraintName: 'PK_tournament_plan' })
  competitionId: string;

  @ManyToOne(() => Competition, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'competition_id', foreignKeyConstraintName: 'FK_tournament_plan_competition' })
  competition?: Competition;

  /** One system per round, in order. */
  @Column({ type: 'jsonb' })
  systems: PairingSystem[];

  @Column({ type: 'text', default: 'frsc' })
  regime: StandingRegime;

  /** F 9.2a: the seed anyone can redo the first round's draw with. */
  @Column({ type: 'integer', default: 1 })
  seed: number;

  /** F 9.2e: players of one club do not meet. */
  @Column({ name: 'club_rule', type: 'boolean', default: false })
  clubRule: boolean;

  /** F 9.4d: a player absent from a third of the rounds is eliminated at the next pairing (docs/rules.md §11.6 10). */
  @Column({ name: 'eliminate_absent', type: 'boolean', default: false })
  eliminateAbsent: boolean;

  /** Annex 3 §7. */
  @Column({ type: 'boolean', default: false })
  gibson: boolean;

  @Column({ name: 'prize_places', type: 'integer', default: 1 })
  prizePlaces: number;

  /** The one group every game of the tournament is played in; made when round 1 starts. */
  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
