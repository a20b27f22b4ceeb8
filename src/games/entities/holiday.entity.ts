import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Competition } from '../../competitions/competition.entity';
import { Player } from '../../players/player.entity';
import type { HolidayKind } from '../../thinking-time/core';

/**
 * A player's holiday declaration (docs/rules.md §5): one per player and competition, covering
 * all their games. A change keeps the old declaration on record, marked replaced.
 */
@Entity('holiday')
@Index('IDX_holiday_player', ['competitionId', 'playerId'])
@Check('CHK_holiday_kind', `"kind" IN ('long', 'short')`)
@Check('CHK_holiday_range', `"to_day" >= "from_day"`)
export class Holiday {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_holiday' })
  id: string;

  @Column({ name: 'competition_id', type: 'uuid' })
  competitionId: string;

  @ManyToOne(() => Competition, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'competition_id', foreignKeyConstraintName: 'FK_holiday_competition' })
  competition?: Competition;

  @Column({ name: 'player_id', type: 'uuid' })
  playerId: string;

  @ManyToOne(() => Player, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'FK_holiday_player' })
  player?: Player;

  /** First and last day, both included: 1–20 February is 20 days. */
  @Column({ name: 'from_day', type: 'date' })
  fromDay: string;

  @Column({ name: 'to_day', type: 'date' })
  toDay: string;

  /** `long`: the 20-day right declared in advance; `short`: 10 days at any time. */
  @Column({ type: 'text' })
  kind: HolidayKind;

  @Column({ name: 'declared_on', type: 'date' })
  declaredOn: string;

  @Column({ name: 'declared_at', type: 'timestamptz' })
  declaredAt: Date;

  /** Set when a later declaration replaced this one; the current holiday has none. */
  @Column({ name: 'replaced_at', type: 'timestamptz', nullable: true })
  replacedAt: Date | null;
}
