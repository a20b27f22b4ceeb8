import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';

/**
 * One platform outage (docs/sweep.md, Downtime credits): the silence between the last beat of one uptime
 * span and the first of the next. Its start is unique, so however often the platform is
 * restarted or the heartbeat runs again, an outage is recorded — and its credit case
 * opened — once.
 */
@Entity('platform_outage')
@Unique('UQ_platform_outage_from', ['fromAt'])
export class PlatformOutage {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_platform_outage' })
  id: string;

  /** The last beat before the silence. */
  @Column({ name: 'from_at', type: 'timestamptz' })
  fromAt: Date;

  /** The first beat after it. */
  @Column({ name: 'to_at', type: 'timestamptz' })
  toAt: Date;
}
