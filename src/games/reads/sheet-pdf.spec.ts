import { inkRightOf, renderPdfPages } from '../../../test/support/pdf-image';
import { pdfText, pdfTextLines } from '../../../test/support/pdf-text';
import { sheetRecordSections } from '../core/sheet-records';
import { emptyBoard, withTiles } from '../../engine/board';
import { sheetHeaderFields, type SheetLanguage, type SheetModel, type SheetRow } from '../../engine/sheet';
import { renderSheetPdf, SHEET_PDF_MARGIN } from './sheet-pdf';

/** The arbiter's decision: longer than a line of the page, so it must wrap. */
const DECISION =
  'Cuvântul ȘTIUȚĂ nu se află în lista oficială a competiției, ediția aprobată de federație înainte de start, ' +
  'iar forma flexionată folosită de jucător nu este admisă de regulament; contestația se admite, mutarea se ' +
  'înlocuiește cu cea din varianta B, iar jocul continuă cu punctajele recalculate de la mutarea contestată.';
/** A word with no space to break at, wider than its column. */
const LONG_NOTE = `Notă ${'ȘȚ'.repeat(80)}`;

const NAMES = { red: 'Ștefan Țuțuianu-Bălănescu', blue: 'Ana-Maria Pîrvulescu' };

function model(language: SheetLanguage): SheetModel {
  const rows: SheetRow[] = Array.from({ length: 90 }, (_, i) => ({
    tour: Math.floor(i / 2) + 1,
    player: i % 2 === 0 ? 'red' : 'blue',
    letters: ['C', 'A', 'S', 'Ă'],
    main: { coord: `h${(i % 15) + 1}`, word: `CASĂ${i}` },
    adjacent:
      i % 3 === 0
        ? [
            { coord: 'c7', word: 'GO' },
            { coord: 'd7', word: 'OLTEȚ' },
          ]
        : [],
    score: 12,
    total: 12 * (Math.floor(i / 2) + 1),
    thinkingDays: 2,
    sent: '2027-01-15',
    ...(i === 4 && { note: LONG_NOTE }),
  }));
  return {
    language,
    competition: 'Campionatul Național de Scrabble prin Corespondență 2027, ediția a XXIII-a, cu grupele de calificare A și B',
    group: 'A',
    red: { name: NAMES.red, previousCoefficient: 1.2345, previousRank: 3 },
    blue: { name: NAMES.blue },
    arbiter: 'Dan Georgescu',
    tileSet: 'Română (FRSc)',
    startDate: '2027-01-10',
    closingDate: '2027-12-31',
    holidays: { red: [['2027-07-01', '2027-07-14']], blue: [] },
    sequence: 'CASAOGEIRNTUAL?BEMPIȘȚĂÎÂ'.repeat(4),
    taken: Array.from({ length: 100 }, (_, i) => (i < 60 ? (i % 2 === 0 ? 'red' : 'blue') : null)),
    board: withTiles(emptyBoard(), [
      { row: 7, col: 7, letter: 'C', blank: false },
      { row: 7, col: 8, letter: 'Ă', blank: false },
      { row: 7, col: 9, letter: 'S', blank: true },
      { row: 7, col: 10, letter: 'Ț', blank: false },
    ]),
    rows,
    result: {
      totals: { red: 540, blue: 530 },
      endAdjustment: { red: -4, blue: 4 },
      scores: { red: 536, blue: 534 },
      endReason: 'zero-turns',
      thinkingDays: { red: 90, blue: 88 },
      coefficients: { red: 1.0037, blue: 0.9963 },
    },
    sections: sheetRecordSections(
      {
        disputes: [
          {
            tour: 3,
            number: 5,
            mover: 'red',
            words: ['ȘTIUȚĂ', 'OLTEȚ'],
            contester: 'blue',
            status: 'ruled',
            kept: 'replaced',
            contestedOn: '2027-02-03',
            settledOn: '2027-02-08',
          },
        ],
        rulings: [{ on: '2027-02-08', kind: 'word', caseKind: 'dispute', details: { valid: false }, reason: DECISION }],
        penalties: [{ player: 'red', kind: 'coefficient', amount: 1000, on: '2027-02-08', rulingKind: 'coefficient-penalty' }],
        end: { racks: { red: ['Ș', '?'], blue: [] }, adjustment: { red: -4, blue: 4 }, scores: { red: 536, blue: 534 } },
      },
      language,
      NAMES,
    ),
  };
}

