// The part of a reply the player wrote (docs/mail-rules.md 9): cut at our "write your move above this
// line" marker, drop quoted blocks (`>` lines, "On … wrote:" / "În … a scris:" headers,
// Outlook's header block, Gmail's and Outlook's HTML quote containers, `blockquote`) and the
// signature. Only what is left may hold commands: a quote or a signature that looks like a
// move must never reach the command parser.
import { convert, type FormatCallback, type HtmlToTextOptions } from 'html-to-text';
import type { Language } from '../../players/player.entity';

/** The languages mails are written in: the player's (Romanian, English or Polish). */
export type MailLanguage = Language;

/** docs/mail-rules.md 9: the first line of every mail we send; templates print it, replies are cut there. */
export const REPLY_MARKER: Readonly<Record<MailLanguage, string>> = {
  ro: '— Scrieți mutarea deasupra acestui rând —',
  en: '— Write your move above this line —',
  pl: '— Wpisz swój ruch nad tą linią —',
};

/** Why lines were dropped: for the pipeline's log and for tests. */
export type QuoteCut = 'marker' | 'html-quote' | 'quoted-lines' | 'reply-header' | 'original-message' | 'signature';

export interface ReplyText {
  /** The player's own lines, right-trimmed, leading and trailing blank lines removed. */
  readonly lines: readonly string[];
  readonly source: 'text' | 'html' | 'none';
  readonly cuts: readonly QuoteCut[];
  /** The reply was written below the quoted mail. */
  readonly bottomPosted: boolean;
}

/** Commands are read from the top (docs/mail-rules.md 9); this bounds the work on a huge reply. */
export const MAX_REPLY_LINES = 200;
const MAX_LINE_LENGTH = 2000;

/** Folded for comparison: no diacritics (ș = ş = s), lower case, letters and digits only. */
function foldKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const MARKER_KEYS = Object.values(REPLY_MARKER).map(foldKey);

/** Our marker, quoted or not, in either language, whatever a client did to its dashes. */
export function isReplyMarker(line: string): boolean {
  const key = foldKey(line);
  return key !== '' && MARKER_KEYS.some((m) => key.includes(m));
}

/** Stands for an HTML quote container after which everything is quoted (Outlook's reply header). */
const CUT_HERE = '\uE000cut\uE000';
/** Stands for a quote container dropped from HTML, so that the cut is reported. */
const DROPPED = '\uE000quote\uE000';

function sentinel(text: string): FormatCallback {
  return (_elem, _walk, builder) => {
    builder.openBlock();
    builder.addLiteral(text);
    builder.closeBlock();
  };
}

/**
 * docs/mail-rules.md 9: of an HTML-only reply, only the first 256 KB are read. The player writes on
 * top; this leaves room for a client's style sheet (Outlook's runs to tens of KB) and the reply
 * above the quote, and bounds the parser, whose cost grows with the square of unclosed markup.
 */
export const MAX_HTML_CHARS = 256 * 1024;
/** Elements nested deeper than this end the HTML read: a reply is never that deep above its quote. */
export const MAX_HTML_DEPTH = 128;

/** Elements that never hold children (the HTML spec's void elements): they add no depth. */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Elements whose content the parser (htmlparser2, under html-to-text) reads as text: a tag inside them is no tag. */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp']);

/** The parser's implied ends: opening the key closes the open elements on top that it names. */
const IMPLIED_CLOSES: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const form = ['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea'];
  const groups: [string, string[]][] = [
    [
      'p h1 h2 h3 h4 h5 h6 address article aside blockquote details div dl fieldset figcaption figure footer form header hr main nav ol pre section table ul',
      ['p'],
    ],
    ['tr', ['tr', 'th', 'td']],
    ['th', ['th']],
    ['td', ['thead', 'th', 'td']],
    ['body', ['head', 'link', 'script']],
    ['li', ['li']],
    ['select input output button datalist textarea', form],
    ['option', ['option']],
    ['optgroup', ['optgroup', 'option']],
    ['dd dt', ['dd', 'dt']],
    ['rt rp', ['rt', 'rp']],
    ['tbody tfoot', ['thead', 'tbody']],
  ];
  return new Map(groups.flatMap(([openers, closed]) => openers.split(' ').map((name) => [name, new Set(closed)] as const)));
})();

/**
 * The HTML cut to what is read: its first MAX_HTML_CHARS characters, and no further than the
 * first element nested deeper than MAX_HTML_DEPTH. One pass over the tags with the parser's
 * stack of open elements (its implied ends included), so that hostile markup costs the
 * parser a bounded depth. Everything after the cut is quoted history or worse.
 */
