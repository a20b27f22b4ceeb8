import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn } from 'typeorm';
import type { JsonObject } from '../common/json';

/**
 * A fact of a game action in the transactional outbox (docs/mail-rules.md 17): one row a fact,
 * written in the action's transaction with the game as the action left it
 * (mail/core/game-events.ts). Its mails are the outbound_mail rows that name it, one a
 * recipient: their unique Message-IDs are the delivery receipts. A fact of a competition or of
 * one of its players outside any game (mail/core/competition-facts.ts) names the competition only.
 */
@Entity('game_event')
@Index('IDX_game_event_game', ['gameId'])
@Index('IDX_game_event_competition', ['competitionId'])
@Check('CHK_game_event_subject', `"game_id" IS NOT NULL OR "competition_id" IS NOT NULL`)
export class GameEventRow {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_game_event' })
  id: string;

  /** Null for a competition's fact (migration 1766700000000). */
  @Column({ name: 'game_id', type: 'uuid', nullable: true })
  @ForeignKey('Game', { name: 'FK_game_event_game', onDelete: 'CASCADE' })
  gameId: string | null;

  /** The competition of a fact outside any game; null for a game's (its game names it). */
  @Column({ name: 'competition_id', type: 'uuid', nullable: true })
  @ForeignKey('Competition', { name: 'FK_game_event_competition', onDelete: 'CASCADE' })
  competitionId?: string | null;

  /** The fact's kind (`move-played`, `game-ended`, …), for reading the table by hand. */
  @Column({ type: 'text' })
  kind: string;

  /**
   * `{ fact, snapshot }`, checked by mail/core/game-events.ts when read; an action's later facts
   * keep `{ fact, snapshotIn }` instead, the id of its first event, which holds the snapshot.
   */
  @Column({ type: 'jsonb' })
  payload: JsonObject;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
