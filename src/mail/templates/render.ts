// Mail rendering (docs/mail-rules.md 19): handlebars files under templates/mail/{ro,en}/, each mail a
// plain-text part that reads well in a fixed-width font and an HTML part with the same
// content. Pure but for reading the template files once; no clock, no database.
import { polishForm, type PolishForms } from '../../common/bilingual';
import { formatDayFor } from '../../common/day-format';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Handlebars from 'handlebars';
import { formatCoefficient } from '../../common/coefficient-format';
import { otherColor, type Color } from '../../common/color';
import { COMMAND_HELP } from '../parsing/command-texts';
import { REPLY_MARKER, type MailLanguage } from '../parsing/quotes';
import { boardGrid, boardLegend, boardRows, rackText, sequenceRows, sequenceText, wordsText, wrapText } from './blocks';
import { LruMap } from '../../common/lru-map';
import { MAIL_TEMPLATE_NAMES, type MailModels, type MailTemplateName } from './all-models';
import type { GameView } from '../../notifications/models/models';
import { threadSubject } from '../../notifications/models/views';

export interface RenderedMail {
  /**
   * The template's own subject (`<name>.subject.hbs`), else the game thread's (docs/mail-rules.md 18).
   * Absent only for a mail outside any game without a subject template (none today).
   */
  readonly subject?: string;
  readonly text: string;
  readonly html: string;
}

/** templates/mail of the project, from src/mail/templates or dist/mail/templates alike. */
export const DEFAULT_TEMPLATE_ROOT = resolve(__dirname, '../../../templates/mail');

/** The text part keeps to this width where the content allows (docs/mail-rules.md 19). */
export const TEXT_WIDTH = 78;

type Format = 'text' | 'html';

/**
 * The blocks of a game mail that show the game as it stands (board, clocks, deadlines, how to
 * send a move) and its signature: an event told inside the daily digest leaves them out, since
 * the digest shows each game awaiting the player once, with its reply address (docs/mail-rules.md 17).
 */
const GAME_STATE_PARTIALS = ['move-request', 'lines', 'position', 'clocks', 'deadlines', 'sequence', 'totals', 'how-to-reply', 'footer'];

/**
 * The mails that take a reply (docs/mail-rules.md 9): only they carry the marker "write your
 * move above this line". A mail that needs no answer (a confirmation, a notice, a result
 * decided, a refusal) carries none, so no mail invites a reply the platform would refuse.
 */
const TAKES_REPLY: { readonly [N in MailTemplateName]?: (model: MailModels[N]) => boolean } = {
  // RED sends the first move; BLUE's move comes later, asked by "your move".
  'game-start': (m) => m.you === 'red',
  'your-move': () => true,
  'move-rejection': () => true,
  reminder: () => true,
  offer: () => true,
  'dispute-contest': () => true,
  'dispute-admitted': () => true,
  'dispute-appealed': () => true,
  // The final sheet is confirmed or objected to by reply (docs/rules.md §7).
  'game-end': () => true,
  // The state of the game is declared, or answered with POSITION, by reply (docs/rules.md §7).
  'closing-date': () => true,
  'state-declared': () => true,
  'rejection-too-large': () => true,
  // Only when the recipient has a move to make, the model then carrying the reply address.
  'dispute-ruled': (m) => m.reply !== undefined,
  'arbiter-ruling': (m) => m.reply !== undefined,
  'game-notice': (m) => m.reply !== undefined && m.yourTurn === true,
  'command-help': (m) => m.reply !== undefined,
  'rejection-stale-token': (m) => m.yourTurn === true,
};

/** Whether the mail `name` with `model` takes a reply, and so carries the reply marker. */
export function takesReply<N extends MailTemplateName>(name: N, model: MailModels[N]): boolean {
  const rule = TAKES_REPLY[name] as ((model: MailModels[N]) => boolean) | undefined;
  return rule?.(model) ?? false;
}

export function isMailTemplateName(name: string): name is MailTemplateName {
  return (MAIL_TEMPLATE_NAMES as readonly string[]).includes(name);
}

const COLOR_NAME: Readonly<Record<MailLanguage, Readonly<Record<Color, string>>>> = {
  ro: { red: 'ROȘU', blue: 'ALBASTRU' },
  en: { red: 'RED', blue: 'BLUE' },
  pl: { red: 'CZERWONY', blue: 'NIEBIESKI' },
};

