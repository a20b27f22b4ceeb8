// Fixed-width text blocks and HTML cell data of the mail templates (docs/mail-rules.md 19): the board,
// the sequence with taken tiles marked, the rack. The templates call these as helpers, since
// column alignment is no job for handlebars.
import { BOARD_SIZE, CENTER, emptyBoard, premiumAt, renderBoardText, rowLetter, withTiles, type Premium } from '../../games/engine/board';
import { lowerLetter, upperLetter, isLowerCase } from '../../games/engine/tile-sets';
import type { PlacedTile } from '../../games/engine/types';
import type { MailLanguage } from '../parsing/quotes';
import type { BoardView, SequenceView, WordView } from '../../notifications/models/models';

const LETTER = /^\p{L}$/u;

/** The tiles of a BoardView; anything but a letter counts as an empty square. */
function boardTilesOf(view: BoardView): PlacedTile[] {
  const tiles: PlacedTile[] = [];
  view.rows.slice(0, BOARD_SIZE).forEach((line, row) => {
    Array.from(line)
      .slice(0, BOARD_SIZE)
      .forEach((ch, col) => {
        if (LETTER.test(ch)) tiles.push({ row, col, letter: upperLetter(ch), blank: isLowerCase(ch) });
      });
  });
  return tiles;
}

/** The engine's fixed-width grid (48 columns) with its legend. */
export function boardGrid(view: BoardView): string {
  return renderBoardText(withTiles(emptyBoard(), boardTilesOf(view)));
}

const PREMIUM_LABEL: Readonly<Record<MailLanguage, Readonly<Record<NonNullable<Premium>, { short: string; long: string }>>>> = {
  ro: {
    TW: { short: 'C×3', long: 'cuvânt triplu' },
    DW: { short: 'C×2', long: 'cuvânt dublu' },
    TL: { short: 'L×3', long: 'literă triplă' },
    DL: { short: 'L×2', long: 'literă dublă' },
  },
  en: {
    TW: { short: 'W×3', long: 'triple word' },
    DW: { short: 'W×2', long: 'double word' },
    TL: { short: 'L×3', long: 'triple letter' },
    DL: { short: 'L×2', long: 'double letter' },
  },
};

export interface BoardCell {
  readonly square: string;
  /** The letter as written (lower case = blank), or `''` for an empty square. */
  readonly letter: string;
  readonly blank: boolean;
  readonly fresh: boolean;
  readonly premium: Premium;
  readonly center: boolean;
  /** Short premium mark for an empty square (`C×3`), and its words for screen readers. */
  readonly mark: string;
  readonly label: string;
}

// Premium colours of the usual board; a tile is a wooden yellow, the last move's brighter.
const SQUARE_STYLE: Readonly<Record<NonNullable<Premium> | 'none', string>> = {
  TW: 'background:#d9534f;color:#ffffff;',
  DW: 'background:#f5b7b1;color:#7a1f1a;',
  TL: 'background:#2e86c1;color:#ffffff;',
  DL: 'background:#aed6f1;color:#1b4f72;',
  none: 'background:#e9e4d8;color:#8a8372;',
};

/** Inline CSS of one HTML board cell (mail clients drop style sheets). */
export function cellStyle(cell: BoardCell): string {
  if (!cell.letter) return SQUARE_STYLE[cell.premium ?? 'none'];
  const tile = cell.fresh ? 'background:#ffd966;color:#3b2a10;font-weight:bold;' : 'background:#f3d9a4;color:#3b2a10;font-weight:bold;';
  return cell.blank ? `${tile}color:#a0281e;font-style:italic;` : tile;
}

export interface BoardRow {
  readonly letter: string;
  readonly cells: readonly BoardCell[];
}

