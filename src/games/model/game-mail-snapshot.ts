// The game as an action leaves it, in the form the mail templates need (mail/core/game-events.ts
// GameSnapshot): built once in the action's transaction from the session it holds, written with
// the action's facts, so no mail reloads or replays the game to learn what the action knew.
import { COLORS, type Color } from '../../common/color';
import { toLocalDate, type LocalDate } from '../../common/calendar';
import type { JsonObject } from '../../common/json';
import type { Settings } from '../../config/settings';
import type { GameFact, GameSnapshot } from '../../mail/core/game-events';
import { moveKey } from '../../mail/core/game-events';
import { boardView, clocksView, linePositionView, moveView, positionView, rackView, sequenceView } from '../../notifications/models/views';
import type { DeadlinesView } from '../../notifications/models/models';
import { dayAndDeadlinesOn, deadlinesOn, type Deadlines } from '../../thinking-time/core/deadlines';
import type { GameTimeline } from '../../thinking-time/core';
import { replayLine } from '../core/lines';
import { noteFor, playerReader } from '../core/move-note';
import { timelineOf } from './game-clocks';
import { gameView, readGameView } from './game-mail-view';
import type { GameRepository } from '../persistence/game.repository';
import type { CompetitionsRepository } from '../../competitions/competitions.repository';
import { GameSession } from './game-session';
import { getTileSet } from '../../engine/tile-sets';

/** What a snapshot reads beside the game: its group's name, from its owner. */
export interface SnapshotReads {
  readonly competitions: Pick<CompetitionsRepository, 'groupName'>;
}

/** The reads of a snapshot of the game as it stands (currentMailSnapshot): the game too. */
export interface CurrentSnapshotReads extends SnapshotReads {
  readonly games: GameRepository;
}

/** The snapshot of `s` for `facts`: what every mail of the action shows, and the views its facts name. */
export async function mailSnapshot(
  s: GameSession,
  facts: readonly GameFact[],
  deps: SnapshotReads & { readonly settings: Pick<Settings, 'publicUrl'> },
  options: { readonly start?: boolean } = {},
): Promise<GameSnapshot> {
  const game =
    s.knownGroupName === undefined
      ? await readGameView(deps.competitions, deps.settings, s.competition, s.game, s.players)
      : gameView(deps.settings, s.competition, s.knownGroupName, s.players, s.game.id);
  const names = { red: game.red, blue: game.blue };
  const whole = await timelineOf(s);
  const { today: day, deadlines } = dayAndDeadlinesOn(whole, s.today);
  const live = s.liveLines();
  // Each live line once, with both racks beside it (mail/core/game-events.ts liveOf): the board and the sequence are the same for both players.
  const shared = live.slice(0, 2).map((l, i) => {
    const replay = s.replay(l.id);
    return {
      ...(live.length >= 2 && { label: (s.label(l.id) ?? (i === 0 ? 'A' : 'B')) as 'A' | 'B' }),
      position: linePositionView(replay, names) as unknown as JsonObject,
      racks: perColor((c) => rackView(replay.state, c)),
    };
  });
  const notes = (you: Color) =>
    s.moves
      .filter((m) => !m.annulled && m.color !== you && m.turn === s.game.turn - 1)
      .flatMap((m) => {
        const note = noteFor(playerReader(you), m);
        return note ? [{ notation: m.notation, note }] : [];
      });
  const moves: Record<string, JsonObject> = {};
  for (const entry of namedMoves(facts)) {
    const view = recordedMove(s, entry as JsonObject, names);
    if (view) moves[moveKey(entry)] = view as unknown as JsonObject;
  }
  const opened = facts.find((f) => f.kind === 'dispute-opened');
  const ruled = facts.some((f) => f.kind === 'ruling-made');
  // The arbiter signs these mails with the name they carry when it goes out (OutboxComposer.signedNow): only the flag is kept.
  const start = options.start === true || facts.some((f) => f.kind === 'game-started');
  const signed = ruled || start;
  const official = s.state(live[0].id);
  const outcome = s.game.outcome;
  return {
    gameId: s.game.id,
    game,
    status: s.game.status,
    turn: s.game.turn,
    turnPlayer: s.turnPlayer(),
    today: s.today,
    names,
    playerIds: { red: s.players.red.id, blue: s.players.blue.id },
    shared: { lines: shared },
    clocks: clocksView(day.clocks, s.competition.thinkingDays) as unknown as JsonObject,
    deadlines: deadlinesView(deadlines) as unknown as JsonObject,
    moveNumber: official.movesPlayed + 1,
    partnerNotes: perColor(notes),
    moves,
    ...(signed && { signed }),
    ...(start && { start: await startOf(s) }),
    ...(s.dispute && { words: [...s.dispute.words] }),
    ...(opened && contestLines(s, opened.details as JsonObject, names)),
    ...(s.game.status === 'ended' && {
      end: {
        outcome: outcome ? { type: outcome.type, ...('by' in outcome && { by: outcome.by as Color }) } : null,
        totals: { red: official.totals.red, blue: official.totals.blue },
        endAdjustment: { red: official.endAdjustment.red, blue: official.endAdjustment.blue },
        scores: { red: official.scores.red, blue: official.scores.blue },
      },
    }),
  };
}

