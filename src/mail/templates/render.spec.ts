import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { parseCommand } from '../parsing/commands';
import { extractReply, REPLY_MARKER, type MailLanguage } from '../parsing/quotes';
import { quoted } from '../parsing/testing/fixtures';
import { MAIL_TEMPLATE_NAMES, type MailModels, type MailTemplateName } from './all-models';
import { DEFAULT_TEMPLATE_ROOT, isMailTemplateName, renderMail, TEXT_WIDTH } from './render';
import { sampleModels } from './testing/sample-models';

type YourMoveModel = MailModels['your-move'];

const LANGUAGES: readonly MailLanguage[] = ['ro', 'en'];
const CASES = LANGUAGES.flatMap((language) => MAIL_TEMPLATE_NAMES.map((name) => [name, language] as const));
/**
 * The mails that take a reply with their sample models (docs/mail-rules.md 9): only these carry
 * the marker "write your move above this line"; results, confirmations, notices and refusals do not.
 * (The samples' recipient is to move: RED at the game start, BLUE elsewhere.)
 */
const TAKE_REPLIES: readonly MailTemplateName[] = [
  'game-start',
  'game-notice',
  'rejection-stale-token',
  'your-move',
  'move-rejection',
  'reminder',
  'offer',
  'dispute-contest',
  'dispute-admitted',
  'dispute-appealed',
  'game-end',
  'closing-date',
  'state-declared',
  'rejection-too-large',
  'command-help',
];

/** Rulings whose sample recipient has no move to make carry no marker and no reply instructions. */
const NOTHING_TO_ANSWER: readonly MailTemplateName[] = ['arbiter-ruling', 'dispute-ruled'];

const MODELS = { ro: sampleModels('ro'), en: sampleModels('en'), pl: sampleModels('pl') };

function render(name: MailTemplateName, language: MailLanguage) {
  return renderMail(name, language, MODELS[language][name] as never);
}

