import { Check, Column, Entity, ForeignKey, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Competition } from '../competitions/competition.entity';
import { Player } from '../players/player.entity';
import { Ruling } from './ruling.entity';

/**
 * A ruling's effect on one player (docs/rules.md §5, §6): `coefficient` deducts ten-thousandths
 * from a game's coefficient (0.1–1); `thinking-days` charges days (negative: credits them);
 * `score` corrects a game's score by points; `warning` and `exclusion` are on record.
 */
export type PenaltyKind = 'coefficient' | 'thinking-days' | 'score' | 'warning' | 'exclusion';

@Entity('penalty')
@Index('IDX_penalty_game', ['gameId'])
@Index('IDX_penalty_player', ['competitionId', 'playerId'])
@Check('CHK_penalty_kind', `"kind" IN ('coefficient', 'thinking-days', 'score', 'warning', 'exclusion')`)
export class Penalty {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_penalty' })
  id: string;

  @Column({ name: 'competition_id', type: 'uuid' })
  competitionId: string;

  @ManyToOne(() => Competition, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'competition_id', foreignKeyConstraintName: 'FK_penalty_competition' })
  competition?: Competition;

  @Column({ name: 'game_id', type: 'uuid', nullable: true })
  @ForeignKey('Game', { name: 'FK_penalty_game', onDelete: 'CASCADE' })
  gameId: string | null;

  @Column({ name: 'player_id', type: 'uuid' })
  playerId: string;

  @ManyToOne(() => Player, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'FK_penalty_player' })
  player?: Player;

  @Column({ name: 'ruling_id', type: 'uuid' })
  rulingId: string;

  @ManyToOne(() => Ruling, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'ruling_id', foreignKeyConstraintName: 'FK_penalty_ruling' })
  ruling?: Ruling;

  @Column({ type: 'text' })
  kind: PenaltyKind;

  /** Ten-thousandths, days or points as the kind says; 0 for a warning or an exclusion. */
  @Column({ type: 'integer', default: 0 })
  amount: number;

  /** The day a thinking-days charge or credit takes effect. */
  @Column({ name: 'effective_on', type: 'date' })
  effectiveOn: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
