import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * When the platform was up (docs/sweep.md): the heartbeat stretches the latest span while
 * beats keep coming and starts a new one after a silence. The gap between two spans is
 * time the platform could not receive moves.
 */
@Entity('platform_uptime')
@Index('IDX_platform_uptime_to', ['toAt'])
export class UptimeSpan {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_platform_uptime' })
  id: string;

  @Column({ name: 'from_at', type: 'timestamptz' })
  fromAt: Date;

  @Column({ name: 'to_at', type: 'timestamptz' })
  toAt: Date;
}