/** `20 de zile`, `2 zile`, `1 zi`: Romanian puts "de" before 20 and up (but 101–119). */
function count(language: MailLanguage, n: number, one: string, other: string): string {
  if (n === 1) return `1 ${one}`;
  const rest = Math.abs(n) % 100;
  const de = language === 'ro' && Math.abs(n) >= 20 && (rest === 0 || rest >= 20);
  return `${n} ${de ? 'de ' : ''}${other}`;
}

/** `5 dni`, `2 punkty`, `1 punkt`: Polish takes one of three forms after a number. */
function countPolish(n: number, forms: PolishForms): string {
  return `${n} ${polishForm(n, forms)}`;
}

/** `12.01.2027` in Romanian, `12 Jan 2027` in English, `12 stycznia 2027` in Polish; anything else as given. */
function formatDay(language: MailLanguage, day: unknown): string {
  const text = String(day ?? '');
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? formatDayFor(language, text) : text;
}

/** Handlebars passes its options object last; helpers take only the values before it. */
function values(args: unknown[]): unknown[] {
  return args.slice(0, -1);
}

function helpers(language: MailLanguage): Record<string, Handlebars.HelperDelegate> {
  const units = language === 'ro' ? { day: ['zi', 'zile'], point: ['punct', 'puncte'] } : { day: ['day', 'days'], point: ['point', 'points'] };
  return {
    date: (day: unknown) => formatDay(language, day),
    days: (n: number) => (language === 'pl' ? countPolish(Number(n), ['dzień', 'dni', 'dni']) : count(language, Number(n), units.day[0], units.day[1])),
    points: (n: number) =>
      language === 'pl' ? countPolish(Number(n), ['punkt', 'punkty', 'punktów']) : count(language, Number(n), units.point[0], units.point[1]),
    count: (n: number, one: string, other: string) => count(language, Number(n), one, other),
    // Polish templates: `{{plural n "ruch" "ruchy" "ruchów"}}`.
    plural: (n: number, one: string, few: string, many: string) => countPolish(Number(n), [one, few, many]),
    color: (c: Color) => COLOR_NAME[language][c] ?? String(c),
    other: (c: Color) => otherColor(c),
    player: (game: GameView, c: Color) => game?.[c] ?? '',
    threadSubject: (game: GameView) => threadSubject(game, language),
    wrap: (text: unknown, indent: unknown) => wrapText(String(text ?? ''), TEXT_WIDTH, typeof indent === 'string' ? indent : ''),
    coef: (n: number) => {
      return formatCoefficient(Number(n), language);
    },
    signed: (n: number) => (n > 0 ? `+${n}` : String(n)),
    megabytes: (bytes: number) => {
      const text = (Number(bytes) / (1024 * 1024)).toFixed(1);
      return `${language === 'en' ? text : text.replace('.', ',')} MB`;
    },
    board: (view: Parameters<typeof boardGrid>[0]) => boardGrid(view, language),
    boardRows: keptRows(
      (view: Parameters<typeof boardRows>[0]) => boardRows(view, language),
      (view) => `${view.rows.join('\n')}|${(view.fresh ?? []).join(',')}`,
    ),
    sequence: (view: Parameters<typeof sequenceText>[0]) => sequenceText(view, language),
    sequenceRows: keptRows(sequenceRows, (view) => `${view.tiles}|${view.takenBy}`),
    boardLegend: (rows: Parameters<typeof boardLegend>[0]) => boardLegend(rows, language),
    rack: rackText,
    inc: (n: number) => Number(n) + 1,
    letters: (text: unknown) => Array.from(String(text ?? '')),
    words: wordsText,
    pad: (text: unknown, width: number) => String(text ?? '').padEnd(Number(width)),
    padStart: (text: unknown, width: number) => String(text ?? '').padStart(Number(width)),
    join: (list: unknown, separator: unknown) => (Array.isArray(list) ? list.join(typeof separator === 'string' ? separator : ', ') : ''),
    eq: (a: unknown, b: unknown) => a === b,
    not: (a: unknown) => !a,
    and: (...args: unknown[]) => values(args).every(Boolean),
    or: (...args: unknown[]) => values(args).some(Boolean),
    // Nothing in a mail that takes no reply (takesReply, passed as @takesReply).
    marker: (options: Handlebars.HelperOptions) => ((options.data as { takesReply?: boolean }).takesReply ? REPLY_MARKER[language] : ''),
    commandHelp: () => COMMAND_HELP[language],
    // Where a reply goes: this mail, or inside the daily digest the game's own address below the event.
    thisMail: () => THIS_MAIL[language],
  };
}

