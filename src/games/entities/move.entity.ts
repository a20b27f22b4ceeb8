import { Check, Column, Entity, ForeignKey, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Player } from '../../players/player.entity';
import type { Color, PlacedTile, WordScore } from '../../engine';
import { GameLine } from './game-line.entity';
import { Game } from './game.entity';

/** `lost`: the turn a mover lost to a successful challenge (docs/rules.md §13, PFS only). */
export type MoveKind = 'place' | 'pass' | 'lost';
/** The channel a move came by; `arbiter` for one recorded on a player's behalf or imported. */
export type MoveSource = 'mail' | 'web' | 'api' | 'arbiter';

/**
 * One move of one line: the game's record (docs/rules.md §3, §8). Written once; the only later
 * change is `annulled`, when a withdrawal or a ruling voids its line (docs/rules.md §6).
 * (game, line, number) is unique, so two moves can never claim one place in a line.
 */
@Entity('move')
@Index('UQ_move_line_number', ['gameId', 'lineId', 'number'], { unique: true })
@Index('IDX_move_player', ['playerId'])
@Check('CHK_move_kind', `"kind" IN ('place', 'pass', 'lost')`)
@Check('CHK_move_source', `"source" IN ('mail', 'web', 'api', 'arbiter')`)
@Check('CHK_move_color', `"color" IN ('red', 'blue')`)
@Check('CHK_move_dates', `"sent_on" >= "arrived_on"`)
@ForeignKey(() => GameLine, ['gameId', 'lineId'], ['gameId', 'id'], { name: 'FK_move_line', onDelete: 'CASCADE' })
export class Move {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_move' })
  id: string;

  @Column({ name: 'game_id', type: 'uuid' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_move_game' })
  game?: Game;

  @Column({ name: 'line_id', type: 'text' })
  lineId: string;

  /** Its number in its line, counted from the game's first move (docs/rules.md §2: RED plays the odd ones). */
  @Column({ type: 'integer' })
  number: number;

  /** The game turn it belongs to: a turn takes one move in every live line (docs/rules.md §6). */
  @Column({ type: 'integer' })
  turn: number;

  @Column({ name: 'player_id', type: 'uuid' })
  playerId: string;

  @ManyToOne(() => Player, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'FK_move_player' })
  player?: Player;

  @Column({ type: 'text' })
  color: Color;

  @Column({ type: 'text' })
  kind: MoveKind;

  /** FRSc notation as the platform writes it (`h8 CASA`, `PAS`): what a replay plays. */
  @Column({ type: 'text' })
  notation: string;

  /** What the player sent, as they wrote it, for the record. */
  @Column({ type: 'text' })
  written: string;

  @Column({ type: 'jsonb' })
  tiles: PlacedTile[];

  /** Main word first, then the new cross words, each with its coordinate and score. */
  @Column({ type: 'jsonb' })
  words: WordScore[];

  /** Words missing from the competition's word list: contestable, never refused (docs/rules.md §3). */
  @Column({ name: 'unknown_words', type: 'jsonb', default: () => "'[]'" })
  unknownWords: string[];

  @Column({ type: 'integer' })
  score: number;

  /** The score on the sheet: capped in tours I–II under the handicap (docs/rules.md §2). */
  @Column({ name: 'recorded_score', type: 'integer' })
  recordedScore: number;

  /** The day the partner's move reached the mover (the start, for RED's first). */
  @Column({ name: 'arrived_on', type: 'date' })
  arrivedOn: string;

  /** The day the platform received it, in the competition's time zone (docs/rules.md §5). */
  @Column({ name: 'sent_on', type: 'date' })
  sentOn: string;

  @Column({ name: 'received_at', type: 'timestamptz' })
  receivedAt: Date;

  /** Days strictly between arrival and sending, less the mover's holiday (docs/rules.md §5). */
  @Column({ name: 'thinking_days', type: 'integer' })
  thinkingDays: number;

  @Column({ type: 'text' })
  source: MoveSource;

  /** The inbound mail it came in, once the mail channel stores them. */
  @Column({ name: 'inbound_mail_id', type: 'uuid', nullable: true })
  inboundMailId: string | null;

  /** The client's key for the submission (Message-ID or form token) that made it. */
  @Column({ name: 'idempotency_key', type: 'text', nullable: true })
  idempotencyKey: string | null;

  @Column({ type: 'boolean', default: false })
  annulled: boolean;

  /** The mover's note to the partner: plain text, escaped wherever shown. */
  @Column({ type: 'text', nullable: true })
  note: string | null;
}
