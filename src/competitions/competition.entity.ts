import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../auth/user.entity';
import type { RuleBook, TileSetId } from '../engine';

/** docs/rules.md §4: who gets the value of the tiles left on the racks at the end. */
import type { EndRackRule } from './core/settings-shape';
export type { EndRackRule };
export type CompetitionStatus = 'draft' | 'started' | 'finished';
/** docs/rules.md §9 (round-robin groups) or §11.6 (a tournament in rounds). */
export type CompetitionKind = 'groups' | 'rounds';

/**
 * A championship and its settings (docs/rules.md §1–§7, §9). The settings are columns, not a
 * JSON document: they are few, each is read by queries (time zone, closing date) and the
 * database checks their ranges.
 */
@Entity('competition')
@Check('CHK_competition_tile_set', `"tile_set" IN ('ro', 'en', 'pl')`)
@Check('CHK_competition_rules', `"rules" IN ('frsc', 'pfs')`)
@Check('CHK_competition_end_rack_rule', `"end_rack_rule" IN ('transfer', 'double')`)
@Check('CHK_competition_kind', `"kind" IN ('groups', 'rounds')`)
@Check('CHK_competition_status', `"status" IN ('draft', 'started', 'finished')`)
@Check('CHK_competition_dates', `"closing_date" > "start_date"`)
export class Competition {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_competition' })
  id: string;

  @Column({ type: 'text' })
  name: string;

  /** Short name for mail subjects and sheets, e.g. "CN 2027". */
  @Column({ name: 'short_name', type: 'text' })
  shortName: string;

  @Column({ name: 'tile_set', type: 'text', default: 'ro' })
  tileSet: TileSetId;

  /** docs/rules.md §13: the federation whose game rules its games follow. */
  @Column({ type: 'text', default: 'frsc' })
  rules: RuleBook;

  /** docs/rules.md §2: first two tours' recorded scores capped (default on). */
  @Column({ type: 'boolean', default: true })
  handicap: boolean;

  /** docs/rules.md §7 interpretations: consecutive zero-score turns that end a game. */
  @Column({ name: 'zero_turns_to_end', type: 'integer', default: 6 })
  zeroTurnsToEnd: number;

  @Column({ name: 'end_rack_rule', type: 'text', default: 'transfer' })
  endRackRule: EndRackRule;

  /** docs/rules.md §5: thinking days per player per game. */
  @Column({ name: 'thinking_days', type: 'integer', default: 50 })
  thinkingDays: number;

  @Column({ name: 'holiday_long_days', type: 'integer', default: 20 })
  holidayLongDays: number;

  @Column({ name: 'holiday_short_days', type: 'integer', default: 10 })
  holidayShortDays: number;

  /** docs/rules.md §5: silence after which the silent player is reminded. */
  @Column({ name: 'reminder_days', type: 'integer', default: 15 })
  reminderDays: number;

  /** docs/rules.md §5: silence after which the arbiter is told. */
  @Column({ name: 'escalation_days', type: 'integer', default: 30 })
  escalationDays: number;

  /** Days after a declined offer before the same player may offer it again. */
  @Column({ name: 'offer_cooldown_days', type: 'integer', default: 3 })
  offerCooldownDays: number;

  /** Whether players may store conditional replies in its games. */
  @Column({ name: 'conditionals_allowed', type: 'boolean', default: true })
  conditionalsAllowed: boolean;

  /** Thinking days are counted on calendar dates here (docs/design.md "State"). */
  @Column({ name: 'time_zone', type: 'text', default: 'Europe/Bucharest' })
  timeZone: string;

  /** Calendar day (YYYY-MM-DD) on which every game begins (docs/rules.md §9). */
  @Column({ name: 'start_date', type: 'date' })
  startDate: string;

  /** Calendar day (YYYY-MM-DD) by which every game must be finished (docs/rules.md §9). */
  @Column({ name: 'closing_date', type: 'date' })
  closingDate: string;

  /** The word list a move is checked against, when the competition names one (docs/rules.md §6). */
  @Column({ type: 'text', nullable: true })
  lexicon: string | null;

  /** docs/rules.md §7: normal endings homologated without the arbiter unless this is off. */
  @Column({ name: 'auto_homologate', type: 'boolean', default: true })
  autoHomologate: boolean;

  /** Players see the analysis of the turns already played while the game goes on (off: only after it). */
  @Column({ name: 'analysis_during_play', type: 'boolean', default: false })
  analysisDuringPlay: boolean;

  @Column({ type: 'text', default: 'draft' })
  status: CompetitionStatus;

  /** Round-robin groups that start together, or a tournament in rounds paired one by one (docs/rules.md §11.6). */
  @Column({ type: 'text', default: 'groups' })
  kind: CompetitionKind;

  @Index('IDX_competition_arbiter')
  @Column({ name: 'arbiter_user_id', type: 'uuid' })
  arbiterUserId: string;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'arbiter_user_id', foreignKeyConstraintName: 'FK_competition_arbiter' })
  arbiter?: User;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** When the games were created and the sequences revealed. */
  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;
}