/**
 * The board and the sequence tables are most of a game mail's HTML, and the mails of one action
 * show the same ones: their rows are kept by what they are made of (keptRows), and each table
 * is rendered once for the same rows and the same words around them (keptTable).
 */
const KEPT_TABLES: ReadonlySet<string> = new Set(['board-table', 'sequence-table']);
/** Tables of the games whose mails are being written at once: a sender's pass holds a few. */
const KEPT_ROWS = 32;

function keptRows<V, R extends object>(make: (view: V) => R, keyOf: (view: V) => string): (view: V) => R {
  const kept = new LruMap<string, R>(KEPT_ROWS);
  return (view) => {
    const key = keyOf(view);
    let rows = kept.get(key);
    if (!rows) kept.set(key, (rows = make(view)));
    return rows;
  };
}

/** A table partial rendered once for the same rows object and the same other arguments. */
function keptTable(table: Handlebars.TemplateDelegate): Handlebars.TemplateDelegate {
  const kept = new WeakMap<object, Map<string, string>>();
  return (context: Record<string, unknown>, options?: Handlebars.RuntimeOptions & { hash?: Record<string, unknown> }) => {
    const { rows, ...words } = options?.hash ?? {};
    if (rows === null || typeof rows !== 'object') return table(context, options);
    let byWords = kept.get(rows);
    if (!byWords) kept.set(rows, (byWords = new Map()));
    const key = JSON.stringify(words);
    let html = byWords.get(key);
    if (html === undefined) byWords.set(key, (html = table(context, options)));
    return html;
  };
}

const THIS_MAIL = { ro: 'la acest e-mail', en: 'to this mail', pl: 'na tę wiadomość' } as const;
const THE_GAMES_ADDRESS = { ro: 'la adresa partidei de mai jos', en: "to the game's address below", pl: 'na adres partii podany niżej' } as const;

/**
 * Tidy the text part: prose lines wrapped to TEXT_WIDTH at spaces (keeping their indent; a
 * single long token such as an address stays whole), no trailing spaces but the signature
 * separator's (RFC 3676 "-- "), at most one blank line in a row, one final newline.
 */
