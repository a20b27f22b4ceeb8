// The weight of a mail that asks for a move (docs/mail.md, "Mail weight"): Gmail clips a message
// past 102 KB of HTML and hides what follows, and a phone reads it at 360 px. A board costs at most
// 35 KB of the HTML, and the reply instructions stand above the first board.
import type { MailLanguage } from '../parsing/quotes';
import { MAIL_TEMPLATE_NAMES, type MailTemplateName } from './all-models';
import { renderMail } from './render';
import { sampleModels } from './testing/sample-models';
import type { BoardView, PositionView, YourMoveModel } from '../../notifications/models/models';

const LANGUAGES: readonly MailLanguage[] = ['ro', 'en'];
const KB = 1000;
const ONE_BOARD = 35 * KB;
const TWO_BOARDS = 70 * KB;
const MODELS = { ro: sampleModels('ro'), en: sampleModels('en'), pl: sampleModels('pl') };
const BOARD = /<table[^>]*aria-label="(?:Tabla|Board)"/g;
const HOW_TO_REPLY: Readonly<Record<MailLanguage, string>> = { ro: 'Cum răspundeți', en: 'How to reply', pl: 'Jak odpowiedzieć' };

function bytes(html: string): number {
  return Buffer.byteLength(html, 'utf8');
}

/** More than a game can hold: a tile on every square, the last move a whole row, every sequence tile taken. */
function crowded(position: PositionView): PositionView {
  const board: BoardView = { rows: Array.from({ length: 15 }, (_, r) => (r % 2 ? 'ȘTEFANIAȚUȚEAab' : 'ABCDEFGHIJKLMNO')), fresh: Array.from({ length: 15 }, (_, c) => `h${c + 1}`) };
  const sequence = { tiles: position.sequence.tiles, takenBy: Array.from(position.sequence.tiles, (_, i) => (i % 2 ? 'r' : 'b')).join('') };
  return { ...position, board, sequence };
}

function yourMove(language: MailLanguage, lines: 1 | 2, full = false): YourMoveModel {
  const model = MODELS[language]['your-move'];
  const dispute = MODELS[language]['dispute-appealed'].lines;
  const fill = (p: PositionView) => (full ? crowded(p) : p);
  return lines === 1 ? { ...model, position: fill(model.position!) } : { ...model, position: undefined, lines: dispute.map((l) => ({ ...l, position: fill(l.position) })) };
}

describe('mail weight (docs/mail.md, "Mail weight")', () => {
  describe.each(LANGUAGES)('in %s', (language) => {
    it.each([
      [1, false],
      [2, false],
      [1, true],
      [2, true],
    ] as const)('a your-move mail with %i board(s) (crowded: %s) keeps within 35 KB a board', (lines, full) => {
      const { html } = renderMail('your-move', language, yourMove(language, lines, full));
      expect(html.match(BOARD)).toHaveLength(lines);
      expect(bytes(html)).toBeLessThanOrEqual(lines === 1 ? ONE_BOARD : TWO_BOARDS);
    });

    it.each([1, 2] as const)('with %i board(s), the reply instructions and the reply button come before the first board', (lines) => {
      for (const name of ['your-move', 'reminder'] as const) {
        const model = { ...MODELS[language][name], ...yourMove(language, lines) };
        const { html } = renderMail(name, language, model);
        const board = html.search(BOARD);
        expect(board).toBeGreaterThan(0);
        expect(html.indexOf(`>${HOW_TO_REPLY[language]}<`)).toBeGreaterThan(0);
        expect(html.indexOf(`>${HOW_TO_REPLY[language]}<`)).toBeLessThan(board);
        expect(html.indexOf('href="mailto:')).toBeLessThan(board);
      }
    });

    it('every mail with boards keeps within 35 KB a board (the digest, the dispute mails, the start)', () => {
      const heavy: [MailTemplateName, number, number][] = [];
      for (const name of MAIL_TEMPLATE_NAMES) {
        const { html } = renderMail(name, language, MODELS[language][name] as never);
        const boards = Math.max(1, html.match(BOARD)?.length ?? 0);
        if (bytes(html) > boards * ONE_BOARD) heavy.push([name, boards, bytes(html)]);
      }
      expect(heavy).toEqual([]);
    });

    it('the board names its premium squares in words, in a legend in the mail’s language, in both parts', () => {
      const { html, text } = renderMail('your-move', language, yourMove(language, 1));
      for (const part of [html, text]) {
        expect(part).not.toMatch(/\b(?:TW|DW|TL|DL)\b/);
        for (const words of language === 'ro' ? ['cuvânt ×3', 'cuvânt ×2', 'literă ×3', 'literă ×2'] : ['word ×3', 'word ×2', 'letter ×3', 'letter ×2']) {
          expect(part).toContain(words);
        }
      }
    });
  });
});
