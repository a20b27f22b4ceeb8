import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

import type { Language } from '../common/bilingual';
export type { Language };

/**
 * A person who plays, known across competitions by their addresses (player_email).
 * The previous coefficient and rank are what the next game sheet prints for them
 * (docs/rules.md §7 interpretations, §8).
 */
@Entity('player')
@Check('CHK_player_language', `"language" IN ('ro', 'en')`)
export class Player {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_player' })
  id: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', nullable: true })
  club: string | null;

  /** The language of their mail and pages. */
  @Column({ type: 'text', default: 'ro' })
  language: Language;

  /** Mail once a day (the daily digest, docs/mail-rules.md) rather than one mail per event. */
  @Column({ name: 'mail_digest', type: 'boolean', default: false })
  mailDigest: boolean;

  /** Average homologated coefficient of their last competition, in ten-thousandths (1.5219 → 15219). */
  @Column({ name: 'previous_coefficient', type: 'integer', nullable: true })
  previousCoefficient: number | null;

  /** Their place in their last competition. */
  @Column({ name: 'previous_rank', type: 'integer', nullable: true })
  previousRank: number | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
