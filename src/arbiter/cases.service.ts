import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import type { JsonObject } from '../common/json';
import { insertRows } from '../database/insert-rows';
import { Case, type CaseKind } from './case.entity';

export interface NewCase {
  readonly competitionId: string;
  readonly gameId?: string | null;
  readonly kind: CaseKind;
  readonly dueOn?: string | null;
  readonly payload: JsonObject;
}

/** Cases for the arbiter, opened and closed in the transaction of the action that raises or settles them. */
@Injectable()
export class CasesService {
  constructor(private readonly clock: Clock) {}

  async open(manager: EntityManager, input: NewCase): Promise<Case> {
    const row = manager.create(Case, {
      id: randomUUID(),
      competitionId: input.competitionId,
      gameId: input.gameId ?? null,
      kind: input.kind,
      status: 'open',
      dueOn: input.dueOn ?? null,
      payload: input.payload,
      openedAt: this.clock.now(),
      closedAt: null,
    });
    await insertRows(manager, Case, row);
    return row;
  }

  /** The game's open cases of these kinds (a ruling settles them). */
  openFor(manager: EntityManager, gameId: string, kinds: readonly CaseKind[]): Promise<Case[]> {
    return manager.find(Case, { where: { gameId, status: 'open', kind: In([...kinds]) }, order: { openedAt: 'ASC' } });
  }

  /** Closes the game's open cases of these kinds; returns them (the first is the one a ruling cites). */
  async closeFor(manager: EntityManager, gameId: string, kinds: readonly CaseKind[]): Promise<Case[]> {
    const cases = await this.openFor(manager, gameId, kinds);
    if (cases.length) {
      const now = this.clock.now();
      await manager.update(Case, { id: In(cases.map((c) => c.id)) }, { status: 'closed', closedAt: now });
      for (const c of cases) Object.assign(c, { status: 'closed', closedAt: now });
    }
    return cases;
  }

  /** Open cases of a competition, the most urgent first: the arbiter's dashboard. */
  listOpen(manager: EntityManager, competitionId: string): Promise<Case[]> {
    return manager.find(Case, { where: { competitionId, status: 'open' }, order: { dueOn: { direction: 'ASC', nulls: 'LAST' }, openedAt: 'ASC' } });
  }
}
