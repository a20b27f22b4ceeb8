import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Competition } from '../../competitions/competition.entity';
import { Group } from '../../competitions/group.entity';
import { Player } from '../../players/player.entity';
import { Sequence } from '../../competitions/sequence.entity';
import type { GameOutcome, GameSnapshot } from '../core/game-state';

/** `playing` until the engine or an outcome ends the game (docs/rules.md §4, §7). */
export type GameStatus = 'playing' | 'ended';

/**
 * One game of a group, RED against BLUE on the series' sequence. The move log is the
 * truth; `state` caches what replaying it gives (docs/design.md "State and invariants")
 * and is rewritten, with `version` and `turn`, in the transaction of every action.
 */
@Entity('game')
@Index('IDX_game_competition', ['competitionId'])
@Index('IDX_game_group', ['groupId'])
@Index('IDX_game_red', ['redPlayerId'])
@Index('IDX_game_blue', ['bluePlayerId'])
@Check('CHK_game_status', `"status" IN ('playing', 'ended')`)
@Check('CHK_game_players', `"red_player_id" <> "blue_player_id"`)
export class Game {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_game' })
  id: string;

  @Column({ name: 'competition_id', type: 'uuid' })
  competitionId: string;

  @ManyToOne(() => Competition, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'competition_id', foreignKeyConstraintName: 'FK_game_competition' })
  competition?: Competition;

  @Column({ name: 'group_id', type: 'uuid' })
  groupId: string;

  @ManyToOne(() => Group, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'group_id', foreignKeyConstraintName: 'FK_game_group' })
  group?: Group;

  @Column({ name: 'sequence_id', type: 'uuid' })
  sequenceId: string;

  @ManyToOne(() => Sequence, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'sequence_id', foreignKeyConstraintName: 'FK_game_sequence' })
  sequence?: Sequence;

  @Column({ name: 'red_player_id', type: 'uuid' })
  redPlayerId: string;

  @ManyToOne(() => Player, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'red_player_id', foreignKeyConstraintName: 'FK_game_red_player' })
  redPlayer?: Player;

  @Column({ name: 'blue_player_id', type: 'uuid' })
  bluePlayerId: string;

  @ManyToOne(() => Player, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'blue_player_id', foreignKeyConstraintName: 'FK_game_blue_player' })
  bluePlayer?: Player;

  /** The round of the pairing table it came from (docs/rules.md §9). */
  @Column({ type: 'integer' })
  round: number;

  @Column({ type: 'text', default: 'playing' })
  status: GameStatus;

  /** The replayed position of every live line: a cache, checked by the `check` command. */
  @Column({ type: 'jsonb' })
  state: GameSnapshot;

  /** Bumped by every action: clients and caches compare it. */
  @Column({ type: 'integer', default: 1 })
  version: number;

  /**
   * The turn being played, counted from 1 for RED's first (docs/rules.md §2: a turn is one
   * player's move, in every live line while a dispute is appealed). Never goes back:
   * reply tokens name it, so a stale reply is recognised.
   */
  @Column({ type: 'integer', default: 1 })
  turn: number;

  /** The day the game sheet reached the players: RED's first move "arrived" then (docs/rules.md §5). */
  @Column({ name: 'started_on', type: 'date' })
  startedOn: string;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  /** How it ended: the engine's `out` / `zero-turns`, or the outcome's type (docs/rules.md §7). */
  @Column({ name: 'end_reason', type: 'text', nullable: true })
  endReason: string | null;

  /** The recorded outcome when not a normal end: abandonment, agreement, forfeit, no-show… */
  @Column({ type: 'jsonb', nullable: true })
  outcome: GameOutcome | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
