// The arbiter's homologation page (docs/rules.md §7): for each result waiting, each player's
// confirmation or objection (with its text), the players' window and whether the result may
// be homologated now, needs the arbiter's explicit override, or waits for an objection's decision.
import { formatDayFor } from '../../common/day-format';
import { mayHomologate, windowOpen } from '../../coefficients/core/homologation-rule';
import type { Result } from '../../games/result.entity';
import type { Color } from '../../games/engine';
import { localDate, toLocalDate, type LocalDate } from '../../thinking-time/core';

type Lang = 'ro' | 'en';

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
