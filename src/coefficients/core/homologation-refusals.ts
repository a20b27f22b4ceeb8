import { Refusal } from '../../common/refusal';
import type { LocalDate } from '../../thinking-time/core';
import type { AnswerRefusalReason, HomologationRefusalReason } from './homologation-rule';

function day(d: LocalDate, lang: 'ro' | 'en'): string {
  const [y, m, dd] = d.split('-');
  return lang === 'ro' ? `${dd}.${m}.${y}` : `${y}-${m}-${dd}`;
}

/** The refusal for each "no" of mayHomologate, naming the window's last day where it matters. */
export function homologationRefusal(why: HomologationRefusalReason, dueOn: LocalDate): Refusal {
  switch (why) {
    case 'already-homologated':
      return new Refusal('NOT_ALLOWED_NOW', { ro: 'Rezultatul este deja omologat.', en: 'The result is already homologated.' }, 409);
    case 'objection-open':
      return new Refusal(
        'OBJECTION_OPEN',
        {
          ro: 'Un jucător a obiectat la fișa finală: decideți obiecția (admisă sau respinsă, cu motiv) înainte de omologare.',
          en: 'A player objected to the final sheet: decide the objection (upheld or rejected, with a reason) before homologating.',
        },
        409,
      );
    case 'window-open':
      return new Refusal(
        'CONFIRMATION_WINDOW_OPEN',
        {
          ro: `Jucătorii pot confirma sau obiecta până la ${day(dueOn, 'ro')} inclusiv. Până atunci omologarea cere confirmarea ambilor jucători sau o derogare explicită a arbitrului, cu motiv.`,
          en: `The players may confirm or object until ${day(dueOn, 'en')} inclusive. Until then homologation needs both confirmations, or an explicit arbiter override with a reason.`,
        },
        409,
      );
    case 'override-without-reason':
      return new Refusal(
        'OVERRIDE_REASON_REQUIRED',
        {
          ro: `Omologarea înainte de încheierea termenului (${day(dueOn, 'ro')}) cere un motiv.`,
          en: `Homologating before the window ends (${day(dueOn, 'en')}) needs a reason.`,
        },
        400,
      );
  }
}

/** The refusal for each "no" of mayAnswer: a player's confirmation or objection after the window names its last day. */
export function answerRefusal(why: AnswerRefusalReason, closedOn: LocalDate): Refusal {
  if (why === 'already-homologated') {
    return new Refusal('NOT_ALLOWED_NOW', { ro: 'Rezultatul este deja omologat.', en: 'The result is already homologated.' }, 409);
  }
  return new Refusal(
    'CONFIRMATION_WINDOW_CLOSED',
    {
      ro: `Termenul pentru confirmarea fișei finale sau pentru obiecții s-a încheiat pe ${day(closedOn, 'ro')} (5 zile de la sfârșitul partidei, regulamentul §7): tăcerea a confirmat fișa, iar rezultatul merge la omologare.`,
      en: `The time to confirm the final sheet or object to it ended on ${day(closedOn, 'en')} (5 days after the game's end, rules §7): silence confirmed the sheet, and the result goes on to homologation.`,
    },
    409,
  );
}

export const objectionRefusals = {
  unknown: () => new Refusal('NOT_FOUND', { ro: 'Obiecția nu există.', en: 'No such objection.' }, 404),
  decided: () => new Refusal('OBJECTION_DECIDED', { ro: 'Obiecția este deja decisă.', en: 'The objection is already decided.' }, 409),
  verdict: () => new Refusal('BAD_INPUT', { ro: 'Obiecția se admite sau se respinge.', en: 'An objection is upheld or rejected.' }, 400),
  reason: () =>
    new Refusal(
      'REASON_REQUIRED',
      { ro: 'Decizia asupra obiecției cere un motiv.', en: 'A decision on an objection needs a reason.' },
      400,
    ),
};
