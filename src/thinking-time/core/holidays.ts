// Holiday declarations (docs/rules.md §5; seed [C] "Timpul de gândire"): one holiday per player
// and competition, covering all their games. Where the seed and docs/rules.md leave a choice,
// the reading taken is stated beside the code.
import type { Bilingual } from '../../common/bilingual';
import { addDays, addMonths, compareDays, diffDays, formatDayRo, type DateRange, type LocalDate } from '../../common/calendar';
import { formatDayFor } from '../../common/day-format';

export const LONG_HOLIDAY_DAYS = 20;
export const SHORT_HOLIDAY_DAYS = 10;

/** `long`: the 20-day right, fixed in advance and changeable; `short`: the 10-day one, taken at any time. */
export type HolidayKind = 'long' | 'short';

export interface HolidayDeclaration extends DateRange {
  /** The day the player declares it (writes it on the sheet). */
  readonly declaredOn: LocalDate;
}

export interface Holiday extends HolidayDeclaration {
  readonly kind: HolidayKind;
}

export interface CompetitionDates {
  readonly start: LocalDate;
  readonly closing: LocalDate;
  /** The competition's holiday lengths (competition settings; docs/rules.md §5 defaults: 20 and 10). */
  readonly holidayLongDays?: number;
  readonly holidayShortDays?: number;
}

export type HolidayRefusalCode =
  | 'INVALID_RANGE'
  | 'STARTS_IN_PAST'
  | 'BEFORE_COMPETITION'
  | 'LAST_MONTH'
  | 'TOO_LONG'
  | 'ALREADY_TAKEN'
  | 'SHORT_NOTICE'
  | 'CHANGE_TOO_LATE';

export interface HolidayRefusal {
  readonly ok: false;
  readonly code: HolidayRefusalCode;
  readonly message: Bilingual;
}

/** A holiday asked into the last month, cut at the line (docs/rules.md §5): what was asked, and why it ends earlier. */
export interface HolidayCut {
  /** The last day the player asked for. */
  readonly askedTo: LocalDate;
  /** The holiday's last day now: the day before the rights are lost. */
  readonly to: LocalDate;
  readonly closing: LocalDate;
  readonly message: Bilingual;
}

export type HolidayDecision =
  | {
      readonly ok: true;
      readonly holiday: Holiday;
      /** The declaration it replaces, if any. */
      readonly replaces: Holiday | null;
      /** Set when the holiday asked ran into the last month and was shortened. */
      readonly cut: HolidayCut | null;
    }
  | HolidayRefusal;

/**
 * The first day without holiday rights: "the right to holiday, or to what is left of it,
 * is lost one month before the competition's closing date" (docs/rules.md §5). On this day
 * the right is already lost, so a holiday must end the day before.
 */
export function holidayRightsEnd(closing: LocalDate): LocalDate {
  return addMonths(closing, -1);
}

/**
 * The last day a 20-day holiday starting on `from` can be declared or changed: "at least
 * one month before it begins" (docs/rules.md §5), counted back from its first day, so a
 * declaration exactly one calendar month ahead is in time.
 */
export function longHolidayDeadline(from: LocalDate): LocalDate {
  return addMonths(from, -1);
}

/**
 * Checks a player's holiday declaration against their current one (`null` if none) and
 * returns the holiday it creates, or a refusal a player understands.
 */
