// How the thinking-time services say no: a stable code, the reason in Romanian and
// English, the HTTP status (auth/refusal.ts). Thrown inside the action's transaction, a
// refusal leaves nothing behind. The games feature's refusals serve where they fit.
import { Refusal } from '../common/refusal';
import { formatDayRo, type LocalDate } from '../common/calendar';
import { formatDayFor } from '../common/day-format';

export const timeRefusals = {
  unknownCase: (id: string) =>
    new Refusal('UNKNOWN_CASE', { ro: `Cazul ${id} nu există.`, en: `There is no case ${id}.`, pl: `Nie ma sprawy ${id}.` }, 404),

  caseDecided: () =>
    new Refusal(
      'CASE_DECIDED',
      { ro: 'Cazul a fost deja soluționat.', en: 'The case has already been decided.', pl: 'Sprawa została już rozstrzygnięta.' },
      409,
    ),

  notDowntimeCase: (id: string) =>
    new Refusal(
      'NOT_A_DOWNTIME_CASE',
      {
        ro: `Cazul ${id} nu privește o întrerupere a platformei.`,
        en: `Case ${id} is not about a platform outage.`,
        pl: `Sprawa ${id} nie dotyczy przerwy w działaniu platformy.`,
      },
      409,
    ),

  badDays: (max: number) =>
    new Refusal(
      'BAD_INPUT',
      {
        ro: `Numărul de zile este un întreg între 1 și ${max}.`,
        en: `The number of days is a whole number from 1 to ${max}.`,
        pl: `Liczba dni to liczba całkowita od 1 do ${max}.`,
      },
      400,
    ),

  leaveOutsideCompetition: (start: LocalDate, closing: LocalDate) =>
    new Refusal(
      'LEAVE_OUTSIDE_COMPETITION',
      {
        ro: `Concediul special trebuie să fie între începutul (${formatDayRo(start)}) și termenul de încheiere (${formatDayRo(closing)}) al competiției.`,
        en: `Special leave must lie between the competition's start (${start}) and its closing date (${closing}).`,
        pl: `Urlop nadzwyczajny musi przypadać między początkiem (${formatDayFor('pl', start)}) a datą zamknięcia (${formatDayFor('pl', closing)}) rozgrywek.`,
      },
      400,
    ),

  /** docs/rules.md §7: the state is declared at the closing date, and reaches the arbiter within the report window. */
  declarationNotYet: (closing: LocalDate) =>
    new Refusal(
      'DECLARATION_NOT_YET',
      {
        ro: `Starea partidei se declară de la termenul de încheiere (${formatDayRo(closing)}); până atunci partida continuă.`,
        en: `The game's state is declared from the closing date (${closing}) on; until then the game goes on.`,
        pl: `Stan partii zgłasza się od daty zamknięcia (${formatDayFor('pl', closing)}); do tego czasu partia trwa.`,
      },
      409,
    ),

  declarationTooLate: (reportBy: LocalDate) =>
    new Refusal(
      'DECLARATION_TOO_LATE',
      {
        ro: `Termenul pentru declararea stării partidei a expirat la ${formatDayRo(reportBy)}; partida este la arbitru.`,
        en: `The report window for declaring the game's state closed on ${reportBy}; the game is with the arbiter.`,
        pl: `Termin na zgłoszenie stanu partii minął ${formatDayFor('pl', reportBy)}; partia jest u sędziego.`,
      },
      409,
    ),
};
