// The game sheet as a PDF (docs/rules.md §8, docs/web.md "The PDF sheet"): a document laid out
// from the sheet's model, not from the text sheet's lines — the header, the final board drawn
// with its premium squares and a legend, the dealt sequence and the moves in tables, the
// disputes, rulings, penalties and end as paragraphs, the result and the analysis. Every cell
// and paragraph wraps within its width, so nothing runs past the margin; a table carried over
// to the next page repeats its header. DejaVu Sans is embedded so ă, â, î, ș and ț print on any
// machine. Only the fonts are read from disk; everything else is pure.
import { POLISH_PDF_LABELS } from '../../engine/sheet-labels-pl';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { COLORS } from '../../common/color';
import { BOARD_SIZE, CENTER, premiumAt, rowLetter, tileAt, type Premium } from '../../engine/board';
import { lowerLetter } from '../../engine/tile-sets';
import {
  formatDate,
  sheetHeaderFields,
  sheetLabels,
  sheetResultRows,
  type SheetLabels,
  type SheetLanguage,
  type SheetModel,
  type SheetRow,
  wordText,
} from '../../engine/sheet';
import type { analysisSheetTable } from '../core/game-analysis';

/** node_modules/dejavu-fonts-ttf/ttf, found through the package so the build layout does not matter. */
export function dejavuFontDir(): string {
  return join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

export interface SheetPdfInput {
  /** The sheet's model (engine/sheet.ts), the same the text sheet is printed from. */
  readonly sheet: SheetModel;
  /** The sheet's analysis part (core/game-analysis.ts), when the game's analysis may be shown. */
  readonly analysis?: ReturnType<typeof analysisSheetTable>;
  /** The document's title (its metadata). */
  readonly title: string;
  /** Streams are compressed unless a test wants to read the font's ToUnicode map. */
  readonly compress?: boolean;
}

/** Half an inch on every side of an A4 page: nothing is drawn in it but the page's footer. */
export const SHEET_PDF_MARGIN = 36;

const FONT = 'DejaVuSans';
const BOLD = 'DejaVuSans-Bold';
const MONO = 'DejaVuSansMono';
const BODY = 8.5;
const SMALL = 7;
/** Inside a table cell, around its text. */
const PAD = 2.5;
const RULE = '#8c8c8c';
const HEAD_FILL = '#e6e6e6';
const TILE_FILL = '#f1e2b8';
/** Premium squares, shaded as on a board (and distinct in grey). */
const PREMIUM_FILL: Readonly<Record<NonNullable<Premium>, string>> = {
  TW: '#d9534f',
  DW: '#f3b8b6',
  TL: '#3f7fc1',
  DL: '#b9d5f0',
};

/** What only the PDF prints: its columns and the board's legend, in the sheet's two languages. */
const PDF_LABELS: Readonly<
  Record<
    SheetLanguage,
    {
      readonly player: string;
      readonly position: string;
      readonly word: string;
      readonly premium: Readonly<Record<NonNullable<Premium>, string>>;
      readonly tile: string;
      readonly blank: string;
      readonly center: string;
      readonly coordinates: string;
      readonly page: (n: number, of: number) => string;
    }
  >
> = {
  ro: {
    player: 'Jucătorul',
    position: 'Poziția',
    word: 'Cuvântul (și cuvintele alăturate)',
    premium: { TW: 'cuvânt triplu', DW: 'cuvânt dublu', TL: 'literă triplă', DL: 'literă dublă' },
    tile: 'piesă pe tablă',
    blank: 'literă mică: joker (piesă albă)',
    center: 'h8, centrul tablei',
    coordinates: 'Rândurile a–o, coloanele 1–15: h8 = orizontal, 8h = vertical.',
    page: (n, of) => `Pagina ${n} din ${of}`,
  },
  en: {
    player: 'Player',
    position: 'Position',
    word: 'Word (and the words it formed)',
    premium: { TW: 'triple word', DW: 'double word', TL: 'triple letter', DL: 'double letter' },
    tile: 'tile on the board',
    blank: 'lower case: a blank',
    center: 'h8, the centre',
    coordinates: 'Rows a–o, columns 1–15: h8 = across, 8h = down.',
    page: (n, of) => `Page ${n} of ${of}`,
  },
  pl: POLISH_PDF_LABELS,
};
type PdfLabels = (typeof PDF_LABELS)[SheetLanguage];

type Align = 'left' | 'right' | 'center';
interface TableColumn {
  readonly title: string;
  /** Points; 0 for the one column that takes the width left. */
  readonly width: number;
  readonly align?: Align;
}
interface TableRow {
  readonly cells: readonly string[];
  /** Printed under the row's cells, across every column but the first (a move's note). */
  readonly under?: string;
}

export function renderSheetPdf({ sheet, analysis, title, compress = true }: SheetPdfInput): Promise<Buffer> {
  const fonts = dejavuFontDir();
  const doc = new PDFDocument({
    size: 'A4',
    margin: SHEET_PDF_MARGIN,
    compress,
    bufferPages: true,
    info: { Title: title, Creator: 'corr-scrabble' },
  });
  doc.registerFont(FONT, join(fonts, 'DejaVuSans.ttf'));
  doc.registerFont(BOLD, join(fonts, 'DejaVuSans-Bold.ttf'));
  doc.registerFont(MONO, join(fonts, 'DejaVuSansMono.ttf'));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const l = sheetLabels(sheet.language);
  const p = PDF_LABELS[sheet.language];
  const page = new Page(doc);

  doc.font(BOLD).fontSize(13).fillColor('black').text(l.title, SHEET_PDF_MARGIN, SHEET_PDF_MARGIN, { width: page.width });
  doc.moveDown(0.4);
  page.fields(sheetHeaderFields(sheet));

  page.heading(l.grid);
  if (typeof sheet.board === 'string') page.preformatted(sheet.board);
  else boardBlock(page, sheet.board, p);

  page.heading(l.sequence);
  sequenceBlock(page, sheet, l);

  page.heading(l.moves);
  if (sheet.rows.length === 0) page.paragraph(l.noMoves);
  else page.table(...moveTable(sheet, l, p));

  for (const section of (sheet.sections ?? []).filter((s) => s.lines.length > 0)) {
    page.heading(section.title);
    // A line indented in the text sheet belongs to the line above it (a ruling's decision and effects).
    for (const line of section.lines) page.paragraph(line.trim(), /^\s/.test(line) ? 16 : 0);
  }

  page.heading(l.result);
  if (!sheet.result) page.paragraph(l.inProgress);
  else {
    const { rows, end } = sheetResultRows(sheet.result, l);
    page.table(
      [{ title: '', width: 0 }, ...COLORS.map((c) => ({ title: l.color[c], width: 110, align: 'right' as const }))],
      rows.map(([label, v]) => ({ cells: [label, v.red, v.blue] })),
    );
    page.paragraph(end);
  }

  if (analysis) {
    page.heading(analysis.title);
    const widths = [30, 60, 0, 40, 40, 0];
    page.table(
      analysis.columns.map((t, i) => ({ title: t, width: widths[i], align: i === 0 || i === 3 || i === 4 ? ('right' as const) : 'left' })),
      analysis.rows.map((cells) => ({ cells })),
    );
  }

  page.footers(`${sheet.competition} · ${sheet.red.name} – ${sheet.blue.name}`, p);
  doc.end();
  return done;
}

/** The page being written: its width, where text may go, and the blocks of the sheet. */
class Page {
  readonly width: number;
  constructor(readonly doc: PDFKit.PDFDocument) {
    this.width = doc.page.width - 2 * SHEET_PDF_MARGIN;
  }

  private get bottom(): number {
    return this.doc.page.height - SHEET_PDF_MARGIN;
  }

  /** Room for `height` points below the text, else a new page. */
  ensure(height: number): void {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage();
      this.doc.y = SHEET_PDF_MARGIN;
    }
  }

  get y(): number {
    return this.doc.y;
  }

  set y(value: number) {
    this.doc.x = SHEET_PDF_MARGIN;
    this.doc.y = value;
  }

  heading(title: string): void {
    const { doc } = this;
    doc.font(BOLD).fontSize(10.5);
    // Never alone at the foot of a page.
    this.ensure(doc.currentLineHeight(true) + 48);
    doc.moveDown(0.6);
    doc.fillColor('black').text(title, SHEET_PDF_MARGIN, doc.y, { width: this.width });
    const y = doc.y + 1;
    doc
      .moveTo(SHEET_PDF_MARGIN, y)
      .lineTo(SHEET_PDF_MARGIN + this.width, y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();
    this.y = y + 4;
  }

  /** A paragraph wrapped within the page's width; pdfkit carries it onto the next page if it must. */
  paragraph(text: string, indent = 0, font = FONT): void {
    const { doc } = this;
    doc.font(font).fontSize(BODY).fillColor('black');
    this.ensure(doc.currentLineHeight(true));
    doc.text(text, SHEET_PDF_MARGIN + indent, doc.y, { width: this.width - indent });
    this.y = doc.y + 2;
  }

  preformatted(text: string): void {
    for (const line of text.split('\n')) this.paragraph(line === '' ? ' ' : line, 0, MONO);
  }

  /** Label and value, the value wrapped in the width left. */
  fields(fields: readonly (readonly [string, string])[]): void {
    const { doc } = this;
    const labelWidth = 110;
    for (const [label, value] of fields) {
      doc.fontSize(BODY);
      const height = Math.max(
        doc.font(BOLD).heightOfString(`${label}:`, { width: labelWidth - 4 }),
        doc.font(FONT).heightOfString(value, { width: this.width - labelWidth }),
      );
      this.ensure(height);
      const y = doc.y;
      doc
        .font(BOLD)
        .fillColor('black')
        .text(`${label}:`, SHEET_PDF_MARGIN, y, { width: labelWidth - 4 });
      doc.font(FONT).text(value, SHEET_PDF_MARGIN + labelWidth, y, { width: this.width - labelWidth });
      this.y = y + height + 1.5;
    }
  }

  /** A table whose cells wrap within their columns; carried over a page break, its header is repeated. */
  table(columns: readonly TableColumn[], rows: readonly TableRow[]): void {
    const { doc } = this;
    // A fixed column is at least as wide as its title, so no title is broken inside a word.
    doc.font(BOLD).fontSize(BODY);
    const given = columns.map((c) => (c.width === 0 ? 0 : Math.max(c.width, doc.widthOfString(c.title) + 2 * PAD + 1)));
    const fixed = given.reduce((sum, w) => sum + w, 0);
    const flexible = columns.filter((c) => c.width === 0).length;
    const widths = given.map((w) => (w === 0 ? (this.width - fixed) / flexible : w));
    const xs = widths.map((_, i) => SHEET_PDF_MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const underWidth = this.width - widths[0];
    doc.fontSize(BODY);
    const heightOf = (cells: readonly string[], font: string) => {
      doc.font(font);
      return Math.max(...cells.map((text, i) => (text === '' ? 0 : doc.heightOfString(text, { width: widths[i] - 2 * PAD })))) + 2 * PAD;
    };
    const draw = (cells: readonly string[], y: number, font: string) => {
      doc.font(font).fillColor('black');
      cells.forEach((text, i) => {
        if (text !== '') doc.text(text, xs[i] + PAD, y + PAD, { width: widths[i] - 2 * PAD, align: columns[i].align ?? 'left' });
      });
    };
    const rule = (y: number, color = RULE) =>
      doc
        .moveTo(SHEET_PDF_MARGIN, y)
        .lineTo(SHEET_PDF_MARGIN + this.width, y)
        .lineWidth(0.4)
        .strokeColor(color)
        .stroke();
    const titles = columns.map((c) => c.title);
    const headerHeight = heightOf(titles, BOLD);
    const header = () => {
      const y = doc.y;
      doc.rect(SHEET_PDF_MARGIN, y, this.width, headerHeight).fill(HEAD_FILL);
      draw(titles, y, BOLD);
      rule(y + headerHeight);
      this.y = y + headerHeight;
    };
    const underHeight = (row: TableRow) => {
      if (!row.under) return 0;
      doc.font(FONT);
      return doc.heightOfString(row.under, { width: underWidth - 2 * PAD }) + PAD;
    };
    const heights = rows.map((row) => heightOf(row.cells, FONT) + underHeight(row));
    this.ensure(headerHeight + (heights[0] ?? 0));
    header();
    rows.forEach((row, i) => {
      if (doc.y + heights[i] > this.bottom) {
        doc.addPage();
        this.y = SHEET_PDF_MARGIN;
        header();
      }
      const y = doc.y;
      draw(row.cells, y, FONT);
      if (row.under) {
        doc.font(FONT).text(row.under, xs[1] + PAD, y + heightOf(row.cells, FONT) - PAD, { width: underWidth - 2 * PAD });
      }
      rule(y + heights[i], '#c8c8c8');
      this.y = y + heights[i];
    });
    this.y = doc.y + 4;
  }

  /** On every page, under the text and within the margins: what the sheet is and the page's number. */
  footers(what: string, p: PdfLabels): void {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // Written in the bottom margin: pdfkit would open a new page for text past it.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - SHEET_PDF_MARGIN + 10;
      doc.font(FONT).fontSize(SMALL).fillColor('#555555');
      const number = p.page(i - range.start + 1, range.count);
      const numberWidth = doc.widthOfString(number) + 2;
      doc.text(cut(doc, what, this.width - numberWidth - 12), SHEET_PDF_MARGIN, y, { lineBreak: false });
      doc.text(number, SHEET_PDF_MARGIN + this.width - numberWidth, y, { width: numberWidth, align: 'right', lineBreak: false });
      doc.page.margins.bottom = bottom;
    }
  }
}

/** `text`, cut to `width` with an ellipsis: the footer keeps to one line. */
function cut(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let kept = text;
  while (kept.length > 0 && doc.widthOfString(`${kept}…`) > width) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
}

/** The final board, 15×15, premium squares shaded, with its legend beside it. */
function boardBlock(page: Page, board: Exclude<SheetModel['board'], string>, p: PdfLabels): void {
  const cell = 17;
  const label = 12;
  page.ensure(label + BOARD_SIZE * cell + 4);
  const { doc } = page;
  const x0 = SHEET_PDF_MARGIN + label;
  const y0 = page.y + label;
  doc.font(FONT).fontSize(SMALL).fillColor('#444444');
  for (let c = 0; c < BOARD_SIZE; c++) {
    doc.text(String(c + 1), x0 + c * cell, y0 - label + 2, { width: cell, align: 'center', lineBreak: false });
  }
  for (let r = 0; r < BOARD_SIZE; r++) {
    doc.text(rowLetter(r), SHEET_PDF_MARGIN, y0 + r * cell + (cell - SMALL) / 2 - 1, {
      width: label - 3,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.lineWidth(0.5);
  for (let r = 0; r < BOARD_SIZE; r++) {
    for (let c = 0; c < BOARD_SIZE; c++) {
      const tile = tileAt(board, r, c);
      const premium = premiumAt(r, c);
      const x = x0 + c * cell;
      const y = y0 + r * cell;
      doc.rect(x, y, cell, cell).fillAndStroke(tile ? TILE_FILL : premium ? PREMIUM_FILL[premium] : 'white', RULE);
      if (tile) {
        doc
          .font(BOLD)
          .fontSize(10)
          .fillColor('black')
          .text(tile.blank ? lowerLetter(tile.letter) : tile.letter, x, y + (cell - 10) / 2 - 1, {
            width: cell,
            align: 'center',
            lineBreak: false,
          });
      } else if (r === CENTER.row && c === CENTER.col) {
        doc
          .font(FONT)
          .fontSize(10)
          .fillColor('black')
          .text('★', x, y + (cell - 10) / 2 - 1, { width: cell, align: 'center', lineBreak: false });
      }
    }
  }
  // The legend, to the right of the board.
  const lx = x0 + BOARD_SIZE * cell + 18;
  const width = SHEET_PDF_MARGIN + page.width - lx;
  let ly = y0;
  const entry = (fill: string, text: string, mark = '') => {
    doc.rect(lx, ly, 11, 11).fillAndStroke(fill, RULE);
    if (mark)
      doc
        .font(FONT)
        .fontSize(8)
        .fillColor('black')
        .text(mark, lx, ly + 1.5, { width: 11, align: 'center', lineBreak: false });
    doc
      .font(FONT)
      .fontSize(BODY)
      .fillColor('black')
      .text(text, lx + 17, ly + 1, { width: width - 17 });
    ly = Math.max(ly + 16, doc.y + 4);
  };
  for (const premium of ['TW', 'DW', 'TL', 'DL'] as const) entry(PREMIUM_FILL[premium], p.premium[premium]);
  entry(TILE_FILL, p.tile);
  entry('white', p.center, '★');
  doc
    .font(FONT)
    .fontSize(BODY)
    .fillColor('black')
    .text(p.blank, lx, ly + 4, { width });
  doc.text(p.coordinates, lx, doc.y + 4, { width });
  page.y = Math.max(y0 + BOARD_SIZE * cell, doc.y) + 6;
}

/** docs/rules.md §2: the dealt sequence, twenty tiles a row, who took each under it. */
function sequenceBlock(page: Page, sheet: SheetModel, l: SheetLabels): void {
  const tiles = Array.from(sheet.sequence);
  const legend = [...COLORS.map((c) => `${l.mark[c]} = ${l.color[c]}`), `· = ${l.notTaken}`];
  page.paragraph(legend.join(', '));
  const perRow = 20;
  const columns: TableColumn[] = [
    { title: '', width: 34, align: 'right' },
    ...Array.from({ length: perRow }, (_, i) => ({ title: String(i + 1), width: 0, align: 'center' as const })),
  ];
  const rows: TableRow[] = [];
  for (let start = 0; start < tiles.length; start += perRow) {
    const slice = tiles.slice(start, start + perRow);
    const pad = (cells: string[]) => [...cells, ...new Array<string>(perRow - cells.length).fill('')];
    rows.push({ cells: [String(start + 1), ...pad(slice)] });
    rows.push({ cells: ['', ...pad(slice.map((_, i) => sheet.taken[start + i]).map((by) => (by ? l.mark[by] : '·')))] });
  }
  page.table(columns, rows);
}

/** The moves, one row each: tour, player, letters, position, words, score, total, days, dates; the note under it. */
function moveTable(sheet: SheetModel, l: SheetLabels, p: PdfLabels): [TableColumn[], TableRow[]] {
  const { rows, language } = sheet;
  const c = l.columns;
  const date = (iso: string | undefined) => (iso ? formatDate(iso, language) : '');
  const capped = (row: SheetRow) => row.recorded !== undefined && row.recorded !== row.score;
  const impliedArrival = (i: number) => (i === 0 ? sheet.startDate : rows[i - 1].sent);
  const columns: { column: TableColumn; cell: (row: SheetRow, i: number) => string; when?: boolean }[] = [
    {
      column: { title: c.tour, width: 26, align: 'right' },
      cell: (row, i) => (i > 0 && rows[i - 1].tour === row.tour ? '' : String(row.tour)),
    },
    { column: { title: p.player, width: 58 }, cell: (row) => l.color[row.player] },
    { column: { title: c.letters, width: 58 }, cell: (row) => row.letters.join(', ') },
    { column: { title: p.position, width: 42 }, cell: (row) => row.main?.coord ?? '' },
    {
      column: { title: p.word, width: 0 },
      cell: (row) =>
        [row.main ? row.main.word : l.pass, ...(row.adjacent.length ? [row.adjacent.map(wordText).join('; ')] : [])].join('\n'),
    },
    { column: { title: c.score, width: 32, align: 'right' }, cell: (row) => String(row.score) },
    {
      column: { title: c.recorded, width: 30, align: 'right' },
      cell: (row) => (capped(row) ? String(row.recorded) : ''),
      when: rows.some(capped),
    },
    { column: { title: c.total, width: 34, align: 'right' }, cell: (row) => String(row.total) },
    {
      column: { title: c.days, width: 30, align: 'right' },
      cell: (row) => row.thinkingDays?.toString() ?? '',
      when: rows.some((r) => r.thinkingDays !== undefined),
    },
    {
      column: { title: c.arrived, width: 56 },
      cell: (row) => date(row.arrived),
      when: rows.some((r, i) => r.arrived !== undefined && r.arrived !== impliedArrival(i)),
    },
    { column: { title: c.sent, width: 56 }, cell: (row) => date(row.sent), when: rows.some((r) => r.sent !== undefined) },
  ];
  const shown = columns.filter((col) => col.when !== false);
  return [
    shown.map((col) => col.column),
    rows.map((row, i) => ({ cells: shown.map((col) => col.cell(row, i)), ...(row.note && { under: `${l.note}: ${row.note}` }) })),
  ];
}
