// A game's thinking-time timeline (src/thinking-time) from its stored rows. Turns, not
// moves, are what the clocks count (docs/rules.md §6: a turn in two lines costs its days once,
// to the last of its moves), and a turn whose moves were all voided stays charged
// (docs/rules.md §5: "the clock ran while the player thought"). Pure.
import type { Competition } from '../../competitions/competition.entity';
import { type DayAdjustment, type GameTimeline, type LongThinkingNotice } from '../../thinking-time/core';
import { toLocalDate, type DateRange, type LocalDate } from '../../common/calendar';
import type { Color } from '../../engine';
import { groupBy } from '../../common/collections';

export interface TimelineMoveRow {
  readonly turn: number;
  readonly color: Color;
  readonly arrivedOn: string;
  readonly sentOn: string;
  readonly thinkingDays: number;
  readonly annulled: boolean;
}

export interface TimelineRows {
  readonly competition: Pick<Competition, 'closingDate' | 'thinkingDays' | 'reminderDays' | 'escalationDays'>;
  readonly startedOn: string;
  /** The turn being played: its moves so far do not make a completed turn yet. */
  readonly currentTurn: number;
  readonly moves: readonly TimelineMoveRow[];
  readonly holidays: Readonly<Record<Color, readonly DateRange[]>>;
  readonly notices: Readonly<Record<Color, readonly LongThinkingNotice[]>>;
  /** Arbiter rulings on days: positive charges, negative credits (docs/rules.md §5). */
  readonly dayPenalties: Readonly<Record<Color, readonly { readonly days: number; readonly on: string }[]>>;
  readonly endedOn?: LocalDate;
}

export function gameTimeline(rows: TimelineRows): GameTimeline {
  const turns = groupBy(
    rows.moves.filter((m) => m.turn < rows.currentTurn),
    (m) => m.turn,
  );
  const moves: GameTimeline['moves'][number][] = [];
  const adjustments: Record<Color, DayAdjustment[]> = { red: [], blue: [] };
  for (const [, turn] of [...turns].sort(([a], [b]) => a - b)) {
    const player = turn[0].color;
    const sent = toLocalDate(
      turn
        .map((m) => m.sentOn)
        .sort()
        .at(-1)!,
    );
    if (turn.some((m) => !m.annulled)) {
      moves.push({ player, sent, arrived: toLocalDate(turn.map((m) => m.arrivedOn).sort()[0]) });
    } else {
      const days = Math.max(...turn.map((m) => m.thinkingDays));
      if (days > 0) adjustments[player].push({ kind: 'charge', days, on: sent, reason: 'voided move' });
    }
  }
  for (const color of ['red', 'blue'] as const) {
    for (const p of rows.dayPenalties[color]) {
      if (p.days !== 0) adjustments[color].push({ kind: p.days > 0 ? 'charge' : 'credit', days: Math.abs(p.days), on: toLocalDate(p.on) });
    }
  }
  return {
    start: toLocalDate(rows.startedOn),
    closing: toLocalDate(rows.competition.closingDate),
    moves,
    holidays: rows.holidays,
    longThinking: rows.notices,
    adjustments,
    ...(rows.endedOn && { endedOn: rows.endedOn }),
    rules: {
      thinkingDays: rows.competition.thinkingDays,
      reminderDays: rows.competition.reminderDays,
      escalationDays: rows.competition.escalationDays,
    },
  };
}
