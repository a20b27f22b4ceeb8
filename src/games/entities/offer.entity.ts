import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Player } from '../../players/player.entity';
import { Game } from './game.entity';

import type { OfferKind, OfferStatus } from '../core/offer-limits';
export type { OfferKind, OfferStatus };

@Entity('offer')
@Index('IDX_offer_game', ['gameId'])
@Index('UQ_offer_pending', ['gameId', 'kind'], { unique: true, where: `"status" = 'pending'` })
@Check('CHK_offer_kind', `"kind" IN ('draw', 'interruption')`)
@Check('CHK_offer_status', `"status" IN ('pending', 'accepted', 'declined', 'lapsed')`)
export class Offer {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_offer' })
  id: string;

  @Column({ name: 'game_id', type: 'uuid' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_offer_game' })
  game?: Game;

  @Column({ type: 'text' })
  kind: OfferKind;

  @Column({ name: 'offered_by_player_id', type: 'uuid' })
  offeredByPlayerId: string;

  @ManyToOne(() => Player, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'offered_by_player_id', foreignKeyConstraintName: 'FK_offer_player' })
  offeredBy?: Player;

  @Column({ type: 'text', default: 'pending' })
  status: OfferStatus;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'answered_at', type: 'timestamptz', nullable: true })
  answeredAt: Date | null;
}
