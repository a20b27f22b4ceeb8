import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Small named facts the platform keeps about itself (heartbeat, first admin, …). */
@Entity('platform_state')
export class PlatformState {
  @PrimaryColumn({ type: 'text' })
  key: string;

  @Column({ type: 'jsonb' })
  value: unknown;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
