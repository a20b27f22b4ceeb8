import { formatDayFor } from '../common/day-format';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { Inject, Injectable, Optional } from '@nestjs/common';
import Handlebars from 'handlebars';
import { compactHtml } from './compact-html';
import type { WebLanguage, WebRequest } from './web-request';
import { BoundedMap } from '../common/bounded-map';
import { Clock } from '../common/clock';
import { LruMap } from '../common/lru-map';
import { SETTINGS, type Settings } from '../config/settings';
import { rehearsalBanner } from '../rehearsal/rehearsal-banner';

/** templates/web of the project, from src/web or dist/web alike. */
export const WEB_TEMPLATE_ROOT = resolve(__dirname, '../../templates/web');

/** `{ "key": { "ro": "…", "en": "…" } }`, merged from every templates/web/**\/messages.json. */
export type MessageDictionary = Readonly<Record<string, Readonly<Record<WebLanguage, string>>>>;

export interface PageOptions {
  /** The page title (already translated); the site name alone when absent. */
  readonly title?: string;
  /** Extra stylesheets under /assets/, e.g. `board.css`. */
  readonly styles?: readonly string[];
  /** Extra scripts under /assets/, e.g. `game.js` (CSP: only files of our own, never inline). */
  readonly scripts?: readonly string[];
}

function filesUnder(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(suffix))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** Every messages.json under the root, merged; a key defined twice is a mistake caught at load. */
export function loadMessages(root: string = WEB_TEMPLATE_ROOT): MessageDictionary {
  const merged: Record<string, Record<WebLanguage, string>> = {};
  for (const file of filesUnder(root, 'messages.json')) {
    const entries = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<WebLanguage, string>>;
    for (const [key, value] of Object.entries(entries)) {
      if (key in merged) throw new Error(`web message "${key}" is defined twice (again in ${relative(root, file)})`);
      merged[key] = value;
    }
  }
  return merged;
}

/** `{name}` placeholders filled from params; an unknown key shows itself (the dictionary test catches it). */
export function translate(
  messages: MessageDictionary,
  lang: WebLanguage,
  key: string,
  params: Readonly<Record<string, unknown>> = {},
): string {
  const entry = messages[key];
  const text = entry?.[lang] ?? entry?.ro ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name] ?? '') : whole));
}

/** What partials/board.hbs reads of its `line`: the memo's key (WebViews.memoizeBoard). */
interface BoardLine {
  readonly label?: unknown;
  readonly field?: unknown;
  readonly columns?: unknown;
  readonly board?: unknown;
}

/**
 * What keptPage renders in place of the CSRF token and the form key, then replaces: random per
 * process, letters and digits only (nothing a template escapes), never a value a page shows.
 */
const KEPT_CSRF = `kept-csrf-${randomBytes(16).toString('hex')}`;
const KEPT_FORM_KEY = `kept-form-${randomBytes(16).toString('hex')}`;

/** Pages kept per memo object (the same game page under other addresses or frames). */
const KEPT_FRAMES_PER_MEMO = 8;

/** Distinct boards kept rendered (a few per game being looked at, in each language). */
const BOARD_MEMO_SIZE = 200;

/**
 * Server-rendered pages: `templates/web/<view>.hbs` inside `layout.hbs`, with
 * every partial under partials/ and the `{{t "key"}}` helper over the merged dictionary.
 * Templates are read once per application.
 */
@Injectable()
export class WebViews {
  readonly messages: MessageDictionary;
  private readonly hbs = Handlebars.create();
  private readonly views = new Map<string, Handlebars.TemplateDelegate>();
  private readonly layout: Handlebars.TemplateDelegate;
  /** keptPage's rendered pages, by their memo object, as bytes cut where the token and the form key go. */
  private readonly keptPages = new WeakMap<object, BoundedMap<string, Buffer[][]>>();

  constructor(
    // On the rehearsal clock every page says which day the rehearsal is on.
    @Optional() private readonly clock?: Clock,
    @Optional() @Inject(SETTINGS) private readonly settings?: Pick<Settings, 'timeZone'>,
  ) {
    this.messages = loadMessages(WEB_TEMPLATE_ROOT);
    const partialsDir = join(WEB_TEMPLATE_ROOT, 'partials');
    for (const file of filesUnder(partialsDir, '.hbs')) {
      const name = relative(partialsDir, file).slice(0, -'.hbs'.length).split(sep).join('/');
      this.hbs.registerPartial(name, compactHtml(readFileSync(file, 'utf8')));
    }
    const messages = this.messages;
    this.hbs.registerHelper('t', function (this: unknown, key: string, options: Handlebars.HelperOptions) {
      const lang = (options.data?.root?.lang as WebLanguage | undefined) ?? 'ro';
      return translate(messages, lang, String(key), options.hash ?? {});
    });
    // A stored code shown in words: `{{tCode "arbiter.mail.state" status}}` → key `arbiter.mail.state.<status>`.
    this.hbs.registerHelper('tCode', function (this: unknown, prefix: string, code: string, options: Handlebars.HelperOptions) {
      const lang = (options.data?.root?.lang as WebLanguage | undefined) ?? 'ro';
      return translate(messages, lang, `${prefix}.${code}`, {});
    });
    // A day shown to people in the page's language (docs/web.md, "Dates"); anything not a day as given.
    this.hbs.registerHelper('day', function (this: unknown, value: unknown, options: Handlebars.HelperOptions) {
      const lang = (options.data?.root?.lang as WebLanguage | undefined) ?? 'ro';
      return typeof value === 'string' ? formatDayFor(lang, value) : value;
    });
    this.memoizeBoard();
    this.hbs.registerHelper('eq', (a: unknown, b: unknown) => a === b);
    this.hbs.registerHelper('hasRole', (actor: { roles?: readonly string[] } | undefined, role: string) =>
      Boolean(actor?.roles?.includes(role)),
    );
    this.layout = this.compile('layout');
  }