/** Rows of cells for the HTML board: every square with its tile or premium. */
export function boardRows(view: BoardView, language: MailLanguage): BoardRow[] {
  const tiles = new Map(boardTilesOf(view).map((t) => [t.row * BOARD_SIZE + t.col, t]));
  const fresh = new Set(view.fresh ?? []);
  return Array.from({ length: BOARD_SIZE }, (_, row) => ({
    letter: rowLetter(row),
    cells: Array.from({ length: BOARD_SIZE }, (_, col): BoardCell => {
      const square = `${rowLetter(row)}${col + 1}`;
      const tile = tiles.get(row * BOARD_SIZE + col);
      const premium = premiumAt(row, col);
      const names = premium ? PREMIUM_LABEL[language][premium] : undefined;
      const letter = tile ? (tile.blank ? lowerLetter(tile.letter) : tile.letter) : '';
      return {
        square,
        letter,
        blank: tile?.blank ?? false,
        fresh: fresh.has(square),
        premium,
        center: row === CENTER.row && col === CENTER.col,
        mark: tile || !names ? '' : names.short,
        label: tile ? `${square}: ${letter}${tile.blank ? ' (joker)' : ''}` : `${square}${names ? `: ${names.long}` : ''}`,
      };
    }),
  }));
}

/** Tiles per printed row of the sequence: 20 rows of three columns fit in 64. */
const SEQUENCE_ROW = 20;
const TAKEN_MARK: Readonly<Record<MailLanguage, Readonly<Record<string, string>>>> = {
  ro: { r: 'R', b: 'A' },
  en: { r: 'R', b: 'B' },
};

/**
 * The dealt sequence in rows of 20, each tile's taker under it (R/A in Romanian, R/B in
 * English, `.` still to come), as the game sheet marks it (docs/rules.md §8).
 */
export function sequenceText(view: SequenceView, language: MailLanguage): string {
  const tiles = Array.from(view.tiles);
  const width = String(tiles.length).length + 1;
  const lines: string[] = [];
  for (let start = 0; start < tiles.length; start += SEQUENCE_ROW) {
    const row = tiles.slice(start, start + SEQUENCE_ROW);
    const marks = row.map((_, i) => TAKEN_MARK[language][view.takenBy.charAt(start + i)] ?? '.');
    lines.push(String(start + 1).padStart(width) + row.map((t) => t.padStart(3)).join(''));
    lines.push(' '.repeat(width) + marks.map((m) => m.padStart(3)).join(''));
  }
  return lines.join('\n');
}

export interface SequenceCell {
  readonly position: number;
  readonly tile: string;
  /** `red`, `blue` or `''`. */
  readonly takenBy: string;
}

/** The sequence for the HTML part, in rows of 20. */
export function sequenceRows(view: SequenceView): SequenceCell[][] {
  const cells = Array.from(view.tiles).map(
    (tile, i): SequenceCell => ({ position: i + 1, tile, takenBy: { r: 'red', b: 'blue' }[view.takenBy.charAt(i)] ?? '' }),
  );
  const rows: SequenceCell[][] = [];
  for (let i = 0; i < cells.length; i += SEQUENCE_ROW) rows.push(cells.slice(i, i + SEQUENCE_ROW));
  return rows;
}

/** `A E I R S T ?`: a rack spaced for reading. */
export function rackText(rack: string): string {
  return Array.from(rack).join(' ');
}

/** `8h MASA 18 · g8 AM 6`: the words of a move with their scores (docs/rules.md §3). */
export function wordsText(words: readonly WordView[]): string {
  return words.map((w) => `${w.coord} ${w.word} ${w.score}`).join(' · ');
}

/** Free text (a reason, a ruling) broken between words to keep within `width`, each line indented. */
export function wrapText(text: string, width: number, indent = ''): string {
  return text
    .split('\n')
    .map((paragraph) => {
      const lines: string[] = [];
      let line = '';
      for (const word of paragraph.split(/\s+/).filter((w) => w !== '')) {
        if (line !== '' && indent.length + line.length + 1 + word.length > width) {
          lines.push(indent + line);
          line = word;
        } else line = line === '' ? word : `${line} ${word}`;
      }
      lines.push(indent + line);
      return lines.join('\n');
    })
    .join('\n');
}
