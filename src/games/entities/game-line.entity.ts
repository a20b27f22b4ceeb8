import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Game } from './game.entity';

/** `live` while moves are played in it; `closed` once a withdrawal or a ruling left it (its own moves are then annulled). */
export type LineStatus = 'live' | 'closed';

/**
 * A line of play (docs/rules.md §6). Every game has `main`; a withdrawn contested move, an
 * appeal or an annulment forks a new line that shares its parent's first `fork_after`
 * moves. Moves belong to one line, so the annulled ones stay on record untouched.
 */
@Entity('game_line')
@Check('CHK_game_line_status', `"status" IN ('live', 'closed')`)
@Check('CHK_game_line_parent', `("id" = 'main') = ("parent_id" IS NULL)`)
export class GameLine {
  @PrimaryColumn({ name: 'game_id', type: 'uuid', primaryKeyConstraintName: 'PK_game_line' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_game_line_game' })
  game?: Game;

  /** `main`, then `f1`, `f2`, … in the order the forks were made. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_game_line' })
  id: string;

  @Column({ name: 'parent_id', type: 'text', nullable: true })
  parentId: string | null;

  /** How many of the parent's moves (by number) this line shares. */
  @Column({ name: 'fork_after', type: 'integer', default: 0 })
  forkAfter: number;

  @Column({ type: 'text', default: 'live' })
  status: LineStatus;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
