// The commission's appeals (docs/rules.md §6) as plain decisions: an appeal against
// a decision is a case of its own kind, lodged with the decision, a comment and the fee's
// receipt, open until the federation's commission decides it, once. Pure: the appeals service
// loads, decides and writes.
import type { Refusal } from '../../common/refusal';
import type { JsonObject } from '../../common/json';
import { refusals } from '../../games/core/game-refusals';
import { caseRefusals } from './case-rules';
export const COMMISSION_OUTCOMES = ['upheld', 'rejected', 'partly-upheld', 'withdrawn'] as const;
export type CommissionOutcome = (typeof COMMISSION_OUTCOMES)[number];

export interface CommissionAppealInput {
  /** The decision appealed: a ruling, or words when it was not a ruling of the platform's. */
  readonly decision: string;
  readonly rulingId?: string;
  readonly gameId?: string;
  readonly appellant: string;
  readonly comment: string;
  /** The receipt of the appeal fee (number, date). */
  readonly feeReceipt: string;
}

/**
 * The records an appeal names, as the service found them in the competition: absent when the
 * appeal names none, null when the one it names is not there.
 */
export interface AppealReferences {
  readonly ruling?: { readonly gameId: string | null } | null;
  readonly game?: { readonly id: string } | null;
}

/** A lodged appeal: the case's game and payload. */
export interface AppealLodging {
  readonly gameId: string | null;
  readonly payload: JsonObject;
}

/** Lodges an appeal: the decision appealed, who appeals and the fee's receipt are required; what it names must exist. */
export function lodgeAppeal(input: CommissionAppealInput, found: AppealReferences, today: string): AppealLodging | Refusal {
  const decision = input.decision.trim();
  if (!decision) return caseRefusals.missing('decision appealed', 'decizia atacată', 'zaskarżona decyzja');
  if (!input.appellant.trim()) return caseRefusals.missing('appellant', 'cine face apelul', 'kto składa odwołanie');
  if (!input.feeReceipt.trim()) return caseRefusals.missing('fee receipt', 'chitanța taxei', 'potwierdzenie wpłaty opłaty');
  let gameId: string | null = null;
  if (input.rulingId) {
    if (!found.ruling)
      return caseRefusals.notYours({ ro: `Decizia ${input.rulingId}`, en: `Ruling ${input.rulingId}`, pl: `Decyzja ${input.rulingId}` });
    gameId = found.ruling.gameId;
  }
  if (input.gameId) {
    if (!found.game)
      return caseRefusals.notYours({ ro: `Partida ${input.gameId}`, en: `Game ${input.gameId}`, pl: `Partia ${input.gameId}` });
    gameId = found.game.id;
  }
  const payload: JsonObject = {
    decision,
    rulingId: input.rulingId || null,
    appellant: input.appellant.trim(),
    comment: input.comment.trim(),
    feeReceipt: input.feeReceipt.trim(),
    lodgedOn: today,
    outcome: null,
    outcomeComment: null,
  };
  return { gameId, payload };
}

/** What the rule reads of an appeal's case. */
export interface AppealState {
  readonly status: 'open' | 'closed';
  readonly payload: JsonObject;
}

/** The commission's decision: the case closes, its payload keeps the appeal and adds the outcome. */
export interface AppealDecision {
  readonly status: 'closed';
  readonly payload: JsonObject;
  readonly outcome: CommissionOutcome;
  readonly comment: string;
}

export function isCommissionOutcome(value: string): value is CommissionOutcome {
  return (COMMISSION_OUTCOMES as readonly string[]).includes(value);
}

/** The commission's outcome, entered by the arbiter with its reasons: an appeal is decided once. */
export function decideAppeal(
  appeal: AppealState,
  command: { readonly outcome: string; readonly comment: string },
  today: string,
): AppealDecision | Refusal {
  const { outcome } = command;
  if (!isCommissionOutcome(outcome)) return caseRefusals.noOutcome();
  const comment = command.comment.trim();
  if (!comment) return refusals.reasonRequired();
  if (appeal.status !== 'open') return caseRefusals.appealDecided();
  return { status: 'closed', outcome, comment, payload: { ...appeal.payload, outcome, outcomeComment: comment, decidedOn: today } };
}
