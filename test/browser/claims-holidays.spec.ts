// Time claims and holidays in Chromium: the player a time claim is against sees it on the game
// page with the days counted and the answer deadline, answers it by the form, and sees the
// partner's declared holiday; both pages are kept as screenshots for review.
import type { Browser, Page } from 'playwright-core';
import { GameTimeService } from '../../src/games/actions/game-time.service';
import { MovesService } from '../../src/games/actions/moves.service';
import { placementFor, playerOf, startChampionship, userOf } from '../support/games';
import { launchBrowser, loginAs, screenshot, startWebApp, type WebApp } from './support/browser';
import { openGame } from './support/play';
import { hangAfter } from '../support/hang';

describe('a time claim and a holiday seen by the partner, in the browser', () => {
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

  it('the accused sees the claim with its deadline, answers it by the form, and sees the partner’s holiday', async () => {
    const ch = await startChampionship(web.app, { players: 2 });
    const game = ch.games[0];
    const movesService = web.app.get(MovesService);
    const timeService = web.app.get(GameTimeService);
    await movesService.submitMove(playerOf(ch, game, 'red'), game.id, { move: placementFor(ch, [], 3), source: 'api' });
    // BLUE silent 55 days (docs/rules.md §5): RED claims, and declares a holiday in April.
    web.clock.set('2027-03-28T09:00:00Z');
    await timeService.claimTime(playerOf(ch, game, 'red'), game.id);
    await timeService.declareHoliday(playerOf(ch, game, 'red'), game.id, { from: '2027-04-10', to: '2027-04-19' });

    const page: Page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await loginAs(page, web, userOf(ch, game, 'blue').email);
    await openGame(page, web, game.id);
    const claim = page.locator('[data-testid="time-claim"]');
    await claim.waitFor();
    expect(await claim.textContent()).toContain('Termen de răspuns către arbitru: 02.04.2027');
    expect(await claim.textContent()).toMatch(/zile folosite: 5\d din 50/);
    await claim.scrollIntoViewIfNeeded();
    await screenshot(page, 'claim-seen-by-accused');

    await page.fill('#claim-answer-text', 'Am fost internat în spital; trimit certificatul arbitrului.');
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get('done') === 'claim-answer'),
      page.click('form.claim-answer-form button[type=submit]'),
    ]);
    expect(await page.locator('[data-testid="time-claim"] .answer-text').first().textContent()).toBe(
      'Am fost internat în spital; trimit certificatul arbitrului.',
    );

    const holidays = page.locator('[data-testid="holidays"]');
    expect(await holidays.textContent()).toContain('10.04.2027 – 19.04.2027 (10 zile)');
    expect(await holidays.textContent()).toContain(ch.names.get(game.redPlayerId)!);
    await holidays.scrollIntoViewIfNeeded();
    await screenshot(page, 'game-partner-holiday');
    await page.close();
  });
});
