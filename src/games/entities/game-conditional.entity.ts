import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { Bilingual } from '../../common/bilingual';
import { Player } from '../../players/player.entity';
import type { ConditionalStep } from '../core/conditionals';
import { Game } from './game.entity';

/** pending: waits for the partner's move; applied: every step was played; dropped: it no longer fitted (its reason kept). */
export type ConditionalStatus = 'pending' | 'applied' | 'dropped';

/** The channel it was stored by: its replies are recorded as coming by it. */
export type ConditionalChannel = 'web' | 'api' | 'mail';

/**
 * A player's conditional replies in a game: a chain of (partner move, own
 * reply) steps for one line, waiting for the partner's move number `move`. Private to its
 * owner until applied; kept after it is applied or dropped, for the arbiter once the game ends.
 */
@Entity('game_conditional')
@Index('IDX_game_conditional_game', ['gameId', 'status'])
@Check('CHK_game_conditional_status', `"status" IN ('pending', 'applied', 'dropped')`)
@Check('CHK_game_conditional_channel', `"channel" IN ('web', 'api', 'mail')`)
export class GameConditional {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_game_conditional' })
  id: string;

  @Column({ name: 'game_id', type: 'uuid' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_game_conditional_game' })
  game?: Game;

  @Column({ name: 'player_id', type: 'uuid' })
  playerId: string;

  @ManyToOne(() => Player, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'FK_game_conditional_player' })
  player?: Player;

  @Column({ name: 'line_id', type: 'text' })
  lineId: string;

  /** The number in its line of the partner's move the next step waits for. */
  @Column({ type: 'integer' })
  move: number;

  /** The steps still to come, in the platform's notation. */
  @Column({ type: 'jsonb' })
  steps: ConditionalStep[];

  /** The steps already played: partner move and reply. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  applied: ConditionalStep[];

  /** The command as the owner wrote it. */
  @Column({ type: 'text' })
  text: string;

  @Column({ type: 'text' })
  channel: ConditionalChannel;

  @Column({ type: 'text', default: 'pending' })
  status: ConditionalStatus;

  /** Why it was dropped, as its owner was told. */
  @Column({ type: 'jsonb', nullable: true })
  reason: Bilingual | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt: Date | null;
}