export function boundedHtml(html: string): string {
  const text = html.length > MAX_HTML_CHARS ? html.slice(0, MAX_HTML_CHARS) : html;
  const lower = text.toLowerCase();
  const open: string[] = [];
  let at = lower.indexOf('<');
  while (at >= 0) {
    if (lower.startsWith('<!--', at)) {
      const end = lower.indexOf('-->', at + 4);
      if (end < 0) break;
      at = lower.indexOf('<', end + 3);
      continue;
    }
    const close = lower[at + 1] === '/';
    const name = /^[a-z][^\s/>]*/.exec(lower.slice(at + (close ? 2 : 1), at + 66))?.[0];
    const end = lower.indexOf('>', at + 1);
    if (end < 0) break; // an unterminated tag: the parser reads the rest as one tag or as text
    if (name && close) {
      const index = open.lastIndexOf(name);
      if (index >= 0) open.length = index;
    } else if (name) {
      const closes = IMPLIED_CLOSES.get(name);
      while (closes && open.length > 0 && closes.has(open[open.length - 1])) open.pop();
      // `<div/>` opens a div all the same: in HTML only the void elements close themselves.
      if (!VOID_ELEMENTS.has(name)) {
        if (open.length >= MAX_HTML_DEPTH) return text.slice(0, at);
        if (RAW_TEXT.has(name)) {
          const closing = lower.indexOf(`</${name}`, end + 1);
          if (closing < 0) break;
          at = lower.indexOf('<', closing + 2);
          continue;
        }
        open.push(name);
      }
    }
    at = lower.indexOf('<', end + 1);
  }
  return text;
}

const HTML_OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  // Backstops to boundedHtml: the walk is recursive, and the input is cut before it gets here.
  limits: { maxDepth: MAX_HTML_DEPTH + 8, maxInputLength: MAX_HTML_CHARS, ellipsis: '' },
  // The whole document, never just its `body`: a quote may hold a whole quoted document
  // whose own `body` must not be taken for the reply.
  baseElements: { selectors: [], returnDomByDefault: true },
  formatters: { cutHere: sentinel(CUT_HERE), dropQuote: sentinel(DROPPED) },
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'head', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'title', format: 'skip' },
    // Case carries meaning in a move (a lower-case letter is a blank): never upper-case headings.
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    // docs/mail-rules.md 9: quote containers of HTML-only replies. Apple Mail and Thunderbird quote in
    // `blockquote type=cite`; Gmail in `.gmail_quote` (with its attribution line inside).
    { selector: 'blockquote', format: 'dropQuote' },
    { selector: '.gmail_quote', format: 'dropQuote' },
    { selector: '.moz-cite-prefix', format: 'dropQuote' },
    { selector: '.yahoo_quoted', format: 'dropQuote' },
    // Signatures, which may hold anything, including something move-like.
    { selector: '.gmail_signature', format: 'skip' },
    { selector: '.moz-signature', format: 'skip' },
    { selector: '#Signature', format: 'skip' },
    // Outlook quotes without a container: its header block starts the quoted mail, so
    // everything from there on goes.
    { selector: '#divRplyFwdMsg', format: 'cutHere' },
    { selector: '#appendonsend', format: 'cutHere' },
    { selector: '#mail-editor-reference-message-container', format: 'cutHere' },
    { selector: '.OutlookMessageHeader', format: 'cutHere' },
  ],
};

/**
 * HTML to plain text with the quote containers of docs/mail-rules.md 9 removed (or marked for the
 * cut), within the bounds of boundedHtml. Still super-linear on hostile markup within them: the
 * pipeline runs it on a worker thread (MailParsingWorker).
 */
export function htmlToReplyText(html: string): string {
  try {
    return convert(boundedHtml(html), HTML_OPTIONS);
  } catch {
    // html-to-text tolerates any markup. Should it ever fail, nothing is read rather than
    // text whose quotes could not be told apart.
    return '';
  }
}

/** Spaces a client may put in a line: NBSP and friends read as spaces, zero-width ones vanish. */
function cleanLine(line: string): string {
  return line
    .replace(/[\u200B-\u200D\u2060\uFEFF]/g, '')
    .replace(/[\u00A0\u2000-\u200A\u202F\u205F\u3000\t]/g, ' ')
    .slice(0, MAX_LINE_LENGTH)
    .trimEnd();
}

const QUOTED = /^\s*>/;
// RFC 3676 "-- " (often trimmed to "--"); clients that "fix" dashes send an en or em dash.
const SIGNATURE = /^\s*(?:--|—|–)\s*$/;
// Outlook's plain-text separator above its header block.
const OUTLOOK_RULE = /^\s*_{20,}\s*$/;
const ORIGINAL_MESSAGE =
  /^\s*-{2,}\s*(?:original message|forwarded message|mesaj(?:ul)? original|mesaj(?:ul)? (?:redirecționat|redirectionat|transmis)|wiadomość oryginalna|wiadomosc oryginalna|wiadomość przekazana dalej)\s*-{2,}\s*$/i;
// "On <date>, <name> wrote:", "În <date>, <name> a scris:", "Pe <date> … a scris:",
// "W dniu <date> <name> napisał(a):", "… pisze:" and the like.
const ATTRIBUTION_END = /(?:\b(?:wrote|writes|a scris|scrie|pisze)|napisał(?:\(a\)|a)?|napisal(?:\(a\)|a)?):\s*$/i;
const HEADER_FIELD = (names: string): RegExp => new RegExp(`^\\s*\\*?(?:${names})\\s*:\\*?(?:\\s|$)`, 'i');
const FROM_FIELD = HEADER_FIELD('from|de la|de|expeditor|od');
const OTHER_FIELD = HEADER_FIELD('sent|date|to|cc|subject|trimis|data|către|catre|pentru|subiect|wysłano|wyslano|do|dw|temat');

