import { Injectable } from '@nestjs/common';
import { isDeepStrictEqual } from 'node:util';
import { Clock } from '../../common/clock';
import { Database } from '../../database/database';
import { thinkingDaysForMove } from '../../thinking-time/core';
import { toLocalDate, type DateRange } from '../../common/calendar';
import { replayGame, storedMoveInput, type Color } from '../../engine';
import { GameSession } from '../model/game-session';
import { GameRepository } from '../persistence/game.repository';
import { lineSnapshot } from '../core/game-state';
import { GameListingsRepository } from '../persistence/game-listings.repository';

export interface CheckProblem {
  readonly gameId: string;
  readonly problem: string;
}

export interface CheckReport {
  readonly games: number;
  readonly moves: number;
  readonly problems: readonly CheckProblem[];
}

const BATCH = 200;

/**
 * The consistency check of docs/design.md "State and invariants": every stored game is
 * replayed from its move log by the rules core, every line of it, and compared with what
 * the database says — each move's score and words, which moves are annulled, the cached
 * state of the live lines, the status. A healthy database gives no problem.
 */
@Injectable()
export class GameCheckService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly games: GameRepository,
    private readonly listings: GameListingsRepository,
  ) {}

  async check(): Promise<CheckReport> {
    const problems: CheckProblem[] = [];
    let games = 0;
    let moves = 0;
    for (let after = ''; ;) {
      const ids = await this.db.run(() => this.listings.gameIdsAfter(after, BATCH));
      if (ids.length === 0) break;
      for (const { id } of ids) {
        const found = await this.db.run(async () => {
          const s = await GameSession.open(this.games, id, { lock: false, now: this.clock.now() });
          return checkGame(s, { red: await s.pausesOf('red'), blue: await s.pausesOf('blue') });
        });
        problems.push(...found.problems.map((problem) => ({ gameId: id, problem })));
        moves += found.moves;
        games++;
      }
      after = ids[ids.length - 1].id;
    }
    return { games, moves, problems };
  }
}

/**
 * What is wrong with one game, by replaying each of its lines. With `pauses` (each player's
 * holiday and approved leave), each move's stored thinking days are also derived again from
 * its arrival and sending days (docs/rules.md §5).
 */
export function checkGame(s: GameSession, pauses?: Readonly<Record<Color, readonly DateRange[]>>): { problems: string[]; moves: number } {
  const problems: string[] = [];
  if (pauses) {
    for (const move of s.moves) {
      const derived = thinkingDaysForMove(toLocalDate(move.arrivedOn), toLocalDate(move.sentOn), pauses[move.color]);
      if (derived !== move.thinkingDays) {
        problems.push(
          `line ${move.lineId} move ${move.number}: ${move.thinkingDays} thinking days stored, ${derived} derived from arrival ${move.arrivedOn} and sending ${move.sentOn}`,
        );
      }
    }
  }
  const livePaths = new Set<string>();
  for (const line of s.lines) {
    const path = s.pathOf(line.id);
    const replay = replayGame(s.setup, path.map(storedMoveInput));
    if (!replay.ok) {
      problems.push(`line ${line.id}: move ${replay.n} (${path[replay.n - 1].notation}) no longer replays: ${replay.code}`);
      continue;
    }
    path.forEach((move, i) => {
      const r = replay.records[i];
      if (move.lineId !== line.id) return;
      const stored = { kind: move.kind, score: move.score, recorded: move.recordedScore, words: move.words, color: move.color };
      const replayed = { kind: r.type, score: r.score, recorded: r.recorded, words: r.words, color: r.player };
      if (!isDeepStrictEqual(JSON.parse(JSON.stringify(replayed)), stored)) {
        problems.push(`line ${line.id} move ${move.number}: stored ${JSON.stringify(stored)}, replayed ${JSON.stringify(replayed)}`);
      }
    });
    if (line.status === 'live') for (const m of path) livePaths.add(m.id);
  }
  for (const move of s.moves) {
    // docs/rules.md §6: a move is annulled exactly when no live line plays it.
    if (move.annulled === livePaths.has(move.id)) {
      problems.push(
        `line ${move.lineId} move ${move.number} is ${move.annulled ? 'annulled but still played' : 'played in no live line but not annulled'}`,
      );
    }
  }
  if (problems.length === 0) {
    const cached = s.game.state.lines;
    const replayed = s.liveLines().map((l) => lineSnapshot(l.id, s.label(l.id), s.state(l.id)));
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(replayed)), cached)) {
      problems.push(
        `the cached state differs from the replay: cached ${JSON.stringify(summary(cached))}, replayed ${JSON.stringify(summary(replayed))}`,
      );
    }
    const over = s.liveLines().every((l) => s.state(l.id).over);
    if (s.game.status === 'playing' && over && !s.dispute) problems.push('every line has ended but the game is still playing');
    if (s.game.status === 'ended' && s.game.outcome === null && !over)
      problems.push('the game is marked ended by play but its line goes on');
    if (s.moves.some((m) => m.turn > s.game.turn)) problems.push(`a move belongs to a turn after the current one (${s.game.turn})`);
  }
  return { problems, moves: s.moves.length };
}

function summary(lines: readonly { id: string; movesPlayed: number; totals: unknown }[]) {
  return lines.map((l) => ({ id: l.id, moves: l.movesPlayed, totals: l.totals }));
}
