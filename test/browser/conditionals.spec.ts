// Conditional replies in Chromium at 360 px: BLUE, waiting for RED's move, stores a conditional
// reply with the game page's form; RED's matching move is answered at once; a second chain is
// withdrawn only once its box is ticked; the page never scrolls sideways.
import type { Browser, Page } from 'playwright-core';
import { startChampionship, userOf, type Championship } from '../support/games';
import { hangAfter } from '../support/hang';
import { launchBrowser, loginAs, screenshot, startWebApp, type WebApp } from './support/browser';
import { moveTable, openGame, pass, pageError } from './support/play';

describe('conditional replies on the game page, at 360 px', () => {
  let web: WebApp;
  let browser: Browser;

  beforeAll(async () => {
    web = await startWebApp({ now: '2027-02-01T09:00:00Z' });
    browser = await launchBrowser();
  }, hangAfter(120_000));

  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  const submit = (page: Page, button: string) =>
    Promise.all([page.waitForNavigation({ waitUntil: 'domcontentloaded' }), page.click(button)]);

  it(
    'BLUE stores DACĂ PAS ATUNCI PAS, RED passes, BLUE’s pass is played at once; a chain is withdrawn after its box is ticked',
    async () => {
      const ch: Championship = await startChampionship(web.app, { players: 2 });
      const game = ch.games[0];
      const context = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
      const red = await (await browser.newContext()).newPage();
      const blue = await context.newPage();
      await loginAs(red, web, userOf(ch, game, 'red').email);
      await loginAs(blue, web, userOf(ch, game, 'blue').email);

      await openGame(blue, web, game.id);
      await blue.fill('#conditional-text', 'DACĂ PAS ATUNCI PAS');
      await submit(blue, '.conditional-form button[type="submit"]');
      expect(await pageError(blue)).toBeNull();
      expect(await blue.locator('.conditionals .conditional code').allTextContents()).toEqual(['DACĂ PAS ATUNCI PAS']);
      await screenshot(blue, 'conditionals-360');
      expect(await blue.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);

      // RED passes: BLUE's reply is on the board at once.
      await openGame(red, web, game.id);
      await pass(red);
      await openGame(blue, web, game.id);
      expect((await moveTable(blue)).length).toBeGreaterThanOrEqual(2);
      expect(await blue.locator('.conditionals .conditional').count()).toBe(0);

      // A second chain, withdrawn: the box must be ticked first (the browser will not send the form without it).
      await blue.fill('#conditional-text', 'IF PAS THEN PAS');
      await submit(blue, '.conditional-form button[type="submit"]');
      // RED passed and BLUE's reply followed: RED is to move again, so BLUE may store for RED's next move.
      expect(await pageError(blue)).toBeNull();
      await blue.click('.conditional-withdraw button[type="submit"]');
      expect(await blue.locator('.conditionals .conditional').count()).toBe(1);
      await blue.check('.conditional-withdraw input[name="confirm"]');
      await submit(blue, '.conditional-withdraw button[type="submit"]');
      expect(await blue.locator('.conditionals .conditional').count()).toBe(0);
      expect(await blue.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    },
    hangAfter(120_000),
  );
});
