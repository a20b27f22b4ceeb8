import { timelineOn, type GameTimeline, type TimelineDay } from '../../thinking-time/core';
import { localDate, toLocalDate } from '../../common/calendar';
import type { Color } from '../../engine';
import type { GameSession } from './game-session';
import { gameTimeline } from './game-timeline';

/** The thinking-time core's view of a game today (docs/rules.md §5): clocks, silence, deadlines. */
export async function clocksOn(s: GameSession): Promise<TimelineDay> {
  return timelineOn(await timelineOf(s), s.today);
}

/** The game's whole timeline, as clocksOn reads it (the web page also asks it for the run-out day). */
export async function timelineOf(s: GameSession): Promise<GameTimeline> {
  const { notices, penalties, pauses } = await s.timelineRows();
  const of = <T extends { playerId: string }>(rows: readonly T[], color: Color) => rows.filter((r) => r.playerId === s.players[color].id);
  return gameTimeline({
    competition: s.competition,
    startedOn: s.game.startedOn,
    currentTurn: s.game.turn,
    moves: s.moves,
    // Holidays and approved special leave alike: not thinking days, no silence (docs/rules.md §5).
    holidays: pauses,
    notices: {
      red: of(notices, 'red').map((n) => ({ from: toLocalDate(n.fromDay), days: n.days })),
      blue: of(notices, 'blue').map((n) => ({ from: toLocalDate(n.fromDay), days: n.days })),
    },
    dayPenalties: {
      red: of(penalties, 'red').map((p) => ({ days: p.amount, on: p.effectiveOn })),
      blue: of(penalties, 'blue').map((p) => ({ days: p.amount, on: p.effectiveOn })),
    },
    ...(s.game.endedAt && { endedOn: localDate(s.game.endedAt, s.competition.timeZone) }),
  });
}
