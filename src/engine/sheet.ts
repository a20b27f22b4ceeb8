// The game sheet as fixed-width text (docs/rules.md §8 [C Fișa de concurs]): everything needed to
// reconstruct the game — header, dealt sequence with who took each tile, the grid, every move
// with its letters, position, words, score, total, thinking days and dates, and the result.
// The sheet only lays out plain data (SheetModel); the platform fills it from any source.

import { renderBoardText, type Board } from './board';
import { COLORS } from '../common/color';
import type { GameState, MoveRecord } from './replay';
import type { Color } from './types';
import { formatCoefficientValue } from '../common/coefficient-format';

import { ENGLISH_SHEET_LABELS, ROMANIAN_SHEET_LABELS, type SheetEndReason, type SheetLabels, type SheetLanguage } from './sheet-labels';
import { POLISH_SHEET_LABELS } from './sheet-labels-pl';

export type { SheetEndReason, SheetLabels, SheetLanguage } from './sheet-labels';

const LABELS: Readonly<Record<SheetLanguage, SheetLabels>> = {
  ro: ROMANIAN_SHEET_LABELS,
  en: ENGLISH_SHEET_LABELS,
  pl: POLISH_SHEET_LABELS,
};

/** The sheet's words in its language, for the PDF (games/reads/sheet-pdf.ts), which sets the same sheet. */
export function sheetLabels(language: SheetLanguage): SheetLabels {
  return LABELS[language];
}

export interface SheetPlayer {
  readonly name: string;
  /** docs/rules.md §7: average homologated coefficient in the player's last competition. */
  readonly previousCoefficient?: number | null;
  /** docs/rules.md §7: the player's place in that competition. */
  readonly previousRank?: number | null;
  /** docs/rules.md §12.1: the federation's ranking the player brings to the game. */
  readonly ranking?: number | null;
}

export interface SheetWord {
  /** FRSc coordinate: `h8` across, `8h` down. */
  readonly coord: string;
  readonly word: string;
}

/** One move of the table. A pass has no `main` word. */
export interface SheetRow {
  readonly tour: number;
  readonly player: Color;
  /** Tiles used, in sequence order (docs/rules.md §3), `?` for a blank; empty for a pass. */
  readonly letters: readonly string[];
  /** The main word and its position; absent for a pass. */
  readonly main?: SheetWord;
  /** The other words the move formed (docs/rules.md §3 "adjacent words"). */
  readonly adjacent: readonly SheetWord[];
  readonly score: number;
  /** The score written to the total when the handicap capped it (docs/rules.md §2); omit otherwise. */
  readonly recorded?: number;
  readonly total: number;
  readonly thinkingDays?: number;
  /** ISO dates (`2027-01-12`): when the partner's move arrived and when this one was sent. */
  readonly arrived?: string;
  readonly sent?: string;
  /** The mover's note to the partner: printed under the move. */
  readonly note?: string | null;
}

export interface SheetResult {
  /** Running totals before the end-of-game rack adjustment. */
  readonly totals: Readonly<Record<Color, number>>;
  /** docs/rules.md §4: rack points moved at the end; omit when there were none. */
  readonly endAdjustment?: Readonly<Record<Color, number>>;
  /** Final scores (totals plus the adjustment). */
  readonly scores: Readonly<Record<Color, number>>;
  readonly endReason: SheetEndReason;
  /** The player an abandonment, time forfeit or no-show is about. */
  readonly by?: Color;
  readonly thinkingDays?: Readonly<Record<Color, number>>;
  readonly coefficients?: Readonly<Record<Color, number>>;
}

