import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Game } from './game.entity';

/**
 * The first result of a keyed submission (the mail's Message-ID, a form token): a repeat
 * of the key on the same game returns it instead of acting again (docs/design.md
 * "Idempotency by unique keys").
 */
@Entity('action_receipt')
export class ActionReceipt {
  @PrimaryColumn({ name: 'game_id', type: 'uuid', primaryKeyConstraintName: 'PK_action_receipt' })
  gameId: string;

  @ManyToOne(() => Game, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'game_id', foreignKeyConstraintName: 'FK_action_receipt_game' })
  game?: Game;

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
