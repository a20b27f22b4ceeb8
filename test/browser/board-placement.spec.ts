// Placing tiles by clicking: tiles placed on a diagonal, or with a gap between
// them, stay on their squares and the page says why they are not a move yet, in the page's
// language; a gap filled by letters already on the board is a move like any other. And the
// board can be played with the keyboard alone: focus a rack tile, Enter, arrows, Enter, send.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { applyMove, type GameState, type MoveRecord } from '../../src/engine';
import { rackLetters } from '../../src/engine/rack';
import { GameReadsService } from '../../src/games/reads/game-reads.service';
import { MovesService } from '../../src/games/actions/moves.service';
import { modelState, nextRandomMove, seededRandom, startChampionship, userOf, type Championship } from '../support/games';
import { launchBrowser, loginAs, screenshot, startWebApp, type WebApp } from './support/browser';
import { openGame, playMove } from './support/play';
import { hangAfter } from '../support/hang';

/** The rack button index of each tile of the move, in order (a letter used twice takes two buttons). */
async function rackIndexes(page: Page, tiles: MoveRecord['tiles']): Promise<number[]> {
  const faces = await page
    .locator('.rack .rack-tile')
    .evaluateAll((bs) => bs.map((b) => (b as { getAttribute(n: string): string | null }).getAttribute('data-letter')));
  const used = new Set<number>();
  return tiles.map((tile) => {
    const face = tile.blank ? '?' : tile.letter;
    const index = faces.findIndex((f, i) => f === face && !used.has(i));
    if (index < 0) throw new Error(`no ${face} on the rack`);
    used.add(index);
    return index;
  });
}

/** Places the tiles by clicking; `pause` (ms) between tiles is a player who takes their time. */
async function clickTiles(page: Page, tiles: MoveRecord['tiles'], pause = 0): Promise<void> {
  const indexes = await rackIndexes(page, tiles);
  for (const [i, tile] of tiles.entries()) {
    if (i > 0 && pause > 0) await page.waitForTimeout(pause);
    if (tile.blank) page.once('dialog', (d) => void d.accept(tile.letter));
    await page.locator('.rack .rack-tile').nth(indexes[i]).click();
    await page.click(`table.board td[data-row="${tile.row}"][data-col="${tile.col}"] .sq-btn`);
  }
}

/** Two tiles of the rack (not blanks), as placed tiles at the given squares. */
function twoTiles(state: GameState, squares: readonly [number, number][]): MoveRecord['tiles'] {
  const rack = rackLetters(state.racks[state.toMove]).filter((t) => t !== '?');
  return squares.map(([row, col], i) => ({ row, col, letter: rack[i], blank: false })) as unknown as MoveRecord['tiles'];
}

/** A legal move whose new tiles are not next to each other: a board letter fills the gap. */
function bridgedMove(ch: Championship, moves: string[]): { moves: string[]; record: MoveRecord } {
  const random = seededRandom(14);
  for (let step = 0; step < 40; step++) {
    const state = modelState(ch, moves);
    for (let attempt = 0; attempt < 300; attempt++) {
      const text = nextRandomMove(ch, moves, random);
      const result = applyMove(state, text);
      if (!result.ok || result.record.type !== 'place') continue;
      const tiles = result.record.tiles;
      if (tiles.some((t) => t.blank)) continue;
      const rows = new Set(tiles.map((t) => t.row));
      const span =
        rows.size === 1
          ? Math.max(...tiles.map((t) => t.col)) - Math.min(...tiles.map((t) => t.col))
          : Math.max(...tiles.map((t) => t.row)) - Math.min(...tiles.map((t) => t.row));
      if (tiles.length >= 2 && span + 1 > tiles.length) return { moves, record: result.record };
    }
    moves = [...moves, nextRandomMove(ch, moves, random)];
  }
  throw new Error('no bridged move found');
}

