// The game page's board, rack, sequence and move list as the template draws them (game-page.ts builds
// the page around them). Pure: built from the replayed records and the tile set.
import {
  BOARD_SIZE,
  CENTER,
  letterValue,
  premiumAt,
  rowLetter,
  type Color,
  type MoveRecord,
  type Premium,
  type TileSet,
} from '../../engine';
import type { LineSnapshot } from '../../games/core/game-state';
import type { MoveView } from '../../games/model/game-views';
import { formatDay, type Lang } from './format-day';

export interface BoardCell {
  readonly coord: string;
  readonly row: number;
  readonly col: number;
  readonly letter: string | null;
  readonly blank: boolean;
  readonly value: number | null;
  /** CSS modifier: tw, dw, tl, dl or null. */
  readonly premium: string | null;
  /** Message key naming the premium, for the cell's label. */
  readonly premiumKey: string | null;
  /** Message key of the premium's short mark shown on an empty square. */
  readonly premiumShortKey: string | null;
  readonly center: boolean;
  /** Placed by the line's last move: highlighted. */
  readonly last: boolean;
}

export interface BoardRow {
  readonly letter: string;
  readonly cells: readonly BoardCell[];
}

export interface RackTileModel {
  readonly letter: string;
  readonly blank: boolean;
  readonly value: number;
  /** Position in the rack, for the click-to-place script. */
  readonly index: number;
}

export interface SequenceCell {
  /** 1-based, as the paper sheet numbers it. */
  readonly n: number;
  readonly letter: string;
  readonly by: Color | null;
  /** Which draw of that player's it was (1 = first tile taken). */
  readonly order: number | null;
}

export interface MoveRow {
  readonly n: number;
  readonly tour: number;
  readonly color: Color;
  /** Letters used, in sequence order, comma separated (docs/rules.md §8 "Letters"). */
  readonly letters: string;
  /** `7c: GO` or `PAS`. */
  readonly main: string;
  /** The adjacent words with their positions: `c7: GO; d7: OL`. */
  readonly adjacent: string;
  readonly score: number;
  /** The handicap cap changed the score written (docs/rules.md §2): the real score is shown beside it. */
  readonly capped: boolean;
  readonly recorded: number;
  readonly total: number;
  readonly thinkingDays: number | null;
  readonly sentOn: string | null;
  readonly unknownWords: readonly string[];
  readonly source: string | null;
  /** The mover's note to the partner; the template escapes it. */
  readonly note: string | null;
}

const PREMIUM_CLASS: Readonly<Record<NonNullable<Premium>, string>> = { TW: 'tw', DW: 'dw', TL: 'tl', DL: 'dl' };

/** The board of a line as table rows, premiums and the last move's tiles marked. */
export function boardModel(
  snapshot: Pick<LineSnapshot, 'board'>,
  tileSet: TileSet,
  lastTiles: readonly { row: number; col: number }[] = [],
): BoardRow[] {
  const last = new Set(lastTiles.map((t) => t.row * BOARD_SIZE + t.col));
  const rows: BoardRow[] = [];
  for (let row = 0; row < BOARD_SIZE; row++) {
    const cells: BoardCell[] = [];
    for (let col = 0; col < BOARD_SIZE; col++) {
      const ch = snapshot.board[row]?.[col] ?? '.';
      const letter = ch === '.' ? null : ch.toUpperCase();
      const blank = letter !== null && ch !== letter;
      const premium = premiumAt(row, col);
      cells.push({
        coord: `${rowLetter(row)}${col + 1}`,
        row,
        col,
        letter,
        blank,
        value: letter === null ? null : blank ? 0 : letterValue(tileSet, letter),
        premium: letter === null && premium ? PREMIUM_CLASS[premium] : null,
        premiumKey: premium ? `player.premium.${PREMIUM_CLASS[premium]}` : null,
        premiumShortKey: letter === null && premium ? `player.premium.short.${PREMIUM_CLASS[premium]}` : null,
        center: row === CENTER.row && col === CENTER.col,
        last: last.has(row * BOARD_SIZE + col),
      });
    }
    rows.push({ letter: rowLetter(row), cells });
  }
  return rows;
}

/** Rack letters (`?` = blank) as tiles with their values. */
export function rackModel(rack: string, tileSet: TileSet): RackTileModel[] {
  return [...rack].map((letter, index) => ({
    letter,
    blank: letter === '?',
    value: letter === '?' ? 0 : letterValue(tileSet, letter),
    index,
  }));
}

/** The 100-tile sequence in rows of ten, each tile marked with the player who took it (docs/rules.md §8). */
export function sequenceModel(sequence: string, taken: Readonly<Record<Color, readonly number[]>>, perRow = 10): SequenceCell[][] {
  const by = new Map<number, { color: Color; order: number }>();
  for (const color of ['red', 'blue'] as const) taken[color].forEach((p, i) => by.set(p, { color, order: i + 1 }));
  const tiles = [...sequence];
  const rows: SequenceCell[][] = [];
  tiles.forEach((letter, i) => {
    if (i % perRow === 0) rows.push([]);
    const mark = by.get(i);
    rows[rows.length - 1].push({ n: i + 1, letter, by: mark?.color ?? null, order: mark?.order ?? null });
  });
  return rows;
}

/** Writes a word as docs/rules.md §8 does: `7c: GO`. */
function wordAt(coord: string, word: string): string {
  return `${coord}: ${word}`;
}

/** A line's path: each move's engine record with its stored row id. */
export type LinePath = readonly { readonly moveId: string; readonly record: MoveRecord }[];

/** The move table rows of a line (docs/rules.md §8): letters used, main word, adjacent words, score, total, days, date. */
export function moveRows(path: LinePath, moves: ReadonlyMap<string, MoveView>, lang: Lang): MoveRow[] {
  return path.map(({ moveId, record }) => {
    const stored = moves.get(moveId);
    const [main, ...adjacent] = record.words;
    return {
      n: record.n,
      tour: record.tour,
      color: record.player,
      letters: record.tilesUsed.join(','),
      main: record.type === 'place' ? wordAt(main.coord, main.word) : record.notation,
      adjacent: adjacent.map((w) => wordAt(w.coord, w.word)).join('; '),
      score: record.score,
      capped: record.recorded !== record.score,
      recorded: record.recorded,
      total: record.total,
      thinkingDays: stored?.thinkingDays ?? null,
      sentOn: formatDay(stored?.sentOn, lang),
      unknownWords: stored?.unknownWords ?? record.unknownWords,
      source: stored?.source ?? null,
      note: stored?.note ?? null,
    };
  });
}
