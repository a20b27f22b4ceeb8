import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from './user.entity';

/** A magic login link: single use, 15 minutes, only the SHA-256 of its token kept. */
@Entity('login_link')
export class LoginLink {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_login_link' })
  id: string;

  @Index('IDX_login_link_user')
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_login_link_user' })
  user?: User;

  /** Hex SHA-256 of the token in the link. */
  @Index('UQ_login_link_token_hash', { unique: true })
  @Column({ name: 'token_hash', type: 'text' })
  tokenHash: string;

  /** The address the link was sent to (proven on use); null for a link printed on the console. */
  @Column({ type: 'text', nullable: true })
  email: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Index('IDX_login_link_expires')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;
}
