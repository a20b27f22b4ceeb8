// The game sheet as a PDF (issue 7 §3): the text sheet (engine/sheet.ts) laid out in
// DejaVu Sans Mono, its title in DejaVu Sans, both embedded so ă, â, î, ș and ț print on
// any machine. Only the fonts are read from disk; everything else is pure.
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';

/** node_modules/dejavu-fonts-ttf/ttf, found through the package so the build layout does not matter. */
export function dejavuFontDir(): string {
  return join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

export interface SheetPdfInput {
  /** The text sheet (renderSheet), lines joined by `\n`. */
  readonly text: string;
  /** Printed above the sheet and set as the document's title. */
  readonly title: string;
  /** Streams are compressed unless a test wants to read the font's ToUnicode map. */
  readonly compress?: boolean;
}

const MARGIN = 36;
/** 80 columns of DejaVu Sans Mono (0.602 em wide) fit A4's 523 pt at 8.5 pt. */
const BODY_SIZE = 8.5;

export function renderSheetPdf({ text, title, compress = true }: SheetPdfInput): Promise<Buffer> {
  const fonts = dejavuFontDir();
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, compress, info: { Title: title, Creator: 'corr-scrabble' } });
  doc.registerFont('DejaVuSans', join(fonts, 'DejaVuSans.ttf'));
  doc.registerFont('DejaVuSansMono', join(fonts, 'DejaVuSansMono.ttf'));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('DejaVuSans').fontSize(13).text(title, { align: 'left' });
  doc.moveDown(0.5);
  doc.font('DejaVuSansMono').fontSize(BODY_SIZE);
  // lineBreak false: the sheet is already laid out in columns; a long line runs on rather than re-wrapping.
  // Placed line by line at our own y: with lineBreak false pdfkit does not advance it.
  const lineHeight = doc.currentLineHeight(true);
  let y = doc.y;
  for (const line of text.replace(/\n$/, '').split('\n')) {
    if (y + lineHeight > doc.page.height - MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
    if (line.trim() !== '') doc.text(line, MARGIN, y, { lineBreak: false });
    y += lineHeight;
  }
  doc.end();
  return done;
}
