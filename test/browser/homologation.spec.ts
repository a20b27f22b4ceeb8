// The arbiter's homologation page in Chromium: a game ended today, one
// player confirmed the final sheet and the other objected. The page names both answers, the
// objection's text and the window's last day, offers the objection's decision (upheld or
// rejected, with a reason) and no homologation until it is decided. Saved as
// test-output/screenshots/arbiter-homologation.png for review.
import type { Browser } from 'playwright-core';
import { ResultsService } from '../../src/coefficients/results.service';
import { OffersService } from '../../src/games/actions/offers.service';
import { playerOf, startChampionship } from '../support/games';
import { launchBrowser, loginAs, screenshot, startWebApp, type WebApp } from './support/browser';
import { hangAfter } from '../support/hang';

describe('the homologation page', () => {
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

  it("shows one player's confirmation and the other's objection, with the window's end", async () => {
    const ch = await startChampionship(web.app, { players: 2, domain: 'omologare.example.org' });
    const game = ch.games[0];
    await web.app.get(OffersService).abandon(playerOf(ch, game, 'red'), game.id);
    const results = web.app.get(ResultsService);
    await results.confirmResult(playerOf(ch, game, 'red'), game.id);
    await results.objectToResult(playerOf(ch, game, 'blue'), game.id, 'Abandonul nu a fost al meu: am trimis mutarea pe 31.01.');

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const arbiter = await context.newPage();
    await loginAs(arbiter, web, ch.arbiter.email);
    await arbiter.goto(`${web.baseUrl}/arbiter/competitions/${ch.competitionId}/homologation`);
    const row = arbiter.locator(`#homologation-${game.id}`);
    await row.waitFor();
    const text = (await row.textContent())!.replace(/\s+/g, ' ');
    expect(text).toContain('până la 06.02.2027 inclusiv');
    expect(text).toContain(`${ch.names.get(game.redPlayerId)} (ROȘU): a confirmat fișa pe 01.02.2027`);
    expect(text).toContain(`${ch.names.get(game.bluePlayerId)} (ALBASTRU): a obiectat`);
    expect(text).toContain('Abandonul nu a fost al meu: am trimis mutarea pe 31.01.');
    expect(await row.locator(`form[action="/arbiter/games/${game.id}/objections/0/decide"]`).isVisible()).toBe(true);
    expect(await row.locator(`form[action="/arbiter/games/${game.id}/homologate"]`).count()).toBe(0);
    await screenshot(arbiter, 'arbiter-homologation');
    await context.close();
  });
});
