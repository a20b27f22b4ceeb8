// Two players play a whole game in Chromium through the game page:
// each logs in by magic link, types the moves of a legal random game into the move form
// (the first placed with the keyboard, the second by tapping rack tiles and board squares), one word is contested
// with the provisional reply and the contested player admits; the final move table and the
// games service's record equal the rules core's replay of the kept moves.
import type { Browser, Page } from 'playwright-core';
import { GameReadsService } from '../../src/games/reads/game-reads.service';
import { applyMove, replayGame, type Color, type GameState, type MoveRecord } from '../../src/engine';
import {
  keptNotations,
  modelState,
  nextRandomMove,
  placementFor,
  seededRandom,
  startChampionship,
  userOf,
  type Championship,
} from '../support/games';
import { launchBrowser, loginAs, screenshot, startWebApp, type WebApp } from './support/browser';
import { admitContest, canMove, contest, moveTable, openGame, pass, playMove } from './support/play';
import { hangAfter } from '../support/hang';

const other = (c: Color): Color => (c === 'red' ? 'blue' : 'red');

describe('a whole game in the browser', () => {
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

  /** The rack button of each tile of the move, in order (a letter used twice takes two buttons). */
  async function rackButtons(page: Page, record: MoveRecord): Promise<number[]> {
    const faces = await page
      .locator('.rack .rack-tile')
      .evaluateAll((bs) => bs.map((b) => (b as { getAttribute(n: string): string | null }).getAttribute('data-letter')));
    const used = new Set<number>();
    return record.tiles.map((tile) => {
      const face = tile.blank ? '?' : tile.letter;
      const index = faces.findIndex((f, i) => f === face && !used.has(i));
      if (index < 0) throw new Error(`no ${face} on the rack`);
      used.add(index);
      return index;
    });
  }

  /** Places a move by clicking (tapping): each tile of the rack, then its square; the script writes the notation. */
  async function placeByClicks(page: Page, record: MoveRecord): Promise<string> {
    const indexes = await rackButtons(page, record);
    for (const [i, tile] of record.tiles.entries()) {
      if (tile.blank) page.once('dialog', (d) => void d.accept(tile.letter));
      await page.locator('.rack .rack-tile').nth(indexes[i]).click();
      await page.click(`table.board td[data-row="${tile.row}"][data-col="${tile.col}"] .sq-btn`);
    }
    return page.inputValue('#move-form input.notation');
  }

  /** Places a move with the keyboard only, on an empty board: Enter on a rack tile, arrows from h8, Enter on the square. */
  async function placeByKeyboard(page: Page, record: MoveRecord): Promise<string> {
    const indexes = await rackButtons(page, record);
    for (const [i, tile] of record.tiles.entries()) {
      if (tile.blank) page.once('dialog', (d) => void d.accept(tile.letter));
      await page.locator('.rack .rack-tile').nth(indexes[i]).focus();
      await page.keyboard.press('Enter');
      await page.locator('table.board td[data-coord="h8"] .sq-btn').focus();
      const rows = tile.row - 7;
      const cols = tile.col - 7;
      for (let k = 0; k < Math.abs(rows); k++) await page.keyboard.press(rows > 0 ? 'ArrowDown' : 'ArrowUp');
      for (let k = 0; k < Math.abs(cols); k++) await page.keyboard.press(cols > 0 ? 'ArrowRight' : 'ArrowLeft');
      await page.keyboard.press('Enter');
    }
    return page.inputValue('#move-form input.notation');
  }

  /** The field the script filled gives the engine the same move, and the live preview shows its score. */
  async function expectPlaced(page: Page, state: GameState, written: string, record: MoveRecord): Promise<void> {
    const again = applyMove(state, written);
    expect(again.ok && again.record.notation).toBe(record.notation);
    await page
      .locator('#preview-0.ok')
      .filter({ hasText: String(record.score) })
      .waitFor({ timeout: hangAfter(10_000) });
  }

  it(
    'two players play to the end by the form, with one word contested and admitted',
    async () => {
      const ch: Championship = await startChampionship(web.app, { players: 2 });
      const game = ch.games[0];
      const contexts = {
        red: await browser.newContext({ viewport: { width: 1280, height: 1000 } }),
        blue: await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true }),
      };
      const pages: Record<Color, Page> = { red: await contexts.red.newPage(), blue: await contexts.blue.newPage() };
      for (const color of ['red', 'blue'] as const) await loginAs(pages[color], web, userOf(ch, game, color).email);
      // My games: this game, RED to move, with its deadline.
      await pages.red.goto(`${web.baseUrl}/`);
      await pages.red.locator(`a[href="/games/${game.id}"]`).waitFor();
      expect(await pages.red.locator('table.games tr.my-turn time').count()).toBe(1);
      await screenshot(pages.red, 'player-my-games');

      const random = seededRandom(2027);
      const kept: string[] = [];
      let contested = false;
      let placedBy = 0;
      let shots = 0;
      for (let step = 0; step < 300; step++) {
        const state = modelState(ch, kept);
        if (state.over) break;
        const color = state.toMove;
        const page = pages[color];
        await openGame(page, web, game.id);
        expect(await canMove(page)).toBe(true);
        const move = nextRandomMove(ch, kept, random);
        const last = kept.length ? replayGame({ tileSet: ch.tileSet, sequence: ch.sequence }, kept) : null;
        const lastRecord = last && last.ok ? last.records.at(-1) : undefined;

        if (!contested && kept.length >= 3 && lastRecord?.type === 'place' && !/^pa/i.test(move)) {
          // docs/rules.md §6: contest the partner's main word, sending the reply played as if it stood.
          const word = await page.locator('.contest-form input[name="words"]').first().getAttribute('value');
          await contest(page, [word!], move);
          // The partner admits: the move is withdrawn, the reply void, a replacement played.
          const partner = pages[other(color)];
          await openGame(partner, web, game.id);
          expect(await partner.locator('.admit-form').count()).toBe(1);
          kept.pop();
          const replacement = placementFor(ch, kept, 4242);
          await admitContest(partner, replacement);
          kept.push(replacement);
          contested = true;
          continue;
        }

        if (placedBy < 2 && kept.length === placedBy && !/^pa/i.test(move)) {
          // Move 1 by keyboard on the desktop, move 2 by tapping at 360 px.
          const step1 = applyMove(state, move);
          if (!step1.ok) throw new Error(step1.code);
          if (placedBy === 0) {
            // First, the live preview of a refused move: the engine's own words.
            const refused = applyMove(state, 'a1 AB');
            if (refused.ok) throw new Error('a1 AB should be refused');
            await page.fill('#move-form input.notation', 'a1 AB');
            await expect(page.locator('#preview-0.refused').textContent({ timeout: hangAfter(10_000) })).resolves.toBe(refused.message.ro);
            await page.fill('#move-form input.notation', '');
          }
          const written = placedBy === 0 ? await placeByKeyboard(page, step1.record) : await placeByClicks(page, step1.record);
          await expectPlaced(page, state, written, step1.record);
          await playMove(page, written);
          kept.push(written);
          placedBy += 1;
          continue;
        }

        if (/^pa/i.test(move)) await pass(page);
        else await playMove(page, move);
        kept.push(move);

        if (shots === 0 && kept.length >= 8) {
          await openGame(pages.red, web, game.id);
          await screenshot(pages.red, 'player-game-desktop');
          await openGame(pages.blue, web, game.id);
          await screenshot(pages.blue, 'player-game-360');
          // 360 px: the page does not scroll sideways (the board fits, wide tables scroll in their box).
          const width = await pages.blue.evaluate('document.documentElement.scrollWidth');
          expect(width).toBeLessThanOrEqual(360);
          shots = 1;
        }
      }
      expect(contested).toBe(true);
      expect(placedBy).toBe(2);
      expect(modelState(ch, kept).over).toBe(true);

      // The record the platform kept is the engine's replay of the kept moves.
      const replay = replayGame({ tileSet: ch.tileSet, sequence: ch.sequence }, kept);
      if (!replay.ok) throw new Error(replay.code);
      const view = await web.app.get(GameReadsService).view(userOf(ch, game, 'red').actor, game.id);
      expect(view.status).toBe('ended');
      expect(keptNotations(view)).toEqual(replay.records.map((r) => r.notation));
      expect(view.lines[0].scores).toEqual(replay.state.scores);

      // And so is the sheet on the page: each row's move and running total.
      await openGame(pages.blue, web, game.id);
      const rows = await moveTable(pages.blue);
      expect(rows.map((r) => [r[0], r[3].split(' ').slice(0, 2).join(' '), r[5]])).toEqual(
        replay.records.map((r) => [String(r.n), r.type === 'pass' ? 'PAS' : `${r.words[0].coord}: ${r.words[0].word}`, String(r.total)]),
      );
      expect(await pages.blue.locator('#move-form').count()).toBe(0);
      await screenshot(pages.blue, 'player-game-ended-360');
    },
    hangAfter(420_000),
  );
});
