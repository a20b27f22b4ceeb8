import { formatDayFor } from '../../common/day-format';
import { Refusal } from '../../common/refusal';
import type { LocalDate } from '../../common/calendar';
import type { AnswerRefusalReason, HomologationRefusalReason } from './homologation-rule';

function day(d: LocalDate, lang: 'ro' | 'en' | 'pl'): string {
  const [y, m, dd] = d.split('-');
  if (lang === 'pl') return formatDayFor('pl', d);
  return lang === 'ro' ? `${dd}.${m}.${y}` : `${y}-${m}-${dd}`;
}

/** The refusal for each "no" of mayHomologate, naming the window's last day where it matters. */
export function homologationRefusal(why: HomologationRefusalReason, dueOn: LocalDate): Refusal {
  switch (why) {
    case 'already-homologated':
      return new Refusal(
        'NOT_ALLOWED_NOW',
        { ro: 'Rezultatul este deja omologat.', en: 'The result is already homologated.', pl: 'Wynik jest już zatwierdzony.' },
        409,
        {
          why,
        },
      );
    case 'objection-open':
      return new Refusal(
        'OBJECTION_OPEN',
        {
          ro: 'Un jucător a obiectat la fișa finală: decideți obiecția (admisă sau respinsă, cu motiv) înainte de omologare.',
          en: 'A player objected to the final sheet: decide the objection (upheld or rejected, with a reason) before homologating.',
          pl: 'Gracz zgłosił zastrzeżenie do protokołu: rozstrzygnij je (uwzględnione lub odrzucone, z uzasadnieniem) przed zatwierdzeniem wyniku.',
        },
        409,
        { why },
      );
    case 'window-open':
      return new Refusal(
        'CONFIRMATION_WINDOW_OPEN',
        {
          ro: `Jucătorii pot confirma sau obiecta până la ${day(dueOn, 'ro')} inclusiv. Până atunci omologarea cere confirmarea ambilor jucători sau o derogare explicită a arbitrului, cu motiv.`,
          en: `The players may confirm or object until ${day(dueOn, 'en')} inclusive. Until then homologation needs both confirmations, or an explicit arbiter override with a reason.`,
          pl: `Gracze mogą potwierdzić zapis lub zgłosić zastrzeżenie do ${day(dueOn, 'pl')} włącznie. Do tego czasu zatwierdzenie wyniku wymaga potwierdzenia obu graczy albo wyraźnej decyzji sędziego z uzasadnieniem.`,
        },
        409,
        { why },
      );
    case 'override-without-reason':
      return new Refusal(
        'OVERRIDE_REASON_REQUIRED',
        {
          ro: `Omologarea înainte de încheierea termenului (${day(dueOn, 'ro')}) cere un motiv.`,
          en: `Homologating before the window ends (${day(dueOn, 'en')}) needs a reason.`,
          pl: `Zatwierdzenie wyniku przed końcem terminu (${day(dueOn, 'pl')}) wymaga uzasadnienia.`,
        },
        400,
        { why },
      );
  }
}

/** The refusal for each "no" of mayAnswer: a player's confirmation or objection after the window names its last day. */
export function answerRefusal(why: AnswerRefusalReason, closedOn: LocalDate): Refusal {
  if (why === 'already-homologated') {
    return new Refusal(
      'NOT_ALLOWED_NOW',
      { ro: 'Rezultatul este deja omologat.', en: 'The result is already homologated.', pl: 'Wynik jest już zatwierdzony.' },
      409,
    );
  }
  return new Refusal(
    'CONFIRMATION_WINDOW_CLOSED',
    {
      ro: `Termenul pentru confirmarea fișei finale sau pentru obiecții s-a încheiat pe ${day(closedOn, 'ro')} (5 zile de la sfârșitul partidei, regulamentul §7): tăcerea a confirmat fișa, iar rezultatul merge la omologare.`,
      en: `The time to confirm the final sheet or object to it ended on ${day(closedOn, 'en')} (5 days after the game's end, rules §7): silence confirmed the sheet, and the result goes on to homologation.`,
      pl: `Termin na potwierdzenie protokołu albo zgłoszenie zastrzeżenia minął ${day(closedOn, 'pl')} (5 dni od końca partii, regulamin §7): milczenie oznacza potwierdzenie protokołu, a wynik przechodzi do zatwierdzenia.`,
    },
    409,
  );
}

export const objectionRefusals = {
  unknown: () => new Refusal('NOT_FOUND', { ro: 'Obiecția nu există.', en: 'No such objection.', pl: 'Nie ma takiego zastrzeżenia.' }, 404),
  decided: () =>
    new Refusal(
      'OBJECTION_DECIDED',
      { ro: 'Obiecția este deja decisă.', en: 'The objection is already decided.', pl: 'Zastrzeżenie jest już rozstrzygnięte.' },
      409,
    ),
  verdict: () =>
    new Refusal(
      'BAD_INPUT',
      {
        ro: 'Obiecția se admite sau se respinge.',
        en: 'An objection is upheld or rejected.',
        pl: 'Zastrzeżenie się uwzględnia albo odrzuca.',
      },
      400,
    ),
  reason: () =>
    new Refusal(
      'REASON_REQUIRED',
      {
        ro: 'Decizia asupra obiecției cere un motiv.',
        en: 'A decision on an objection needs a reason.',
        pl: 'Rozstrzygnięcie zastrzeżenia wymaga uzasadnienia.',
      },
      400,
    ),
};

/**
 * The closing-date result's own "no" (docs/rules.md "The closing date"): nothing is proposed
 * before the report window has passed, nor while a time claim, a contest or two lines wait for
 * the arbiter; and a game of another competition is not in this competition's batch.
 */
export const closingRefusals = {
  noProposal: () =>
    new Refusal(
      'NOTHING_TO_HOMOLOGATE',
      {
        ro: 'Partida nu are un rezultat propus: se joacă încă, sau fereastra de raportare de după termenul de încheiere nu s-a încheiat.',
        en: 'The game has no proposed result: it is still being played, or the report window after the closing date has not ended.',
        pl: 'Partia nie ma proponowanego wyniku: wciąż trwa albo nie minął termin zgłoszeń po dacie zamknięcia.',
      },
      409,
      { why: 'no-proposal' },
    ),
  ruleFirst: () =>
    new Refusal(
      'RULING_FIRST',
      {
        ro: 'La termenul de încheiere nu se propune niciun rezultat: arbitrul decide întâi reclamația de timp, contestația sau cuvântul disputat (pagina partidei).',
        en: 'No result is proposed at the closing date: the arbiter first rules on the time claim, the contest or the disputed word (the game page).',
        pl: 'Na datę zamknięcia nie proponuje się wyniku: najpierw sędzia rozstrzyga zgłoszenie przekroczenia czasu, zakwestionowanie albo sporny wyraz (strona partii).',
      },
      409,
      { why: 'rule-first' },
    ),
  notListed: () =>
    new Refusal(
      'NOT_FOUND',
      {
        ro: 'Partida nu este a acestei competiții.',
        en: 'The game is not one of this competition’s.',
        pl: 'Partia nie należy do tych rozgrywek.',
      },
      404,
      {
        why: 'not-listed',
      },
    ),
};
