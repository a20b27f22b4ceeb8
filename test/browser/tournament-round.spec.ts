// The arbiter's confirmation of a round on a phone (docs/web.md, "A tournament in rounds"): at
// 360 px the rounds page and the proposal do not scroll sideways, the proposal lists the
// pairings and the bye, and the round starts only once the box is ticked.
import type { Browser, Page } from 'playwright-core';
import { CompetitionSetupService } from '../../src/competitions/competition-setup.service';
import { RegistrationService } from '../../src/competitions/registration.service';
import { RoundsService } from '../../src/tournaments/rounds.service';
import { createUser, playersCsv, SETTINGS } from '../support/competitions';
import { hangAfter } from '../support/hang';
import { launchBrowser, loginAs, screenshot, startWebApp, type WebApp } from './support/browser';

async function scrollsSideways(page: Page): Promise<boolean> {
  return (await page.evaluate('document.documentElement.scrollWidth > window.innerWidth')) as boolean;
}

describe('confirming a round of a tournament in rounds on a phone', () => {
  let web: WebApp;
  let browser: Browser;
  let page: Page;
  let base: string;

  beforeAll(async () => {
    web = await startWebApp({ now: '2027-01-10T09:00:00Z' });
    browser = await launchBrowser();
    const arbiter = await createUser(web.app, { email: 'arbitru@round.example.org', roles: ['arbiter'] });
    const created = await web.app
      .get(CompetitionSetupService)
      .create(arbiter.actor, { ...SETTINGS, name: 'Turneul de toamnă', shortName: 'TT' });
    await web.app.get(RegistrationService).importPlayers(arbiter.actor, created.id, playersCsv(7, { domain: 'round.example.org' }));
    await web.app.get(RoundsService).savePlan(arbiter.actor, created.id, { plan: 'swiss ×3' });
    base = `/arbiter/competitions/${created.id}/rounds`;
    page = await (await browser.newContext({ viewport: { width: 360, height: 780 }, bypassCSP: true })).newPage();
    await loginAs(page, web, arbiter.email);
  }, hangAfter(180_000));

  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it(
    'pairs, shows the proposal with its bye, and starts the round only after the confirmation',
    async () => {
      await page.goto(`${web.baseUrl}${base}`, { waitUntil: 'domcontentloaded' });
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, 'rounds-360');
      await Promise.all([page.waitForURL(`${web.baseUrl}${base}/1`), page.click('[data-testid=propose-round] button[type=submit]')]);
      expect(await page.locator('[data-testid=pairings] tbody tr').count()).toBe(3);
      expect(await page.locator('[data-testid=bye]').count()).toBe(1);
      expect(await scrollsSideways(page)).toBe(false);
      await screenshot(page, 'round-proposal-360');
      // The box is required: the browser keeps the form until it is ticked.
      await page.click('[data-testid=confirm-round-button]');
      expect(new URL(page.url()).pathname).toBe(`${base}/1`);
      await page.check('[data-testid=confirm-round] input[name=confirm]');
      await Promise.all([page.waitForURL(/\/rounds\?done=round-started$/), page.click('[data-testid=confirm-round-button]')]);
      expect(await page.locator('.done[role=status]').first().textContent()).toMatch(/Runda a început|The round has started/);
      expect(await scrollsSideways(page)).toBe(false);
    },
    hangAfter(120_000),
  );
});
