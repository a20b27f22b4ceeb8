import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../auth/core/actor';
import { Refusal } from '../common/refusal';
import { Clock } from '../common/clock';
import type { JsonObject } from '../common/json';
import { CompetitionsRepository } from '../competitions/competitions.repository';
import { Database } from '../database/database';
import { uuidOf } from '../common/ids';
import { arbitratedCompetition } from './arbitrated-competition';
import { AuditService } from '../audit/audit.service';
import type { Case, CaseKind } from './case.entity';
import { CasesRepository } from './cases.repository';
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
    private readonly cases: CasesRepository,
    private readonly competitions: CompetitionsRepository,
  ) {}

  open(input: NewCase): Promise<Case> {
    return this.cases.add(this.row(randomUUID(), input));
  }

  private row(id: string, input: NewCase): Omit<Case, 'competition'> {
    return {
      id,
      competitionId: input.competitionId,
      gameId: input.gameId ?? null,
      kind: input.kind,
      status: 'open',
      dueOn: input.dueOn ?? null,
      payload: input.payload,
      openedAt: this.clock.now(),
      closedAt: null,
    };
  }

  /**
   * Opens the case once for `key` (what it is about, e.g. an outage and a competition): its id
   * is derived from the key, so opening it again — another instance, a replayed beat — adds
   * nothing. The case's id, or null when it was open already.
   */
  async openOnce(key: string, input: NewCase): Promise<string | null> {
    const id = uuidOf(`${input.kind}:${key}`);
    const added = await this.cases.addOnce(this.row(id, input));
    return added ? id : null;
  }

  /** The game's open cases of these kinds (a ruling settles them). */
  openFor(gameId: string, kinds: readonly CaseKind[]): Promise<Case[]> {
    return this.cases.openFor(gameId, kinds);
  }

  /** Closes the game's open cases of these kinds; returns them (the first is the one a ruling cites). */
  async closeFor(gameId: string, kinds: readonly CaseKind[]): Promise<Case[]> {
    const cases = await this.openFor(gameId, kinds);
    if (cases.length) {
      const now = this.clock.now();
      await this.cases.close(
        cases.map((c) => c.id),
        now,
      );
      for (const c of cases) Object.assign(c, { status: 'closed', closedAt: now });
    }
    return cases;
  }

  /** What a case carries for the arbiter (a claim's answers, why a silence case closed). */
  setCasePayload(id: string, payload: JsonObject): Promise<void> {
    return this.cases.setCasePayload(id, payload);
  }

  /** Open cases of a competition, the most urgent first: the arbiter's dashboard. */
  listOpen(competitionId: string): Promise<Case[]> {
    return this.cases.openOf(competitionId);
  }

  /** Closes one case, if still open, in the transaction of the decision that settles it (an objection's). */
  async closeOne(caseId: string): Promise<void> {
    await this.cases.closeIfOpen(caseId, this.clock.now());
  }

  /**
   * Closes, with the arbiter's reason, a case no ruling settles by itself (case-rules.ts
   * closeByHand), audited in the same transaction. `check` is the caller's own last check
   * (the web form's confirmation), run once the case is known to be the actor's and closable.
   */
  closeByHand(actor: Actor, caseId: string, reason: string, check?: () => void): Promise<void> {
    return this.db.transaction(async () => {
      const found = await this.cases.lock(caseId);
      if (!found) throw caseRefusals.notYours({ ro: `Cazul ${caseId}`, en: `Case ${caseId}`, pl: `Sprawa ${caseId}` });
      await arbitratedCompetition(this.competitions, actor, found.competitionId);
      const closing = closeByHand(found, { reason });
      if (closing instanceof Refusal) throw closing;
      check?.();
      await this.cases.setStatus(found.id, closing.status, this.clock.now());
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