describe('renderMail (docs/mail-rules.md 19)', () => {
  it.each(CASES)('%s renders in %s', (name, language) => {
    const mail = render(name, language);
    expect(mail.subject).toEqual(expect.any(String));
    expect(mail.subject!.trim()).not.toBe('');
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toMatch(/\{\{|\}\}|undefined|\[object Object\]|NaN/);
    }
    expect(mail.html).toMatch(new RegExp(`^<!DOCTYPE html>\\n<html lang="${language}">`));
  });

  it.each(CASES)('%s in %s: the text part keeps to 78 columns but for a single long token', (name, language) => {
    const long = render(name, language)
      .text.split('\n')
      .filter((line) => line.length > TEXT_WIDTH && /\S\s+\S/.test(line.trim()));
    expect(long).toEqual([]);
  });

  it.each(CASES)('%s in %s: says what happened first, then the marker if it takes a reply (docs/mail-rules.md 9, 18)', (name, language) => {
    const mail = render(name, language);
    const lines = mail.text.split('\n');
    // The first paragraph: what is asked (wrapped when a long name needs it), then the marker.
    const first = lines.slice(0, lines.indexOf(''));
    expect(first.length).toBeGreaterThanOrEqual(1);
    if (TAKE_REPLIES.includes(name)) {
      expect(first.length).toBeGreaterThanOrEqual(2);
      expect(first[first.length - 1]).toBe(REPLY_MARKER[language]);
      expect(mail.html).toContain(REPLY_MARKER[language]);
    } else {
      expect(mail.text).not.toContain(REPLY_MARKER[language]);
      expect(mail.html).not.toContain(REPLY_MARKER[language]);
    }
  });

  it.each(LANGUAGES)('in %s: the game start asks RED alone for the first move; a notice asks only the player to move', (language) => {
    const start = MODELS[language]['game-start'];
    expect(renderMail('game-start', language, { ...start, you: 'red' }).text).toContain(REPLY_MARKER[language]);
    expect(renderMail('game-start', language, { ...start, you: 'blue' }).text).not.toContain(REPLY_MARKER[language]);
    const notice = MODELS[language]['game-notice'];
    const reply = MODELS[language]['your-move'].reply;
    expect(renderMail('game-notice', language, { ...notice, reply, yourTurn: true }).html).toContain(REPLY_MARKER[language]);
    expect(renderMail('game-notice', language, { ...notice, reply, yourTurn: false }).html).not.toContain(REPLY_MARKER[language]);
  });

  it.each(LANGUAGES.flatMap((language) => NOTHING_TO_ANSWER.map((name) => [name, language] as const)))(
    '%s in %s: no marker and no reply instructions without a move to make; both when the recipient is to move',
    (name, language) => {
      const without = render(name, language);
      for (const part of [without.text, without.html]) expect(part).not.toContain(REPLY_MARKER[language]);
      expect(without.text).not.toContain(language === 'ro' ? 'CUM RĂSPUNDEȚI' : 'HOW TO REPLY');
      const reply = (MODELS[language]['your-move'] as { reply: unknown }).reply;
      const withReply = renderMail(name, language, { ...MODELS[language][name], reply } as never);
      const lines = withReply.text.split('\n');
      expect(lines.slice(0, lines.indexOf('')).at(-1)).toBe(REPLY_MARKER[language]);
      expect(withReply.html).toContain(REPLY_MARKER[language]);
      expect(withReply.text).toContain(language === 'ro' ? 'CUM RĂSPUNDEȚI' : 'HOW TO REPLY');
    },
  );

  it.each(CASES)('%s in %s: nothing in our own mail reads as a command', (name, language) => {
    const mail = render(name, language);
    expect(parseCommand(extractReply({ text: mail.text }).lines).ok).toBe(false);
    expect(parseCommand(extractReply({ html: mail.html }).lines).ok).toBe(false);
  });

  it('Romanian mails write ș and ț with the comma below, never the cedilla', () => {
    const files = readdirSync(join(DEFAULT_TEMPLATE_ROOT, 'ro'), { recursive: true }).map(String).filter((f) => f.endsWith('.hbs'));
    for (const file of files) expect(readFileSync(join(DEFAULT_TEMPLATE_ROOT, 'ro', file), 'utf8')).not.toMatch(/[şţŞŢ]/);
    for (const name of MAIL_TEMPLATE_NAMES) expect(render(name, 'ro').text).not.toMatch(/[şţŞŢ]/);
  });

  it('the your-move mail shows the partner’s note above the reply marker, escaped in HTML only', () => {
    for (const [language, words] of [
      ['ro', 'Nota partenerului la h8 CASA: <b>Bravo</b> & salut'],
      ['en', "Your partner's note with h8 CASA: <b>Bravo</b> & salut"],
    ] as const) {
      const model = { ...MODELS[language]['your-move'], partnerNotes: [{ notation: 'h8 CASA', note: '<b>Bravo</b> & salut' }] };
      const { text, html } = renderMail('your-move', language, model);
      expect(text).toContain(words);
      expect(text.indexOf(words)).toBeLessThan(text.indexOf(REPLY_MARKER[language]));
      expect(html).toContain('&lt;b&gt;Bravo&lt;/b&gt; &amp; salut');
      expect(html).not.toContain('<b>Bravo</b>');
    }
  });

  it('the your-move mail carries all a player needs (docs/mail-rules.md 19)', () => {
    const model = MODELS.ro['your-move'];
    const { text, html } = renderMail('your-move', 'ro', model);
    const position = model.position!;
    const last = position.lastMove!;
    expect(text).toContain('    1  2  3  4  5  6  7  8  9 10 11 12 13 14 15');
    expect(text).toContain(`Suportul dumneavoastră: ${[...position.rack].join(' ')}`);
    for (const w of last.words) expect(text).toContain(`${w.coord} ${w.word}:`);
    expect(text).toContain(`Litere folosite, în ordinea secvenței: ${last.tilesUsed.join(',')}`);
    expect(text).toMatch(new RegExp(`ROȘU\\s+${position.totals.red}\\n`));
    expect(text).toMatch(new RegExp(`ALBASTRU\\s+${position.totals.blue}\\n`));
    expect(text).toMatch(/Popescu-Rădulescu Ștefania\s+12\s+38/);
    expect(text).toContain('16.03.2027  fără răspuns până atunci, mutarea se trimite din nou');
    expect(text).toContain('SECVENȚA (R = luată de ROȘU');
    expect(text).toContain(model.game.gameUrl);
    // Every square of the board is a cell, the row's letter heading it (a light board: docs/mail.md, "Mail weight").
    const board = /<table[^>]*aria-label="Tabla"[\s\S]*?<\/table>/.exec(html)![0];
    expect(board.match(/<th scope="row"[^>]*>[a-o]<\/th>/g)).toHaveLength(15);
    expect(board.match(/<td\b/g)).toHaveLength(1 + 225);
    expect(html).toContain('aria-label="Tabla"');
    expect(html).toContain(`href="${Handlebars.escapeExpression(model.reply.mailto)}"`);
  });

  it('the daily digest gives every game its own reply link (docs/mail-rules.md 17)', () => {
    const model = MODELS.en['daily-digest'];
    const { html, text } = renderMail('daily-digest', 'en', model);
    for (const game of model.games) {
      expect(html).toContain(`href="${Handlebars.escapeExpression(game.reply.mailto)}"`);
      expect(text).toMatch(new RegExp(`Reply to:\\s+${game.reply.address.replace(/[.+]/g, '\\$&')}`));
    }
  });

  describe('a reply to our mail reads as the reply’s command, however the client quotes', () => {
    const { text, html } = render('your-move', 'en');
    it('plain text, quoted with > under a reply header', () => {
      const reply = `h8 CASA\n\nOn Tue, 12 Jan 2027 at 10:00, Corr Scrabble <moves@scrabble.example> wrote:\n${quoted(text)}`;
      expect(parseCommand(extractReply({ text: reply }).lines)).toMatchObject({ ok: true, command: { kind: 'move', move: { text: 'h8 CASA' } } });
    });
    it('plain text, Outlook style, unquoted below a header block', () => {
      const reply = `PASS\n\nFrom: Corr Scrabble <moves@scrabble.example>\nSent: Tuesday, January 12, 2027 10:00 AM\nTo: Ion\nSubject: x\n\n${text}`;
      expect(parseCommand(extractReply({ text: reply }).lines)).toMatchObject({ ok: true, command: { kind: 'move', move: { move: { kind: 'pass' } } } });
    });
    it('bottom-posted', () => {
      const reply = `On Tue, 12 Jan 2027 at 10:00, Corr Scrabble wrote:\n${quoted(text)}\n\nd4 MARE\n\n-- \nIon\nh8 CASA`;
      expect(parseCommand(extractReply({ text: reply }).lines)).toMatchObject({ ok: true, command: { kind: 'move', move: { text: 'd4 MARE' } } });
    });
    it('HTML only, our mail in a blockquote', () => {
      const reply = `<div>8h CASA</div><blockquote type="cite">${html}</blockquote>`;
      expect(parseCommand(extractReply({ html: reply }).lines)).toMatchObject({ ok: true, command: { kind: 'move', move: { text: '8h CASA' } } });
    });
    it('an empty reply plays nothing', () => {
      expect(parseCommand(extractReply({ text: `\n\nOn Tue, 12 Jan 2027, X wrote:\n${quoted(text)}` }).lines)).toEqual({ ok: false, code: 'NO_COMMAND' });
    });
  });

  it('knows its template names and refuses others', () => {
    expect(isMailTemplateName('your-move')).toBe(true);
    expect(isMailTemplateName('nope')).toBe(false);
    expect(() => renderMail('nope' as MailTemplateName, 'ro', {} as never)).toThrow(RangeError);
  });
});

