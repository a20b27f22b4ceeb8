import fc from 'fast-check';
import { MAIL_TEMPLATE_NAMES } from '../templates/all-models';
import { renderMail } from '../templates/render';
import { sampleModels } from '../templates/testing/sample-models';
import type { MailLanguage } from '../parsing/quotes';
import { eightBitHtml, eightBitText, MAX_LINE_OCTETS } from './eight-bit-body';

/** A part's headers and its body's lines. */
function split(raw: string): { headers: string; lines: string[] } {
  const at = raw.indexOf('\r\n\r\n');
  return { headers: raw.slice(0, at), lines: raw.slice(at + 4).split('\r\n') };
}

const octets = (line: string) => Buffer.byteLength(line, 'utf8');

/**
 * The HTML line the part's lines came from: a break after a safe closing tag was inserted, any
 * other replaced a space (eight-bit-body.ts brokenAtSafeEnds).
 */
function joined(lines: readonly string[]): string {
  return lines.reduce((line, next) => (/(<\/(td|th|tr|table|p|div|li)>|<br>)$/.test(line) ? line + next : `${line} ${next}`));
}

/** Inline HTML as the templates write it: styled spans with and without spaces between them, cells, paragraphs, diacritics. */
const fragment = fc.constantFrom(
  '<span style="display:inline-block;min-width:22px;padding:3px 0;background:#f3d9a4;">Ș</span>',
  '<span style="white-space:nowrap;margin-right:8px;">cuvânt ×3</span> ',
  '<td style="width:22px;height:22px;text-align:center;">ă</td>',
  '<th scope="col" style="font-weight:normal;">12</th>',
  '<p style="margin:0 0 14px;">Tura 7: este rândul dumneavoastră.</p>',
  'Źdźbło łąki ',
  '<br>',
  '<strong>Suportul:</strong> ',
);

describe('8-bit mail bodies (eight-bit-body.ts)', () => {
  it('sends a plain text as it is, its lines ended by CRLF', () => {
    const part = eightBitText('Bună ziua, Ștefania!\nTura 7.\r\n— Scrieți mutarea deasupra —');
    expect(part).toBeDefined();
    const { headers, lines } = split(part!.raw);
    expect(headers).toBe('Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit');
    expect(lines).toEqual(['Bună ziua, Ștefania!', 'Tura 7.', '— Scrieți mutarea deasupra —']);
  });

  it('leaves to quoted-printable a text with a line over 998 octets, or a NUL: a text is never rewrapped', () => {
    expect(eightBitText(`${'a'.repeat(MAX_LINE_OCTETS)}\nshort`)).toBeDefined();
    expect(eightBitText(`${'a'.repeat(MAX_LINE_OCTETS + 1)}\nshort`)).toBeUndefined();
    // 500 two-octet letters: 1,000 octets in 500 characters.
    expect(eightBitText('ă'.repeat(500))).toBeUndefined();
    expect(eightBitText('a\0b')).toBeUndefined();
    expect(eightBitHtml('<p>a\0b</p>')).toBeUndefined();
  });

  it('breaks a long HTML line only where the break renders as nothing, every line within 998 octets', () => {
    fc.assert(
      fc.property(fc.array(fragment, { minLength: 1, maxLength: 120 }), (pieces) => {
        const line = pieces.join('');
        const part = eightBitHtml(line);
        expect(part).toBeDefined();
        const { headers, lines } = split(part!.raw);
        expect(headers).toBe('Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit');
        for (const l of lines) expect(octets(l)).toBeLessThanOrEqual(MAX_LINE_OCTETS);
        expect(joined(lines)).toBe(line);
      }),
    );
  });

  it('never breaks inside a run of adjacent inline tiles, where a space would show: there it cuts between attributes', () => {
    const tile = (letter: string) => `<span style="display:inline-block;min-width:22px;background:#f3d9a4;">${letter}</span>`;
    const rack = `<p><strong>Rack:</strong> ${Array.from('ȘTEFANIAȚUȚEAB', tile).join('')}</p>`.repeat(3);
    const { lines } = split(eightBitHtml(rack)!.raw);
    expect(lines.length).toBeGreaterThan(1);
    // Rejoined with a space only where one was: no break between two tiles added one.
    expect(joined(lines)).toBe(rack);
  });

  it('leaves to quoted-printable an HTML line with no place to break', () => {
    expect(eightBitHtml(`<a href="https://example.org/${'x'.repeat(1200)}">link</a>`)).toBeUndefined();
  });

  it('sends every mail the platform writes, in every language, as 8-bit parts', () => {
    const languages: MailLanguage[] = ['ro', 'en', 'pl'];
    for (const language of languages) {
      const models = sampleModels(language);
      for (const name of MAIL_TEMPLATE_NAMES) {
        const mail = renderMail(name, language, models[name] as never);
        expect([name, language, eightBitHtml(mail.html) !== undefined]).toEqual([name, language, true]);
        expect([name, language, eightBitText(mail.text) !== undefined]).toEqual([name, language, true]);
      }
    }
  });
});
