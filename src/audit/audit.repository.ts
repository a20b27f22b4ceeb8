import { Injectable } from '@nestjs/common';
import { Brackets, type EntityManager } from 'typeorm';
import { Database } from '../database/database';
import { deferRows } from '../database/insert-rows';
import { AuditEntry } from './audit.entity';

/** The audit log's rows, in the caller's unit of work: an entry commits with the change it records. */
@Injectable()
export class AuditRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  async add(fields: AuditEntry): Promise<AuditEntry> {
    const entry = this.m.create(AuditEntry, fields);
    await deferRows(this.m, AuditEntry, entry);
    return entry;
  }

  /**
   * A competition's latest entries matching the audit page's filter, the newest first: by or
   * about a player (their account acted, or the entry names them), of actions beginning with
   * one of the prefixes, between two instants.
   */
  filteredOf(
    competitionId: string,
    filter: {
      readonly player?: { readonly id: string; readonly userId: string | null };
      readonly actionPrefixes?: readonly string[];
      readonly after?: Date;
      readonly before?: Date;
    },
    limit: number,
  ): Promise<AuditEntry[]> {
    const q = this.m.createQueryBuilder(AuditEntry, 'a').where('a.competitionId = :competitionId', { competitionId });
    const { player, actionPrefixes, after, before } = filter;
    if (player) {
      q.andWhere(
        new Brackets((b) => {
          b.where(`a.details ->> 'playerId' = :playerId`, { playerId: player.id });
          if (player.userId) b.orWhere('a.actorUserId = :userId', { userId: player.userId });
        }),
      );
    }
    if (actionPrefixes?.length) {
      q.andWhere(
        new Brackets((b) =>
          actionPrefixes.forEach((prefix, i) => b.orWhere(`a.action LIKE :prefix${i}`, { [`prefix${i}`]: `${prefix}%` })),
        ),
      );
    }
    if (after) q.andWhere('a.at >= :after', { after });
    if (before) q.andWhere('a.at < :before', { before });
    return q.orderBy('a.at', 'DESC').addOrderBy('a.id', 'ASC').take(limit).getMany();
  }

  /** A competition's latest entries, the newest first. */
  latestOf(competitionId: string, limit: number): Promise<AuditEntry[]> {
    return this.m.find(AuditEntry, { where: { competitionId }, order: { at: 'DESC', id: 'ASC' }, take: limit });
  }
}