describe('the move confirmation says which words are in the list', () => {
  it.each(LANGUAGES)('in %s: one line per word, the one off the list marked contestable', (language) => {
    const model = MODELS[language]['move-confirmation'];
    const [off, ...listed] = model.wordCheck!.words;
    const mail = render('move-confirmation', language);
    const contest = language === 'ro' ? 'nu este în listă — partenerul îl poate contesta' : 'not in the list — your partner may contest it';
    const inList = language === 'ro' ? 'în listă' : 'in the list';
    expect(mail.text).toContain(`${off.word}: ${contest}`);
    for (const w of listed) expect(mail.text).toContain(`${w.word}: ${inList}`);
    expect(mail.html).toContain(`${off.word}: <strong>${contest.split(' — ')[0]}</strong>`);
  });

  it.each(LANGUAGES)('in %s: so does the request to confirm a held move, before it is played', (language) => {
    const wordCheck = { list: true, words: [{ word: 'CASA', inList: true }, { word: 'AX', inList: false }] };
    const mail = renderMail('move-confirmation-request', language, { ...MODELS[language]['move-confirmation-request'], wordCheck });
    const contest = language === 'ro' ? 'nu este în listă — partenerul îl poate contesta' : 'not in the list — your partner may contest it';
    expect(mail.text).toContain(`CASA: ${language === 'ro' ? 'în listă' : 'in the list'}`);
    expect(mail.text).toContain(`AX: ${contest}`);
    expect(mail.html).toContain(`AX: <strong>${contest.split(' — ')[0]}</strong>`);
    // Without a check (a pass, a refused move), the request is as before.
    expect(renderMail('move-confirmation-request', language, MODELS[language]['move-confirmation-request']).text).not.toContain('CASA:');
  });

  it.each(LANGUAGES)('in %s: with no list, says words are not checked', (language) => {
    const model = { ...MODELS[language]['move-confirmation'], wordCheck: { list: false, words: [] } };
    const mail = renderMail('move-confirmation', language, model);
    expect(mail.text).toContain(language === 'ro' ? 'cuvintele nu sunt verificate' : 'words are not checked');
  });
});

