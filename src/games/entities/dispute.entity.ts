import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Player } from '../../players/player.entity';
import { Game } from './game.entity';
import { Move } from './move.entity';

/**
 * docs/rules.md §6: `open` when contested, then `admitted` (the mover withdrew the move) or
 * `appealed` (two lines live until the arbiter rules), then `ruled`.
 */
export type DisputeStatus = 'open' | 'admitted' | 'appealed' | 'ruled';

/** While a dispute is appealed: the line where the contested move stands (A) and where it is replaced (B). */
export interface DisputeLines {
  readonly stands: string;
  readonly replaced: string;
}

@Entity('dispute')
@Index('IDX_dispute_game', ['gameId'])
// docs/rules.md §6: one open dispute per game.
@Index('UQ_dispute_open', ['gameId'], { unique: true, where: `"status" IN ('open', 'appealed')` })
@Check('CHK_dispute_status', `"status" IN ('open', 'admitted', 'appealed', 'ruled')`)
export class Dispute {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_dispute' })
  id: string;

  @Column({ name: 'game_id', type: 'uuid' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_dispute_game' })
  game?: Game;

  @Column({ name: 'contested_move_id', type: 'uuid' })
  contestedMoveId: string;

  @ManyToOne(() => Move, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'contested_move_id', foreignKeyConstraintName: 'FK_dispute_contested_move' })
  contestedMove?: Move;

  /** The contester's move played as if the contested one stood; void if the mover admits. */
  @Column({ name: 'provisional_reply_id', type: 'uuid' })
  provisionalReplyId: string;

  @ManyToOne(() => Move, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'provisional_reply_id', foreignKeyConstraintName: 'FK_dispute_provisional_reply' })
  provisionalReply?: Move;

  @Column({ name: 'contester_player_id', type: 'uuid' })
  contesterPlayerId: string;

  @ManyToOne(() => Player, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'contester_player_id', foreignKeyConstraintName: 'FK_dispute_contester' })
  contester?: Player;

  /** The words contested, as the move formed them. */
  @Column({ type: 'jsonb' })
  words: string[];

  @Column({ type: 'text', default: 'open' })
  status: DisputeStatus;

  /** Set on appeal: the two lines played until the ruling. */
  @Column({ type: 'jsonb', nullable: true })
  lines: DisputeLines | null;

  /** The line the ruling kept (or the admission left). */
  @Column({ name: 'kept_line_id', type: 'text', nullable: true })
  keptLineId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** When the mover admitted (withdrew the move). */
  @Column({ name: 'admitted_at', type: 'timestamptz', nullable: true })
  admittedAt: Date | null;

  /** When the mover appealed: from then on players know its two lines as A and B. */
  @Column({ name: 'appealed_at', type: 'timestamptz', nullable: true })
  appealedAt: Date | null;

  @Column({ name: 'ruled_at', type: 'timestamptz', nullable: true })
  ruledAt: Date | null;
}
