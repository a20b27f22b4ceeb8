// The arbiter's homologation page (docs/rules.md §7): for each result waiting, each player's
// confirmation or objection (with its text), the players' window and whether the result may
// be homologated now, needs the arbiter's explicit override, or waits for an objection's decision.
import { formatDayFor } from '../../common/day-format';
import type { BatchSkip } from '../../coefficients/core/homologation-batch';
import { formatCoefficientValue } from '../../common/coefficient-format';
import { mayHomologate, windowOpen } from '../../coefficients/core/homologation-rule';
import type { JsonObject } from '../../common/json';
import { reportWindowEnd } from '../../games/core/closing-result';
import type { Result } from '../../games/entities/result.entity';
import type { Color } from '../../engine';
import { localDate, toLocalDate, type LocalDate } from '../../common/calendar';

type Lang = 'ro' | 'en' | 'pl';

export interface HomologationPlayer {
  readonly color: Color;
  readonly name: string;
  readonly state: 'confirmed' | 'objected' | 'waiting';
  readonly confirmedOn: string | null;
}

export interface HomologationObjection {
  readonly index: number;
  readonly color: Color;
  readonly name: string;
  readonly text: string;
  readonly on: string;
  readonly open: boolean;
  readonly decision: { readonly upheld: boolean; readonly reason: string; readonly on: string } | null;
}

export interface HomologationRowModel {
  readonly players: readonly HomologationPlayer[];
  readonly objections: readonly HomologationObjection[];
  readonly windowEndsOn: string;
  readonly windowOpen: boolean;
  /** May be homologated now without an override. */
  readonly may: boolean;
  /** Inside the window without both confirmations: only an override with a reason. */
  readonly needsOverride: boolean;
  /** An objection waits for a decision: no homologation until then. */
  readonly objectionOpen: boolean;
}

function formatDay(day: LocalDate, lang: Lang): string {
  return formatDayFor(lang, day);
}

export function homologationRow(
  result: Pick<Result, 'status' | 'dueOn' | 'redConfirmedAt' | 'blueConfirmedAt' | 'objections'>,
  names: Readonly<Record<Color, string>>,
  today: LocalDate,
  timeZone: string,
  lang: Lang,
): HomologationRowModel {
  const instantDay = (at: Date | string) => formatDay(localDate(new Date(at), timeZone), lang);
  const dueOn = toLocalDate(result.dueOn);
  const confirmedAt: Record<Color, Date | null> = { red: result.redConfirmedAt, blue: result.blueConfirmedAt };
  const objections = result.objections.map((o, index) => ({
    index,
    color: o.color,
    name: names[o.color],
    text: o.text,
    on: instantDay(o.at),
    open: !o.decision,
    decision: o.decision ? { upheld: o.decision.verdict === 'upheld', reason: o.decision.reason, on: instantDay(o.decision.at) } : null,
  }));
  const players = (['red', 'blue'] as const).map((color) => {
    const at = confirmedAt[color];
    return {
      color,
      name: names[color],
      state: at ? ('confirmed' as const) : objections.some((o) => o.color === color) ? ('objected' as const) : ('waiting' as const),
      confirmedOn: at ? instantDay(at) : null,
    };
  });
  const decision = mayHomologate({
    status: result.status,
    today,
    dueOn,
    confirmed: { red: confirmedAt.red !== null, blue: confirmedAt.blue !== null },
    openObjections: objections.filter((o) => o.open).length,
  });
  return {
    players,
    objections,
    windowEndsOn: formatDay(dueOn, lang),
    windowOpen: windowOpen(today, dueOn),
    may: decision.ok,
    needsOverride: !decision.ok && decision.why === 'window-open',
    objectionOpen: !decision.ok && decision.why === 'objection-open',
  };
}

/** A player's word in the report window after the closing date: their declaration, or none (silence confirms). */
export interface ClosingPlayer {
  readonly color: Color;
  readonly name: string;
  readonly declaration: { readonly text: string; readonly on: string } | null;
}

/** An unfinished game's closing-date proposal as the homologation page shows it (docs/rules.md "The closing date"). */
export interface ClosingRowModel {
  readonly closingDate: string;
  readonly reportWindowEndedOn: string;
  /** Null when the arbiter rules first (an open time claim, two lines): nothing is proposed. */
  readonly proposal: {
    /** `arbiter.homologation.closing.<type>`: what the platform's record gives. */
    readonly outcomeKey: string;
    /** The no-show's player, by name. */
    readonly by: string | null;
    readonly scores: string;
    readonly coefficients: string;
  } | null;
  readonly players: readonly ClosingPlayer[];
  /** Homologated as proposed, with nothing typed again: a proposal and no contest waiting. */
  readonly may: boolean;
}

const COLOR_NAMES = ['red', 'blue'] as const;

function isColor(value: unknown): value is Color {
  return value === 'red' || value === 'blue';
}

/** The closing case's payload (thinking-time/sweep-actions.service.ts) as the page's row. */
export function closingRow(payload: JsonObject, names: Readonly<Record<Color, string>>, lang: Lang): ClosingRowModel {
  const closing = toLocalDate(String(payload.closingDate));
  const proposal = (payload.proposal ?? null) as {
    outcome: { type: string; by?: unknown };
    scores: Record<Color, number>;
    coefficients: Record<Color, number>;
  } | null;
  const declarations = Array.isArray(payload.declarations)
    ? (payload.declarations as { color?: unknown; text?: unknown; declaredOn?: unknown }[])
    : [];
  const players = COLOR_NAMES.map((color) => {
    const d = declarations.find((x) => x.color === color);
    return {
      color,
      name: names[color],
      declaration: d ? { text: String(d.text ?? ''), on: formatDay(toLocalDate(String(d.declaredOn)), lang) } : null,
    };
  });
  return {
    closingDate: formatDay(closing, lang),
    reportWindowEndedOn: formatDay(reportWindowEnd(closing), lang),
    proposal: proposal && {
      outcomeKey: `arbiter.homologation.closing.${proposal.outcome.type === 'no-show' ? 'noShow' : 'unfinished'}`,
      by: isColor(proposal.outcome.by) ? names[proposal.outcome.by] : null,
      scores: `${proposal.scores.red} – ${proposal.scores.blue}`,
      coefficients: `${formatCoefficientValue(proposal.coefficients.red, lang)} – ${formatCoefficientValue(proposal.coefficients.blue, lang)}`,
    },
    players,
    may: proposal !== null && payload.disputeOpen !== true,
  };
}

/**
 * What one act of homologation would do with a listed game (the batch page, before the arbiter
 * confirms): homologate it, or skip it and why. The service decides again under each game's lock.
 */
export function batchPreview(row: {
  readonly homologation: HomologationRowModel | null;
  readonly closing: ClosingRowModel | null;
}): BatchSkip | null {
  if (row.closing) return row.closing.may ? null : 'rule-first';
  if (!row.homologation) return 'no-proposal';
  if (row.homologation.may) return null;
  return row.homologation.objectionOpen ? 'objection-open' : 'window-open';
}