export function validateHoliday(
  declaration: HolidayDeclaration,
  competition: CompetitionDates,
  current: Holiday | null = null,
): HolidayDecision {
  const { from, declaredOn } = declaration;
  const long = competition.holidayLongDays ?? LONG_HOLIDAY_DAYS;
  const short = competition.holidayShortDays ?? SHORT_HOLIDAY_DAYS;
  if (diffDays(from, declaration.to) < 0) return refuse('INVALID_RANGE', { from, to: declaration.to });
  // A holiday is announced before it is taken: the partner must know not to resend the move.
  if (compareDays(from, declaredOn) < 0) return refuse('STARTS_IN_PAST', { from, declaredOn });
  if (compareDays(from, competition.start) < 0) return refuse('BEFORE_COMPETITION', { start: competition.start });
  // "The right to the holiday, or to the remaining fraction of it, is lost one month before
  // the closing date" (seed [C]): a holiday running into the last month is cut at that line,
  // and only one that would begin inside it has nothing left to take.
  const rightsEnd = holidayRightsEnd(competition.closing);
  const lastDay = addDays(rightsEnd, -1);
  if (compareDays(from, rightsEnd) >= 0) return refuse('LAST_MONTH', { closing: competition.closing, lastDay });
  const cut = compareDays(declaration.to, rightsEnd) >= 0 ? holidayCut(declaration.to, lastDay, competition.closing) : null;
  const to = cut ? lastDay : declaration.to;
  // The rules below judge the holiday as it is kept, after the cut.
  const length = diffDays(from, to) + 1;
  if (length > long) return refuse('TOO_LONG', { length, long });

  // One holiday per player and competition. A 10-day one is taken once announced; a 20-day
  // one stays open to change until it begins, under the conditions below.
  if (current && (current.kind === 'short' || compareDays(declaredOn, current.from) >= 0)) {
    return refuse('ALREADY_TAKEN', { from: current.from, to: current.to });
  }

  // The 20-day right: declared at the competition's start or at least one month ahead,
  // and a declared one may be changed under the same condition (seed: "Optiunea pentru
  // concediu poate fi schimbata cu o luna inainte de inceperea acestuia").
  const inTime = (holidayFrom: LocalDate) =>
    compareDays(declaredOn, competition.start) <= 0 || compareDays(declaredOn, longHolidayDeadline(holidayFrom)) <= 0;
  const mayChangeCurrent = current === null || inTime(current.from);
  if (inTime(from) && mayChangeCurrent) return accept({ ...declaration, to, kind: 'long' }, current, cut);

  // Otherwise only 10 days, "if no option was made or if the holiday is taken before the
  // option's start date" (seed): it then replaces the declared 20-day holiday.
  if (current && (length > short || compareDays(from, current.from) >= 0)) {
    return refuse('CHANGE_TOO_LATE', { from: current.from, to: current.to, short });
  }
  if (length > short) return refuse('SHORT_NOTICE', { length, deadline: longHolidayDeadline(from), short });
  return accept({ ...declaration, to, kind: 'short' }, current, cut);
}

function accept(holiday: Holiday, replaces: Holiday | null, cut: HolidayCut | null): HolidayDecision {
  return { ok: true, holiday, replaces, cut };
}

function holidayCut(askedTo: LocalDate, to: LocalDate, closing: LocalDate): HolidayCut {
  return {
    askedTo,
    to,
    closing,
    message: {
      ro: `Concediul a fost scurtat: se încheie la ${ro(to)}, nu la ${ro(askedTo)}, pentru că dreptul la concediu se pierde cu o lună înainte de termenul de încheiere a competiției (${ro(closing)}).`,
      en: `The holiday was shortened: it ends on ${to}, not ${askedTo}, because holiday rights are lost one month before the competition's closing date (${closing}).`,
      pl: `Urlop został skrócony: kończy się ${pl(to)}, a nie ${pl(askedTo)}, bo prawo do urlopu wygasa na miesiąc przed datą zamknięcia rozgrywek (${pl(closing)}).`,
    },
  };
}

interface RefusalDetails {
  INVALID_RANGE: { from: LocalDate; to: LocalDate };
  STARTS_IN_PAST: { from: LocalDate; declaredOn: LocalDate };
  BEFORE_COMPETITION: { start: LocalDate };
  LAST_MONTH: { closing: LocalDate; lastDay: LocalDate };
  TOO_LONG: { length: number; long: number };
  ALREADY_TAKEN: { from: LocalDate; to: LocalDate };
  SHORT_NOTICE: { length: number; deadline: LocalDate; short: number };
  CHANGE_TOO_LATE: { from: LocalDate; to: LocalDate; short: number };
}

function refuse<C extends HolidayRefusalCode>(code: C, details: RefusalDetails[C]): HolidayRefusal {
  return { ok: false, code, message: MESSAGES[code](details) };
}

const ro = formatDayRo;
const pl = (day: LocalDate): string => formatDayFor('pl', day);

/** `1 dzień`, `5 dni`: Polish has one form after every number but 1. */
function plDays(n: number): string {
  return n === 1 ? '1 dzień' : `${n} dni`;
}

/** `10 zile`, `20 de zile`, `1 zi`: Romanian puts "de" before 20 and up (but 101–119). */
function roDays(n: number): string {
  if (n === 1) return '1 zi';
  const rest = n % 100;
  return `${n} ${n >= 20 && (rest === 0 || rest >= 20) ? 'de ' : ''}zile`;
}

