import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from './user.entity';

/** An API key: only its SHA-256 is kept, the clear key is shown once when created. */
@Entity('api_key')
export class ApiKey {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_api_key' })
  id: string;

  @Index('IDX_api_key_user')
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_api_key_user' })
  user?: User;

  /** Hex SHA-256 of the clear key. */
  @Index('UQ_api_key_key_hash', { unique: true })
  @Column({ name: 'key_hash', type: 'text' })
  keyHash: string;

  @Column({ type: 'text', default: '' })
  label: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  /** A key stops working at this time (a year after creation unless asked otherwise). */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