/** Plain data of one game sheet. */
export interface SheetModel {
  readonly language: SheetLanguage;
  readonly competition: string;
  readonly group?: string;
  readonly red: SheetPlayer;
  readonly blue: SheetPlayer;
  readonly arbiter: string;
  /** Tile set name as players know it, e.g. `Română (FRSc)`. */
  readonly tileSet: string;
  /** ISO dates. */
  readonly startDate: string;
  readonly closingDate: string;
  /** docs/rules.md §5: declared holidays are written on the sheet; ISO date ranges, both ends included. */
  readonly holidays?: Readonly<Record<Color, readonly (readonly [string, string])[]>>;
  /** The dealt sequence, one tile per character (or per element), `?` = blank. */
  readonly sequence: string | readonly string[];
  /** Who took each tile of the sequence, by index; `null`/missing = not taken yet. */
  readonly taken: readonly (Color | null | undefined)[];
  /** The final (or current) grid: a board, or text already rendered. */
  readonly board: Board | string;
  readonly rows: readonly SheetRow[];
  /** Absent while the game is in progress. */
  readonly result?: SheetResult;
  /**
   * What happened around the moves (docs/rules.md §8 "everything"): disputes, rulings, penalties,
   * the end-of-game racks, already in the sheet's language (games/core/sheet-records.ts); printed
   * between the moves and the result, a section only when it has lines.
   */
  readonly sections?: readonly SheetSection[];
}

/** A titled block of the sheet: its lines, as they print. */
export interface SheetSection {
  readonly title: string;
  readonly lines: readonly string[];
}

/** What a replay does not know about its game: the sheet's header, dates and result extras. */
export interface SheetInfo {
  readonly language: SheetLanguage;
  readonly competition: string;
  readonly group?: string;
  readonly red: SheetPlayer;
  readonly blue: SheetPlayer;
  readonly arbiter: string;
  readonly startDate: string;
  readonly closingDate: string;
  readonly holidays?: SheetModel['holidays'];
  /** Per move, index-aligned with the records: dates and thinking days (src/thinking-time). */
  readonly timing?: readonly Pick<SheetRow, 'arrived' | 'sent' | 'thinkingDays' | 'note'>[];
  /** An ending the moves do not make (docs/rules.md §7: abandonment, time forfeit, agreement…). */
  readonly outcome?: { readonly type: SheetEndReason; readonly by?: Color };
  readonly thinkingDays?: Readonly<Record<Color, number>>;
  readonly coefficients?: Readonly<Record<Color, number>>;
  readonly sections?: SheetModel['sections'];
}

/** The sheet of a replayed game (replayGame's result) and what the platform knows besides. */
export function sheetModelFromReplay(
  replay: { readonly state: GameState; readonly records: readonly MoveRecord[] },
  info: SheetInfo,
): SheetModel {
  const { state, records } = replay;
  const taken: (Color | undefined)[] = new Array(state.sequence.length).fill(undefined);
  for (const color of COLORS) for (const position of state.taken[color]) taken[position] = color;
  const rows = records.map((r, i): SheetRow => ({
    tour: r.tour,
    player: r.player,
    letters: r.tilesUsed,
    ...(r.coord !== undefined && r.word !== undefined && { main: { coord: r.coord, word: r.word } }),
    adjacent: r.words.slice(1).map(({ coord, word }) => ({ coord, word })),
    score: r.score,
    recorded: r.recorded,
    total: r.total,
    ...info.timing?.[i],
  }));
  const endReason = state.endReason ?? info.outcome?.type;
  const adjusted = COLORS.some((c) => state.endAdjustment[c] !== 0);
  const result: SheetResult | undefined =
    endReason === undefined
      ? undefined
      : {
          totals: state.totals,
          ...(adjusted && { endAdjustment: state.endAdjustment }),
          scores: state.scores,
          endReason,
          ...(state.endReason === undefined && info.outcome?.by && { by: info.outcome.by }),
          ...(info.thinkingDays && { thinkingDays: info.thinkingDays }),
          ...(info.coefficients && { coefficients: info.coefficients }),
        };
  return {
    language: info.language,
    competition: info.competition,
    ...(info.group !== undefined && { group: info.group }),
    red: info.red,
    blue: info.blue,
    arbiter: info.arbiter,
    tileSet: state.tileSet.name,
    startDate: info.startDate,
    closingDate: info.closingDate,
    ...(info.holidays && { holidays: info.holidays }),
    sequence: state.sequence,
    taken,
    board: state.board,
    rows,
    ...(result && { result }),
    ...(info.sections && { sections: info.sections }),
  };
}

