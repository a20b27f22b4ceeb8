// Play stops at the closing date (docs/rules.md §5, §7; docs/rules.md): after it no move, pass,
// offer or contest is accepted, by web, API or mail, and the game goes to the closing-date
// procedure. The action frame asks this guard once per action (GameActions.act, game-actions.service.ts); pure.
import { Refusal } from '../../common/refusal';
import { isPlayClosed } from '../../thinking-time/core';
import { formatDayRo, type LocalDate } from '../../common/calendar';
import type { Bilingual } from '../../engine';
import { formatDayFor } from '../../common/day-format';

export const CLOSING_DATE_PASSED = 'CLOSING_DATE_PASSED';

/** The actions that are play, each with the words that name it in the refusal. */
const PLAY: Readonly<Record<string, Bilingual>> = {
  move: { ro: 'Mutarea nu mai este primită', en: 'The move is no longer accepted', pl: 'Ruch nie jest już przyjmowany' },
  'arbiter-move': {
    ro: 'Mutarea nu mai poate fi înregistrată',
    en: 'The move can no longer be recorded',
    pl: 'Ruchu nie można już zapisać',
  },
  pass: { ro: 'Pasul nu mai este primit', en: 'The pass is no longer accepted', pl: 'Pauza nie jest już przyjmowana' },
  offer: { ro: 'Oferta nu mai este primită', en: 'The offer is no longer accepted', pl: 'Propozycja nie jest już przyjmowana' },
  'offer-accept': {
    ro: 'Oferta nu mai poate fi acceptată',
    en: 'The offer can no longer be accepted',
    pl: 'Propozycji nie można już przyjąć',
  },
  'offer-decline': {
    ro: 'Oferta nu mai poate fi refuzată',
    en: 'The offer can no longer be declined',
    pl: 'Propozycji nie można już odrzucić',
  },
  contest: {
    ro: 'Contestația nu mai este primită',
    en: 'The contest is no longer accepted',
    pl: 'Zakwestionowanie nie jest już przyjmowane',
  },
  admit: {
    ro: 'Răspunsul la contestație nu mai este primit',
    en: 'The answer to the contest is no longer accepted',
    pl: 'Odpowiedź na zakwestionowanie nie jest już przyjmowana',
  },
  appeal: {
    ro: 'Răspunsul la contestație nu mai este primit',
    en: 'The answer to the contest is no longer accepted',
    pl: 'Odpowiedź na zakwestionowanie nie jest już przyjmowana',
  },
};

/** Whether an action (the name a games service gives its action) is play, which the closing date stops. */
export function isPlayAction(action: string): boolean {
  return Object.hasOwn(PLAY, action);
}

/**
 * The refusal of a play action on `day` (today, or the day an arbiter's move was sent)
 * after the closing date; null when the action may go on. Only a game still being played
 * is stopped here: an ended one answers with its own refusal (GAME_OVER).
 */
export function closingDateRefusal(
  action: string,
  facts: { readonly day: LocalDate; readonly closing: LocalDate; readonly playing: boolean },
): Refusal | null {
  if (!facts.playing || !isPlayAction(action) || !isPlayClosed(facts.day, facts.closing)) return null;
  const what = PLAY[action];
  return new Refusal(
    CLOSING_DATE_PASSED,
    {
      ro: `${what.ro}: termenul de încheiere a competiției a fost ${formatDayRo(facts.closing)}, iar jocul s-a oprit atunci. Partida neterminată merge la arbitru, după procedura termenului de încheiere (regulamentul §7).`,
      en: `${what.en}: the competition's closing date was ${facts.closing}, and play stopped then. The unfinished game goes to the arbiter under the closing-date procedure (rules §7).`,
      pl: `${what.pl}: data zamknięcia rozgrywek minęła ${formatDayFor('pl', facts.closing)} i wtedy gra się zatrzymała. Niedokończona partia trafia do sędziego w trybie daty zamknięcia (regulamin §7).`,
    },
    409,
    { action, closingDate: facts.closing },
  );
}

/** Throws the refusal of closingDateRefusal, if any: the one call the games service makes. */
export function requirePlayOpen(
  action: string,
  facts: { readonly day: LocalDate; readonly closing: LocalDate; readonly playing: boolean },
): void {
  const refusal = closingDateRefusal(action, facts);
  if (refusal) throw refusal;
}
