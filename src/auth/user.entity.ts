import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Player } from '../players/player.entity';
import type { Language } from '../players/player.entity';
import type { Role } from './core/actor';

/** docs/mail-rules.md 20: the arbiter's cases mailed one by one, or in a daily digest (the default). */
export const CASE_MAIL_CHOICES = ['at-once', 'digest'] as const;
export type CaseMailChoice = (typeof CASE_MAIL_CHOICES)[number];

/**
 * A login identity. `app_user`, not `user`: USER is reserved in PostgreSQL and every
 * hand-written query would have to quote it.
 */
@Entity('app_user')
@Check('CHK_app_user_roles', `"roles" <@ ARRAY['player', 'arbiter', 'admin']::text[]`)
@Check('CHK_app_user_language', `"language" IN ('ro', 'en')`)
@Check('CHK_app_user_case_mail', `"case_mail" IN ('at-once', 'digest')`)
export class User {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_app_user' })
  id: string;

  @Column({ name: 'display_name', type: 'text' })
  displayName: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  roles: Role[];

  /** The player this user plays as, if any: one user per player. */
  @Index('UQ_app_user_player', { unique: true })
  @Column({ name: 'player_id', type: 'uuid', nullable: true })
  playerId: string | null;

  @ManyToOne(() => Player, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'FK_app_user_player' })
  player?: Player | null;

  /** The language of their pages and login mail when they are not a player (a player's is player.language). */
  @Column({ type: 'text', default: 'ro' })
  language: Language;

  /** How an arbiter is told of new and overdue cases (docs/mail-rules.md 20): one mail each, or a daily digest. */
  @Column({ name: 'case_mail', type: 'text', default: 'digest' })
  caseMail: CaseMailChoice;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
