import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Competition } from './competition.entity';
import { Group } from './group.entity';
import { Player } from '../players/player.entity';

/** A player entered in a competition; placed in a group, at a seat of the pairing table, when groups are made. */
@Entity('registration')
@Index('UQ_registration_player', ['competitionId', 'playerId'], { unique: true })
@Index('UQ_registration_seat', ['groupId', 'seat'], { unique: true })
export class Registration {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_registration' })
  id: string;

  @Column({ name: 'competition_id', type: 'uuid' })
  competitionId: string;

  @ManyToOne(() => Competition, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'competition_id', foreignKeyConstraintName: 'FK_registration_competition' })
  competition?: Competition;

  @Index('IDX_registration_group')
  @Column({ name: 'group_id', type: 'uuid', nullable: true })
  groupId: string | null;

  @ManyToOne(() => Group, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'group_id', foreignKeyConstraintName: 'FK_registration_group' })
  group?: Group | null;

  @Index('IDX_registration_player')
  @Column({ name: 'player_id', type: 'uuid' })
  playerId: string;

  @ManyToOne(() => Player, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'player_id', foreignKeyConstraintName: 'FK_registration_player' })
  player?: Player;

  /** Place in the imported list (1-based): the order "as the arbiter lists". */
  @Column({ name: 'list_position', type: 'integer' })
  listPosition: number;

  /** Seat number in the group's pairing table (docs/rules.md §9, F 9.3), 1-based. */
  @Column({ type: 'integer', nullable: true })
  seat: number | null;

  /** Set when the arbiter withdraws the player from the competition. */
  @Column({ name: 'withdrawn_at', type: 'timestamptz', nullable: true })
  withdrawnAt: Date | null;

  /**
   * The addresses this competition's arbiter typed for the player (their import line, and those
   * they added since): all the arbiter sees of the player's addresses (docs/web.md "A player's identity").
   */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  emails: string[];

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
