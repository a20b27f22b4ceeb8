// Telling the arbiter of their cases (docs/mail-rules.md 20): which mail each open case is owed,
// the unique keys that make each go out once, and the words of the mail. Pure: cases, what was
// already told and the day in; notices and texts out.
import { inLanguage, type Language } from '../../common/bilingual';
import { formatDayFor } from '../../common/day-format';
import { polishCaseSubject, polishDeadline } from './case-texts-pl';
import { compareDays, diffDays, type LocalDate } from '../../common/calendar';
import { caseSummary, roDays, type CasePlayers } from './case-summary';
import { caseNoticeKey } from '../../mail/core/competition-facts';

/**
 * `opened`: the case is new to the arbiter; `overdue`: its deadline passed without a decision —
 * told once more, never again.
 */
export type CaseNotice = 'opened' | 'overdue';

/** An open case as the notices read it. */
export interface CaseToTell {
  readonly id: string;
  readonly kind: string;
  readonly competitionId: string;
  readonly gameId: string | null;
  /** YYYY-MM-DD, when the rules give a deadline. */
  readonly dueOn: string | null;
  readonly payload: Readonly<Record<string, unknown>>;
}

/** The notices already written for a case. */
export interface Told {
  readonly opened: boolean;
  readonly overdue: boolean;
}

/** Overdue: the case's last day is before today (the competition's day). */
export function isOverdue(c: Pick<CaseToTell, 'dueOn'>, today: LocalDate): boolean {
  return c.dueOn !== null && compareDays(c.dueOn as LocalDate, today) < 0;
}

/**
 * The notice a case is owed today, if any. A case never told is told now — as overdue when
 * its deadline has already passed, and that one mail is then its only one. A case told while
 * on time is told once more when it becomes overdue. Nothing after that.
 */
export function noticeDue(c: Pick<CaseToTell, 'dueOn'>, today: LocalDate, told: Told): CaseNotice | undefined {
  const overdue = isOverdue(c, today);
  if (!told.opened && !told.overdue) return overdue ? 'overdue' : 'opened';
  if (overdue && !told.overdue) return 'overdue';
  return undefined;
}

/** A case's notice has one Message-ID: the outbox's unique key makes it go out once, whatever reruns. */
export function caseNoticeMessageId(domain: string, caseId: string, notice: CaseNotice): string {
  return `<${caseNoticeKey(caseId, notice)}@${domain}>`;
}

/** The notices already written, read back from their Message-IDs. */
export function toldFrom(domain: string, caseId: string, messageIds: ReadonlySet<string>): Told {
  return {
    opened: messageIds.has(caseNoticeMessageId(domain, caseId, 'opened')),
    overdue: messageIds.has(caseNoticeMessageId(domain, caseId, 'overdue')),
  };
}

/** One arbiter digest per arbiter and day. */
export function arbiterDigestMessageId(domain: string, userId: string, day: LocalDate): string {
  return `<arbiter-digest.${day}.${userId}@${domain}>`;
}

/** One case as the arbiter's mail shows it, every text in the arbiter's language. */
export interface CaseMailLine {
  readonly caseId: string;
  readonly notice: CaseNotice;
  readonly competition: string;
  /** What the case is about (the dashboard's line). */
  readonly summary: string;
  /** The deadline, or that the rules give none; overdue ones say by how many days. */
  readonly deadline: string;
  readonly overdue: boolean;
  /** Where the arbiter decides it. */
  readonly url: string;
}

/** `15.02.2027` in Romanian, `15 Feb 2027` in English (as the mail templates write days). */
export function mailDay(language: Language, day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  if (language === 'pl') return formatDayFor('pl', day);
  return language === 'ro' ? `${m[3]}.${m[2]}.${m[1]}` : `${Number(m[3])} ${months[Number(m[2]) - 1]} ${m[1]}`;
}

function roCount(n: number, one: string, other: string): string {
  if (n === 1) return `1 ${one}`;
  const rest = n % 100;
  return `${n} ${n >= 20 && (rest === 0 || rest >= 20) ? 'de ' : ''}${other}`;
}

/** The deadline line of a case. */
export function deadlineText(language: Language, dueOn: string | null, today: LocalDate): string {
  if (language === 'pl') return polishDeadline(dueOn, dueOn === null ? 0 : diffDays(dueOn as LocalDate, today));
  const ro = language === 'ro';
  if (dueOn === null) return ro ? 'Regulamentul nu dă un termen.' : 'The rules give no deadline.';
  const late = diffDays(dueOn as LocalDate, today);
  if (late > 0)
    return ro
      ? `Termen depășit: ${mailDay(language, dueOn)} (de ${roDays(late)}).`
      : `Overdue: it was due by ${mailDay(language, dueOn)} (${late === 1 ? '1 day' : `${late} days`} ago).`;
  return ro ? `De hotărât până la ${mailDay(language, dueOn)}.` : `To decide by ${mailDay(language, dueOn)}.`;
}

/** The page where the arbiter decides a case: its game's, else the dashboard's row. */
export function caseUrl(publicUrl: string, c: Pick<CaseToTell, 'id' | 'gameId'>): string {
  return c.gameId ? `${publicUrl}/arbiter/games/${c.gameId}#case-${c.id}` : `${publicUrl}/arbiter#case-${c.id}`;
}

export function caseMailLine(
  input: {
    readonly case: CaseToTell;
    readonly notice: CaseNotice;
    readonly competition: string;
    readonly players?: CasePlayers;
    readonly today: LocalDate;
    readonly publicUrl: string;
  },
  language: Language,
): CaseMailLine {
  const c = input.case;
  return {
    caseId: c.id,
    notice: input.notice,
    competition: input.competition,
    summary: inLanguage(caseSummary(c.kind, c.payload, input.players), language),
    deadline: deadlineText(language, c.dueOn, input.today),
    overdue: isOverdue(c, input.today),
    url: caseUrl(input.publicUrl, c),
  };
}

/**
 * What the subject says: one case's competition and whether it is new or overdue; a digest's
 * day and how many cases are new and overdue.
 */
export function caseMailSubject(
  language: Language,
  mail: { readonly day?: LocalDate; readonly lines: readonly Pick<CaseMailLine, 'notice' | 'competition'>[] },
): string {
  const ro = language === 'ro';
  const fresh = mail.lines.filter((l) => l.notice === 'opened').length;
  const overdue = mail.lines.length - fresh;
  if (language === 'pl') return polishCaseSubject(mail.day, fresh, overdue, mail.lines[0]?.competition ?? '', mail.lines[0]?.notice);
  if (mail.day === undefined) {
    const [line] = mail.lines;
    const what =
      line?.notice === 'overdue' ? (ro ? 'Caz cu termenul depășit' : 'Overdue case') : ro ? 'Caz nou de hotărât' : 'New case to decide';
    return `[${line?.competition ?? ''}] ${what}`;
  }
  const parts = ro
    ? [fresh && `${roCount(fresh, 'caz nou', 'cazuri noi')}`, overdue && `${roCount(overdue, 'caz', 'cazuri')} cu termenul depășit`]
    : [fresh && `${fresh} new ${fresh === 1 ? 'case' : 'cases'}`, overdue && `${overdue} overdue ${overdue === 1 ? 'case' : 'cases'}`];
  const counts = parts.filter(Boolean).join(ro ? ', ' : ', ');
  return ro
    ? `Cazurile arbitrului, ${mailDay(language, mail.day)}: ${counts}`
    : `Arbiter's cases, ${mailDay(language, mail.day)}: ${counts}`;
}
