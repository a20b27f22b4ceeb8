import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Player } from '../../players/player.entity';
import { Game } from './game.entity';

/**
 * docs/rules.md §5: a player who means to think more than 10 days on one move tells the
 * partner, so the move is not sent again; the silence count pauses meanwhile.
 */
@Entity('long_thinking_notice')
@Index('UQ_long_thinking_notice_turn', ['gameId', 'turn'], { unique: true })
export class LongThinkingNotice {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_long_thinking_notice' })
  id: string;

  @Column({ name: 'game_id', type: 'uuid' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_long_thinking_notice_game' })
  game?: Game;

  @Column({ name: 'player_id', type: 'uuid' })
  playerId: string;

  @ManyToOne(() => Player, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'FK_long_thinking_notice_player' })
  player?: Player;

  /** The turn it is about: one notice per turn. */
  @Column({ type: 'integer' })
  turn: number;

  @Column({ name: 'from_day', type: 'date' })
  fromDay: string;

  @Column({ type: 'integer' })
  days: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
