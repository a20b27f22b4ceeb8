// What every game mail is built from (game-mail.ts): the game's session as it stood when the
// notification was written, the recipient's colour, the reply address and the clocks.
import type { Settings } from '../../config/settings';
import type { Color } from '../../engine';
import { timelineOf } from '../../games/game-clocks';
import { replayLine } from '../../games/core/lines';
import { readGameView } from '../../games/game-mail-view';
import type { UserRepository } from '../../auth/user.repository';
import type { CompetitionsRepository } from '../../competitions/competitions.repository';
import type { GameRepository } from '../../games/game.repository';
import type { ResultsRepository } from '../../games/results.repository';
import { GameSession } from '../../games/game-session';
import type { MailGamesRepository } from '../mail-games.repository';
import { timelineOn, type GameTimeline } from '../../thinking-time/core';
import { type LocalDate } from '../../common/calendar';
import { deadlinesOn } from '../../thinking-time/core/deadlines';
import type { TimelineDay } from '../../thinking-time/core/timeline';
import type { MailLanguage } from '../parsing/quotes';
import { replyAddress } from '../../notifications/reply-token';
import {
  clocksView,
  moveView,
  positionView,
  replyView,
  type ClocksView,
  type DeadlinesView,
  type GameView,
  type LineView,
  type MoveView,
  type PositionView,
  type ReplayView,
  type ReplyView,
} from '../templates';

/** What every game mail is built from: the session as of the row, the recipient and the reply. */
export interface GameMailContext {
  readonly s: GameSession;
  readonly you: Color;
  readonly game: GameView;
  readonly language: MailLanguage;
  readonly reply: ReplyView;
  readonly clocks: ClocksView;
  readonly timeline: TimelineDay;
  readonly deadlines: DeadlinesView;
  readonly names: Readonly<Record<Color, string>>;
}

/**
 * The session of `gameId` as it stood at `at`: moves received after it and lines forked
 * after it left out, the turn as the notification named it, the day counted at `at`.
 */
export async function sessionAt(games: GameRepository, gameId: string, at: Date, turn?: number): Promise<GameSession> {
  // Unlocked: a mail describes the game, it changes nothing.
  const { holidays, leave, ...rows } = await games.wholeGame(gameId);
  // A turn's moves are numbered by the game's turn when played: those before the turn the
  // notification named were made before it (several actions may share one clock instant).
  const moves = rows.moves.filter((m) => {
    const received = m.receivedAt.getTime();
    if (received > at.getTime()) return false;
    return turn === undefined || m.turn < turn || (m.turn === turn && received < at.getTime());
  });
  const lines = rows.lines.filter((l) => l.createdAt.getTime() <= at.getTime());
  const game = Object.assign(Object.create(Object.getPrototypeOf(rows.game)) as typeof rows.game, rows.game);
  if (turn !== undefined) game.turn = turn;
  if (game.endedAt && game.endedAt.getTime() > at.getTime())
    Object.assign(game, { status: 'playing', endedAt: null, endReason: null, outcome: null });
  // A dispute opened or appealed after the notification is not part of the game it describes.
  const later = (d: Date | null) => d !== null && d.getTime() > at.getTime();
  let dispute = rows.dispute;
  if (dispute && later(dispute.createdAt)) dispute = null;
  else if (dispute && later(dispute.appealedAt))
    dispute = Object.assign(Object.create(Object.getPrototypeOf(dispute)) as typeof dispute, dispute, {
      status: 'open',
      lines: null,
      appealedAt: null,
    });
  const labels = rows.labels && lines.some((l) => l.id === rows.labels!.replaced) ? rows.labels : null;
  const preloaded = { holidays, leave };
  return new GameSession(
    games,
    { ...rows, game, moves, lines: lines.length ? lines : rows.lines, dispute, labels },
    at,
    undefined,
    undefined,
    preloaded,
  );
}

/**
 * What a game's mail reads: the game through its loader (`games`), its group's name, the
 * arbiter and the result through the repositories that own them.
 */
