// The arbiter's view of one game (docs/web.md, Arbiter's panel) as plain values: while an appeal keeps two
// lines (docs/rules.md §6), line A (the contested move stands) and line B (it is replaced) side
// by side, each with its board, totals, racks and own moves. Pure: a GameView in, a model out.
import type { GameView, MoveView } from '../../games/model/game-views';
import type { LineSnapshot } from '../../games/core/game-state';

export interface BoardCell {
  readonly letter: string;
  readonly blank: boolean;
}

export interface BoardRow {
  readonly label: string;
  readonly cells: readonly BoardCell[];
}

export interface PanelLine {
  readonly id: string;
  /** `A`, `B`, or null for the one line of an undisputed game. */
  readonly label: string | null;
  readonly grid: readonly BoardRow[];
  readonly columns: readonly number[];
  readonly totals: LineSnapshot['totals'];
  readonly racks: LineSnapshot['racks'];
  readonly bag: number;
  readonly movesPlayed: number;
  readonly over: boolean;
  /** The moves played in this line only (those before the fork are in `shared`). */
  readonly moves: readonly MoveView[];
}

export interface GamePanel {
  readonly twoLines: boolean;
  readonly lines: readonly PanelLine[];
  /** Moves common to every live line, and the annulled ones, in order. */
  readonly shared: readonly MoveView[];
  readonly annulled: readonly MoveView[];
}

const ROW_LABELS = 'ABCDEFGHIJKLMNO';

/** A board as the snapshot stores it (15 rows of `.`/letters, a blank in lower case) as rows of cells. */
export function boardGrid(rows: readonly string[]): BoardRow[] {
  return rows.map((row, r) => ({
    label: ROW_LABELS[r] ?? String(r + 1),
    cells: Array.from(row).map((ch) =>
      ch === '.' ? { letter: '', blank: false } : { letter: ch.toUpperCase(), blank: ch !== ch.toUpperCase() },
    ),
  }));
}

export function gamePanel(view: Pick<GameView, 'lines' | 'moves'>): GamePanel {
  const liveIds = new Set(view.lines.map((l) => l.id));
  const twoLines = view.lines.length > 1;
  const byOrder = (a: MoveView, b: MoveView) => a.turn - b.turn || a.number - b.number;
  const live = view.moves.filter((m) => !m.annulled);
  // Where the lines part: a line's moves before its first own move are those of the line it forked from.
  const forkPoint = twoLines ? Math.max(...view.lines.map((l) => l.movesPlayed - live.filter((m) => m.line === l.id).length)) : Infinity;
  const isShared = (m: MoveView) => !twoLines || !liveIds.has(m.line) || m.number <= forkPoint;
  return {
    twoLines,
    lines: view.lines.map((l) => ({
      id: l.id,
      label: l.label,
      grid: boardGrid(l.board),
      columns: Array.from({ length: l.board[0]?.length ?? 15 }, (_, i) => i + 1),
      totals: l.totals,
      racks: l.racks,
      bag: l.bag,
      movesPlayed: l.movesPlayed,
      over: l.over,
      moves: twoLines ? live.filter((m) => m.line === l.id && !isShared(m)).sort(byOrder) : [],
    })),
    shared: live.filter(isShared).sort(byOrder),
    annulled: view.moves.filter((m) => m.annulled).sort(byOrder),
  };
}
