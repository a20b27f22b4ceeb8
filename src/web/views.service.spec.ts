import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { INBOUND_MAIL_STATUSES } from '../mail/inbound-mail.entity';
import { OUTBOUND_MAIL_STATUSES } from '../notifications/outbound-mail.entity';
import { loadMessages, translate, WEB_TEMPLATE_ROOT, WebViews } from './views.service';
import type { WebRequest } from './web-request';

const SRC_WEB = __dirname;

function files(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(suffix))
    .map((e) => join(e.parentPath, e.name));
}

/** Every key a template asks for: `{{t "key" …}}` and the subexpression `(t "key" …)`. */
function keysInTemplates(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of files(WEB_TEMPLATE_ROOT, '.hbs')) {
    for (const m of readFileSync(file, 'utf8').matchAll(/[{(]\s*t\s+["']([^"']+)["']/g)) found.set(m[1], relative(WEB_TEMPLATE_ROOT, file));
  }
  return found;
}

/** Every key the web controllers ask for with `views.t(req, 'key')` (or `this.views.t(...)`). */
function keysInCode(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of files(SRC_WEB, '.ts').filter((f) => !f.endsWith('.spec.ts'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/views\.t\(\s*[\w.]+\s*,\s*'([^']+)'/g)) found.set(m[1], relative(SRC_WEB, file));
  }
  return found;
}

const req = (lang: 'ro' | 'en', extra: Partial<WebRequest> = {}): WebRequest =>
  ({ lang, csrf: 'tok-123', originalUrl: '/somewhere', ...extra }) as unknown as WebRequest;

describe('the web message dictionary (Romanian and English)', () => {
  const messages = loadMessages();

  it('has every key a template uses, in both languages', () => {
    const missing = [...keysInTemplates()]
      .filter(([key]) => !messages[key]?.ro || !messages[key]?.en)
      .map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('has every key a web controller uses, in both languages', () => {
    const missing = [...keysInCode()].filter(([key]) => !messages[key]?.ro || !messages[key]?.en).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('names every mail status the arbiter mail page shows by code (tCode)', () => {
    const codes = [...OUTBOUND_MAIL_STATUSES, ...INBOUND_MAIL_STATUSES].map((status) => `arbiter.mail.state.${status}`);
    expect(codes.filter((key) => !messages[key]?.ro || !messages[key]?.en)).toEqual([]);
  });

  it('has no entry without both a Romanian and an English text', () => {
    const incomplete = Object.entries(messages)
      .filter(([, v]) => typeof v?.ro !== 'string' || typeof v?.en !== 'string' || !v.ro.trim() || !v.en.trim())
      .map(([k]) => k);
    expect(incomplete).toEqual([]);
  });

  it("keeps each area's keys under its own prefix (player., arbiter., public.)", () => {
    const misplaced: string[] = [];
    for (const file of files(WEB_TEMPLATE_ROOT, 'messages.json')) {
      const area = relative(WEB_TEMPLATE_ROOT, file).split(/[\\/]/)[0];
      if (area === 'messages.json') continue;
      for (const key of Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)) {
        if (!key.startsWith(`${area}.`)) misplaced.push(`${key} in ${area}/messages.json`);
      }
    }
    expect(misplaced).toEqual([]);
  });

  it('fills {name} placeholders and falls back to the key itself when one is missing', () => {
    const dict = { 'x.hello': { ro: 'Bună, {name}!', en: 'Hello, {name}!', pl: 'Cześć, {name}!' } };
    expect(translate(dict, 'ro', 'x.hello', { name: 'Ana' })).toBe('Bună, Ana!');
    expect(translate(dict, 'en', 'x.hello', { name: 'Ana' })).toBe('Hello, Ana!');
    expect(translate(dict, 'en', 'x.hello')).toBe('Hello, {name}!');
    expect(translate(dict, 'en', 'x.nothing')).toBe('x.nothing');
  });
});

describe('WebViews.page', () => {
  const views = new WebViews();

  it('renders a view inside the layout, in the request language, with the CSRF token in forms and meta', () => {
    const ro = views.page(req('ro'), 'auth/login', { next: '/', email: '' }, { title: 'Intrare' });
    expect(ro).toMatch(/^<!doctype html>/);
    expect(ro).toContain('<html lang="ro">');
    expect(ro).toContain('<title>Intrare · Scrabble prin corespondență</title>');
    expect(ro).toContain('<meta name="csrf-token" content="tok-123">');
    expect(ro).toContain('name="_csrf" value="tok-123"');
    expect(ro).toContain('Trimiteți legătura');
    // The language switch offers the other language and comes back to this page.
    expect(ro).toContain('value="en"');
    expect(ro).toContain('name="next" value="/somewhere"');
    const en = views.page(req('en'), 'auth/login', { next: '/', email: '' });
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('Send me the link');
  });

  it('escapes what the model carries', () => {
    const html = views.page(req('en'), 'auth/login', { next: '/', email: '"><script>alert(1)</script>' });
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('shows the menu by role, and a logout form, to a logged-in user', () => {
    const arbiter = views.page(req('ro', { actor: { kind: 'user', userId: 'u', roles: ['arbiter'] } }), 'auth/login-sent', {});
    expect(arbiter).toContain('href="/arbiter"');
    expect(arbiter).toContain('action="/logout"');
    expect(arbiter).not.toContain('href="/settings"');
    const player = views.page(req('ro', { actor: { kind: 'user', userId: 'u', roles: ['player'], playerId: 'p' } }), 'auth/login-sent', {});
    expect(player).not.toContain('href="/arbiter"');
    expect(player).toContain('href="/settings"');
    const visitor = views.page(req('ro'), 'auth/login-sent', {});
    expect(visitor).not.toContain('action="/logout"');
  });

  it('adds the stylesheets and scripts a page asks for, as files (the CSP allows nothing inline)', () => {
    const html = views.page(req('ro'), 'auth/login-sent', {}, { styles: ['board.css'], scripts: ['game.js'] });
    expect(html).toContain('<link rel="stylesheet" href="/assets/board.css">');
    expect(html).toContain('<script src="/assets/game.js" defer></script>');
    expect(html).not.toMatch(/<script>|style="/);
  });

  it('refuses a view name that could leave the templates folder', () => {
    expect(() => views.page(req('ro'), '../../package', {})).toThrow(/bad web view name/);
  });
});

describe('WebViews.keptPage (a kept page is the page, with fresh values)', () => {
  const views = new WebViews();
  const player = { kind: 'user', userId: 'u', roles: ['player'], playerId: 'p' } as const;
  const model = { game: { id: 'g-1', red: { name: 'Ana' }, blue: { name: 'Ion' } } };

  it('sends the bytes page() renders, with each request’s CSRF token and form key', () => {
    const memo = {};
    for (const [csrf, formKey] of [
      ['tok-1', 'key-1'],
      ['tok-2', 'key-2'],
    ]) {
      const request = req('ro', { csrf, actor: player });
      const kept = views.keptPage(request, 'player/abandon', memo, '', model, formKey, { title: 'Ana – Ion' });
      expect(kept.toString()).toBe(views.page(request, 'player/abandon', { ...model, formKey }, { title: 'Ana – Ion' }));
      expect(kept.toString()).toContain(`value="${formKey}"`);
      expect(kept.toString()).toContain(`name="_csrf" value="${csrf}"`);
    }
  });

  it('keeps a page per language, address and viewer, not one for all', () => {
    const memo = {};
    const ro = views.keptPage(req('ro', { actor: player }), 'player/abandon', memo, '', model, 'k').toString();
    const en = views.keptPage(req('en', { actor: player }), 'player/abandon', memo, '', model, 'k').toString();
    const elsewhere = views.keptPage(
      req('ro', { actor: player, originalUrl: '/games/g-1?done=x' }),
      'player/abandon',
      memo,
      '',
      model,
      'k',
    );
    const arbiter = { kind: 'user', userId: 'a', roles: ['arbiter'] } as const;
    const asArbiter = views.keptPage(req('ro', { actor: arbiter }), 'player/abandon', memo, '', model, 'k').toString();
    expect(ro).toContain('<html lang="ro">');
    expect(en).toContain('<html lang="en">');
    expect(elsewhere.toString()).toContain('name="next" value="/games/g-1?done&#x3D;x"');
    expect(ro).not.toContain('href="/arbiter"');
    expect(asArbiter).toContain('href="/arbiter"');
  });
});