const perColor = <T>(of: (c: Color) => T): { red: T; blue: T } => ({ red: of(COLORS[0]), blue: of(COLORS[1]) });

/**
 * docs/rules.md §5: the reminder (day 15) and escalation (day 30) of the awaited move, the closing
 * date and the last day of holiday rights — the sweep's own deadlinesOn, so a start mail and
 * the reminder of the same wait give the same days (holidays and notices counted).
 */
export function deadlinesOf(timeline: GameTimeline, today: LocalDate): DeadlinesView {
  return deadlinesView(deadlinesOn(timeline, today));
}

/** The deadlines as the templates name them. */
function deadlinesView(d: Deadlines): DeadlinesView {
  return {
    ...(d.reminder && { reminder: d.reminder }),
    ...(d.escalation && { escalation: d.escalation }),
    closing: d.closing,
    // The template says "the last day a holiday can still be taken".
    holidayRightsEnd: d.lastHolidayDay,
  };
}

/** The moves the facts name (a confirmation's, a contest's): their mails show the engine's record of each. */
function namedMoves(facts: readonly GameFact[]): JsonObject[] {
  const named: JsonObject[] = [];
  const object = (v: unknown): JsonObject[] => (typeof v === 'object' && v !== null && !Array.isArray(v) ? [v as JsonObject] : []);
  for (const f of facts) {
    if (f.kind === 'move-played') named.push(...f.moves.slice(0, 1).flatMap(object));
    if (f.kind === 'game-ended' && f.confirms) named.push(...f.confirms.moves.slice(0, 1).flatMap(object));
    if (f.kind === 'dispute-opened') named.push(...object(f.details.contested), ...object(f.details.reply));
  }
  return named;
}

/** The engine's record of a stored move, by its id (or its line and number), as every mail shows it. */
function recordedMove(s: GameSession, entry: JsonObject, names: { red: string; blue: string }) {
  for (const line of s.lines) {
    const path = s.pathOf(line.id);
    const index = path.findIndex((m) => m.id === entry.id || (entry.line === line.id && entry.number === m.number));
    if (index < 0) continue;
    // The line's replay the session holds records every move of its path (a move's record depends on the moves before it only).
    const held = s.replay(line.id);
    const record = held.records.length === path.length ? held.records[index] : replayLine(s.setup, path.slice(0, index + 1)).records[index];
    return moveView(record, names);
  }
  return undefined;
}

/** docs/rules.md §6: a contest's two lines as each player sees them — A with the contested move, B without it. */
function contestLines(s: GameSession, details: JsonObject, names: { red: string; blue: string }): Pick<GameSnapshot, 'contest'> {
  const contested = (details.contested ?? {}) as JsonObject;
  const view = recordedMove(s, contested, names);
  if (!view) return {};
  const lineId = typeof contested.line === 'string' && contested.line ? contested.line : s.liveLines()[0].id;
  const upTo = (moves: number) => replayLine(s.setup, s.pathOf(lineId).slice(0, moves));
  const a = upTo(view.n + 1);
  const b = upTo(view.n - 1);
  return {
    contest: {
      a: perColor((c) => positionView(a, c, names) as unknown as JsonObject),
      b: perColor((c) => positionView(b, c, names) as unknown as JsonObject),
    },
  };
}

/** The game's start (the game-start mail): its settings and the opening as each player sees it. */
async function startOf(s: GameSession): Promise<NonNullable<GameSnapshot['start']>> {
  const opening = replayLine(s.setup, []).state;
  return {
    // The set's name as players know it (`Română (FRSc)`), never its key.
    tileSet: getTileSet(s.competition.tileSet).name,
    startDate: toLocalDate(s.game.startedOn),
    closingDate: toLocalDate(s.competition.closingDate),
    thinkingDays: s.competition.thinkingDays,
    handicap: s.competition.handicap,
    holidays: { red: await s.holidaysOf('red'), blue: await s.holidaysOf('blue') },
    opening: perColor((c) => ({
      sequence: sequenceView(opening),
      rack: opening.racks[c].map((t) => t.letter).join(''),
      board: boardView(opening.board),
    })),
  };
}

/** The game as it stands now, for a mail its action did not describe (the position asked for, a row queued before events). */
export async function currentMailSnapshot(
  reads: CurrentSnapshotReads,
  settings: Pick<Settings, 'publicUrl'>,
  gameId: string,
  now: Date,
  facts: readonly GameFact[] = [],
  options: { readonly start?: boolean } = {},
): Promise<GameSnapshot> {
  // Unlocked: a mail describes the game, it changes nothing.
  const s = await GameSession.open(reads.games, gameId, { lock: false, now });
  return mailSnapshot(s, facts, { ...reads, settings }, options);
}
