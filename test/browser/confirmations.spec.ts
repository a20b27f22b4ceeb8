// The game page asks once before what cannot be undone (docs/web.md "Confirmations"), in
// Chromium on a 360 px phone: while the partner's draw offer is open, the offer form says that
// the same offer accepts it and ends the game, will not send without the ticked box, and then
// says the game ended by agreement; a second holiday says it replaces the first; the arbiter's
// batch homologation of the closing date's proposals asks once, then says what it did. Screenshots in
// test-output/screenshots/confirm-*.png for review.
import type { Browser, Locator, Page } from 'playwright-core';
import { GameTimeService } from '../../src/games/actions/game-time.service';
import { MovesService } from '../../src/games/actions/moves.service';
import { OffersService } from '../../src/games/actions/offers.service';
import { addDays, type LocalDate } from '../../src/common/calendar';
import { SweepService } from '../../src/thinking-time/sweep.service';
import { placementFor, playerOf, startChampionship, userOf } from '../support/games';
import { instantAt } from '../support/sweep';
import { join } from 'node:path';
import { launchBrowser, loginAs, screenshot, SCREENSHOT_DIR, startWebApp, type WebApp } from './support/browser';
import { openGame } from './support/play';
import { hangAfter } from '../support/hang';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

describe('confirmations on the game page, on a phone', () => {
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

  /** The element fits the 360 px page: nothing to scroll sideways for. */
  async function fitsThePhone(page: Page, selector: string): Promise<void> {
    const box = await page.locator(selector).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  }

  /** Unticked, the browser keeps the form (nothing is sent); ticked, it goes and the page says `done`. */
  async function sendOnlyTicked(page: Page, form: Locator, box: string, done: string): Promise<void> {
    await form.locator('button[type="submit"]').click();
    expect(await page.locator(box).evaluate((b) => (b as unknown as { validity: { valid: boolean } }).validity.valid)).toBe(false);
    expect(new URL(page.url()).searchParams.get('done')).toBeNull();
    await page.check(box);
    await Promise.all([page.waitForURL((u) => u.searchParams.get('done') === done), form.locator('button[type="submit"]').click()]);
  }

  it("accepting the partner's draw through the offer form asks first, then says the game ended by agreement", async () => {
    const ch = await startChampionship(web.app, { players: 4 });
    const game = ch.games[0];
    await web.app.get(OffersService).offer(playerOf(ch, game, 'red'), game.id, { kind: 'draw' });

    const page = await browser.newPage({ viewport: PHONE });
    await loginAs(page, web, userOf(ch, game, 'blue').email);
    await openGame(page, web, game.id);
    const form = page.locator('form.offer-form');
    await form.scrollIntoViewIfNeeded();
    expect(await form.locator('[data-testid="offer-accepts"]').textContent()).toMatch(
      /Dacă trimiteți tot o propunere de remiză, acceptați propunerea lui: partida se încheie acum prin acord|Sending a draw offer accepts theirs: the game ends now by agreement/,
    );
    await fitsThePhone(page, 'form.offer-form');
    await screenshot(page, 'confirm-offer-accepts-360');
    await form.screenshot({ path: join(SCREENSHOT_DIR, 'confirm-offer-form-360.png') });

    await sendOnlyTicked(page, form, '#offer-confirm', 'offer-agreed-draw');
    expect(await page.locator('.flash.done').textContent()).toMatch(
      /partida s-a încheiat prin acord, 1 – 1|the game ended by agreement, 1 – 1/,
    );
    await screenshot(page, 'confirm-offer-agreed-360');
    await page.locator('header.game-head').screenshot({ path: join(SCREENSHOT_DIR, 'confirm-offer-agreed-head-360.png') });
    await page.close();
  });

  it('a second holiday says it replaces the first, asks, and says it was replaced', async () => {
    const ch = await startChampionship(web.app, { players: 4 });
    const game = ch.games[0];
    await web.app.get(GameTimeService).declareHoliday(playerOf(ch, game, 'red'), game.id, { from: '2027-02-20', to: '2027-02-25' });

    const page = await browser.newPage({ viewport: PHONE });
    await loginAs(page, web, userOf(ch, game, 'red').email);
    await openGame(page, web, game.id);
    const form = page.locator('form.holiday-form');
    await form.scrollIntoViewIfNeeded();
    expect(await form.locator('[data-testid="holiday-replaces"]').textContent()).toMatch(
      /Aveți deja un concediu declarat, 20\.02\.2027 – 25\.02\.2027\. .*noua declarație îl înlocuiește|You already have a holiday declared, 20 Feb 2027 – 25 Feb 2027\. .*the new declaration replaces it/,
    );
    await page.fill('#holiday-from', '2027-02-22');
    await page.fill('#holiday-to', '2027-02-28');
    await fitsThePhone(page, 'form.holiday-form');
    await screenshot(page, 'confirm-holiday-replaces-360');
    await form.screenshot({ path: join(SCREENSHOT_DIR, 'confirm-holiday-form-360.png') });

    await sendOnlyTicked(page, form, '#holiday-confirm', 'holiday-replaced');
    expect(await page.locator('.flash.done').textContent()).toMatch(
      /Noul concediu l-a înlocuit pe cel declarat înainte|The new holiday replaced the one declared before/,
    );
    expect(await page.locator('[data-testid="holidays"]').textContent()).toMatch(/22\.02\.2027 – 28\.02\.2027|22 Feb 2027 – 28 Feb 2027/);
    await screenshot(page, 'confirm-holiday-replaced-360');
    await page.locator('header.game-head').screenshot({ path: join(SCREENSHOT_DIR, 'confirm-holiday-replaced-head-360.png') });
    await page.close();
  });

  it("the arbiter homologates the closing date's proposals in one act: one list, one confirmation, then what was done", async () => {
    const TZ = 'Europe/Bucharest';
    const ch = await startChampionship(web.app, {
      players: 3,
      domain: 'closing-phone.example.org',
      settings: { startDate: '2027-02-01', closingDate: '2027-02-10', timeZone: TZ },
    });
    const played = ch.games[0];
    await web.app.get(MovesService).submitMove(playerOf(ch, played, 'red'), played.id, { move: placementFor(ch, [], 1) });
    // docs/rules.md "The closing date": the report window passes (closing + 5), the cases open on the 6th.
    for (let day: LocalDate = '2027-02-02'; day <= '2027-02-17'; day = addDays(day, 1)) {
      web.clock.set(instantAt(day, '00:05', TZ));
      await web.app.get(SweepService).runOnce({ heartbeat: false });
    }
    web.clock.set(instantAt('2027-02-17', '09:00', TZ));

    const player = await browser.newPage({ viewport: PHONE });
    await loginAs(player, web, userOf(ch, played, 'red').email);
    await openGame(player, web, played.id);
    expect(await player.locator('#game-status').textContent()).toMatch(
      /Partida s-a închis la termenul de încheiere|The game closed at the closing date/,
    );
    expect(await player.locator('[data-testid="closed-proposal"]').textContent()).toMatch(
      /Rezultat propus: 1 \/ 1|Result proposed: 1 \/ 1/,
    );
    await screenshot(player, 'closing-game-closed-360');
    await player.setViewportSize(DESKTOP);
    await screenshot(player, 'closing-game-closed-1280');
    await player.close();

    const page = await browser.newPage({ viewport: PHONE });
    await loginAs(page, web, ch.arbiter.email);
    const competitionId = played.competitionId;
    await page.goto(`${web.baseUrl}/arbiter/competitions/${competitionId}/homologation`);
    await screenshot(page, 'closing-homologation-360');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'closing-homologation-1280');
    await page.goto(`${web.baseUrl}/arbiter/competitions/${competitionId}/homologation/batch`);
    await screenshot(page, 'closing-batch-1280');
    await page.setViewportSize(PHONE);
    await page.goto(`${web.baseUrl}/arbiter/competitions/${competitionId}/homologation/batch`);
    const form = page.locator('form.batch-form');
    expect(await form.locator('li.batch-game').count()).toBe(3);
    await fitsThePhone(page, 'form.batch-form');
    await fitsThePhone(page, '#batch-confirm');
    await screenshot(page, 'closing-batch-360');
    // Unticked, the browser keeps the form; ticked, the act is done and the page says what it did.
    await form.locator('button[type="submit"]').click();
    expect(await page.locator('#batch-confirm').evaluate((b) => (b as unknown as { validity: { valid: boolean } }).validity.valid)).toBe(
      false,
    );
    expect(await page.locator('[data-testid="batch-report"]').count()).toBe(0);
    await page.check('#batch-confirm');
    await Promise.all([page.waitForSelector('[data-testid="batch-report"]'), form.locator('button[type="submit"]').click()]);
    expect(await page.locator('[data-testid="batch-report"]').textContent()).toMatch(/Rezultate omologate: 3\.|Results homologated: 3\./);
    await fitsThePhone(page, '[data-testid="batch-report"]');
    await screenshot(page, 'closing-batch-done-360');
    await page.close();
  });
});
