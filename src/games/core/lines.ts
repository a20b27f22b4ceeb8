// Lines of play (docs/rules.md §6). A fork shares its parent's first `forkAfter` moves; the
// moves a line plays itself are numbered on from there. While an appeal waits, two lines are
// live, A (the contested move stands) and B (it is replaced); a ruling, an admission, an
// annulment or a time forfeit leaves a line, and its own moves are annulled (kept on record).
// Pure: rows in, moves and changes out.
import { refusals } from './game-refusals';
import { lineSnapshot, type GameSnapshot, type LineLabel } from './game-state';
import { replayGame, storedMoveInput, type GameSetup, type GameState, type MoveRecord } from '../../engine';
import type { Decided, Play, PlayLine, PlayMove } from './play';

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

/** A new game's one line: every game has `main` from its start. */
export const OPENING_LINE: PlayLine = { id: MAIN_LINE, parentId: null, forkAfter: 0, status: 'live' };

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
export function replayLine(
  setup: GameSetup,
  path: readonly { readonly kind?: string; readonly notation: string }[],
): { state: GameState; records: readonly MoveRecord[] } {
  const replay = replayGame(setup, path.map(storedMoveInput));
  if (!replay.ok) throw new Error(`stored move ${replay.n} no longer replays: ${replay.code} ${replay.message.en}`);
  return replay;
}

// ---------------------------------------------------------------- reading the lines

/** A line of the game; a missing one is a broken invariant of the stored rows, not a refusal. */
export function findLine<L extends PlayLine>(play: Pick<Play<PlayMove, L>, 'lines'>, id: string): L {
  const line = play.lines.find((l) => l.id === id);
  if (!line) throw new Error(`the game has no line ${id}`);
  return line;
}

/** The lines an appeal keeps apart (A then B) while it waits for the ruling, else none. */
function appealed(play: Pick<Play, 'dispute'>) {
  return play.dispute?.status === 'appealed' ? play.dispute.lines : null;
}

/** The live lines: one, or while an appeal waits for the ruling, A (the move stands) then B (replaced). */
export function liveLines<L extends PlayLine>(play: Pick<Play<PlayMove, L>, 'lines' | 'dispute'>): L[] {
  const live = play.lines.filter((l) => l.status === 'live');
  const lines = appealed(play);
  return lines ? [findLine(play, lines.stands), findLine(play, lines.replaced)].filter((l) => live.includes(l)) : live;
}

/** The official line when only one is live (docs/rules.md §6: the result comes from the kept line). */
export function officialLine<L extends PlayLine>(play: Pick<Play<PlayMove, L>, 'lines' | 'dispute'>): L {
  const live = liveLines(play);
  if (live.length !== 1) throw new Error(`the game has ${live.length} live lines`);
  return live[0];
}

/** `A` or `B` while an appeal waits, else none. */
export function lineLabel(play: Pick<Play, 'dispute'>, lineId: string): LineLabel | null {
  const lines = appealed(play);
  if (lines?.stands === lineId) return 'A';
  if (lines?.replaced === lineId) return 'B';
  return null;
}

/**
 * A line as a player names it: `A`/`B` as the latest appeal labelled them (replies may
 * still carry the labels after the ruling), or its id. A closed line is LINE_ANNULLED.
 */
export function resolveLine<L extends PlayLine>(play: Pick<Play<PlayMove, L>, 'lines' | 'labels'>, name: string): Decided<L> {
  const label = name.toUpperCase();
  const id = play.labels && (label === 'A' || label === 'B') ? (label === 'A' ? play.labels.stands : play.labels.replaced) : name;
  const line = play.lines.find((l) => l.id === id);
  if (!line) return refusals.unknownLine(name);
  if (line.status !== 'live') return refusals.lineAnnulled(name);
  return line;
}

/** The moves of a line, in order. */
export function pathOf<M extends PlayMove>(play: Pick<Play<M>, 'lines' | 'moves'>, lineId: string): M[] {
  return linePath(new Map(play.lines.map((l) => [l.id, l])), play.moves, lineId);
}

/** The cached state of the game row: a snapshot of every live line (A first while an appeal waits). */
export function gameSnapshot(play: Play): GameSnapshot {
  return { lines: liveLines(play).map((l) => lineSnapshot(l.id, lineLabel(play, l.id), play.stateOf(l.id))) };
}

// ---------------------------------------------------------------- changing the lines

/** What a decision does to the lines, in the order the writer applies it: open, close, annul. */
export interface LineChanges {
  /** New lines, live. */
  readonly opened: readonly PlayLine[];
  /** Lines left: closed. */
  readonly closed: readonly string[];
  /** Moves of the closed lines that are not part of the line kept: annulled. */
  readonly annulled: readonly string[];
}

export const NO_LINE_CHANGES: LineChanges = { opened: [], closed: [], annulled: [] };

/**
 * Leaves a line for `kept`: its moves that are not part of the kept line are annulled.
 * `opened`: lines this decision opens before it closes (the kept one may be among them).
 */
export function closeLine(
  play: Pick<Play, 'lines' | 'moves'>,
  lineId: string,
  kept: string,
  opened: readonly PlayLine[] = [],
): LineChanges {
  findLine(play, lineId);
  const keptMoves = new Set(pathOf({ lines: [...play.lines, ...opened], moves: play.moves }, kept).map((m) => m.id));
  const annulled = play.moves.filter((m) => m.lineId === lineId && !keptMoves.has(m.id) && !m.annulled).map((m) => m.id);
  return { opened, closed: [lineId], annulled };
}

/**
 * A new line sharing `from`'s first `after` moves. With `closeParent`, `from` is left: its
 * moves after the fork are annulled (a withdrawal, a ruling, an annulment, a forfeit).
 */
export function forkLine(
  play: Pick<Play, 'lines' | 'moves'>,
  from: string,
  after: number,
  { closeParent }: { readonly closeParent: boolean },
): { readonly line: PlayLine; readonly changes: LineChanges } {
  findLine(play, from);
  const line: PlayLine = { id: nextLineId(play.lines), parentId: from, forkAfter: after, status: 'live' };
  return { line, changes: closeParent ? closeLine(play, from, line.id, [line]) : { ...NO_LINE_CHANGES, opened: [line] } };
}
