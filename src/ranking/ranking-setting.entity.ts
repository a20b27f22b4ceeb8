import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import type { Federation, RankingMethod } from './core/ranking-inputs';

/**
 * A federation's ranking choice (docs/rules.md §12.1): its method (null: the federation's
 * default) and the constants it changed (the rest are the defaults), and the day the stored
 * list was last computed for.
 */
@Entity('ranking_setting')
@Check('CHK_ranking_setting_federation', `"federation" IN ('frsc', 'pfs')`)
@Check('CHK_ranking_setting_method', `"method" IS NULL OR "method" IN ('pfs', 'elo', 'none')`)
export class RankingSetting {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_ranking_setting' })
  federation: Federation;

  @Column({ type: 'text', nullable: true })
  method: RankingMethod | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  constants: Record<string, number | boolean>;

  /** The day the stored list is as of; null before the first computation. */
  @Column({ name: 'computed_on', type: 'date', nullable: true })
  computedOn: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz', nullable: true })
  updatedAt: Date | null;
}
