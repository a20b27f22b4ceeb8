// The thinking-time core's input read from the database: each game's timeline (moves,
// holidays and approved leave, long-thinking notices, the arbiter's day adjustments), for
// many games in a handful of queries so that the daily sweep stays cheap with hundreds of
// games. The row → timeline rules (turns, voided moves) are the games feature's gameTimeline.
import { In, IsNull, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { Penalty } from '../arbiter/penalty.entity';
import type { Competition } from '../competitions/competition.entity';
import { independentQueries } from '../database/independent-queries';
import type { Color } from '../games/engine/types';
import { gameTimeline } from '../games/game-timeline';
import type { Game } from '../games/game.entity';
import { Holiday } from '../games/holiday.entity';
import { LongThinkingNotice } from '../games/long-thinking-notice.entity';
import { Move } from '../games/move.entity';
import { localDate, toLocalDate, type DateRange } from './core/calendar';
import { SpecialLeave } from '../games/special-leave.entity';
import { TimelineAction } from './timeline-action.entity';
import type { GameTimeline } from './core/timeline';
import { absencesOf } from '../common/absences';
import { groupBy } from '../common/collections';

type GameRow = Pick<Game, 'id' | 'redPlayerId' | 'bluePlayerId' | 'startedOn' | 'turn' | 'endedAt'>;

/** Each game's timeline, by game id. The games must belong to `competition`. */
export async function loadTimelines(
  m: EntityManager,
  competition: Competition,
  games: readonly GameRow[],
): Promise<Map<string, GameTimeline>> {
  if (games.length === 0) return new Map();
  const ids = games.map((g) => g.id);
  const [moves, holidays, leave, notices, penalties] = await independentQueries(m, [
    () =>
      m.find(Move, {
        where: { gameId: In(ids) },
        select: { gameId: true, turn: true, color: true, arrivedOn: true, sentOn: true, thinkingDays: true, annulled: true },
      }),
    // A holiday covers all the player's games in the competition (docs/rules.md §5); a replaced declaration no longer counts.
    () => m.find(Holiday, { where: { competitionId: competition.id, replacedAt: IsNull() } }),
    () => m.find(SpecialLeave, { where: { competitionId: competition.id } }),
    () => m.find(LongThinkingNotice, { where: { gameId: In(ids) } }),
    () => m.find(Penalty, { where: { gameId: In(ids), kind: 'thinking-days' } }),
  ]);
  const movesOf = groupBy(moves, (r) => r.gameId);
  const pausesOf = groupBy(absencesOf({ holidays, specialLeave: leave }, toLocalDate), (a) => a.playerId);
  const noticesOf = groupBy(notices, (r) => `${r.gameId}:${r.playerId}`);
  const penaltiesOf = groupBy(penalties, (r) => `${r.gameId}:${r.playerId}`);
  const timelines = new Map<string, GameTimeline>();
  for (const game of games) {
    const player: Record<Color, string> = { red: game.redPlayerId, blue: game.bluePlayerId };
    const per = <T>(f: (playerId: string) => T): Record<Color, T> => ({ red: f(player.red), blue: f(player.blue) });
    timelines.set(
      game.id,
      gameTimeline({
        competition,
        startedOn: game.startedOn,
        currentTurn: game.turn,
        moves: movesOf.get(game.id) ?? [],
        // Approved leave is taken as a holiday: not thinking days, no silence (timeline.ts GameTimeline.holidays).
        holidays: per((id) => (pausesOf.get(id) ?? []).map(({ from, to }): DateRange => ({ from, to }))),
        notices: per((id) => (noticesOf.get(`${game.id}:${id}`) ?? []).map((n) => ({ from: toLocalDate(n.fromDay), days: n.days }))),
        dayPenalties: per((id) => (penaltiesOf.get(`${game.id}:${id}`) ?? []).map((p) => ({ days: p.amount, on: p.effectiveOn }))),
        ...(game.endedAt && { endedOn: localDate(game.endedAt, competition.timeZone) }),
      }),
    );
  }
  return timelines;
}

/**
 * Records an action unless its unique key is already taken; whether it did. A concurrent
 * transaction holding the same key makes this wait for its outcome (ON CONFLICT), so of two
 * instances exactly one records it.
 */
export async function insertUnlessRecorded(m: EntityManager, row: TimelineAction): Promise<boolean> {
  const inserted = await m
    .createQueryBuilder()
    .insert()
    .into(TimelineAction)
    .values(row as QueryDeepPartialEntity<TimelineAction>)
    .orIgnore()
    .returning('id')
    .execute();
  return (inserted.raw as unknown[]).length > 0;
}
