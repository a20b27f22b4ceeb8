// A championship from the arbiter's side, in Chromium: the arbiter
// logs in by magic link, creates a competition, imports its players from a CSV, makes the
// group and starts it in the panel; the two players play their game to the end in the
// browser, one word contested and appealed, which the arbiter rules on in the panel beside
// both lines; the arbiter homologates and the standings show the homologated coefficients.
// Screenshots of the dashboard and of the disputed game are saved for review.
import type { Browser, Page } from 'playwright-core';
import { Result } from '../../src/games/entities/result.entity';
import { formatCoefficient } from '../../src/common/coefficient-format';
import { Competition } from '../../src/competitions/competition.entity';
import { Sequence } from '../../src/competitions/sequence.entity';
import type { Color } from '../../src/engine';
import { Game } from '../../src/games/entities/game.entity';
import { GameReadsService } from '../../src/games/reads/game-reads.service';
import { createUser } from '../support/competitions';
import { placementFor } from '../support/games';
import { launchBrowser, loginAs, screenshot, startWebApp, type WebApp } from './support/browser';
import { appealContest, contest, openGame, pass, playMove } from './support/play';
import { hangAfter } from '../support/hang';

const PLAYERS_CSV = [
  'name,email,club,language',
  'Ștefan Țurcanu,stefan.turcanu@example.org,CS Iași,ro',
  'Ana Păun,ana.paun@example.org,CS Cluj,ro',
  '',
].join('\n');

async function submit(page: Page, selector: string): Promise<void> {
  await Promise.all([page.waitForNavigation({ waitUntil: 'domcontentloaded' }), page.click(selector)]);
}

async function noError(page: Page, what: string): Promise<void> {
  const error = page.locator('.error[role=alert]');
  if ((await error.count()) > 0) throw new Error(`${what}: ${await error.first().textContent()}`);
}

