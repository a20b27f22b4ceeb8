// The crosstable of a group of ten on a phone: at 360 px the public competition
// page and the arbiter's standings do not scroll sideways, the crosstable scrolls inside its
// own box instead, and both pages pass axe-core (no serious or critical violation) there and
// on a desktop.
import type { Browser, Page } from 'playwright-core';
import { OffersService } from '../../src/games/actions/offers.service';
import { playerOf, startChampionship, type Championship } from '../support/games';
import { launchBrowser, loginAs, screenshot, startWebApp, type WebApp } from './support/browser';
import { hangAfter } from '../support/hang';

const AXE = require.resolve('axe-core/axe.min.js');

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = (await page.evaluate('axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations)')) as {
    id: string;
    impact: string | null;
    nodes: { html: string }[];
  }[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.html.slice(0, 100)).join(' | ')}`);
}

/** The page's width against the window's, and whether the crosstable's box scrolls (its content is wider than it). */
async function widths(page: Page): Promise<{ page: number; window: number; crosstableScrolls: boolean }> {
  return (await page.evaluate(`(() => {
    const box = document.querySelector('[data-testid=crosstable-scroll]');
    const table = box.querySelector('table');
    return {
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
      crosstableScrolls: box.scrollWidth > box.clientWidth || table.scrollWidth > table.clientWidth,
    };
  })()`)) as { page: number; window: number; crosstableScrolls: boolean };
}

describe('the crosstable on a phone', () => {
  let web: WebApp;
  let browser: Browser;
  let ch: Championship;
  let arbiter: Page;
  let visitor: Page;
  let paths: { page: () => Page; path: string }[];

  beforeAll(async () => {
    web = await startWebApp({ now: '2027-02-01T09:00:00Z' });
    browser = await launchBrowser();
    ch = await startChampionship(web.app, { players: 10 });
    // One result, so the table shows a coefficient (provisional) beside the games in play.
    await web.app.get(OffersService).abandon(playerOf(ch, ch.games[0], 'blue'), ch.games[0].id);
    const context = () => browser.newContext({ viewport: { width: 1280, height: 1000 }, bypassCSP: true });
    arbiter = await (await context()).newPage();
    visitor = await (await context()).newPage();
    await loginAs(arbiter, web, ch.arbiter.email);
    paths = [
      { page: () => visitor, path: `/public/competitions/${ch.competitionId}` },
      { page: () => arbiter, path: `/arbiter/competitions/${ch.competitionId}/standings` },
    ];
  }, hangAfter(180_000));

  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it(
    'at 360 px the page does not scroll sideways; the crosstable scrolls in its own box',
    async () => {
      for (const { page, path } of paths) {
        await page().setViewportSize({ width: 360, height: 780 });
        await page().goto(`${web.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
        expect(await page().locator('[data-testid=crosstable] tbody tr').count()).toBe(10);
        const w = await widths(page());
        expect([path, w]).toEqual([path, { page: w.window, window: w.window, crosstableScrolls: true }]);
        await screenshot(page(), `crosstable-360-${path.startsWith('/public') ? 'public' : 'arbiter'}`);
      }
    },
    hangAfter(120_000),
  );

  it(
    'passes axe-core at 360 px and at 1280 px',
    async () => {
      const found: Record<string, string[]> = {};
      for (const width of [360, 1280]) {
        for (const { page, path } of paths) {
          await page().setViewportSize({ width, height: 900 });
          await page().goto(`${web.baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
          const violations = await seriousViolations(page());
          if (violations.length) found[`${width} ${path}`] = violations;
        }
      }
      expect(found).toEqual({});
    },
    hangAfter(180_000),
  );
});
