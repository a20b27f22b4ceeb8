import { Refusal } from '../../common/refusal';

/** The form's confirmation box was ticked: `confirm=yes` (a repeated field may carry it among others). */
export function isConfirmed(form: unknown): boolean {
  const value = form && typeof form === 'object' ? (form as Record<string, unknown>).confirm : undefined;
  return value === 'yes' || (Array.isArray(value) && value.includes('yes'));
}

/** The refusal of an unconfirmed action, naming it in both languages. */
export function notConfirmed(what: { readonly ro: string; readonly en: string }): Refusal {
  return new Refusal(
    'NOT_CONFIRMED',
    {
      ro: `Bifați căsuța de confirmare: ${what.ro} nu mai poate fi anulată.`,
      en: `Tick the confirmation box: ${what.en} cannot be undone.`,
    },
    400,
  );
}

/**
 * An action that cannot be undone asks once. The form carries a
 * required checkbox `confirm=yes` (as the abandon and exclusion forms do); a POST without it
 * is refused here, before anything changes, with the reason in both languages.
 */
export function requireConfirmed(form: unknown, what: { readonly ro: string; readonly en: string }): void {
  if (!isConfirmed(form)) throw notConfirmed(what);
}

/** The actions that ask once, named as the refusal says them (Romanian: feminine nouns, "… nu mai poate fi anulată"). */
export const IRREVERSIBLE = {
  start: { ro: 'pornirea competiției', en: 'starting the competition' },
  anonymise: { ro: 'anonimizarea jucătorului', en: 'anonymising the player' },
  removePlayer: { ro: 'scoaterea jucătorului din listă', en: 'removing the player from the list' },
  pass: { ro: 'trecerea la mutare (PAS)', en: 'a pass' },
  closeCase: { ro: 'închiderea cazului', en: 'closing the case' },
  homologate: { ro: 'omologarea rezultatului', en: 'homologating the result' },
  ruling: { ro: 'decizia arbitrului', en: "the arbiter's ruling" },
  exclusion: { ro: 'excluderea jucătorului', en: 'excluding the player' },
  walkover: { ro: 'excluderea jucătorului din partidă (walkover)', en: 'the walkover (excluding the player from the game)' },
  challengeOverride: { ro: 'inversarea verdictului verificării', en: "reversing the check's verdict" },
  acceptOffer: { ro: 'acceptarea ofertei', en: 'accepting the offer' },
  withdrawConditional: { ro: 'retragerea mutării condiționate', en: 'withdrawing the conditional reply' },
  agreement: { ro: 'acceptarea propunerii partenerului', en: "accepting the partner's offer" },
  contest: { ro: 'contestarea cuvântului', en: 'contesting the word' },
  challenge: { ro: 'verificarea cuvintelor („Sprawdzam”)', en: 'checking the words ("Sprawdzam")' },
  admit: { ro: 'recunoașterea contestației', en: 'admitting the contest' },
  appeal: { ro: 'sesizarea arbitrului', en: 'asking the arbiter to rule' },
  claim: { ro: 'reclamația de timp', en: 'the time claim' },
  holiday: { ro: 'declararea concediului', en: 'declaring the holiday' },
  objection: { ro: 'obiecția la fișa finală', en: 'the objection to the final sheet' },
  recordMove: { ro: 'înregistrarea mutării', en: 'recording the move' },
  batchHomologation: { ro: 'omologarea rezultatelor', en: 'homologating the results' },
  objectionDecision: { ro: 'decizia privind obiecția', en: 'the decision on the objection' },
  appealDecision: { ro: 'decizia comisiei de apel', en: "the appeals commission's decision" },
} as const;
