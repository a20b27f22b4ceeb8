import fc from 'fast-check';
import {
  boundedHtml,
  extractReply,
  htmlToReplyText,
  isReplyMarker,
  MAX_HTML_CHARS,
  MAX_HTML_DEPTH,
  REPLY_MARKER,
  stripQuotes,
} from './quotes';
import { quoted } from './testing/fixtures';

const OUR_MAIL = `Tour 7: your move, Ionescu (BLUE).\n${REPLY_MARKER.en}\n\nLAST MOVE\nPopescu (RED), tour 7: h8 CASA, 24 points\n\nCONTEST CASA\nPAS`;

describe('isReplyMarker', () => {
  it('knows our marker in both languages, quoted, folded or with its dashes changed', () => {
    expect(isReplyMarker(REPLY_MARKER.ro)).toBe(true);
    expect(isReplyMarker(REPLY_MARKER.en)).toBe(true);
    expect(isReplyMarker('> > -- scrieti mutarea deasupra acestui rand --')).toBe(true);
    expect(isReplyMarker('> — Scrieţi mutarea deasupra acestui rând —')).toBe(true); // cedilla ţ
    expect(isReplyMarker('WRITE YOUR MOVE ABOVE THIS LINE')).toBe(true);
    expect(isReplyMarker('h8 CASA')).toBe(false);
  });
});

describe('stripQuotes (docs/mail-rules.md 9)', () => {
  it('cuts at our marker first', () => {
    // Our mail's first line says what is asked (docs/mail-rules.md 18); included unquoted, it is all that
    // stays of our text, and it is no command.
    expect(stripQuotes(`h8 CASA\n\n${OUR_MAIL}`)).toMatchObject({
      lines: ['h8 CASA', '', 'Tour 7: your move, Ionescu (BLUE).'],
      cuts: ['marker'],
    });
    expect(stripQuotes(`h8 CASA\n\n${quoted(OUR_MAIL)}`)).toMatchObject({ lines: ['h8 CASA'], cuts: ['marker', 'quoted-lines'] });
  });

  it('drops an English reply header and the quote below it', () => {
    const text = `PASS\n\nOn Tue, 12 Jan 2027 at 10:00, Corr Scrabble <moves@scrabble.example> wrote:\n${quoted('h8 CASA\nd4 MARE')}`;
    expect(stripQuotes(text)).toMatchObject({ lines: ['PASS'], cuts: ['reply-header', 'quoted-lines'] });
  });

  it('drops a Romanian reply header wrapped over two lines', () => {
    const text = `8h: CASA\n\nÎn mar., 12 ian. 2027 la 10:00, Corr Scrabble <\nmoves@scrabble.example> a scris:\n\n${quoted('h8 MASA')}`;
    expect(stripQuotes(text).lines).toEqual(['8h: CASA']);
  });

  it('cuts at Outlook’s header block, in English and in Romanian', () => {
    const en =
      'STATUS\n\n________________________________\nFrom: Corr Scrabble <moves@scrabble.example>\nSent: Tuesday, January 12, 2027 10:00 AM\nTo: Ion\nSubject: x\n\nh8 CASA';
    expect(stripQuotes(en).lines).toEqual(['STATUS']);
    const ro =
      'STARE\n\nDe la: Corr Scrabble <moves@scrabble.example>\nTrimis: marți, 12 ianuarie 2027 10:00\nCătre: Ion\nSubiect: x\n\nh8 CASA';
    expect(stripQuotes(ro).lines).toEqual(['STARE']);
    expect(stripQuotes('PAS\n-----Original Message-----\nh8 CASA').lines).toEqual(['PAS']);
    expect(stripQuotes('PAS\n-----Mesaj original-----\nh8 CASA').lines).toEqual(['PAS']);
  });

  it('cuts the signature, move-like lines and all', () => {
    expect(stripQuotes('RESIGN\n\n-- \nIon Popescu\nh8 CASA').lines).toEqual(['RESIGN']);
  });

  it('reads a bottom-posted reply below a quoted marker', () => {
    const text = `Pe 12.01.2027 10:00, Corr Scrabble a scris:\n${quoted(OUR_MAIL)}\n\nd4 MARE\n`;
    expect(stripQuotes(text)).toMatchObject({ lines: ['d4 MARE'], bottomPosted: true });
  });

  it('never reads below an unquoted marker: that is our own text', () => {
    expect(stripQuotes(`\n${OUR_MAIL}`).lines).toEqual(['Tour 7: your move, Ionescu (BLUE).']);
  });

  it('keeps the player’s lines between quotes (interleaved replies)', () => {
    expect(stripQuotes('> your move\nPASS\n> CONTEST CASA').lines).toEqual(['PASS']);
  });
});