type Header = { readonly cut: QuoteCut; readonly length: number };

function attributionAt(lines: readonly string[], i: number): number {
  // The header may wrap over two lines (Gmail wraps a long name and address).
  for (let length = 1; length <= 2 && i + length <= lines.length; length++) {
    const joined = lines.slice(i, i + length).join(' ');
    if (ATTRIBUTION_END.test(joined) && /[\d@]/.test(joined)) return length;
  }
  return 0;
}

/** A reply header starting at line `i`: its kind and how many lines it spans. */
function headerAt(lines: readonly string[], i: number): Header | undefined {
  const line = lines[i];
  if (ORIGINAL_MESSAGE.test(line) || OUTLOOK_RULE.test(line)) return { cut: 'original-message', length: 1 };
  // Outlook's block: From:/De la: followed closely by Sent:/Trimis:/To:/Subject: lines.
  if (FROM_FIELD.test(line) && lines.slice(i + 1, i + 4).some((l) => OTHER_FIELD.test(l))) return { cut: 'original-message', length: 1 };
  const length = attributionAt(lines, i);
  return length > 0 ? { cut: 'reply-header', length } : undefined;
}

function firstNonBlank(lines: readonly string[], from: number): string | undefined {
  return lines.slice(from).find((l) => l.trim() !== '');
}

/**
 * Drop quoted blocks and the signature (docs/mail-rules.md 9). `>` lines go wherever they are (a
 * bottom-posted or interleaved reply keeps its own lines); a reply header followed by `>`
 * lines goes with them; any other reply header (Outlook quotes without `>`) and the
 * signature cut everything below.
 */
function stripQuotedBlocks(lines: readonly string[], cuts: Set<QuoteCut>): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === CUT_HERE) {
      cuts.add('html-quote');
      break;
    }
    if (line === DROPPED) {
      cuts.add('html-quote');
      continue;
    }
    if (SIGNATURE.test(line)) {
      cuts.add('signature');
      break;
    }
    if (QUOTED.test(line)) {
      cuts.add('quoted-lines');
      continue;
    }
    const header = headerAt(lines, i);
    if (header) {
      cuts.add(header.cut);
      const next = firstNonBlank(lines, i + header.length);
      if (header.cut === 'reply-header' && next !== undefined && QUOTED.test(next)) {
        i += header.length - 1;
        continue;
      }
      break;
    }
    out.push(line);
  }
  return out;
}

function trimBlankEdges(lines: readonly string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start].trim() === '') start++;
  while (end > start && lines[end - 1].trim() === '') end--;
  return lines.slice(start, end);
}

/** The player's lines of a plain-text body (or of HTML already made text). */
export function stripQuotes(text: string): Omit<ReplyText, 'source'> {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .slice(0, 20 * MAX_REPLY_LINES)
    .map(cleanLine);
  const cuts = new Set<QuoteCut>();
  const marker = lines.findIndex(isReplyMarker);
  let kept: string[];
  let bottomPosted = false;
  if (marker < 0) {
    kept = stripQuotedBlocks(lines, cuts);
  } else {
    // docs/mail-rules.md 9: cut at the marker first.
    cuts.add('marker');
    kept = trimBlankEdges(stripQuotedBlocks(lines.slice(0, marker), cuts));
    // Nothing above a quoted marker: the player wrote below the quoted mail (bottom-posting).
    // Only a `>`-quoted marker allows this; an unquoted one means our text follows unmarked.
    if (kept.length === 0 && QUOTED.test(lines[marker])) {
      kept = stripQuotedBlocks(lines.slice(marker + 1), cuts);
      bottomPosted = trimBlankEdges(kept).length > 0;
    }
  }
  return { lines: trimBlankEdges(kept).slice(0, MAX_REPLY_LINES), cuts: [...cuts], bottomPosted };
}

/** Whether the reply's lines must come from its HTML: no text part with any text, and HTML that has some. */
export function isHtmlOnly(message: { readonly text?: string; readonly html?: string }): boolean {
  if (message.text !== undefined && message.text.trim() !== '') return false;
  return message.html !== undefined && message.html.trim() !== '';
}

/**
 * The lines of an inbound message that may hold commands. The text part is read when it has
 * any text; an HTML-only reply (or an empty text part beside the HTML) is made text first.
 */
export function extractReply(message: { readonly text?: string; readonly html?: string }): ReplyText {
  if (isHtmlOnly(message)) return { ...stripQuotes(htmlToReplyText(message.html!)), source: 'html' };
  if (message.text !== undefined && message.text.trim() !== '') return { ...stripQuotes(message.text), source: 'text' };
  return { lines: [], source: 'none', cuts: [], bottomPosted: false };
}
