// The guard of "no raw key or foreign word" (docs/web.md "Texts a person reads"): what a person
// reads of a page or a mail — tags, scripts, styles, comments and attributes left out, entities
// decoded — checked for machine codes and for another language's words. One helper for every
// language: a new language adds its entry to FOREIGN_WORDS.

/** The text a person reads: no tags, scripts, styles, comments or attributes; entities decoded. */
export function visibleText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&#x3D;/gi, '=')
    .replace(/&#x60;/gi, '`')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Links and addresses are the reader's own data, not words of the page; so are the names given. */
export function withoutNames(text: string, names: readonly string[] = []): string {
  let out = text.replace(/\bhttps?:\/\/\S+/g, ' ').replace(/[\w.+-]+@[\w.-]+/g, ' ');
  for (const name of [...names].sort((a, b) => b.length - a.length)) if (name) out = out.split(name).join(' ');
  return out;
}

/** `the and` → `[Tt]he|[Aa]nd`: each word as written in a sentence, lower case or capitalised. */
function anyCase(words: string): string {
  return words
    .split(' ')
    .map((w) => `[${w[0]}${w[0].toUpperCase()}]${w.slice(1)}`)
    .join('|');
}

/**
 * Words of another language that must not stand in a text of this one. English status words are
 * what leaks into a Romanian page when a key is printed as it is stored (`open`, `appealed`,
 * `upheld`…). Polish adds its entry here.
 */
export const FOREIGN_WORDS: Readonly<Record<string, RegExp | undefined>> = {
  ro: /\b(open|appealed|proposed|homologated|pending|sent|failed|red|blue|upheld|rejected|partly-upheld|withdrawn|ruled|admitted|playing|ended|draft|step\(s\)|tour)\b/i,
  en: /\b([Tt]our \d+|[Tt]ours?\b(?= I)|step\(s\)|Turul|Arbitru|Set de piese|deschis|respins)\b/,
  // English and Romanian words no Polish sentence holds, in lower case or capitalised: a missing "pl"
  // text reads as one of the others. Command words in capitals (CONCEDIU, DRAW) are the help's own.
  pl: new RegExp(
    [
      String.raw`\b(?:${anyCase('the and your you with from game games move moves player players arbiter round score holiday draw pass reply days day not this for are is will has have sheet rules claim line competition tile tiles rack board sequence settings account address save send cancel back page yes')})\b`,
      String.raw`(?<!\p{L})(?:${anyCase('și este sunt pentru dumneavoastră partida partidei partide mutarea mutare mutări jucător jucătorul jucători arbitru arbitrul arbitrului zile concediu concediul rândul piese suportul fișa înapoi salvați trimiteți contestație omologat competiția competiție')})(?!\p{L})`,
    ].join('|'),
    'u',
  ),
};

/** What no reader of any language meets. */
const CODES: readonly [string, RegExp][] = [
  // A machine code (`DISPUTE_OPEN`, `WRONG_SENDER`): commands players type (`PAS`, `CONTEST`) have no underscore.
  ['machine code', /\b[A-Z]+_[A-Z_]+\b/],
  // The premium squares' codes: a legend names them in words.
  ['premium-square code', /(?<![\p{L}\d_])(TW|DW|TL|DL)(?![\p{L}\d_])/u],
  // A message key (`player.status.ended`) or a hyphenated code (`result-homologated`) printed as it is stored.
  ['message key', /\b[a-z]+\.[a-z]+\.[a-z]+\b/],
  ['template code', /\b[a-z]+-[a-z]+-[a-z]+\b/],
  ['undefined', /\bundefined\b/],
  ['null', /\bnull\b/],
  ['raw JSON', /[{}]|"\w+"\s*:/],
  ['UTC instant', /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/],
  ['NaN', /\bNaN\b/],
  ['[object Object]', /\[object \w+\]/],
];

/** Each problem found in `text` (already visible text), named with `where` and its surroundings. */
export function textProblems(where: string, language: string, text: string): string[] {
  const found: string[] = [];
  const foreign = FOREIGN_WORDS[language];
  for (const [what, pattern] of foreign ? [...CODES, ['foreign word', foreign] as [string, RegExp]] : CODES) {
    const m = pattern.exec(text);
    if (m) {
      const at = Math.max(0, m.index - 50);
      found.push(`${where} [${language}]: ${what} "${m[0]}" in …${text.slice(at, m.index + m[0].length + 50).replace(/\s+/g, ' ')}…`);
    }
  }
  return found;
}

/** `textProblems` of an HTML page or part: its visible text, names and links taken away. */
export function htmlProblems(where: string, language: string, html: string, names: readonly string[] = []): string[] {
  return textProblems(where, language, withoutNames(visibleText(html), names));
}