export interface GameMailReads {
  readonly games: GameRepository;
  readonly competitions: Pick<CompetitionsRepository, 'groupName'>;
  readonly users: Pick<UserRepository, 'find'>;
  readonly results: Pick<ResultsRepository, 'resultOf'>;
}

/** What names a game in a mail (models.ts GameView), for mails built outside gameMail. */
export async function gameViewOf(
  mailGames: MailGamesRepository,
  competitions: Pick<CompetitionsRepository, 'groupName'>,
  settings: Settings,
  gameId: string,
): Promise<GameView> {
  const game = await mailGames.withPlayers(gameId);
  return readGameView(competitions, settings, game.competition!, game, { red: game.redPlayer!, blue: game.bluePlayer! });
}

/** The game mail's common parts for the recipient of `row`. */
export async function gameMailContext(
  reads: GameMailReads,
  settings: Settings,
  gameId: string,
  playerId: string,
  language: MailLanguage,
  at: Date,
  turn?: number,
): Promise<GameMailContext> {
  const s = await sessionAt(reads.games, gameId, at, turn);
  const you = s.colorOfPlayer(playerId) ?? 'red';
  const game = await readGameView(reads.competitions, settings, s.competition, s.game, s.players);
  const whole = await timelineOf(s);
  const timeline = timelineOn(whole, s.today);
  const reply = replyView(
    replyAddress(settings.secret, settings.mailReplyAddress, { gameId: s.game.id, playerId, turn: s.game.turn }),
    game,
    language,
  );
  return {
    s,
    you,
    game,
    language,
    reply,
    clocks: clocksView(timeline.clocks, s.competition.thinkingDays),
    timeline,
    deadlines: deadlinesOf(whole, s.today),
    names: { red: game.red, blue: game.blue },
  };
}

/**
 * docs/rules.md §5: the reminder (day 15) and escalation (day 30) of the awaited move, the closing
 * date and the last day of holiday rights — the sweep's own deadlinesOn, so a start mail and
 * the reminder of the same wait give the same days (holidays and notices counted).
 */
function deadlinesOf(timeline: GameTimeline, today: LocalDate): DeadlinesView {
  const d = deadlinesOn(timeline, today);
  return {
    ...(d.reminder && { reminder: d.reminder }),
    ...(d.escalation && { escalation: d.escalation }),
    closing: d.closing,
    // The template says "the last day a holiday can still be taken".
    holidayRightsEnd: d.lastHolidayDay,
  };
}

/** The live lines as the recipient sees them: one position, or A and B while an appeal waits. */
export function positions(c: GameMailContext): { position?: PositionView; lines?: LineView[] } {
  const live = c.s.liveLines();
  if (live.length >= 2) {
    return {
      lines: live.slice(0, 2).map((l, i) => ({
        label: (c.s.label(l.id) ?? (i === 0 ? 'A' : 'B')) as 'A' | 'B',
        position: positionView(c.s.replay(l.id), c.you, c.names),
      })),
    };
  }
  return { position: positionView(c.s.replay(live[0].id), c.you, c.names) };
}

export function mainPosition(c: GameMailContext): PositionView {
  const p = positions(c);
  return p.position ?? p.lines![0].position;
}

/** The engine's record of a stored move, by its line and number, as every mail shows it. */
export function recordedMove(
  c: GameMailContext,
  moveId: string | undefined,
  fallback?: { line?: string; number?: number },
): MoveView | undefined {
  for (const line of c.s.lines) {
    const path = c.s.pathOf(line.id);
    const index = path.findIndex((m) => m.id === moveId || (fallback?.line === line.id && fallback.number === m.number));
    if (index >= 0) {
      const { records } = replayLine(c.s.setup, path.slice(0, index + 1));
      return moveView(records[index], c.names);
    }
  }
  return undefined;
}

/** The replay of a line's first `moves` moves. */
export function replayUpTo(c: GameMailContext, lineId: string, moves: number): ReplayView {
  return replayLine(c.s.setup, c.s.pathOf(lineId).slice(0, moves));
}