describe('htmlToReplyText', () => {
  it('drops Gmail’s quote with its attribution line', () => {
    const html =
      '<div dir="ltr">8h: MASA</div><div class="gmail_quote"><div class="gmail_attr">În mar. a scris:</div><blockquote class="gmail_quote">h8 CASA</blockquote></div>';
    expect(extractReply({ html })).toMatchObject({ lines: ['8h: MASA'], source: 'html', cuts: ['html-quote'] });
  });

  it('cuts at Outlook’s #divRplyFwdMsg, whose quote is not inside it', () => {
    const html = '<div>PAS</div><div id="appendonsend"></div><hr><div id="divRplyFwdMsg"><b>From:</b> x</div><div>h8 CASA</div>';
    expect(extractReply({ html }).lines).toEqual(['PAS']);
  });

  it('drops Apple Mail’s blockquote type=cite and keeps a bottom-posted reply', () => {
    const html = '<blockquote type="cite">h8 CASA<br>PAS</blockquote><div>d4 MARE</div>';
    expect(extractReply({ html }).lines).toEqual(['d4 MARE']);
  });

  it('never takes a quoted document’s own body for the reply', () => {
    const html = '<html><body><div>PAS</div><blockquote><html><body>h8 CASA</body></html></blockquote></body></html>';
    expect(extractReply({ html }).lines).toEqual(['PAS']);
  });

  it('drops HTML signatures, which may hold anything', () => {
    const html = '<div>STATUS</div><div class="gmail_signature">h8 CASA</div><div id="Signature">d4 MARE</div>';
    expect(extractReply({ html }).lines).toEqual(['STATUS']);
  });

  it('keeps case (a lower-case letter is a blank) and never wraps a line', () => {
    expect(htmlToReplyText(`<h1>h8 CAsA</h1><p>${'word '.repeat(40)}</p>`).split('\n')[0]).toBe('h8 CAsA');
    expect(htmlToReplyText(`<p>${'word '.repeat(40)}</p>`).split('\n')).toHaveLength(1);
  });

  it('reads the text part when there is one, the HTML only when it is empty', () => {
    expect(extractReply({ text: 'PAS\n', html: '<p>h8 CASA</p>' }).source).toBe('text');
    expect(extractReply({ text: ' \n', html: '<p>h8 CASA</p>' })).toMatchObject({ lines: ['h8 CASA'], source: 'html' });
    expect(extractReply({})).toMatchObject({ lines: [], source: 'none' });
  });
});

// A move that must never come through: written so that no generated reply line contains it.
const QUOTED_MOVE = 'o15 ZZZQUOTEDZZZ';
const replyLine = fc.stringMatching(/^[A-Za-z0-9 ,.:!?]{0,30}$/).filter((l) => !l.includes('ZZZ') && !/^\s*(--|>)/.test(l));
const headers = fc.constantFrom(
  'On Tue, 12 Jan 2027 at 10:00, Corr Scrabble <moves@scrabble.example> wrote:',
  'În mar., 12 ian. 2027 la 10:00, Corr Scrabble <moves@scrabble.example> a scris:',
  'Pe 12.01.2027 10:00, Corr Scrabble a scris:',
  '',
);

