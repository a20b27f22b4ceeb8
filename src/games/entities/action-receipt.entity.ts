import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { actorKey, type Actor } from '../../auth/core/actor';
import { Game } from './game.entity';

/**
 * The first result of a keyed submission (the mail's Message-ID, a form token): a repeat
 * of the key by the same actor on the same game returns it instead of acting again
 * (docs/design.md "Idempotency by unique keys"). Another actor's key is another receipt: the
 * result may hold what only its actor sees (docs/web.md "Security model").
 */
@Entity('action_receipt')
export class ActionReceipt {
  @PrimaryColumn({ name: 'game_id', type: 'uuid', primaryKeyConstraintName: 'PK_action_receipt' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_action_receipt_game' })
  game?: Game;

  /** Who acted (`actorKey`: `user:<id>` or `system`). */
  @PrimaryColumn({ name: 'actor', type: 'text', primaryKeyConstraintName: 'PK_action_receipt' })
  actor: string;

  @PrimaryColumn({ name: 'idempotency_key', type: 'text', primaryKeyConstraintName: 'PK_action_receipt' })
  idempotencyKey: string;

  /** The service method that ran: a key reused for another action is refused. */
  @Column({ type: 'text' })
  action: string;

  @Column({ type: 'jsonb' })
  result: unknown;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

/** What finds a receipt in its game: the actor (`actorKey`) and the key they sent. */
export interface ReceiptKey {
  readonly actor: string;
  readonly key: string;
}

/** The receipt a keyed request of `actor` is filed under; none without a key. */
export function receiptKeyOf(actor: Actor, key: string | undefined): ReceiptKey | undefined {
  return key === undefined ? undefined : { actor: actorKey(actor), key };
}