describe('placing tiles on the board', () => {
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
    'keeps a diagonal or gapped placement on the board and says why, in Romanian and English',
    async () => {
      const ch = await startChampionship(web.app, { players: 2 });
      const game = ch.games[0];
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
      // A slow network and a player who pauses between tiles: the preview asked for the first
      // tile answers after the second is down, and must not overwrite what the page says now.
      await page.route('**/preview?*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      });
      await loginAs(page, web, userOf(ch, game, 'red').email);
      await openGame(page, web, game.id);
      const state = modelState(ch, []);
      const field = page.locator('#move-form input.notation').first();
      const preview = page.locator('#preview-0');

      // Diagonal: h8 and i9.
      await clickTiles(
        page,
        twoTiles(state, [
          [7, 7],
          [8, 8],
        ]),
        400,
      );
      await preview.filter({ hasText: 'Literele trebuie puse pe același rând sau pe aceeași coloană.' }).waitFor();
      expect(await preview.getAttribute('class')).toContain('refused');
      expect(await page.locator('table.board td.pending').count()).toBe(2);
      expect(await field.inputValue()).toBe('');
      // The message stays (no preview request clears it).
      await page.waitForTimeout(600);
      expect(await preview.textContent()).toContain('același rând');

      // Taking one back leaves a single tile: a move again.
      await page.click('table.board td[data-row="8"][data-col="8"] .sq-btn');
      expect(await page.locator('table.board td.pending').count()).toBe(1);
      expect(await field.inputValue()).toMatch(/^h8 \S$/);

      // A gap on an empty board: h8 and h10; the tiles stay and the page says there is a gap.
      await page.click('#move-form .clear-tiles');
      expect(await page.locator('table.board td.pending').count()).toBe(0);
      await clickTiles(
        page,
        twoTiles(state, [
          [7, 7],
          [7, 9],
        ]),
        400,
      );
      await preview.filter({ hasText: 'loc gol' }).waitFor();
      expect(await page.locator('table.board td.pending').count()).toBe(2);
      expect(await field.inputValue()).toBe('');
      expect(await preview.textContent()).not.toMatch(/single letter|o singură literă/i);

      // The same in English (the layout's language switch).
      await Promise.all([page.waitForNavigation({ waitUntil: 'domcontentloaded' }), page.click('form.language-switch button[value=en]')]);
      expect(await page.locator('html').getAttribute('lang')).toMatch(/^en/);
      await clickTiles(
        page,
        twoTiles(state, [
          [7, 7],
          [8, 8],
        ]),
      );
      await preview.filter({ hasText: 'The tiles must be on the same row or the same column.' }).waitFor();
      await page.click('#move-form .clear-tiles');
      await clickTiles(
        page,
        twoTiles(state, [
          [7, 7],
          [7, 9],
        ]),
      );
      await preview.filter({ hasText: 'There is a gap between the tiles' }).waitFor();
    },
    hangAfter(180_000),
  );

  it(
    "a typed move shows its tiles on the board, and the preview says for each word whether the competition's list holds it, a word off it marked apart, never stopping the move",
    async () => {
      // A move of several words; the list, read at its first use, holds only its main word.
      const ch = await startChampionship(web.app, { players: 2, settings: { lexicon: 'browser-check' }, domain: 'wordcheck.example.net' });
      const game = ch.games[0];
      const random = seededRandom(16);
      let moves: string[] = [];
      let target: MoveRecord | undefined;
      for (let step = 0; step < 60 && !target; step++) {
        const state = modelState(ch, moves);
        for (let attempt = 0; attempt < 200 && !target; attempt++) {
          const result = applyMove(state, nextRandomMove(ch, moves, random));
          const plain = result.ok && result.record.type === 'place' && result.record.tiles.every((t) => !t.blank);
          if (plain && result.record.words.length >= 2) target = result.record;
        }
        if (!target) moves = [...moves, nextRandomMove(ch, moves, random)];
      }
      if (!target) throw new Error('no move of two words found');
      const [main, ...others] = target.words.map((w) => w.word);
      const cross = others.filter((w) => w !== main);
      const lists = join(web.settings.dataDir, 'lexicons');
      mkdirSync(lists, { recursive: true });
      writeFileSync(join(lists, 'browser-check.txt'), `${main.toUpperCase()}\n`);
      const movesService = web.app.get(MovesService);
      for (const [i, move] of moves.entries()) {
        const actor = userOf(ch, game, (['red', 'blue'] as const)[i % 2]).actor;
        if (/^pa/i.test(move)) await movesService.pass(actor, game.id);
        else await movesService.submitMove(actor, game.id, { move });
      }
      const mover = modelState(ch, moves).toMove;
      const page = await (await browser.newContext({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true })).newPage();
      await loginAs(page, web, userOf(ch, game, mover).email);
      await openGame(page, web, game.id);
      // Typed, not clicked: the board shows the tiles the notation puts down, as clicked ones would stand.
      await page.fill('#move-form input.notation', target.notation);
      const preview = page.locator('#preview-0.ok');
      await preview.filter({ hasText: `${main}: în listă` }).waitFor({ timeout: hangAfter(10_000) });
      const shown = await page
        .locator('table.board td.pending.typed')
        .evaluateAll((tds) =>
          tds.map((td) => `${td.getAttribute('data-row')},${td.getAttribute('data-col')}:${td.textContent!.trim().toUpperCase()}`),
        );
      expect(shown.sort()).toEqual(target.tiles.map((t) => `${t.row},${t.col}:${t.letter.toUpperCase()}`).sort());
      const inList = page.locator('#preview-0 .word-note.in-list');
      const offList = page.locator('#preview-0 .word-note.off-list');
      expect(await inList.allTextContents()).toContain(`✓ ${main}: în listă`);
      expect((await offList.allTextContents()).sort()).toEqual(
        cross.map((w) => `⚠ ${w}: nu este în listă — partenerul îl poate contesta`).sort(),
      );
      // Off the list is not the listed green: another colour, besides the ⚠ in its text.
      const colour = (l: typeof inList) =>
        l
          .first()
          .evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(el).color);
      expect(await colour(offList)).not.toBe(await colour(inList));
      await screenshot(page, 'typed-move-word-check-360');
      // Cleared, the typed tiles leave the board.
      await page.fill('#move-form input.notation', '');
      await page.locator('table.board td.typed').first().waitFor({ state: 'detached' });
      await page.fill('#move-form input.notation', target.notation);
      await preview.filter({ hasText: `${main}: în listă` }).waitFor({ timeout: hangAfter(10_000) });
      // The words off the list do not stop the move.
      await playMove(page, await page.inputValue('#move-form input.notation'));
      const view = await web.app.get(GameReadsService).view(userOf(ch, game, mover).actor, game.id);
      expect(view.moves.length).toBe(moves.length + 1);
      expect(new Set(view.moves.at(-1)!.unknownWords)).toEqual(new Set(cross));
    },
    hangAfter(180_000),
  );

  it(
    'a gap filled by a letter already on the board is a move, sent and recorded',
    async () => {
      const ch = await startChampionship(web.app, { players: 2 });
      const game = ch.games[0];
      const { moves, record } = bridgedMove(ch, []);
      const movesService = web.app.get(MovesService);
      const readsService = web.app.get(GameReadsService);
      const colors = ['red', 'blue'] as const;
      for (const [i, move] of moves.entries()) {
        const color = colors[i % 2];
        if (/^pa/i.test(move)) await movesService.pass(userOf(ch, game, color).actor, game.id);
        else await movesService.submitMove(userOf(ch, game, color).actor, game.id, { move });
      }
      const mover = modelState(ch, moves).toMove;
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
      await loginAs(page, web, userOf(ch, game, mover).email);
      await openGame(page, web, game.id);
      await clickTiles(page, record.tiles);
      const written = await page.inputValue('#move-form input.notation');
      const again = applyMove(modelState(ch, moves), written);
      expect(again.ok && again.record.notation).toBe(record.notation);
      await page
        .locator('#preview-0.ok')
        .filter({ hasText: String(record.score) })
        .waitFor({ timeout: hangAfter(10_000) });
      await playMove(page, written);
      const view = await readsService.view(userOf(ch, game, mover).actor, game.id);
      expect(view.moves.length).toBe(moves.length + 1);
    },
    hangAfter(180_000),
  );

  it(
    'the board is played with the keyboard alone',
    async () => {
      const ch = await startChampionship(web.app, { players: 2 });
      const game = ch.games[0];
      const state = modelState(ch, []);
      const move = applyMove(state, nextRandomMove(ch, [], seededRandom(8)));
      if (!move.ok || move.record.type !== 'place') throw new Error('no opening placement');
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
      await loginAs(page, web, userOf(ch, game, 'red').email);
      await openGame(page, web, game.id);
      const indexes = await rackIndexes(page, move.record.tiles);
      for (const [i, tile] of move.record.tiles.entries()) {
        if (tile.blank) page.once('dialog', (d) => void d.accept(tile.letter));
        await page.locator('.rack .rack-tile').nth(indexes[i]).focus();
        await page.keyboard.press('Enter');
        expect(await page.locator('.rack .rack-tile').nth(indexes[i]).getAttribute('aria-pressed')).toBe('true');
        // The board's one tab stop (the roving focus), then arrows to the square.
        await page.locator('table.board .sq-btn[tabindex="0"]').focus();
        const at = (await page.evaluate(
          "(() => { const td = document.activeElement.closest('td'); return [Number(td.getAttribute('data-row')), Number(td.getAttribute('data-col'))]; })()",
        )) as number[];
        const rows = tile.row - at[0];
        const cols = tile.col - at[1];
        for (let k = 0; k < Math.abs(rows); k++) await page.keyboard.press(rows > 0 ? 'ArrowDown' : 'ArrowUp');
        for (let k = 0; k < Math.abs(cols); k++) await page.keyboard.press(cols > 0 ? 'ArrowRight' : 'ArrowLeft');
        await page.keyboard.press('Enter');
      }
      const written = await page.inputValue('#move-form input.notation');
      const again = applyMove(state, written);
      expect(again.ok && again.record.notation).toBe(move.record.notation);
      await page.locator('#preview-0.ok').waitFor({ timeout: hangAfter(10_000) });
      // Submit from the keyboard: focus the send button and press Enter.
      await page.locator('#move-form button[type="submit"]').focus();
      await Promise.all([page.waitForNavigation({ waitUntil: 'domcontentloaded' }), page.keyboard.press('Enter')]);
      const view = await web.app.get(GameReadsService).view(userOf(ch, game, 'red').actor, game.id);
      expect(view.moves.length).toBe(1);
    },
    hangAfter(180_000),
  );
});
