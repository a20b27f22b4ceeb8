// Lines of play (RULES.md §6). A fork shares its parent's first `forkAfter` moves; the
// moves a line plays itself are numbered on from there. Pure: rows in, moves out.
import { replayGame, type GameSetup, type GameState, type MoveRecord } from './engine';

export interface LineDef {
  readonly id: string;
  readonly parentId: string | null;
  readonly forkAfter: number;
}

export interface LineMove {
  readonly lineId: string;
  readonly number: number;
}

export const MAIN_LINE = 'main';

/** The moves that make up a line, in order: those it shares with its ancestors, then its own. */
export function linePath<M extends LineMove>(lines: ReadonlyMap<string, LineDef>, moves: readonly M[], lineId: string): M[] {
  const path: M[] = [];
  let limit = Infinity;
  for (let line = lines.get(lineId); line; line = line.parentId === null ? undefined : lines.get(line.parentId)) {
    const from = line.forkAfter;
    const upTo = limit;
    path.push(...moves.filter((m) => m.lineId === line!.id && m.number > from && m.number <= upTo));
    limit = Math.min(limit, from);
  }
  return path.sort((a, b) => a.number - b.number);
}

/** The next line id of a game: `f1`, `f2`, … */
export function nextLineId(lines: Iterable<LineDef>): string {
  let n = 0;
  for (const line of lines) {
    const m = /^f(\d+)$/.exec(line.id);
    if (m) n = Math.max(n, Number(m[1]));
  }
  return `f${n + 1}`;
}

/**
 * Replays a line's moves from the game's setup. The log was checked move by move when it
 * was written, so a refusal here means the stored record is corrupt: that is thrown.
 */
export function replayLine(setup: GameSetup, path: readonly { readonly notation: string }[]): { state: GameState; records: readonly MoveRecord[] } {
  const replay = replayGame(setup, path.map((m) => m.notation));
  if (!replay.ok) throw new Error(`stored move ${replay.n} no longer replays: ${replay.code} ${replay.message.en}`);
  return replay;
}
