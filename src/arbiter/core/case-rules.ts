// The arbiter's cases (docs/web.md, Arbiter's panel) as plain decisions: closing one by hand takes the case and
// the arbiter's words and gives the change or the refusal. Pure: the cases service loads,
// decides and writes; the appeals' rules (appeal-rules.ts) lean on these refusals.
import type { Bilingual } from '../../common/bilingual';
import { notFound, Refusal } from '../../common/refusal';
import { refusals } from '../../games/core/game-refusals';

/** The case kind of an appeal to the federation's commission (docs/rules.md §6). */
export const COMMISSION_APPEAL = 'commission-appeal';

/** Every way the arbiter's cases say no: a stable code, the reason in Romanian, English and Polish, the HTTP status. */
export const caseRefusals = {
  /** Another arbiter's record reads as missing: its existence is no business of theirs. */
  notYours: (what: Bilingual) =>
    notFound({
      ro: `${what.ro} nu există sau nu este a dumneavoastră.`,
      en: `${what.en} does not exist or is not yours.`,
      pl: `${what.pl} nie istnieje albo nie należy do Ciebie.`,
    }),

  /** A field the form must fill, named in the page's language. */
  missing: (field: string, ro: string, pl: string) =>
    new Refusal('BAD_INPUT', { ro: `Lipsește: ${ro}.`, en: `Missing: ${field}.`, pl: `Brakuje: ${pl}.` }, 400),

  caseClosed: () =>
    new Refusal('CASE_CLOSED', { ro: 'Cazul este deja închis.', en: 'The case is already closed.', pl: 'Sprawa jest już zamknięta.' }, 409),

  decidedElsewhere: () =>
    new Refusal(
      'CASE_DECIDED_ELSEWHERE',
      {
        ro: 'Acest caz se închide prin decizia lui (hotărâre, omologare), nu de mână.',
        en: 'This case closes with its own decision (ruling, homologation), not by hand.',
        pl: 'Ta sprawa zamyka się własnym rozstrzygnięciem (decyzja, homologacja), nie ręcznie.',
      },
      409,
    ),

  noOutcome: () =>
    new Refusal('BAD_INPUT', {
      ro: 'Alegeți hotărârea comisiei.',
      en: 'Choose the commission’s outcome.',
      pl: 'Wybierz rozstrzygnięcie komisji.',
    }),

  appealDecided: () =>
    new Refusal(
      'CASE_CLOSED',
      { ro: 'Apelul are deja o hotărâre.', en: 'The appeal already has an outcome.', pl: 'Odwołanie ma już rozstrzygnięcie.' },
      409,
    ),
};

/**
 * Cases a decision of their own settles (a ruling, homologation, the commission's outcome,
 * the downtime decision): not closed by hand. The others (silences, closing date, mail) the
 * arbiter closes with a reason once handled.
 */
const SETTLED_ELSEWHERE = new Set(['dispute', 'claim', 'result', 'objection', COMMISSION_APPEAL, 'downtime-credit']);

export function closableByHand(kind: string): boolean {
  return !SETTLED_ELSEWHERE.has(kind);
}

/** What the rule reads of a case. */
export interface CaseState {
  readonly kind: string;
  readonly status: 'open' | 'closed';
}

/** The change a closing makes: the case closes, with the arbiter's reason (trimmed) for the audit log. */
export interface CaseClosing {
  readonly status: 'closed';
  readonly reason: string;
}

/**
 * Closes a case no ruling settles by itself (a silence handled by telephone, a bounce fixed
 * with a new address…): it needs a reason, an open case and a kind closable by hand. A closed
 * case never reopens, so closing one again is refused.
 */
export function closeByHand(state: CaseState, command: { readonly reason: string }): CaseClosing | Refusal {
  const reason = command.reason.trim();
  if (!reason) return refusals.reasonRequired();
  if (state.status !== 'open') return caseRefusals.caseClosed();
  if (!closableByHand(state.kind)) return caseRefusals.decidedElsewhere();
  return { status: 'closed', reason };
}
