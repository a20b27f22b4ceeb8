// Playing a game through the game page (docs/web.md, Player pages), for the browser tests: the player
// pages' own test and the championship test reuse these. Each helper acts as a person
// would — open the page, type, click — and waits for the POST-redirect-GET to land.
import type { Page } from 'playwright-core';
import { hangAfter } from '../../support/hang';

/** Anything with the web app's base URL (startWebApp's answer). */
export interface WebBase {
  readonly baseUrl: string;
}

/** Opens the game page and waits for it. */
export async function openGame(page: Page, web: WebBase, gameId: string): Promise<void> {
  const response = await page.goto(`${web.baseUrl}/games/${gameId}`, { waitUntil: 'domcontentloaded' });
  if (!response || response.status() !== 200) throw new Error(`game page ${gameId}: HTTP ${response?.status()}`);
}

/** The refusal shown on the page after a form, if any. */
export async function pageError(page: Page): Promise<string | null> {
  const flash = page.locator('.flash.error');
  return (await flash.count()) > 0 ? ((await flash.first().textContent()) ?? '').trim() : null;
}

/** Submits a form and waits for the page that follows (the 303 target, or the 422 re-render). */
async function submit(page: Page, button: string): Promise<void> {
  await Promise.all([page.waitForNavigation({ waitUntil: 'domcontentloaded' }), page.click(button)]);
}

async function expectAccepted(page: Page, what: string): Promise<void> {
  const error = await pageError(page);
  if (error !== null) throw new Error(`${what} refused: ${error}`);
}

/**
 * Types a move in FRSc notation in the move form (the first owed line; pass `line` A / B
 * while two lines are live), waits for the live preview, and sends it.
 * Throws with the page's message if the move is refused.
 */
export async function playMove(
  page: Page,
  notation: string,
  { line, waitForPreview = true }: { line?: 'A' | 'B'; waitForPreview?: boolean } = {},
): Promise<void> {
  await tryMove(page, notation, { line, waitForPreview });
  await expectAccepted(page, `move "${notation}"`);
}

/** Like playMove, but returns the page's refusal (or null) instead of throwing. */
export async function tryMove(
  page: Page,
  notation: string,
  { line, waitForPreview = true }: { line?: 'A' | 'B'; waitForPreview?: boolean } = {},
): Promise<string | null> {
  const input = page.locator(line ? `#move-form input.notation[data-line="${line}"]` : '#move-form input.notation').first();
  await input.fill(notation);
  if (waitForPreview) {
    const output = page.locator(`#${await input.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(/\s+/).pop())}`);
    await output.filter({ hasText: /\S/ }).waitFor({ timeout: hangAfter(10_000) });
  }
  await submit(page, '#move-form button[type="submit"]');
  return pageError(page);
}

/** Passes (in every line owed). */
export async function pass(page: Page): Promise<void> {
  await page.check('.pass-form input[name="confirm"]');
  await submit(page, '.pass-form button[type="submit"]');
  await expectAccepted(page, 'pass');
}

/** Contests words of the partner's last move, sending the provisional reply with it (docs/rules.md §6). */
export async function contest(page: Page, words: readonly string[], reply: string): Promise<void> {
  const boxes = page.locator('.contest-form input[name="words"]');
  for (let i = 0; i < (await boxes.count()); i++) {
    const box = boxes.nth(i);
    const value = await box.getAttribute('value');
    if (words.includes(value ?? '')) await box.check();
    else await box.uncheck();
  }
  await page.fill('#contest-reply', reply);
  await page.check('#contest-confirm');
  await submit(page, '.contest-form button[type="submit"]');
  await expectAccepted(page, 'contest');
}

/** The contested player admits: the move is withdrawn, the replacement (if given) played at once. */
export async function admitContest(page: Page, replacement?: string): Promise<void> {
  if (replacement !== undefined) await page.fill('#replacement', replacement);
  await page.check('#admit-confirm');
  await submit(page, '.admit-form button[type="submit"]');
  await expectAccepted(page, 'admit');
}

/** The contested player asks the arbiter to rule: two lines until the ruling. */
export async function appealContest(page: Page): Promise<void> {
  await page.check('#appeal-confirm');
  await submit(page, '.appeal-form button[type="submit"]');
  await expectAccepted(page, 'appeal');
}

/** Abandons through the confirmation page. */
export async function abandon(page: Page, web: WebBase, gameId: string): Promise<void> {
  await page.goto(`${web.baseUrl}/games/${gameId}/abandon`, { waitUntil: 'domcontentloaded' });
  await page.check('#abandon-confirm');
  await submit(page, '.confirm button[type="submit"]');
  await expectAccepted(page, 'abandon');
}

/** The move table of the page's first (or named) line as text rows: [n, player, letters, move, score, total, days, sent]. */
export async function moveTable(page: Page, index = 0): Promise<string[][]> {
  return page
    .locator('table.moves')
    .nth(index)
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows
        .map((tr) =>
          Array.from(tr.querySelectorAll('td') as ArrayLike<{ innerText: string }>).map((td) => td.innerText.replace(/\s+/g, ' ').trim()),
        )
        .filter((cells) => cells.length > 1),
    );
}

/** Whether the page offers the move form (it is this player's move). */
export async function canMove(page: Page): Promise<boolean> {
  return (await page.locator('#move-form').count()) > 0;
}
