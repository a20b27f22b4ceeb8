import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Player } from '../players/player.entity';
import type { Color } from '../engine';
import { Game } from '../games/entities/game.entity';

/**
 * docs/rules.md §7: a game unfinished at the closing date gets 1/1 "provided at least one of
 * them declares the game's state at the deadline"; on the platform the record is that
 * information (docs/rules.md, closing-date.ts), so a declaration adds a comment and the
 * proposal does not depend on it. One declaration per player and game; declaring again
 * replaces the text.
 */
@Entity('state_declaration')
@Index('UQ_state_declaration_player', ['gameId', 'playerId'], { unique: true })
@Check('CHK_state_declaration_color', `"color" IN ('red', 'blue')`)
export class StateDeclaration {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_state_declaration' })
  id: string;

  @Column({ name: 'game_id', type: 'uuid' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_state_declaration_game' })
  game?: Game;

  @Column({ name: 'player_id', type: 'uuid' })
  playerId: string;

  @ManyToOne(() => Player, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'FK_state_declaration_player' })
  player?: Player;

  @Column({ type: 'text' })
  color: Color;

  /** The state as the player declares it: scores, position, whatever the game sheet says. */
  @Column({ type: 'text' })
  text: string;

  @Column({ name: 'declared_on', type: 'date' })
  declaredOn: string;

  @Column({ name: 'declared_at', type: 'timestamptz' })
  declaredAt: Date;
}
