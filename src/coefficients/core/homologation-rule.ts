// docs/rules.md §7: "each player confirms the final sheet or objects within 5 days of the game's
// end (silence confirms), then the arbiter homologates." This is the rule for "may this
// result be homologated now, and if not, why not", for the arbiter and for the platform's
// own (automatic) homologation alike; and for "may a player still confirm or object".
import type { Color } from '../../common/color';
import type { LocalDate } from '../../common/calendar';

export interface HomologationFacts {
  readonly status: 'proposed' | 'homologated';
  /** Today in the competition's time zone. */
  readonly today: LocalDate;
  /** The last day the players may confirm or object (the window's end, inclusive). */
  readonly dueOn: LocalDate;
  readonly confirmed: Readonly<Record<Color, boolean>>;
  /** Objections not yet decided (upheld or rejected) by the arbiter. */
  readonly openObjections: number;
}

export interface HomologationAsk {
  /** The arbiter's explicit override of a window still open; never the platform's. */
  readonly override: boolean;
  readonly reason: string | null;
}

export type HomologationBasis = 'window-closed' | 'both-confirmed' | 'override';
export type HomologationRefusalReason = 'already-homologated' | 'objection-open' | 'window-open' | 'override-without-reason';

export type HomologationDecision =
  { readonly ok: true; readonly basis: HomologationBasis } | { readonly ok: false; readonly why: HomologationRefusalReason };

/** True while the players may still confirm or object: up to and including `dueOn`. */
export function windowOpen(today: LocalDate, dueOn: LocalDate): boolean {
  return today <= dueOn;
}

/**
 * May the result be homologated now? An open objection always waits for the arbiter's
 * decision (no override skips it); inside the window both players must have confirmed,
 * or the arbiter overrides with a reason; once the window has closed, silence confirms.
 */
export function mayHomologate(facts: HomologationFacts, ask: HomologationAsk = { override: false, reason: null }): HomologationDecision {
  if (facts.status === 'homologated') return { ok: false, why: 'already-homologated' };
  if (facts.openObjections > 0) return { ok: false, why: 'objection-open' };
  if (!windowOpen(facts.today, facts.dueOn)) return { ok: true, basis: 'window-closed' };
  if (facts.confirmed.red && facts.confirmed.blue) return { ok: true, basis: 'both-confirmed' };
  if (!ask.override) return { ok: false, why: 'window-open' };
  if (!ask.reason?.trim()) return { ok: false, why: 'override-without-reason' };
  return { ok: true, basis: 'override' };
}

export type AnswerRefusalReason = 'already-homologated' | 'window-closed';

export type AnswerDecision =
  { readonly ok: true } | { readonly ok: false; readonly why: AnswerRefusalReason; readonly closedOn: LocalDate };

/**
 * May a player still confirm the final sheet or object to it? "Each player confirms … or
 * objects within 5 days of the game's end (silence confirms)": both answers are taken up to
 * and including `dueOn`, neither after it — by then silence has confirmed the sheet, so a late
 * confirmation would say nothing and a late objection would reopen what the rule closed.
 */
export function mayAnswer(facts: Pick<HomologationFacts, 'status' | 'today' | 'dueOn'>): AnswerDecision {
  if (facts.status === 'homologated') return { ok: false, why: 'already-homologated', closedOn: facts.dueOn };
  if (!windowOpen(facts.today, facts.dueOn)) return { ok: false, why: 'window-closed', closedOn: facts.dueOn };
  return { ok: true };
}