describe("a game mail's tables, rendered once for the mails of one action", () => {
  /** The your-move sample with one square of its board changed to `letter`. */
  const withSquare = (letter: string): YourMoveModel => {
    const model = structuredClone(sampleModels('ro')['your-move']);
    const position = model.position!;
    const rows = [...position.board.rows];
    rows[0] = `${letter}${rows[0].slice(1)}`;
    return { ...model, position: { ...position, board: { ...position.board, rows } } } as YourMoveModel;
  };
  const boardOf = (html: string) => html.slice(html.indexOf('<table role="table" aria-label="Tabla"'), html.indexOf('</table>', html.indexOf('aria-label="Tabla"')));

  it('gives each board its own table, however the renders interleave, and the same board the same table', () => {
    const first = renderMail('your-move', 'ro', withSquare('X')).html;
    const second = renderMail('your-move', 'ro', withSquare('Z')).html;
    const again = renderMail('your-move', 'ro', withSquare('X')).html;
    expect(boardOf(first)).not.toBe('');
    expect(boardOf(first)).not.toBe(boardOf(second));
    expect(boardOf(first)).toContain('>X</td>');
    expect(boardOf(second)).toContain('>Z</td>');
    expect(again).toBe(first);
  });

  it('keeps what is not the table to each mail: the same board under another game names that game', () => {
    const model = withSquare('X');
    const other = { ...model, game: { ...model.game, red: 'Altcineva Maria' } };
    const html = renderMail('your-move', 'ro', other).html;
    expect(boardOf(html)).toBe(boardOf(renderMail('your-move', 'ro', model).html));
    expect(html).toContain('Altcineva Maria');
    expect(renderMail('your-move', 'ro', model).html).not.toContain('Altcineva Maria');
  });
});