describe('a championship run from the arbiter’s panel', () => {
  let web: WebApp;
  let browser: Browser;

  beforeAll(async () => {
    web = await startWebApp({ now: '2027-01-10T09:00:00Z' });
    browser = await launchBrowser();
  }, hangAfter(120_000));

  afterAll(async () => {
    await browser?.close();
    await web?.close();
  });

  it(
    'sets up, plays, rules on an appeal, homologates and ranks',
    async () => {
      await createUser(web.app, { email: 'arbitru@example.org', roles: ['arbiter'], name: 'Arbitrul Federației' });
      const arbiterContext = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
      const arbiter = await arbiterContext.newPage();
      await loginAs(arbiter, web, 'arbitru@example.org');

      // Create the competition (two zero-score turns end a game, so the players can finish quickly).
      await arbiter.goto(`${web.baseUrl}/arbiter/competitions/new`);
      await arbiter.fill('input[name=name]', 'Cupa de iarnă prin corespondență');
      await arbiter.fill('input[name=shortName]', 'CI 2027');
      await arbiter.fill('input[name=startDate]', '2027-01-15');
      await arbiter.fill('input[name=closingDate]', '2027-06-30');
      await arbiter.fill('input[name=zeroTurnsToEnd]', '2');
      await submit(arbiter, 'form[action="/arbiter/competitions"] button[type=submit]');
      await noError(arbiter, 'create');
      const competitionId = /\/arbiter\/competitions\/([0-9a-f-]{36})/.exec(arbiter.url())![1];
      const hash = (await arbiter.locator('[data-testid=sequence-hash]').first().textContent())!.trim();
      const sequence = await web.database.run((m) => m.findOneByOrFail(Sequence, { competitionId }));
      expect(hash).toBe(sequence.sha256);

      // Import the players from a CSV file, chosen in the file input (arbiter.js reads it into the form).
      await arbiter.setInputFiles('input[type=file][data-fill=csv]', {
        name: 'jucatori.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(PLAYERS_CSV, 'utf8'),
      });
      await arbiter.waitForFunction("(document.getElementById('csv') || {}).value.includes('Ștefan')");
      await submit(arbiter, `form[action="/arbiter/competitions/${competitionId}/players"] button[type=submit]`);
      await noError(arbiter, 'import');
      // One more player by the single-player form, at 360 px, then taken off the list behind its confirmation box.
      await arbiter.setViewportSize({ width: 360, height: 780 });
      await arbiter.fill('[data-testid=add-player] input[name=name]', 'Radu Munteanu');
      await arbiter.fill('[data-testid=add-player] input[name=email]', 'radu.munteanu@example.org');
      await arbiter.fill('[data-testid=add-player] input[name=club]', 'CSM Iași');
      await submit(arbiter, '[data-testid=add-player] button[type=submit]');
      await noError(arbiter, 'add a player');
      expect(await arbiter.locator('[data-testid=remove-player]').count()).toBe(3);
      expect(await arbiter.evaluate('document.documentElement.scrollWidth')).toBe(360);
      await arbiter.locator('[data-testid=add-player]').scrollIntoViewIfNeeded();
      await screenshot(arbiter, 'arbiter-add-player-360');
      const radu = arbiter.locator('tr', { hasText: 'Radu Munteanu' }).locator('[data-testid=remove-player]');
      await radu.locator('input[name=confirm]').check();
      await submit(arbiter, 'tr:has-text("Radu Munteanu") [data-testid=remove-player] button[type=submit]');
      await noError(arbiter, 'remove a player');
      expect(await arbiter.locator('[data-testid=remove-player]').count()).toBe(2);
      await arbiter.setViewportSize({ width: 1280, height: 1000 });
      await submit(arbiter, `form[action="/arbiter/competitions/${competitionId}/groups"] button[type=submit]`);
      await noError(arbiter, 'groups');
      await arbiter.check('#start-confirm');
      await submit(arbiter, '[data-testid=start]');
      await noError(arbiter, 'start');
      expect(await arbiter.locator('[data-testid=status]').getAttribute('data-status')).toBe('started');
      // The hash shown after the start is still the one published at creation; the tiles are now public.
      expect((await arbiter.locator('[data-testid=sequence-hash]').first().textContent())!.trim()).toBe(hash);

      const game = await web.database.run((m) =>
        m.findOneOrFail(Game, { where: { competitionId }, relations: { redPlayer: true, bluePlayer: true } }),
      );
      const tiles = (await web.database.run((m) => m.findOneByOrFail(Sequence, { competitionId }))).tiles;
      const model = { tileSet: 'ro' as const, sequence: tiles };
      const emailOf = (name: string) => (name.startsWith('Ștefan') ? 'stefan.turcanu@example.org' : 'ana.paun@example.org');
      const pages = {} as Record<Color, Page>;
      for (const color of ['red', 'blue'] as const) {
        const context = await browser.newContext({
          viewport: color === 'red' ? { width: 1280, height: 1000 } : { width: 360, height: 780 },
        });
        pages[color] = await context.newPage();
        const player = color === 'red' ? game.redPlayer! : game.bluePlayer!;
        await loginAs(pages[color], web, emailOf(player.name));
      }

      // Play begins on the start date.
      web.clock.set('2027-01-15T09:00:00Z');

      // RED opens; BLUE contests its main word with the reply played as if it stood; RED appeals.
      const first = placementFor(model, [], 7);
      await openGame(pages.red, web, game.id);
      await playMove(pages.red, first);
      await openGame(pages.blue, web, game.id);
      const word = await pages.blue.locator('.contest-form input[name="words"]').first().getAttribute('value');
      await contest(pages.blue, [word!], placementFor(model, [first], 11));
      await openGame(pages.red, web, game.id);
      await appealContest(pages.red);

      // The dashboard counts the dispute; the game shows lines A and B side by side.
      await arbiter.goto(`${web.baseUrl}/arbiter`);
      expect((await arbiter.locator('[data-category=disputes] strong').textContent())!.trim()).toBe('1');
      await screenshot(arbiter, 'arbiter-dashboard');
      // 360 px: the panel does not scroll sideways (wide tables scroll inside their own box).
      await arbiter.setViewportSize({ width: 360, height: 780 });
      for (const path of ['/arbiter', `/arbiter/competitions/${competitionId}`, `/arbiter/games/${game.id}`]) {
        await arbiter.goto(`${web.baseUrl}${path}`);
        expect([path, await arbiter.evaluate('document.documentElement.scrollWidth')]).toEqual([path, 360]);
      }
      await screenshot(arbiter, 'arbiter-game-360');
      await arbiter.setViewportSize({ width: 1280, height: 1000 });
      await arbiter.goto(`${web.baseUrl}/arbiter/games/${game.id}`);
      await arbiter.locator('[data-testid=line-A]').waitFor();
      await arbiter.locator('[data-testid=line-B]').waitFor();
      await screenshot(arbiter, 'arbiter-game-two-lines');

      // The ruling: the word is valid, with the reason.
      const form = arbiter.locator('[data-testid=ruling-word]');
      await form.locator('input[name=valid][value=yes]').check();
      await form.locator('textarea[name=reason]').fill(`„${word}” figurează în DEX.`);
      // The ruling asks once.
      await form.locator('input[name=confirm]').check();
      await submit(arbiter, '[data-testid=ruling-word] button[type=submit]');
      await noError(arbiter, 'ruling');
      expect(await arbiter.locator('[data-testid=line-B]').count()).toBe(0);

      // Play on to the end: passes until the zero-score turns end the game.
      const readsService = web.app.get(GameReadsService);
      for (let i = 0; i < 12; i++) {
        const view = await readsService.view({ kind: 'system' }, game.id);
        if (view.status === 'ended') break;
        const color = view.toMove!;
        await openGame(pages[color], web, game.id);
        await pass(pages[color]);
      }
      expect((await readsService.view({ kind: 'system' }, game.id)).status).toBe('ended');

      // The arbiter homologates from the panel; the standings show the homologated coefficients.
      // The players' 5 days have not passed: homologating now is the arbiter's override, with a reason.
      await arbiter.goto(`${web.baseUrl}/arbiter/competitions/${competitionId}/homologation`);
      const homologate = `form[action="/arbiter/games/${game.id}/homologate"]`;
      await arbiter.locator(`${homologate} input[name=override]`).check();
      await arbiter.locator(`${homologate} input[name=reason]`).fill('Ambii jucători au confirmat fișa telefonic.');
      await arbiter.locator(`${homologate} input[name=confirm]`).check();
      await submit(arbiter, `${homologate} button[type=submit]`);
      await noError(arbiter, 'homologation');
      const result = await web.database.run((m) => m.findOneByOrFail(Result, { gameId: game.id }));
      expect(result.status).toBe('homologated');
      await arbiter.goto(`${web.baseUrl}/arbiter/competitions/${competitionId}/standings`);
      const standings = (await arbiter.locator('[data-testid=standings]').textContent())!;
      // The arbiter reads Romanian: four decimals with the decimal comma.
      expect(standings).toContain(formatCoefficient(result.redCoefficient, 'ro'));
      expect(standings).toContain(formatCoefficient(result.blueCoefficient, 'ro'));
      await screenshot(arbiter, 'arbiter-standings');

      // The audit log at 360 px: who and when on every line, filtered by a player and a kind of action.
      await arbiter.setViewportSize({ width: 360, height: 780 });
      await arbiter.goto(`${web.baseUrl}/arbiter/competitions/${competitionId}/audit`);
      expect(await arbiter.locator('[data-testid=audit]').textContent()).toContain('Radu Munteanu a fost scos din listă.');
      await arbiter.selectOption('[data-testid=audit-filter] select[name=player]', { label: game.redPlayer!.name });
      await arbiter.selectOption('[data-testid=audit-filter] select[name=kind]', 'disputes');
      await submit(arbiter, '[data-testid=audit-filter] button[type=submit]');
      const filtered = (await arbiter.locator('[data-testid=audit]').textContent())!;
      expect(filtered).toContain(`${game.redPlayer!.name} (ROȘU) a trimis contestația arbitrului`);
      expect(filtered).toContain(`${game.redPlayer!.name} (jucător)`);
      expect(filtered).not.toContain('a mutat');
      expect(await arbiter.evaluate('document.documentElement.scrollWidth')).toBe(360);
      await screenshot(arbiter, 'arbiter-audit-360');
      await arbiter.setViewportSize({ width: 1280, height: 1000 });
      await screenshot(arbiter, 'arbiter-audit');

      // The sheet as a PDF, fonts embedded; and the public page shows the finished game's sheet.
      const pdf = await arbiter.request.get(`${web.baseUrl}/arbiter/games/${game.id}/sheet.pdf`);
      expect(pdf.status()).toBe(200);
      const body = await pdf.body();
      expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(body.toString('latin1')).toMatch(/\+DejaVuSans/);
      const visitor = await (await browser.newContext()).newPage();
      await visitor.goto(`${web.baseUrl}/public/competitions/${competitionId}`);
      expect(await visitor.locator(`a[href="/public/games/${game.id}/sheet"]`).count()).toBe(1);
      expect((await visitor.locator('[data-testid=sequence-hash]').first().textContent())!.trim()).toBe(hash);
      expect((await visitor.locator('[data-testid=sequence-tiles]').first().textContent())!.trim()).toBe(tiles);
      await screenshot(visitor, 'public-competition');
      await web.database.run((m) => m.findOneByOrFail(Competition, { id: competitionId }));
    },
    hangAfter(240_000),
  );
});
