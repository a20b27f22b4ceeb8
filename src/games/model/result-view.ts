// A game's result as the pages, the mails and the cases show it (docs/rules.md §7): read by the
// game's view, the sheet and the coefficients, written where the game ends (actions/result-proposals.service.ts).
import { toDecimal, type Outcome } from '../../coefficients/core/coefficients';
import { toLocalDate } from '../../common/calendar';
import type { Color } from '../../engine';
import type { Result } from '../entities/result.entity';

export interface ResultView {
  readonly gameId: string;
  readonly status: Result['status'];
  readonly outcome: Outcome;
  readonly scores: Readonly<Record<Color, number>>;
  readonly coefficients: Readonly<Record<Color, number>>;
  readonly automatic: boolean;
  readonly dueOn: string;
  readonly confirmed: Readonly<Record<Color, boolean>>;
  /** When each player confirmed the final sheet (ISO instant), null while they have not. */
  readonly confirmedAt: Readonly<Record<Color, string | null>>;
  readonly objections: Result['objections'];
  readonly homologatedAt: string | null;
}

export function resultView(r: Result): ResultView {
  return {
    gameId: r.gameId,
    status: r.status,
    outcome: r.outcome,
    scores: { red: r.redScore, blue: r.blueScore },
    coefficients: { red: toDecimal(r.redCoefficient), blue: toDecimal(r.blueCoefficient) },
    automatic: r.automatic,
    dueOn: toLocalDate(r.dueOn),
    confirmed: { red: r.redConfirmedAt !== null, blue: r.blueConfirmedAt !== null },
    confirmedAt: { red: r.redConfirmedAt?.toISOString() ?? null, blue: r.blueConfirmedAt?.toISOString() ?? null },
    objections: r.objections,
    homologatedAt: r.homologatedAt?.toISOString() ?? null,
  };
}

/** The result as a mail or case payload carries it. */
export function jsonResult(view: ResultView) {
  return { outcome: view.outcome, scores: view.scores, coefficients: view.coefficients, dueOn: view.dueOn, automatic: view.automatic };
}
