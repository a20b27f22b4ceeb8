import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Player } from '../../players/player.entity';
import { Game } from './game.entity';
import { Move } from './move.entity';

/**
 * docs/rules.md §13 [P 4.7]: a "Sprawdzam" under PFS rules — the words the challenger named
 * and the one verdict for them all, decided at once from the competition's official list. One
 * per move [P 4.7.3, 4.7.5]; the arbiter may reverse the verdict with a reason (`overridden`).
 */
@Entity('challenge')
@Index('IDX_challenge_game', ['gameId'])
@Index('UQ_challenge_move', ['moveId'], { unique: true })
@Index('IDX_challenge_challenger', ['challengerPlayerId'])
export class Challenge {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_challenge' })
  id: string;

  @Column({ name: 'game_id', type: 'uuid' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_challenge_game' })
  game?: Game;

  /** The move challenged. */
  @Column({ name: 'move_id', type: 'uuid' })
  moveId: string;

  @ManyToOne(() => Move, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'move_id', foreignKeyConstraintName: 'FK_challenge_move' })
  move?: Move;

  @Column({ name: 'challenger_player_id', type: 'uuid' })
  challengerPlayerId: string;

  @ManyToOne(() => Player, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'challenger_player_id', foreignKeyConstraintName: 'FK_challenge_challenger' })
  challenger?: Player;

  /** The words named, as the move formed them; the verdict never says which one failed [P 4.7.8]. */
  @Column({ type: 'jsonb' })
  words: string[];

  /** The verdict in force: true when a word named is not in the list (the move was taken back). */
  @Column({ type: 'boolean' })
  successful: boolean;

  /** The arbiter reversed the platform's verdict [P 4.7.13]. */
  @Column({ type: 'boolean', default: false })
  overridden: boolean;

  @Column({ name: 'override_reason', type: 'text', nullable: true })
  overrideReason: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** When the verdict in force was given: the challenge's, or the arbiter's override. */
  @Column({ name: 'decided_at', type: 'timestamptz' })
  decidedAt: Date;
}
