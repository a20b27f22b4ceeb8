import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Case } from '../arbiter/case.entity';
import { Competition } from '../competitions/competition.entity';
import { Player } from '../players/player.entity';
import { Game } from '../games/entities/game.entity';
import type { TimelineStage } from './core/timeline';

/**
 * `done`: the sweep did it (its mails and case were written in the same transaction).
 * `superseded`: a catch-up found it stale — a later action of its kind was due, or it was
 * no longer due by the time the platform looked — and recorded it so it never fires.
 */
export type TimelineActionStatus = 'done' | 'superseded';

/**
 * The exactly-once record of the daily sweep (docs/sweep.md): one row per action of the
 * thinking-time core, under the core's stable key, unique per game. A notice that goes to
 * a player once per competition (holiday rights ending, docs/rules.md §5) has no game: it is
 * unique per competition, player and key instead.
 */
@Entity('timeline_action')
@Index('UQ_timeline_action_game_key', ['gameId', 'key'], { unique: true })
@Index('UQ_timeline_action_player_key', ['competitionId', 'playerId', 'key'], { unique: true, where: '"game_id" IS NULL' })
@Index('IDX_timeline_action_competition', ['competitionId', 'dueOn'])
@Check('CHK_timeline_action_status', `"status" IN ('done', 'superseded')`)
@Check('CHK_timeline_action_owner', `"game_id" IS NOT NULL OR "player_id" IS NOT NULL`)
export class TimelineAction {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_timeline_action' })
  id: string;

  @Column({ name: 'competition_id', type: 'uuid' })
  competitionId: string;

  @ManyToOne(() => Competition, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'competition_id', foreignKeyConstraintName: 'FK_timeline_action_competition' })
  competition?: Competition;

  @Column({ name: 'game_id', type: 'uuid', nullable: true })
  gameId: string | null;

  @ManyToOne(() => Game, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_timeline_action_game' })
  game?: Game | null;

  /** Only for a once-per-player notice (no game). */
  @Column({ name: 'player_id', type: 'uuid', nullable: true })
  playerId: string | null;

  @ManyToOne(() => Player, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'FK_timeline_action_player' })
  player?: Player | null;

  /** The core's idempotency key: `reminder:7`, `holiday-start:red:2027-03-01..2027-03-20`, `closing-date`. */
  @Column({ type: 'text' })
  key: string;

  @Column({ type: 'text' })
  stage: TimelineStage;

  /** The day the core said it was due (the sweep may run it later, after downtime). */
  @Column({ name: 'due_on', type: 'date' })
  dueOn: string;

  @Column({ type: 'text' })
  status: TimelineActionStatus;

  /** For `superseded`: the key of the later action of the same kind, or null when it was simply no longer due. */
  @Column({ name: 'superseded_by', type: 'text', nullable: true })
  supersededBy: string | null;

  /** The arbiter's case the action opened (escalation, report window). */
  @Column({ name: 'case_id', type: 'uuid', nullable: true })
  caseId: string | null;

  @ManyToOne(() => Case, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'case_id', foreignKeyConstraintName: 'FK_timeline_action_case' })
  case?: Case | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
