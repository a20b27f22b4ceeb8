import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import type { Actor } from '../auth/core/actor';
import { Refusal } from '../common/refusal';
import { Clock } from '../common/clock';
import type { JsonObject } from '../common/json';
import { isUuid } from '../common/ids';
import { Database } from '../database/database';
import { insertRows } from '../database/insert-rows';
import { arbitratedCompetition } from './arbitrated-competition';
import { AuditService } from '../audit/audit.service';
import { Case, type CaseKind } from './case.entity';
import { caseRefusals, closeByHand } from './core/case-rules';

export interface NewCase {
  readonly competitionId: string;
  readonly gameId?: string | null;
  readonly kind: CaseKind;
  readonly dueOn?: string | null;
  readonly payload: JsonObject;
}

/**
 * Cases for the arbiter, opened and closed in the transaction of the action that raises or
 * settles them; a case no decision settles is closed by hand in a transaction of its own.
 */
@Injectable()
export class CasesService {
  constructor(
    private readonly clock: Clock,
    private readonly db: Database,
    private readonly audit: AuditService,
  ) {}

  async open(input: NewCase): Promise<Case> {
    const manager = this.db.manager;
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
  openFor(gameId: string, kinds: readonly CaseKind[]): Promise<Case[]> {
    return this.db.manager.find(Case, { where: { gameId, status: 'open', kind: In([...kinds]) }, order: { openedAt: 'ASC' } });
  }

  /** Closes the game's open cases of these kinds; returns them (the first is the one a ruling cites). */
  async closeFor(gameId: string, kinds: readonly CaseKind[]): Promise<Case[]> {
    const manager = this.db.manager;
    const cases = await this.openFor(gameId, kinds);
    if (cases.length) {
      const now = this.clock.now();
      await manager.update(Case, { id: In(cases.map((c) => c.id)) }, { status: 'closed', closedAt: now });
      for (const c of cases) Object.assign(c, { status: 'closed', closedAt: now });
    }
    return cases;
  }

  /** Open cases of a competition, the most urgent first: the arbiter's dashboard. */
  listOpen(competitionId: string): Promise<Case[]> {
    return this.db.manager.find(Case, {
      where: { competitionId, status: 'open' },
      order: { dueOn: { direction: 'ASC', nulls: 'LAST' }, openedAt: 'ASC' },
    });
  }

  /**
   * Closes, with the arbiter's reason, a case no ruling settles by itself (case-rules.ts
   * closeByHand), audited in the same transaction. `check` is the caller's own last check
   * (the web form's confirmation), run once the case is known to be the actor's and closable.
   */
  closeByHand(actor: Actor, caseId: string, reason: string, check?: () => void): Promise<void> {
    return this.db.transaction(async (m) => {
      const found = isUuid(caseId) ? await m.findOne(Case, { where: { id: caseId }, lock: { mode: 'pessimistic_write' } }) : null;
      if (!found) throw caseRefusals.notYours(`Cazul ${caseId}`);
      await arbitratedCompetition(m, actor, found.competitionId);
      const closing = closeByHand(found, { reason });
      if (closing instanceof Refusal) throw closing;
      check?.();
      await m.update(Case, { id: found.id }, { status: closing.status, closedAt: this.clock.now() });
      await this.audit.record({
        actor,
        asArbiter: true,
        action: 'case.closed',
        competitionId: found.competitionId,
        gameId: found.gameId,
        details: { caseId, kind: found.kind, reason: closing.reason },
      });
    });
  }
}
