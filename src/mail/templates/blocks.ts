// Fixed-width text blocks and HTML cell data of the mail templates (docs/mail-rules.md 19): the board,
// the sequence with taken tiles marked, the rack. The templates call these as helpers, since
// column alignment is no job for handlebars.
import { BOARD_SIZE, CENTER, emptyBoard, premiumAt, PREMIUM_WORDS, renderBoardText, rowLetter, withTiles, type Premium } from '../../engine/board';
import { lowerLetter, upperLetter, isLowerCase } from '../../engine/tile-sets';
import type { PlacedTile } from '../../engine/types';
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

/** The engine's fixed-width grid (48 columns) with its legend (the last line) in the mail's language. */
export function boardGrid(view: BoardView, language: MailLanguage): string {
  return renderBoardText(withTiles(emptyBoard(), boardTilesOf(view)), language);
}

// The short mark of an empty premium square (`C×3`) and its words in the legend (the engine's).
const PREMIUM_SHORT: Readonly<Record<MailLanguage, Readonly<Record<NonNullable<Premium>, string>>>> = {
  ro: { TW: 'C×3', DW: 'C×2', TL: 'L×3', DL: 'L×2' },
  en: { TW: 'W×3', DW: 'W×2', TL: 'L×3', DL: 'L×2' },
  pl: { TW: 'S×3', DW: 'S×2', TL: 'L×3', DL: 'L×2' },
};
const LAST_MOVE: Readonly<Record<MailLanguage, string>> = { ro: 'ultima mutare', en: 'last move', pl: 'ostatni ruch' };
const PREMIUM_LABEL = {
  ro: labels('ro'),
  en: labels('en'),
  pl: labels('pl'),
};
function labels(language: MailLanguage): Readonly<Record<NonNullable<Premium>, { short: string; long: string }>> {
  const of = (p: NonNullable<Premium>) => ({ short: PREMIUM_SHORT[language][p], long: PREMIUM_WORDS[language][p] });
  return { TW: of('TW'), DW: of('DW'), TL: of('TL'), DL: of('DL') };
}

const PREMIUMS: readonly NonNullable<Premium>[] = ['TW', 'DW', 'TL', 'DL'];

/**
 * Colours of the usual board, as a cell's bgcolor (an attribute every mail client keeps) and,
 * where the background is dark, a text colour. A plain square takes its row's colour and costs
 * nothing: the board must stay a few kilobytes (docs/mail.md, "Mail weight").
 */
const SQUARE_COLOR: Readonly<Record<NonNullable<Premium>, { bg: string; fg?: string }>> = {
  TW: { bg: '#d9534f', fg: '#ffffff' },
  DW: { bg: '#f5b7b1' },
  TL: { bg: '#2e86c1', fg: '#ffffff' },
  DL: { bg: '#aed6f1' },
};
const TILE_COLOR = '#f3d9a4';
const FRESH_COLOR = '#ffd966';

export interface BoardCell {
  readonly square: string;
  /** The letter as written (lower case = blank), or `''` for an empty square. */
  readonly letter: string;
  readonly blank: boolean;
  readonly fresh: boolean;
  readonly premium: Premium;
  readonly center: boolean;
  /** The cell's bgcolor, `''` for a plain empty square (its row's colour). */
  readonly bg: string;
  /** Text colour on a dark premium square. */
  readonly fg: string;
  /** Short premium mark for an empty square (`C×3`), and its words (`cuvânt ×3`) as the cell's title. */
  readonly mark: string;
  readonly label: string;
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
      const tile = tiles.get(row * BOARD_SIZE + col);
      const premium = premiumAt(row, col);
      const square = `${rowLetter(row)}${col + 1}`;
      const center = row === CENTER.row && col === CENTER.col;
      if (tile) {
        const letter = tile.blank ? lowerLetter(tile.letter) : tile.letter;
        const isFresh = fresh.has(square);
        return { square, letter, blank: tile.blank, fresh: isFresh, premium, center, bg: isFresh ? FRESH_COLOR : TILE_COLOR, fg: '', mark: '', label: '' };
      }
      const names = premium ? PREMIUM_LABEL[language][premium] : undefined;
      const color = premium ? SQUARE_COLOR[premium] : undefined;
      return {
        square,
        letter: '',
        blank: false,
        fresh: false,
        premium,
        center,
        bg: color?.bg ?? '',
        fg: color?.fg ?? '',
        mark: names?.short ?? '',
        label: names?.long ?? '',
      };
    }),
  }));
}

export interface LegendEntry {
  readonly mark: string;
  readonly bg: string;
  readonly fg: string;
  readonly label: string;
}

/** The board's legend in the mail's language: each premium's mark and words, and the last move's colour when it shows. */
export function boardLegend(rows: readonly BoardRow[], language: MailLanguage): LegendEntry[] {
  const premiums = PREMIUMS.map((p) => ({ mark: PREMIUM_LABEL[language][p].short, bg: SQUARE_COLOR[p].bg, fg: SQUARE_COLOR[p].fg ?? '', label: PREMIUM_LABEL[language][p].long }));
  const fresh = rows.some((row) => row.cells.some((cell) => cell.fresh));
  return fresh ? [...premiums, { mark: '', bg: FRESH_COLOR, fg: '', label: LAST_MOVE[language] }] : premiums;
}

/** Tiles per printed row of the sequence: 20 rows of three columns fit in 64. */
const SEQUENCE_ROW = 20;
const TAKEN_MARK: Readonly<Record<MailLanguage, Readonly<Record<string, string>>>> = {
  ro: { r: 'R', b: 'A' },
  en: { r: 'R', b: 'B' },
  pl: { r: 'C', b: 'N' },
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
