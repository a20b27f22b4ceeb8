// Readable by everyone, on any screen: every page passes axe-core
// with no serious or critical violation; at 360 px no page scrolls sideways; text scaled to
// 200 % loses nothing on the game page at 1280 px (nothing wider than the window).
import type { Browser, Page } from 'playwright-core';
import { MovesService } from '../../src/games/actions/moves.service';
import { placementFor, startChampionship, userOf, type Championship } from '../support/games';
import { launchBrowser, loginAs, startWebApp, type WebApp } from './support/browser';
import { hangAfter } from '../support/hang';

const AXE = require.resolve('axe-core/axe.min.js');

interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly unknown[]; readonly html: string }[];
}

/** axe-core's serious and critical violations on the page, as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = (await page.evaluate(
    'axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations)',
  )) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.html.slice(0, 120))
          .join(' | ')}`,
    );
}

async function sideways(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return (await page.evaluate('({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })')) as {
    scrollWidth: number;
    innerWidth: number;
  };
}

describe('readable by everyone', () => {
  let web: WebApp;
  let browser: Browser;
  let ch: Championship;
  let player: Page;
  let arbiter: Page;
  let visitor: Page;

  /** The pages of the season, by who reads them. */
  let pages: { who: 'player' | 'arbiter' | 'visitor'; name: string; path: string }[];

  beforeAll(async () => {
    web = await startWebApp({ now: '2027-02-01T09:00:00Z' });
    browser = await launchBrowser();
    ch = await startChampionship(web.app, { players: 2 });
    const game = ch.games[0];
    // One move on the board, so the game pages show tiles, the move table and both clocks.
    await web.app.get(MovesService).submitMove(userOf(ch, game, 'red').actor, game.id, { move: placementFor(ch, [], 3) });
    // bypassCSP: the pages allow only their own scripts; axe-core is the test's, injected.
    const context = () => browser.newContext({ viewport: { width: 1280, height: 1000 }, bypassCSP: true });
    player = await (await context()).newPage();
    arbiter = await (await context()).newPage();
    visitor = await (await context()).newPage();
    await loginAs(player, web, userOf(ch, game, 'blue').email);
    await loginAs(arbiter, web, ch.arbiter.email);
    const c = ch.competitionId;
    pages = [
      { who: 'visitor', name: 'login', path: '/login' },
      { who: 'player', name: 'my games', path: '/' },
      { who: 'player', name: 'game page', path: `/games/${game.id}` },
      { who: 'player', name: 'settings', path: '/settings' },
      { who: 'arbiter', name: 'arbiter dashboard', path: '/arbiter' },
      { who: 'arbiter', name: 'competition', path: `/arbiter/competitions/${c}` },
      { who: 'arbiter', name: 'arbiter game', path: `/arbiter/games/${game.id}` },
      { who: 'arbiter', name: 'homologation', path: `/arbiter/competitions/${c}/homologation` },
      { who: 'arbiter', name: 'standings', path: `/arbiter/competitions/${c}/standings` },
      { who: 'visitor', name: 'public competition', path: `/public/competitions/${c}` },
    ];
  }, hangAfter(180_000));

  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  const as = (who: 'player' | 'arbiter' | 'visitor'): Page => ({ player, arbiter, visitor })[who];

  it(
    'every page passes axe-core with no serious or critical violation',
    async () => {
      const found: Record<string, string[]> = {};
      for (const { who, name, path } of pages) {
        const page = as(who);
        const response = await page.goto(`${web.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
        expect([name, response?.status()]).toEqual([name, 200]);
        const violations = await seriousViolations(page);
        if (violations.length) found[name] = violations;
      }
      expect(found).toEqual({});
    },
    hangAfter(180_000),
  );

  it(
    'at 360 px no page scrolls sideways',
    async () => {
      for (const page of [player, arbiter, visitor]) await page.setViewportSize({ width: 360, height: 780 });
      const wide: string[] = [];
      for (const { who, name, path } of pages) {
        const page = as(who);
        await page.goto(`${web.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
        const { scrollWidth, innerWidth } = await sideways(page);
        if (scrollWidth > innerWidth) wide.push(`${name}: ${scrollWidth} > ${innerWidth}`);
      }
      // My games shows its deadline column at 360 px too.
      await player.goto(`${web.baseUrl}/`, { waitUntil: 'domcontentloaded' });
      expect(await player.locator('table.games time').count()).toBeGreaterThan(0);
      expect(wide).toEqual([]);
      for (const page of [player, arbiter, visitor]) await page.setViewportSize({ width: 1280, height: 1000 });
    },
    hangAfter(180_000),
  );

  it(
    'text scaled to 200 % loses nothing on the game page at 1280 px',
    async () => {
      await player.goto(`${web.baseUrl}/games/${ch.games[0].id}`, { waitUntil: 'domcontentloaded' });
      const before = await player.evaluate('parseFloat(getComputedStyle(document.querySelector("main") || document.body).fontSize)');
      // Twice the page's own root size (the user's browser text size doubled).
      await player.evaluate(
        'document.documentElement.style.fontSize = (2 * parseFloat(getComputedStyle(document.documentElement).fontSize)) + "px"',
      );
      const after = await player.evaluate('parseFloat(getComputedStyle(document.querySelector("main") || document.body).fontSize)');
      // The text really grew (sizes are in rem/em, not fixed pixels)…
      expect(after as number).toBeGreaterThanOrEqual(1.95 * (before as number));
      // …and nothing is pushed out of the window or clipped sideways.
      const { scrollWidth, innerWidth } = await sideways(player);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      const clipped =
        (await player.evaluate(`Array.from(document.querySelectorAll('main p, main label, main button, main h1, main h2, main td, main th'))
      .filter((el) => { const s = getComputedStyle(el); return s.overflowX === 'hidden' && el.scrollWidth > el.clientWidth + 1; })
      .map((el) => el.tagName + ' ' + (el.textContent || '').trim().slice(0, 40))`)) as string[];
      expect(clipped).toEqual([]);
    },
    hangAfter(120_000),
  );
});
