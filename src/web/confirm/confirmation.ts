import type { Bilingual } from '../../common/bilingual';
import { Refusal } from '../../common/refusal';

/** The form's confirmation box was ticked: `confirm=yes` (a repeated field may carry it among others). */
export function isConfirmed(form: unknown): boolean {
  const value = form && typeof form === 'object' ? (form as Record<string, unknown>).confirm : undefined;
  return value === 'yes' || (Array.isArray(value) && value.includes('yes'));
}

/** The refusal of an unconfirmed action, naming it in every language. */
export function notConfirmed(what: Bilingual): Refusal {
  return new Refusal(
    'NOT_CONFIRMED',
    {
      ro: `Bifați căsuța de confirmare: ${what.ro} nu mai poate fi anulată.`,
      en: `Tick the confirmation box: ${what.en} cannot be undone.`,
      pl: `Zaznacz pole potwierdzenia — tej czynności nie można cofnąć: ${what.pl}.`,
    },
    400,
  );
}

/**
 * An action that cannot be undone asks once. The form carries a
 * required checkbox `confirm=yes` (as the abandon and exclusion forms do); a POST without it
 * is refused here, before anything changes, with the reason in both languages.
 */
export function requireConfirmed(form: unknown, what: Bilingual): void {
  if (!isConfirmed(form)) throw notConfirmed(what);
}

/** The actions that ask once, named as the refusal says them (Romanian: feminine nouns, "… nu mai poate fi anulată"). */
export const IRREVERSIBLE = {
  start: { ro: 'pornirea competiției', en: 'starting the competition', pl: 'rozpoczęcie rozgrywek' },
  anonymise: { ro: 'anonimizarea jucătorului', en: 'anonymising the player', pl: 'anonimizacja gracza' },
  removePlayer: { ro: 'scoaterea jucătorului din listă', en: 'removing the player from the list', pl: 'usunięcie gracza z listy' },
  pass: { ro: 'trecerea la mutare (PAS)', en: 'a pass', pl: 'pauza (PAS)' },
  closeCase: { ro: 'închiderea cazului', en: 'closing the case', pl: 'zamknięcie sprawy' },
  homologate: { ro: 'omologarea rezultatului', en: 'homologating the result', pl: 'zatwierdzenie wyniku' },
  ruling: { ro: 'decizia arbitrului', en: "the arbiter's ruling", pl: 'decyzja sędziego' },
  exclusion: { ro: 'excluderea jucătorului', en: 'excluding the player', pl: 'wykluczenie gracza' },
  walkover: {
    ro: 'excluderea jucătorului din partidă (walkover)',
    en: 'the walkover (excluding the player from the game)',
    pl: 'walkower (wykluczenie gracza z partii)',
  },
  challengeOverride: {
    ro: 'inversarea verdictului verificării',
    en: "reversing the check's verdict",
    pl: 'odwrócenie werdyktu sprawdzenia',
  },
  acceptOffer: { ro: 'acceptarea ofertei', en: 'accepting the offer', pl: 'przyjęcie propozycji' },
  withdrawConditional: {
    ro: 'retragerea mutării condiționate',
    en: 'withdrawing the conditional reply',
    pl: 'wycofanie ruchu warunkowego',
  },
  agreement: { ro: 'acceptarea propunerii partenerului', en: "accepting the partner's offer", pl: 'przyjęcie propozycji partnera' },
  contest: { ro: 'contestarea cuvântului', en: 'contesting the word', pl: 'zakwestionowanie wyrazu' },
  challenge: {
    ro: 'verificarea cuvintelor („Sprawdzam”)',
    en: 'checking the words ("Sprawdzam")',
    pl: 'sprawdzenie wyrazów („Sprawdzam”)',
  },
  admit: { ro: 'recunoașterea contestației', en: 'admitting the contest', pl: 'uznanie zakwestionowania' },
  appeal: { ro: 'sesizarea arbitrului', en: 'asking the arbiter to rule', pl: 'odwołanie do sędziego' },
  claim: { ro: 'reclamația de timp', en: 'the time claim', pl: 'zgłoszenie przekroczenia czasu' },
  holiday: { ro: 'declararea concediului', en: 'declaring the holiday', pl: 'zgłoszenie urlopu' },
  objection: { ro: 'obiecția la fișa finală', en: 'the objection to the final sheet', pl: 'zastrzeżenie do protokołu' },
  recordMove: { ro: 'înregistrarea mutării', en: 'recording the move', pl: 'zapisanie ruchu' },
  batchHomologation: { ro: 'omologarea rezultatelor', en: 'homologating the results', pl: 'zatwierdzenie wyników' },
  objectionDecision: { ro: 'decizia privind obiecția', en: 'the decision on the objection', pl: 'rozstrzygnięcie zastrzeżenia' },
  appealDecision: { ro: 'decizia comisiei de apel', en: "the appeals commission's decision", pl: 'decyzja komisji odwoławczej' },
} as const;
