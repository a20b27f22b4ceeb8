// A mail's text and HTML as 8-bit MIME parts (RFC 6152, docs/mail.md "On the wire"): the UTF-8
// bodies go out as they are, with no quoted-printable pass. That pass was most of the CPU of
// building a game mail (about 1 ms of 1.2 for a "your move" mail of 27 KB of HTML), and it made
// the mail a tenth larger: every `=` of the HTML's attributes became `=3D`, every diacritic six
// octets, and a soft break ended each line of 76. Pure: no Nest, no nodemailer.

/** SMTP's limit on a line, without its CRLF (RFC 5321 4.5.3.1.6). */
export const MAX_LINE_OCTETS = 998;

/**
 * Where a long HTML line may end: after these closing tags a line break is whitespace the
 * browser does not render (between table cells and rows, and between blocks).
 */
const SAFE_ENDS = ['</td>', '</th>', '</tr>', '</table>', '</p>', '</div>', '</li>', '<br>'] as const;

/** A body as a MIME part of its own, headers included, for nodemailer's `raw`. */
export interface EightBitPart {
  readonly raw: string;
}

/**
 * The plain-text body as an 8-bit part, or undefined when it cannot be one unchanged (a line
 * over 998 octets, a NUL): the caller then leaves it to quoted-printable.
 */
export function eightBitText(text: string): EightBitPart | undefined {
  const lines = linesOf(text);
  if (lines === undefined || lines.some((l) => tooLong(l))) return undefined;
  return part('text/plain', lines);
}

/**
 * The HTML body as an 8-bit part: a line over 998 octets is broken where the break renders as
 * the page did (brokenAtSafeEnds). Undefined when a line has no such place (or the body holds
 * a NUL): the caller then leaves it to quoted-printable.
 */
export function eightBitHtml(html: string): EightBitPart | undefined {
  const lines = linesOf(html);
  if (lines === undefined) return undefined;
  const out: string[] = [];
  for (const line of lines) {
    if (!tooLong(line)) {
      out.push(line);
      continue;
    }
    const broken = brokenAtSafeEnds(line);
    if (broken === undefined) return undefined;
    out.push(...broken);
  }
  return part('text/html', out);
}

function part(type: 'text/plain' | 'text/html', lines: readonly string[]): EightBitPart {
  return { raw: `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${lines.join('\r\n')}` };
}

/** The body's lines, whatever its line ends; undefined if it holds a NUL, which no 8-bit part may. */
function linesOf(body: string): string[] | undefined {
  if (body.includes('\0')) return undefined;
  return body.split(/\r\n|\r|\n/);
}

function tooLong(line: string): boolean {
  // A character is at most 3 octets in UTF-16 units' terms (a surrogate pair, 2 units, is 4 octets).
  return line.length * 3 > MAX_LINE_OCTETS && Buffer.byteLength(line, 'utf8') > MAX_LINE_OCTETS;
}

/**
 * The line in pieces of at most 998 octets: broken after a safe closing tag, or at a space the
 * break replaces — between two tags (`</span> <span>`), one space to the browser wherever white
 * space collapses, as it does everywhere in these mails; or inside a tag, before an attribute
 * (`<span style="…">`), where any white space is the same.
 */
function brokenAtSafeEnds(line: string): string[] | undefined {
  const pieces: string[] = [];
  let rest = line;
  while (tooLong(rest)) {
    const cut = lastCut(rest);
    if (cut === undefined) return undefined;
    pieces.push(rest.slice(0, cut.at));
    rest = rest.slice(cut.at + (cut.replacesSpace ? 1 : 0));
  }
  pieces.push(rest);
  return pieces;
}

/** The last place within the line's first 998 octets where it may be broken. */
function lastCut(line: string): { at: number; replacesSpace: boolean } | undefined {
  // Characters, not octets, up to which a cut is looked for: then checked in octets, and moved back.
  let limit = Math.min(line.length, MAX_LINE_OCTETS);
  for (;;) {
    let at = -1;
    let replacesSpace = false;
    for (const end of SAFE_ENDS) {
      const found = line.lastIndexOf(end, limit - end.length);
      if (found >= 0 && found + end.length > at) at = found + end.length;
    }
    const space = lastSpaceBetween(line, limit);
    if (space > at) {
      at = space;
      replacesSpace = true;
    }
    if (at <= 0) return undefined;
    if (Buffer.byteLength(line.slice(0, at), 'utf8') <= MAX_LINE_OCTETS) return { at, replacesSpace };
    limit = at - 1;
  }
}

/**
 * The last space before `limit` that a line break may replace: between two tags, or before an
 * attribute (` name="`: the templates escape every `"` of the text they are given, so the pattern
 * is found only inside tags). -1 when there is none.
 */
function lastSpaceBetween(line: string, limit: number): number {
  let last = line.lastIndexOf('> <', limit - 2);
  if (last >= 0) last += 1;
  const attribute = / [a-z][a-z-]*="/g;
  for (let m = attribute.exec(line); m !== null && m.index < limit; m = attribute.exec(line)) last = Math.max(last, m.index);
  return last;
}
