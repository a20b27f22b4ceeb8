import { Injectable } from '@nestjs/common';
import type { Actor } from '../auth/core/actor';
import { Refusal } from '../common/refusal';
import { Clock } from '../common/clock';
import type { JsonObject } from '../common/json';
import { CompetitionsRepository } from '../competitions/competitions.repository';
import { Database } from '../database/database';
import { localDate } from '../common/calendar';
import { decideAppeal, lodgeAppeal, type AppealReferences, type CommissionAppealInput } from '../arbiter/core/appeal-rules';
import { arbitratedCompetition } from '../arbiter/arbitrated-competition';
import { caseRefusals, COMMISSION_APPEAL } from '../arbiter/core/case-rules';
import { AuditService } from '../audit/audit.service';
import type { Case } from '../arbiter/case.entity';
import { CasesRepository } from '../arbiter/cases.repository';
import { CasesService } from '../arbiter/cases.service';
import { RulingsRepository } from '../arbiter/rulings.repository';
import { GameListingsRepository } from '../games/persistence/game-listings.repository';

/** An appeal as the commission's page lists it: the case's state and the appeal's words. */
export type AppealRow = { readonly id: string; readonly status: Case['status']; readonly open: boolean; readonly gameId: string | null } & {
  readonly openedAt: string;
  readonly closedAt: string | null;
} & JsonObject;

/**
 * The appeals to the federation's commission (docs/web.md, Arbiter's panel): lodged against a decision as a case
 * of their own kind, decided once with the commission's outcome. Each action loads, asks
 * appeal-rules and writes the case and its audit entry in one transaction.
 */
@Injectable()
export class AppealsService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly cases: CasesService,
    private readonly audit: AuditService,
    private readonly competitions: CompetitionsRepository,
    private readonly caseRows: CasesRepository,
    private readonly rulings: RulingsRepository,
    private readonly games: GameListingsRepository,
  ) {}

  /** The commission's appeals of a competition: open ones first, then decided, newest first. */
  list(actor: Actor, competitionId: string): Promise<AppealRow[]> {
    return this.db.run(async () => {
      await arbitratedCompetition(this.competitions, actor, competitionId);
      const rows = await this.caseRows.ofKind(competitionId, COMMISSION_APPEAL);
      return rows.map((c) => ({
        id: c.id,
        status: c.status,
        open: c.status === 'open',
        gameId: c.gameId,
        openedAt: c.openedAt.toISOString(),
        closedAt: c.closedAt?.toISOString() ?? null,
        ...c.payload,
      }));
    });
  }

  /** Records an appeal against a decision: a case open until the commission's outcome is entered. */
  lodge(actor: Actor, competitionId: string, input: CommissionAppealInput): Promise<Case> {
    return this.db.transaction(async () => {
      const competition = await arbitratedCompetition(this.competitions, actor, competitionId);
      const lodging = lodgeAppeal(input, await this.references(competitionId, input), localDate(this.clock.now(), competition.timeZone));
      if (lodging instanceof Refusal) throw lodging;
      const { gameId, payload } = lodging;
      const opened = await this.cases.open({ competitionId, gameId, kind: COMMISSION_APPEAL, payload });
      const details = { caseId: opened.id, ...payload };
      await this.audit.record({ actor, asArbiter: true, action: 'commission-appeal.lodged', competitionId, gameId, details });
      return opened;
    });
  }

  /** The ruling and the game the appeal names, looked up in the competition only. */
  private async references(competitionId: string, input: CommissionAppealInput): Promise<AppealReferences> {
    const { rulingId, gameId } = input;
    return {
      ...(rulingId && { ruling: await this.rulings.inCompetition(rulingId, competitionId) }),
      ...(gameId && { game: await this.games.gameIn(gameId, competitionId) }),
    };
  }

  /**
   * The commission's outcome, entered by the arbiter: the case closes with it. `confirmed` runs once the
   * case is known to be this arbiter's, before anything changes (the web form's box, as closeByHand's).
   */
  decide(
    actor: Actor,
    caseId: string,
    input: { readonly outcome: string; readonly comment: string },
    confirmed?: () => void,
  ): Promise<void> {
    return this.db.transaction(async () => {
      const found = await this.caseRows.lock(caseId, COMMISSION_APPEAL);
      if (!found) throw caseRefusals.notYours({ ro: `Apelul ${caseId}`, en: `Appeal ${caseId}`, pl: `Odwołanie ${caseId}` });
      const competition = await arbitratedCompetition(this.competitions, actor, found.competitionId);
      confirmed?.();
      const decision = decideAppeal(found, input, localDate(this.clock.now(), competition.timeZone));
      if (decision instanceof Refusal) throw decision;
      Object.assign(found, { status: decision.status, closedAt: this.clock.now(), payload: decision.payload });
      await this.caseRows.save(found);
      await this.audit.record({
        actor,
        asArbiter: true,
        action: 'commission-appeal.decided',
        competitionId: found.competitionId,
        gameId: found.gameId,
        details: { caseId, outcome: decision.outcome, comment: decision.comment },
      });
    });
  }
}
