import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { JsonObject } from '../common/json';
import { User } from './user.entity';

/**
 * A browser session (express-session, our own store). Only the SHA-256 of the session id
 * is kept, so a copy of the table logs nobody in.
 */
@Entity('web_session')
export class WebSession {
  /** Hex SHA-256 of the session id in the cookie. */
  @PrimaryColumn({ name: 'sid_hash', type: 'text', primaryKeyConstraintName: 'PK_web_session' })
  sidHash: string;

  @Index('IDX_web_session_user')
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @ManyToOne(() => User, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_web_session_user' })
  user?: User | null;

  @Column({ type: 'jsonb' })
  data: JsonObject;

  @Index('IDX_web_session_expires')
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
