import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Player } from '../../players/player.entity';
import { Game } from './game.entity';

export type ClaimStatus = 'open' | 'upheld' | 'rejected';

/**
 * docs/rules.md §5: a player claims the partner has used more than the thinking days. The
 * claim goes to the arbiter and is announced to the partner in one step; the game goes
 * on until the ruling.
 */
@Entity('claim')
@Index('IDX_claim_game', ['gameId'])
@Index('UQ_claim_open', ['gameId'], { unique: true, where: `"status" = 'open'` })
@Check('CHK_claim_status', `"status" IN ('open', 'upheld', 'rejected')`)
export class Claim {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_claim' })
  id: string;

  @Column({ name: 'game_id', type: 'uuid' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_claim_game' })
  game?: Game;

  @Column({ name: 'claimant_player_id', type: 'uuid' })
  claimantPlayerId: string;

  @ManyToOne(() => Player, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'claimant_player_id', foreignKeyConstraintName: 'FK_claim_claimant' })
  claimant?: Player;

  /** The partner's thinking days used, by the platform's count, when the claim was made. */
  @Column({ name: 'days_used', type: 'integer' })
  daysUsed: number;

  @Column({ type: 'text', default: 'open' })
  status: ClaimStatus;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'ruled_at', type: 'timestamptz', nullable: true })
  ruledAt: Date | null;
}