  /** A message in the request's language, for controllers (flash texts, refusals shown in a form). */
  t(req: Pick<WebRequest, 'lang'>, key: string, params?: Readonly<Record<string, unknown>>): string {
    return translate(this.messages, req.lang ?? 'ro', key, params);
  }

  page(req: WebRequest, view: string, model: object = {}, opts: PageOptions = {}): string {
    const context = this.context(req, model);
    return this.framed(req, context, this.view(view)(context), opts);
  }

  /**
   * A page rendered once per `memo` object, `variant` and frame (a game page
   * kept under its game's mark is the same page for the same viewer, language, flash and
   * address), kept as the bytes between the two values that change at each view, the
   * request's CSRF token and its fresh form key. `memo` must stand for everything the view
   * reads besides those and the request's frame (language, actor, address, rehearsal day):
   * kept by identity, forgotten with it.
   */
  keptPage(req: WebRequest, view: string, memo: object, variant: string, model: object, formKey: string, opts: PageOptions = {}): Buffer {
    const context = this.context(req, model);
    let pages = this.keptPages.get(memo);
    if (!pages) this.keptPages.set(memo, (pages = new BoundedMap(KEPT_FRAMES_PER_MEMO)));
    const actor = context.actor;
    const key = JSON.stringify([
      view,
      context.lang,
      variant,
      actor?.userId ?? null,
      actor?.playerId ?? null,
      actor?.roles ?? null,
      context.rehearsal ?? null,
      req.originalUrl ?? req.url ?? '/',
      opts,
    ]);
    let pieces = pages.get(key);
    if (pieces === undefined) {
      const placeholders = { ...context, csrfToken: KEPT_CSRF, formKey: KEPT_FORM_KEY };
      const html = this.framed(req, placeholders, this.view(view)(placeholders), opts);
      // Cut once where the two values go: a view then copies a few buffers, no template runs.
      pieces = html.split(KEPT_CSRF).map((part) => part.split(KEPT_FORM_KEY).map((bytes) => Buffer.from(bytes)));
      // Addresses with other queries are other pages: a few per viewer, never a growing list (the bound).
      pages.set(key, pieces);
    }
    const csrf = Buffer.from(Handlebars.escapeExpression(context.csrfToken));
    const form = Buffer.from(Handlebars.escapeExpression(formKey));
    const parts: Buffer[] = [];
    pieces.forEach((piece, i) => {
      if (i > 0) parts.push(csrf);
      piece.forEach((bytes, j) => {
        if (j > 0) parts.push(form);
        parts.push(bytes);
      });
    });
    return Buffer.concat(parts);
  }

  private context(req: WebRequest, model: object) {
    const lang: WebLanguage = req.lang ?? 'ro';
    return {
      lang,
      actor: req.actor,
      csrfToken: req.csrf ?? '',
      t: (key: string, params?: Record<string, unknown>) => translate(this.messages, lang, key, params),
      rehearsal:
        this.clock && rehearsalBanner(this.clock, this.settings?.timeZone, (key, params) => translate(this.messages, lang, key, params)),
      ...model,
    };
  }

  private framed(req: WebRequest, context: object, body: string, opts: PageOptions): string {
    return this.layout({
      ...context,
      body,
      title: opts.title,
      styles: opts.styles ?? [],
      scripts: opts.scripts ?? [],
      path: req.originalUrl ?? req.url ?? '/',
    });
  }

  /**
   * The board (225 squares, a good part of a game page's rendering) is a pure function of
   * the line's board fields and the language: each distinct one is rendered once and kept
   * across views, keyed by exactly what partials/board.hbs reads.
   */
  private memoizeBoard(): void {
    const source = this.hbs.partials.board as string | undefined;
    if (typeof source !== 'string') return;
    const render = this.hbs.compile(source);
    const rendered = new LruMap<string, string>(BOARD_MEMO_SIZE);
    this.hbs.registerPartial('board', ((context: { line?: BoardLine }, options?: Handlebars.RuntimeOptions) => {
      const line = context.line;
      const lang = ((options?.data as { root?: { lang?: string } } | undefined)?.root?.lang ?? 'ro') as string;
      const key = `${lang}\u0000${JSON.stringify([line?.label, line?.field, line?.columns, line?.board])}`;
      let html = rendered.get(key);
      if (html === undefined) {
        html = render(context, options);
        rendered.set(key, html);
      }
      return html;
    }) as unknown as Handlebars.Template);
  }

  private view(name: string): Handlebars.TemplateDelegate {
    let template = this.views.get(name);
    if (!template) {
      template = this.compile(name);
      this.views.set(name, template);
    }
    return template;
  }

  private compile(name: string): Handlebars.TemplateDelegate {
    if (!/^[a-z0-9][a-z0-9/_-]*$/.test(name)) throw new Error(`bad web view name "${name}"`);
    return this.hbs.compile(compactHtml(readFileSync(join(WEB_TEMPLATE_ROOT, `${name}.hbs`), 'utf8')));
  }
}