/** The printed width the sheet keeps to (a long word or name may push a line past it). */
export const SHEET_WIDTH = 80;
/** Tiles per numbered group in the sequence block, and groups per printed row. */
const SEQUENCE_GROUP = 10;
const SEQUENCE_GROUPS_PER_ROW = 2;
/** Under a tile nobody has taken: still in the bag, or left there when the game ended. */
const NOT_TAKEN = '.';

/** The whole sheet, lines joined by `\n`, ending with a newline. */
export function renderSheet(model: SheetModel): string {
  const l = LABELS[model.language];
  const blocks = [
    headerBlock(model, l),
    sequenceBlock(model, l),
    section(l.grid, typeof model.board === 'string' ? model.board : renderBoardText(model.board, model.language)),
    section(l.moves, moveTable(model, l)),
    ...(model.sections ?? []).filter((s) => s.lines.length > 0).map((s) => section(s.title, s.lines.join('\n'))),
    resultBlock(model.result, l),
  ];
  return `${blocks.join('\n\n')}\n`;
}

function headerBlock(model: SheetModel, l: SheetLabels): string {
  const rule = '='.repeat(SHEET_WIDTH);
  const fields = sheetHeaderFields(model);
  const width = Math.max(...fields.map(([label]) => label.length));
  const body = fields.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`);
  return [rule, center(l.title), rule, ...body].join('\n');
}

/** The header's fields (label, value) in the sheet's language: the text sheet and the PDF (games/reads/sheet-pdf.ts) print the same. */
export function sheetHeaderFields(model: SheetModel): [string, string][] {
  const l = LABELS[model.language];
  const fields: [string, string][] = [[l.competition, model.competition]];
  if (model.group) fields.push([l.group, model.group]);
  for (const color of COLORS) fields.push([l.color[color], playerLine(model[color], l)]);
  fields.push(
    [l.arbiter, model.arbiter],
    [l.tileSet, model.tileSet],
    [l.start, formatDate(model.startDate, model.language)],
    [l.closing, formatDate(model.closingDate, model.language)],
  );
  const holidays = COLORS.flatMap((color) =>
    (model.holidays?.[color] ?? []).map(
      ([from, to]) => `${l.color[color]} ${formatDate(from, model.language)} – ${formatDate(to, model.language)}`,
    ),
  );
  if (holidays.length > 0) fields.push([l.holidays, holidays.join('; ')]);
  return fields;
}

function playerLine(player: SheetPlayer, l: SheetLabels): string {
  const previous: string[] = [];
  if (player.previousCoefficient != null) {
    previous.push(`${l.previousCoefficient} ${formatCoefficient(player.previousCoefficient, l)}`);
  }
  if (player.previousRank != null) previous.push(`${l.rank} ${player.previousRank}`);
  if (player.ranking != null) previous.push(`${l.ranking} ${player.ranking}`);
  return previous.length > 0 ? `${player.name} (${previous.join(', ')})` : player.name;
}

/**
 * The sequence in numbered groups of ten, each tile's taker marked under it, so anyone can
 * rebuild every rack (docs/rules.md §2: racks follow from the sequence and the moves).
 */
function sequenceBlock(model: SheetModel, l: SheetLabels): string {
  const tiles = Array.from(model.sequence);
  const numberWidth = String(tiles.length).length + 1;
  const perRow = SEQUENCE_GROUP * SEQUENCE_GROUPS_PER_ROW;
  const legend = [...COLORS.map((c) => `${l.mark[c]} = ${l.color[c]}`), `${NOT_TAKEN} = ${l.notTaken}`];
  const lines = [`${l.sequence} (${legend.join(', ')})`];
  for (let start = 0; start < tiles.length; start += perRow) {
    const tileLine: string[] = [];
    const markLine: string[] = [];
    for (let g = start; g < Math.min(start + perRow, tiles.length); g += SEQUENCE_GROUP) {
      const group = tiles.slice(g, g + SEQUENCE_GROUP);
      tileLine.push(String(g + 1).padStart(numberWidth) + group.map((t) => t.padStart(3)).join(''));
      const marks = group.map((_, i) => model.taken[g + i]).map((by) => (by ? l.mark[by] : NOT_TAKEN));
      markLine.push(' '.repeat(numberWidth) + marks.map((m) => m.padStart(3)).join(''));
    }
    lines.push('', tileLine.join('   ').trimEnd(), markLine.join('   ').trimEnd());
  }
  return lines.join('\n');
}

type Align = 'left' | 'right';
interface Column {
  readonly title: string;
  readonly align: Align;
  readonly cell: (row: SheetRow, index: number) => string;
}

/**
 * The move table. Columns size to their content, and optional columns appear only when they
 * tell something: the recorded score when the handicap capped one (docs/rules.md §2), thinking
 * days, the sending date, and the arrival date only when some move's arrival is not simply
 * the previous move's sending (or the start). So a usual game prints within 80 columns.
 * The adjacent words go on the line below each move, under the move column, as in [C].
 */
function moveTable(model: SheetModel, l: SheetLabels): string {
  const { rows, language } = model;
  if (rows.length === 0) return l.noMoves;
  const c = l.columns;
  const date = (iso: string | undefined) => (iso ? formatDate(iso, language) : '');
  const impliedArrival = (i: number) => (i === 0 ? model.startDate : rows[i - 1].sent);
  const columns: Column[] = [
    {
      title: c.tour,
      align: 'right',
      // The tour number once per tour; every row carries its player's mark.
      cell: (row, i) => `${i > 0 && rows[i - 1].tour === row.tour ? '' : row.tour} ${l.mark[row.player]}`,
    },
    { title: c.letters, align: 'left', cell: (row) => row.letters.join(',') },
    { title: c.move, align: 'left', cell: (row) => (row.main ? wordText(row.main) : l.pass) },
    { title: c.score, align: 'right', cell: (row) => String(row.score) },
  ];
  const capped = (row: SheetRow) => row.recorded !== undefined && row.recorded !== row.score;
  if (rows.some(capped)) {
    columns.push({ title: c.recorded, align: 'right', cell: (row) => (capped(row) ? String(row.recorded) : '') });
  }
  columns.push({ title: c.total, align: 'right', cell: (row) => String(row.total) });
  if (rows.some((r) => r.thinkingDays !== undefined)) {
    columns.push({ title: c.days, align: 'right', cell: (row) => row.thinkingDays?.toString() ?? '' });
  }
  if (rows.some((r, i) => r.arrived !== undefined && r.arrived !== impliedArrival(i))) {
    columns.push({ title: c.arrived, align: 'left', cell: (row) => date(row.arrived) });
  }
  if (rows.some((r) => r.sent !== undefined)) {
    columns.push({ title: c.sent, align: 'left', cell: (row) => date(row.sent) });
  }

  const cells = rows.map((row, i) => columns.map((col) => col.cell(row, i)));
  const widths = columns.map((col, j) => Math.max(col.title.length, ...cells.map((r) => r[j].length)));
  const gap = '  ';
  const line = (values: readonly string[]) =>
    values
      .map((v, j) => (columns[j].align === 'right' ? v.padStart(widths[j]) : v.padEnd(widths[j])))
      .join(gap)
      .trimEnd();
  const moveColumn = widths[0] + gap.length + widths[1] + gap.length;

  const header = line(columns.map((col) => col.title));
  const out = [header, '-'.repeat(widths.reduce((sum, w) => sum + w, 0) + gap.length * (widths.length - 1))];
  rows.forEach((row, i) => {
    out.push(line(cells[i]));
    if (row.adjacent.length > 0) out.push(...wrap(row.adjacent.map(wordText), moveColumn));
    // The note keeps its own lines, under the move column like the adjacent words.
    if (row.note) out.push(...`${l.note}: ${row.note}`.split('\n').map((text) => ' '.repeat(moveColumn) + text));
  });
  return out.join('\n');
}

/** `h8: CASĂ`, as the sheet writes a word with its position. */
export function wordText(w: SheetWord): string {
  return `${w.coord}: ${w.word}`;
}

/** `c7: GO;  d7: OL` as in [C], indented, broken between words to keep within SHEET_WIDTH. */
function wrap(words: readonly string[], indent: number): string[] {
  const pieces = words.map((w, i) => (i < words.length - 1 ? `${w};` : w));
  const lines: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current !== '' && indent + current.length + 2 + piece.length > SHEET_WIDTH) {
      lines.push(current);
      current = '';
    }
    current = current === '' ? piece : `${current}  ${piece}`;
  }
  lines.push(current);
  return lines.map((text) => ' '.repeat(indent) + text);
}

function resultBlock(result: SheetResult | undefined, l: SheetLabels): string {
  if (!result) return section(l.result, l.inProgress);
  const { rows, end } = sheetResultRows(result, l);
  const labelWidth = Math.max(...rows.map(([label]) => label.length));
  const width = mapColors((c) => Math.max(l.color[c].length, ...rows.map(([, v]) => v[c].length)));
  const line = (label: string, v: Record<Color, string>) =>
    `${label.padEnd(labelWidth)}  ${v.red.padStart(width.red)}  ${v.blue.padStart(width.blue)}`.trimEnd();
  const table = [
    line(
      '',
      mapColors((c) => l.color[c]),
    ),
    ...rows.map(([label, v]) => line(label, v)),
  ];
  return section(l.result, [...table, '', end].join('\n'));
}

/** The result's rows (label, red, blue) and its end line, as the text sheet and the PDF print them. */
export function sheetResultRows(result: SheetResult, l: SheetLabels): { rows: [string, Record<Color, string>][]; end: string } {
  const { totals, endAdjustment, scores, thinkingDays, coefficients } = result;
  const rows: [string, Record<Color, string>][] = [[l.totals, mapColors((c) => String(totals[c]))]];
  if (endAdjustment) rows.push([l.endAdjustment, mapColors((c) => signed(endAdjustment[c]))]);
  rows.push([l.finalScore, mapColors((c) => String(scores[c]))]);
  if (thinkingDays) rows.push([l.thinkingDays, mapColors((c) => String(thinkingDays[c]))]);
  if (coefficients) rows.push([l.coefficient, mapColors((c) => formatCoefficient(coefficients[c], l))]);
  const reason = l.endReasons[result.endReason] + (result.by ? ` (${l.color[result.by]})` : '');
  return { rows, end: `${l.endReason}: ${reason}` };
}

function mapColors<T>(f: (c: Color) => T): Record<Color, T> {
  return { red: f('red'), blue: f('blue') };
}

function section(title: string, body: string): string {
  return `${title}\n${'-'.repeat(title.length)}\n${body}`;
}

function center(text: string): string {
  return ' '.repeat(Math.max(0, Math.floor((SHEET_WIDTH - text.length) / 2))) + text;
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/** docs/rules.md §7: coefficients have four decimals; Romanian writes a decimal comma (the platform's one formatCoefficient). */
function formatCoefficient(value: number, l: SheetLabels): string {
  return formatCoefficientValue(value, l.decimal === ',' ? 'ro' : 'en');
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `12.01.2027` in Romanian, the ISO date in English; anything else is printed as given. */
export function formatDate(iso: string, language: SheetLanguage): string {
  const m = ISO_DATE.exec(iso);
  if (!m || language === 'en') return iso;
  return `${m[3]}.${m[2]}.${m[1]}`;
}