const MESSAGES: { [C in HolidayRefusalCode]: (d: RefusalDetails[C]) => Bilingual } = {
  INVALID_RANGE: (d) => ({
    ro: `Perioada concediului nu este validă: ultima zi (${ro(d.to)}) este înaintea primei zile (${ro(d.from)}).`,
    en: `The holiday's last day (${d.to}) is before its first day (${d.from}).`,
    pl: `Okres urlopu jest nieprawidłowy: ostatni dzień (${pl(d.to)}) przypada przed pierwszym (${pl(d.from)}).`,
  }),
  STARTS_IN_PAST: (d) => ({
    ro: `Concediul se anunță înainte de a începe: prima zi (${ro(d.from)}) este înaintea zilei de azi (${ro(d.declaredOn)}).`,
    en: `A holiday is announced before it starts: its first day (${d.from}) is before today (${d.declaredOn}).`,
    pl: `Urlop zgłasza się przed jego rozpoczęciem: pierwszy dzień (${pl(d.from)}) przypada przed dniem dzisiejszym (${pl(d.declaredOn)}).`,
  }),
  BEFORE_COMPETITION: (d) => ({
    ro: `Concediul nu poate începe înaintea competiției (${ro(d.start)}).`,
    en: `A holiday cannot start before the competition does (${d.start}).`,
    pl: `Urlop nie może zacząć się przed rozpoczęciem rozgrywek (${pl(d.start)}).`,
  }),
  LAST_MONTH: (d) => ({
    ro: `Dreptul la concediu se pierde cu o lună înainte de termenul de încheiere a competiției (${ro(d.closing)}): un concediu trebuie să înceapă cel târziu la ${ro(d.lastDay)}.`,
    en: `Holiday rights end one month before the competition's closing date (${d.closing}): a holiday must start by ${d.lastDay}.`,
    pl: `Prawo do urlopu wygasa na miesiąc przed datą zamknięcia rozgrywek (${pl(d.closing)}): urlop musi się zacząć najpóźniej ${pl(d.lastDay)}.`,
  }),
  TOO_LONG: (d) => ({
    ro: `Concediul cerut are ${d.length} zile; se pot lua cel mult ${roDays(d.long)}, într-o singură tranșă.`,
    en: `The holiday asked for is ${d.length} days; at most ${d.long} days can be taken, in one block.`,
    pl: `Wnioskowany urlop trwa ${plDays(d.length)}; można wziąć najwyżej ${plDays(d.long)}, w jednym ciągu.`,
  }),
  ALREADY_TAKEN: (d) => ({
    ro: `Se acordă un singur concediu pe competiție, iar al dumneavoastră (${ro(d.from)} – ${ro(d.to)}) este deja luat și nu mai poate fi schimbat.`,
    en: `There is one holiday per competition, and yours (${d.from} – ${d.to}) is already taken and can no longer be changed.`,
    pl: `W rozgrywkach przysługuje jeden urlop, a Twój (${pl(d.from)} – ${pl(d.to)}) jest już wykorzystany i nie można go zmienić.`,
  }),
  SHORT_NOTICE: (d) => ({
    ro: `Un concediu de ${d.length} zile trebuie declarat la începutul competiției sau cu cel puțin o lună înainte (cel târziu la ${ro(d.deadline)}); acum se pot lua cel mult ${roDays(d.short)}.`,
    en: `A ${d.length}-day holiday must be declared at the competition's start or at least one month ahead (by ${d.deadline}); now at most ${d.short} days can be taken.`,
    pl: `Urlop trwający ${plDays(d.length)} trzeba zgłosić na początku rozgrywek albo co najmniej miesiąc wcześniej (najpóźniej ${pl(d.deadline)}); teraz można wziąć najwyżej ${plDays(d.short)}.`,
  }),
  CHANGE_TOO_LATE: (d) => ({
    ro: `Concediul declarat (${ro(d.from)} – ${ro(d.to)}) putea fi schimbat până la ${ro(longHolidayDeadline(d.from))}. Îl mai puteți înlocui doar cu un concediu de cel mult ${roDays(d.short)} care începe înainte de ${ro(d.from)}.`,
    en: `Your declared holiday (${d.from} – ${d.to}) could be changed until ${longHolidayDeadline(d.from)}. It can now only be replaced by a holiday of at most ${d.short} days starting before ${d.from}.`,
    pl: `Zgłoszony urlop (${pl(d.from)} – ${pl(d.to)}) można było zmienić do ${pl(longHolidayDeadline(d.from))}. Teraz można go zastąpić tylko urlopem trwającym najwyżej ${plDays(d.short)}, zaczynającym się przed ${pl(d.from)}.`,
  }),
};