function tidyText(text: string, wrap = true): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      if (line === '-- ') return line;
      const trimmed = line.trimEnd();
      if (!wrap || trimmed.length <= TEXT_WIDTH) return trimmed;
      const indent = /^ */.exec(trimmed)![0];
      return wrapText(trimmed.slice(indent.length), TEXT_WIDTH, indent);
    });
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`;
}

/** The text part is never HTML-escaped; a partial keeps its own indentation. */
const COMPILE: Readonly<Record<Format, CompileOptions>> = {
  text: { noEscape: true, preventIndent: true },
  html: { preventIndent: true },
};

/** `last-move.text.hbs` is a text partial, `end-reason.hbs` serves both formats (words only). */
function partialName(file: string, format: Format): string | undefined {
  const m = /^([a-z0-9-]+)(?:\.(text|html))?\.hbs$/.exec(file);
  return m && (m[2] === undefined || m[2] === format) ? m[1] : undefined;
}

export class MailRenderer {
  private readonly environments = new Map<string, typeof Handlebars>();
  private readonly compiled = new Map<string, Handlebars.TemplateDelegate | null>();

  constructor(private readonly root: string = DEFAULT_TEMPLATE_ROOT) {}

  /** Render one mail; throws on an unknown template (a programming error, not user input). */
  render<N extends MailTemplateName>(name: N, language: MailLanguage, model: MailModels[N]): RenderedMail {
    if (!isMailTemplateName(name)) throw new RangeError(`unknown mail template: ${String(name)}`);
    const data = { data: { takesReply: takesReply(name, model) } };
    const text = tidyText(this.template(language, 'text', name)(model, data));
    const html = this.template(language, 'html', name)(model, data);
    // A template's own subject, else the game thread's (docs/mail-rules.md 18: constant per game).
    const own = this.template(language, 'text', name, 'subject', { optional: true });
    const game = (model as { game?: GameView }).game;
    const subject = own ? own(model).replace(/\s+/g, ' ').trim() : game ? threadSubject(game, language) : undefined;
    return subject === undefined ? { text, html } : { subject, text, html };
  }

  /**
   * The text of one event as the daily digest tells it (docs/mail-rules.md 17): the whole mail —
   * what happened and what the player may do about it, every sentence — without the game-state
   * blocks, the signature or the reply marker. Never cut to a line; each paragraph one line.
   */
  renderEvent<N extends MailTemplateName>(name: N, language: MailLanguage, model: MailModels[N]): string {
    if (!isMailTemplateName(name)) throw new RangeError(`unknown mail template: ${String(name)}`);
    const key = `${language}/${name}.event`;
    let template = this.compiled.get(key);
    if (!template) {
      template = this.environment(language, 'text', 'event').compile(readFileSync(this.path(language, `${name}.text.hbs`), 'utf8'), COMPILE.text);
      this.compiled.set(key, template);
    }
    // Not wrapped: the digest's text part wraps it where it stands, its HTML part flows it.
    return tidyText(template(model), false);
  }

  private path(...parts: string[]): string {
    return join(this.root, ...parts);
  }

  /** A compiled template, read once; `optional` ones that have no file come back null. */
  private template(language: MailLanguage, format: Format, name: string, part?: string): Handlebars.TemplateDelegate;
  private template(language: MailLanguage, format: Format, name: string, part: string, opts: { optional: true }): Handlebars.TemplateDelegate | null;
  private template(language: MailLanguage, format: Format, name: string, part: string = format, opts?: { optional: true }): Handlebars.TemplateDelegate | null {
    const key = `${language}/${name}.${part}`;
    let template = this.compiled.get(key);
    if (template === undefined) {
      const file = this.path(language, `${name}.${part}.hbs`);
      template = opts?.optional && !existsSync(file) ? null : this.environment(language, format).compile(readFileSync(file, 'utf8'), COMPILE[format]);
      this.compiled.set(key, template);
    }
    return template;
  }

  /**
   * One handlebars environment per language and format: the text one never HTML-escapes.
   * Partials: `shared/*.html.hbs` (language-free HTML) and `<language>/partials/*.<format>.hbs`.
   */
  private environment(language: MailLanguage, format: Format, variant?: 'event'): typeof Handlebars {
    const key = `${language}.${format}${variant ? `.${variant}` : ''}`;
    let env = this.environments.get(key);
    if (!env) {
      env = Handlebars.create();
      env.registerHelper(helpers(language));
      for (const dir of [this.path('shared'), this.path(language, 'partials')]) {
        if (!existsSync(dir)) continue;
        for (const file of readdirSync(dir)) {
          const name = partialName(file, format);
          if (name === undefined) continue;
          const source = readFileSync(join(dir, file), 'utf8');
          const partial = env.compile(source, COMPILE[format]);
          env.registerPartial(name, KEPT_TABLES.has(name) ? keptTable(partial) : partial);
        }
      }
      if (variant === 'event') {
        for (const name of GAME_STATE_PARTIALS) env.registerPartial(name, '');
        env.registerHelper('marker', () => '');
        // A reply to the digest reaches no game (docs/mail-rules.md 17): each event points to its game's address.
        env.registerHelper('thisMail', () => THE_GAMES_ADDRESS[language]);
      }
      this.environments.set(key, env);
    }
    return env;
  }
}

let defaultRenderer: MailRenderer | undefined;

/** One event's text as the daily digest tells it (MailRenderer.renderEvent). */
export function renderEvent<N extends MailTemplateName>(name: N, language: MailLanguage, model: MailModels[N]): string {
  defaultRenderer ??= new MailRenderer();
  return defaultRenderer.renderEvent(name, language, model);
}

/** Render a mail from the project's templates (docs/mail-rules.md 19). */
export function renderMail<N extends MailTemplateName>(name: N, language: MailLanguage, model: MailModels[N]): RenderedMail {
  defaultRenderer ??= new MailRenderer();
  return defaultRenderer.render(name, language, model);
}
