// The analysis after the game at 360 px: each turn's details open and nothing
// makes the page scroll sideways.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { replayGame, upperLetter } from '../../src/engine';
import { GameAnalysisService } from '../../src/games/reads/game-analysis.service';
import { GameReadsService } from '../../src/games/reads/game-reads.service';
import { MovesService } from '../../src/games/actions/moves.service';
import { modelState, placementFor, playerOf, startChampionship, userOf } from '../support/games';
import { hangAfter } from '../support/hang';
import { launchBrowser, loginAs, screenshot, startWebApp, type WebApp } from './support/browser';

describe('the analysis of a game at 360 px', () => {
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

  it(
    'shows one closed details per turn, each opening on the five best moves, within the width of a phone',
    async () => {
      const ch = await startChampionship(web.app, { players: 2, settings: { lexicon: 'telefon' }, domain: 'phone.example.org' });
      const game = ch.games[0];
      const line: string[] = [];
      for (let i = 0; i < 4; i++) line.push(placementFor(ch, line, 70 + i));
      const replay = replayGame({ tileSet: ch.tileSet, sequence: ch.sequence }, line);
      if (!replay.ok) throw new Error(replay.code);
      const dir = join(web.settings.dataDir, 'lexicons');
      mkdirSync(dir, { recursive: true });
      const words = replay.records.flatMap((r) => r.words.map((w) => [...w.word].map(upperLetter).join('')));
      writeFileSync(join(dir, 'telefon.txt'), `${[...new Set(words)].join('\n')}\n`);
      const moves = web.app.get(MovesService);
      for (let i = 0; i < line.length; i++) {
        await moves.submitMove(playerOf(ch, game, modelState(ch, line.slice(0, i)).toMove), game.id, { move: line[i] });
      }
      for (let i = 0; i < 12; i++) {
        const { toMove } = await web.app.get(GameReadsService).view(ch.arbiter.actor, game.id);
        if ((await moves.pass(playerOf(ch, game, toMove!), game.id)).status === 'ended') break;
      }
      await web.app.get(GameAnalysisService).analyseDue();

      const context = await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      await loginAs(page, web, userOf(ch, game, 'blue').email);
      await page.goto(`${web.baseUrl}/games/${game.id}`);
      const turns = page.locator('[data-testid="analysis"] details.analysis-turn');
      expect(await turns.count()).toBeGreaterThanOrEqual(line.length);
      for (let i = 0; i < (await turns.count()); i++) await turns.nth(i).locator('summary').click();
      expect(await page.locator('[data-testid="analysis"] .analysis-best li').count()).toBeGreaterThan(0);
      await page.locator('[data-testid="analysis"]').scrollIntoViewIfNeeded();
      await screenshot(page, 'game-analysis-360');
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
      await context.close();
    },
    hangAfter(240_000),
  );
});
