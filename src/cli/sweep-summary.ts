// What `sweep [--date]` prints and which day it sweeps (sweep.commands.ts): pure, so the
// command's rules are tested without Nest or a database.
import { compareDays, isLocalDate, localDate, type LocalDate } from '../common/calendar';
import type { CompetitionSweep, SweepReport } from '../thinking-time/sweep.service';
import { BadInputError } from './command';

/** What the command prints: per competition the days swept and the actions done, by stage. */
export interface SweepSummary {
  /** The day asked for (`--date`), or today. */
  readonly day: LocalDate;
  readonly competitions: readonly CompetitionSweep[];
  /** Every competition together, by stage. */
  readonly stages: Readonly<Record<string, number>>;
  readonly resultsSettled: number;
}

export function sweepSummary(day: LocalDate, report: SweepReport): SweepSummary {
  const stages: Record<string, number> = {};
  for (const c of report.competitions) for (const [stage, n] of Object.entries(c.stages)) stages[stage] = (stages[stage] ?? 0) + (n ?? 0);
  return {
    day,
    competitions: report.competitions,
    stages: Object.fromEntries(Object.entries(stages).sort(([a], [b]) => (a < b ? -1 : 1))),
    resultsSettled: report.resultsSettled,
  };
}

/** `--date` read and checked against today (in the platform's time zone): a later day is refused. */
export function sweepDay(value: string | undefined, now: Date, timeZone: string): LocalDate {
  const today = localDate(now, timeZone);
  if (value === undefined) return today;
  if (!isLocalDate(value)) throw new BadInputError(`--date must be a calendar day as YYYY-MM-DD, not "${value}"`);
  if (compareDays(value, today) > 0)
    throw new BadInputError(`--date ${value} is after today (${today}): what is due later is not done early`);
  return value;
}
