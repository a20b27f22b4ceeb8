import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../../auth/user.entity';
import { Competition } from '../../competitions/competition.entity';
import { Player } from '../../players/player.entity';

/**
 * Leave the arbiter approves beyond the holiday right (illness, bereavement…): like a
 * holiday (docs/rules.md §5) its days are not thinking days and do not count as silence, in
 * every game of the player in the competition. The core takes it as a holiday range.
 */
@Entity('special_leave')
@Index('IDX_special_leave_player', ['competitionId', 'playerId'])
@Check('CHK_special_leave_range', `"to_day" >= "from_day"`)
export class SpecialLeave {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_special_leave' })
  id: string;

  @Column({ name: 'competition_id', type: 'uuid' })
  competitionId: string;

  @ManyToOne(() => Competition, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'competition_id', foreignKeyConstraintName: 'FK_special_leave_competition' })
  competition?: Competition;

  @Column({ name: 'player_id', type: 'uuid' })
  playerId: string;

  @ManyToOne(() => Player, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'FK_special_leave_player' })
  player?: Player;

  /** First and last day, both included. */
  @Column({ name: 'from_day', type: 'date' })
  fromDay: string;

  @Column({ name: 'to_day', type: 'date' })
  toDay: string;

  @Column({ type: 'text' })
  reason: string;

  @Column({ name: 'approved_by_user_id', type: 'uuid', nullable: true })
  approvedByUserId: string | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT', nullable: true })
  @JoinColumn({ name: 'approved_by_user_id', foreignKeyConstraintName: 'FK_special_leave_approved_by' })
  approvedBy?: User | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
