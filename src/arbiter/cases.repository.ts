import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { isUuid } from '../common/ids';
import type { JsonObject } from '../common/json';
import { Database } from '../database/database';
import { insertRows } from '../database/insert-rows';
import { Case, type CaseKind, type CaseStatus } from './case.entity';

/** The arbiter's cases, in the caller's unit of work. */
@Injectable()
export class CasesRepository {
  constructor(private readonly db: Database) {}

  private get m(): EntityManager {
    return this.db.manager;
  }

  async add(fields: Omit<Case, 'competition'>): Promise<Case> {
    const row = this.m.create(Case, fields);
    await insertRows(this.m, Case, row);
    return row;
  }

  /**
   * Adds the case unless one with its id is there already (an id derived from what the case
   * is about makes opening it twice one row): true when added.
   */
  async addOnce(fields: Omit<Case, 'competition'>): Promise<boolean> {
    const inserted = await this.m
      .createQueryBuilder()
      .insert()
      .into(Case)
      .values(this.m.create(Case, fields) as never)
      .orIgnore()
      .returning('id')
      .execute();
    return (inserted.raw as unknown[]).length > 0;
  }

  /** The case locked until the transaction ends, if it is of this kind (any kind when none is given). */
  lock(caseId: string, kind?: CaseKind): Promise<Case | null> {
    if (!isUuid(caseId)) return Promise.resolve(null);
    return this.m.findOne(Case, { where: { id: caseId, ...(kind !== undefined && { kind }) }, lock: { mode: 'pessimistic_write' } });
  }

  /** The game's open cases of these kinds, the oldest first. */
  openFor(gameId: string, kinds: readonly CaseKind[]): Promise<Case[]> {
    return this.m.find(Case, { where: { gameId, status: 'open', kind: In([...kinds]) }, order: { openedAt: 'ASC' } });
  }

  /** Open cases of a competition, the most urgent first. */
  openOf(competitionId: string): Promise<Case[]> {
    return this.m.find(Case, {
      where: { competitionId, status: 'open' },
      order: { dueOn: { direction: 'ASC', nulls: 'LAST' }, openedAt: 'ASC' },
    });
  }

  /** Open cases of these competitions, the oldest first. */
  openIn(competitionIds: readonly string[]): Promise<Case[]> {
    if (!competitionIds.length) return Promise.resolve([]);
    return this.m.find(Case, { where: { competitionId: In([...competitionIds]), status: 'open' }, order: { openedAt: 'ASC' } });
  }

  /** Every open case, with its competition: what the arbiters are told of (docs/mail-rules.md 20). */
  openEverywhere(): Promise<Case[]> {
    return this.m.find(Case, { where: { status: 'open' }, relations: { competition: true }, order: { openedAt: 'ASC', id: 'ASC' } });
  }

  /** A competition's cases of one kind: open ones first, then closed, newest first. */
  ofKind(competitionId: string, kind: CaseKind): Promise<Case[]> {
    return this.m.find(Case, { where: { competitionId, kind }, order: { status: 'DESC', openedAt: 'DESC' } });
  }

  async close(ids: readonly string[], closedAt: Date): Promise<void> {
    await this.m.update(Case, { id: In([...ids]) }, { status: 'closed', closedAt });
  }

  /** Closes the case if it is still open (a decision may come after someone closed it by hand). */
  async closeIfOpen(id: string, closedAt: Date): Promise<void> {
    await this.m.update(Case, { id, status: 'open' }, { status: 'closed', closedAt });
  }

  async setStatus(id: string, status: CaseStatus, closedAt: Date): Promise<void> {
    await this.m.update(Case, { id }, { status, closedAt });
  }

  /** The open case of a kind on a game (a move review), if any. */
  openCase(gameId: string, kind: string): Promise<Case | null> {
    return this.m.findOneBy(Case, { gameId, kind, status: 'open' });
  }

  /** What a case carries for the arbiter (a claim's answers, why a silence case closed). */
  async setCasePayload(id: string, payload: JsonObject): Promise<void> {
    // A JSON column: TypeORM's deep partial type of it cannot be instantiated.
    await this.m.update(Case, { id }, { payload: payload as never });
  }

  /** The whole row written back: TypeORM's typed update of a jsonb column blows the type checker's depth. */
  async save(row: Case): Promise<void> {
    await this.m.save(Case, row);
  }
}
