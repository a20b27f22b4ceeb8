import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from './user.entity';

/** One of a user's addresses; stored lower-cased so lookups by sender are exact. */
@Entity('user_email')
export class UserEmail {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_user_email' })
  id: string;

  @Index('IDX_user_email_user')
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_user_email_user' })
  user?: User;

  @Index('UQ_user_email_address', { unique: true })
  @Column({ type: 'text' })
  address: string;

  @Column({ type: 'boolean', default: false })
  verified: boolean;
}