describe('properties', () => {
  it('a quote never comes through, however the reply is laid around it', () => {
    fc.assert(
      fc.property(fc.array(replyLine, { maxLength: 5 }), fc.array(replyLine, { maxLength: 5 }), headers, (above, below, header) => {
        const text = [...above, header, quoted(`${REPLY_MARKER.ro}\n${QUOTED_MOVE}\nPAS`), ...below].join('\n');
        const { lines } = stripQuotes(text);
        expect(lines.join('\n')).not.toContain('ZZZQUOTEDZZZ');
      }),
    );
  });

  it('a signature never comes through', () => {
    fc.assert(
      fc.property(fc.array(replyLine, { maxLength: 5 }), fc.array(replyLine, { maxLength: 5 }), (above, signature) => {
        const { lines } = stripQuotes([...above, '-- ', QUOTED_MOVE, ...signature].join('\n'));
        expect(lines.join('\n')).not.toContain('ZZZQUOTEDZZZ');
      }),
    );
  });

  it('an HTML quote never comes through', () => {
    const container = fc.constantFrom(
      (q: string) => `<blockquote type="cite">${q}</blockquote>`,
      (q: string) => `<div class="gmail_quote"><blockquote class="gmail_quote">${q}</blockquote></div>`,
      (q: string) => `<div id="divRplyFwdMsg"><b>From:</b> x</div><div>${q}</div>`,
    );
    fc.assert(
      fc.property(fc.array(replyLine, { maxLength: 4 }), container, fc.array(replyLine, { maxLength: 4 }), (above, wrap, below) => {
        const html = `${above.map((l) => `<div>${l}</div>`).join('')}${wrap(`<p>${QUOTED_MOVE}</p>`)}${below.map((l) => `<p>${l}</p>`).join('')}`;
        expect(extractReply({ html }).lines.join('\n')).not.toContain('ZZZQUOTEDZZZ');
      }),
    );
  });

  it('never throws on any text or HTML', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 500 }), fc.string({ maxLength: 500 }), (text, html) => {
        expect(Array.isArray(stripQuotes(text).lines)).toBe(true);
        expect(Array.isArray(extractReply({ html }).lines)).toBe(true);
      }),
    );
  });
});

describe('what of an HTML reply is read (docs/mail-rules.md 9): bounded in size and depth', () => {
  it('reads the first MAX_HTML_CHARS characters only', () => {
    const html = `<p>h8 CASA</p>${'<p>quoted</p>'.repeat(100_000)}`;
    expect(boundedHtml(html)).toHaveLength(MAX_HTML_CHARS);
    expect(extractReply({ html }).lines[0]).toBe('h8 CASA');
  });

  it.each([
    ['unclosed div', '<div>x'],
    ['unclosed inline', '<b>x'],
    ['nested lists', '<ul><li>x'],
    ['nested tables', '<table><tr><td>x'],
    ['a p closed past its div', '<p><div></p>x'],
  ])('cuts unclosed markup (%s) where it nests deeper than MAX_HTML_DEPTH', (_shape, unit) => {
    const html = `<div>h8 CASA</div>${unit.repeat((2 * 1024 * 1024) / unit.length)}`;
    const read = boundedHtml(html);
    expect(read.length).toBeLessThan(MAX_HTML_DEPTH * unit.length + 100);
    expect(extractReply({ html }).lines[0]).toBe('h8 CASA');
  });

  it('keeps markup that closes what it opens, and the parser’s own implied ends, whatever its length', () => {
    const balanced = `<div>h8 CASA</div>${'<div><span>x</span><br></div>'.repeat(500)}`;
    expect(boundedHtml(balanced) === balanced).toBe(true);
    const implied = `<ul>${'<li>one<li>two'.repeat(500)}</ul>${'<p>one<p>two'.repeat(500)}<table>${'<tr><td>a<td>b'.repeat(500)}</table>`;
    expect(boundedHtml(implied) === implied).toBe(true);
    // Tags inside comments, styles and scripts are no tags.
    const raw = `<style>${'<div>'.repeat(500)}</style><!--${'<div>'.repeat(500)}--><p>PAS</p>`;
    expect(boundedHtml(raw) === raw).toBe(true);
  });
});