const analysis = {
  title: 'Analiză',
  columns: ['Nr.', 'Jucător', 'Mutarea jucată', 'Puncte', 'Maxim', 'Cea mai bună mutare'],
  rows: [['1', 'ROȘU', 'h8 CASĂ', '12', '24', 'h8 CĂȘUȚĂ']],
};

const flow = (text: string) => text.trim().replace(/\s+/g, ' ');

describe('renderSheetPdf', () => {
  const pdfs = new Map<SheetLanguage, Buffer>();
  beforeAll(async () => {
    for (const language of ['ro', 'en'] as const)
      pdfs.set(language, await renderSheetPdf({ sheet: model(language), analysis, title: 'Fișa' }));
  });

  it('is a PDF embedding DejaVu Sans and DejaVu Sans Bold', () => {
    const pdf = pdfs.get('ro')!;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = pdf.toString('latin1');
    // Embedded TrueType subsets are named XXXXXX+FontName, with a FontFile2 stream.
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
    expect(raw).toContain('/FontFile2');
  });

  it('maps ș and ț to their code points, so they print and can be copied out', async () => {
    const raw = (await renderSheetPdf({ sheet: model('ro'), title: 'Ștefan', compress: false })).toString('latin1');
    // The fonts' ToUnicode maps carry U+0219 (ș) and U+021B (ț).
    expect(raw).toMatch(/<0219>/i);
    expect(raw).toMatch(/<021b>/i);
  });

  it.each(['ro', 'en'] as const)('holds every record of the sheet, in its language (%s)', (language) => {
    const sheet = model(language);
    const text = pdfText(pdfs.get(language)!);
    for (const [label, value] of sheetHeaderFields(sheet)) {
      expect(text).toContain(`${label}:`);
      expect(text).toContain(flow(value));
    }
    for (const section of sheet.sections!) {
      expect(text).toContain(section.title);
      for (const line of section.lines) expect({ line, inPdf: text.includes(flow(line)) }).toEqual({ line, inPdf: true });
    }
    expect(text).toContain(DECISION);
    for (const row of sheet.rows) expect(text).toContain(row.main!.word);
    expect(text).toContain('c7: GO; d7: OLTEȚ');
    // The long word of the note is broken within its column: every letter of it is there.
    expect(text.replace(/ /g, '')).toContain(LONG_NOTE.replace(/ /g, ''));
    // The board's legend, in the sheet's language; the result and the analysis.
    const words = {
      ro: ['cuvânt triplu', 'cuvânt dublu', 'literă triplă', 'literă dublă', 'Scor final', 'Încheiere: mutări consecutive fără punctaj'],
      en: ['triple word', 'double word', 'triple letter', 'double letter', 'Final score', 'End: consecutive zero-score turns'],
    }[language];
    for (const word of words) expect(text).toContain(word);
    expect(text).toContain('h8 CĂȘUȚĂ');
  });

  it('draws the board: its played tiles, its centre, its row letters and column numbers', () => {
    const lines = pdfTextLines(pdfs.get('ro')!);
    for (const mark of ['C', 'Ă', 's', 'Ț', '★', 'a', 'o', '1', '15']) expect(lines).toContain(mark);
  });

  it('runs the moves onto further pages, repeating the table header on each', () => {
    const lines = pdfTextLines(pdfs.get('en')!);
    const pages = lines.filter((l) => /^Page \d+ of \d+$/.test(l));
    expect(pages.length).toBeGreaterThan(2);
    // The moves' header ("Word (and the words it formed)") at the top of each page the table runs on.
    expect(lines.filter((l) => l.startsWith('Word (and')).length).toBeGreaterThan(1);
  });

  it.each(['ro', 'en'] as const)('draws nothing past the right margin on any page (%s)', (language) => {
    const pages = renderPdfPages(pdfs.get(language)!);
    expect(pages.length).toBeGreaterThan(2);
    // At 72 dpi a pixel is a point; one point of anti-aliasing allowed at the margin.
    const from = Math.ceil(pages[0].width - SHEET_PDF_MARGIN + 1);
    expect(pages.map((p) => inkRightOf(p, from))).toEqual(pages.map(() => 0));
    // The pages are not blank: the check looks at something drawn.
    expect(inkRightOf(pages[0], 0)).toBeGreaterThan(1000);
  });
});
