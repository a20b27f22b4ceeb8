import request from 'supertest';
import { ManualClock } from '../../src/common/clock';
import { applyMove } from '../../src/engine';
import { DisputesService } from '../../src/games/actions/disputes.service';
import { GameSheetsService } from '../../src/games/reads/game-sheets.service';
import type { Game } from '../../src/games/entities/game.entity';
import { MovesService } from '../../src/games/actions/moves.service';
import { modelState, placementFor, playerOf, startChampionship, userOf, type Championship } from '../support/games';
import { hangAfter } from '../support/hang';
import { inkRightOf, renderPdfPages } from '../support/pdf-image';
import { pdfText, pdfTextLines } from '../support/pdf-text';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { loginAgent, type Agent } from '../support/web';

/**
 * The ruling's own words: for the game's players and arbiter, never on the published copy. Longer
 * than a line of the page, so the PDF must wrap it.
 */
const REASON =
  'Cuvântul se află în lista oficială a competiției, ediția aprobată de federație înainte de start, ' +
  'iar forma flexionată folosită de jucător este admisă de regulament; contestația se respinge, ' +
  'mutarea rămâne pe tablă cu punctajul înscris, iar jocul continuă în varianta A.';

/** A4 in points, and the sheet's half-inch margin: on a page drawn at 72 dpi a point is a pixel. */
const PAGE_WIDTH = 595.28;
const MARGIN = 36;

/** The record lines of a text sheet (between the moves and the result), each as one flow of words. */
function recordLines(text: string, from: string, to: string): string[] {
  const lines = text.split('\n');
  return lines
    .slice(lines.indexOf(from), lines.indexOf(to))
    .filter((l) => l.trim() !== '' && !/^-+$/.test(l))
    .map((l) => l.trim().replace(/\s+/g, ' '));
}

function unescapeHtml(html: string): string {
  return html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Every page of the PDF keeps within its right margin (1 pt of anti-aliasing allowed). */
function expectWithinRightMargin(pdf: Buffer): void {
  const pages = renderPdfPages(pdf);
  expect(pages.length).toBeGreaterThan(0);
  const from = Math.ceil(PAGE_WIDTH - MARGIN + 1);
  expect(pages.map((p) => inkRightOf(p, from))).toEqual(pages.map(() => 0));
}

function binary(res: request.Response, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/**
 * docs/rules.md §8: the sheet records everything — a contested move and what became of it, the
 * arbiter's rulings and penalties, the racks left at the end (§4) — on the text sheet and its
 * PDF; a finished game's GCG is for every player entered in its competition.
 */
describe(`the game sheet records disputes, rulings, penalties and the end; a finished game's GCG (${TEST_DB})`, () => {
  let t: TestApp;
  let ch: Championship;
  let game: Game;
  /** A game none of whose players plays `game`. */
  let lone: Game;
  /** A player of the same competition who does not play this game. */
  let entered: Agent;
  /** A player of another competition. */
  let outsider: Agent;
  let contested: string;
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ clock });
    ch = await startChampionship(t.app, { players: 4, domain: 'sheet-records.example.org' });
    const other = await startChampionship(t.app, { players: 2, domain: 'elsewhere.example.org' });
    game = ch.games[0];
    const disputes = t.app.get(DisputesService);
    const red = playerOf(ch, game, 'red');
    const blue = playerOf(ch, game, 'blue');
    // RED plays; BLUE contests its word, replying as if it stood; RED asks the arbiter (docs/rules.md §6).
    const first = placementFor(ch, [], 7);
    const played = applyMove(modelState(ch, []), first);
    if (!played.ok) throw new Error(played.code);
    contested = played.record.words[0].word;
    await t.app.get(MovesService).submitMove(red, game.id, { move: first });
    const reply = placementFor(ch, [first], 8);
    clock.set('2027-02-03T09:00:00Z');
    await disputes.contestWord(blue, game.id, { words: [contested], reply });
    clock.set('2027-02-05T09:00:00Z');
    await disputes.appealContest(red, game.id, { lines: { A: placementFor(ch, [first, reply], 9) } });
    clock.set('2027-02-08T09:00:00Z');
    await disputes.rule(ch.arbiter.actor, game.id, { kind: 'word', valid: true, reason: REASON });
    clock.set('2027-02-08T10:00:00Z');
    await disputes.rule(ch.arbiter.actor, game.id, {
      kind: 'coefficient-penalty',
      player: 'red',
      amount: 1000,
      reason: 'Mutarea a fost trimisă de altcineva',
    });
    lone = ch.games.find((g) => ![g.redPlayerId, g.bluePlayerId].some((p) => p === game.redPlayerId || p === game.bluePlayerId))!;
    entered = await loginAgent(t, userOf(ch, lone, 'red').email);
    outsider = await loginAgent(t, userOf(other, other.games[0], 'red').email);
  }, hangAfter(240_000));

  afterAll(async () => {
    await t.close();
  });

  it('keeps a game in play private: its GCG is 404 for a player of the competition who does not play it', async () => {
    expect((await entered.get(`/games/${game.id}/game.gcg`)).status).toBe(404);
    const api = await request(t.app.getHttpServer())
      .get(`/api/games/${game.id}/gcg`)
      .set('Authorization', userOf(ch, lone, 'red').bearer);
    expect(api.status).toBe(404);
  });

  it("ends on six zero-score turns, and the players' sheet and PDF carry the dispute, the rulings, the penalty and the racks left", async () => {
    const moves = t.app.get(MovesService);
    // After the ruling BLUE is to move in the kept line; six passes end the game (docs/rules.md §4).
    clock.set('2027-02-10T09:00:00Z');
    for (const color of ['blue', 'red', 'blue', 'red', 'blue', 'red'] as const) await moves.pass(playerOf(ch, game, color), game.id);
    // The API's sheet in Romanian.
    const api = await request(t.app.getHttpServer())
      .get(`/api/games/${game.id}/sheet?language=ro`)
      .set('Authorization', userOf(ch, game, 'red').bearer);
    expect(api.status).toBe(200);
    const text = api.text;
    for (const title of ['CONTESTAȚII', 'DECIZIILE ARBITRULUI', 'PENALIZĂRI', 'SFÂRȘITUL PARTIDEI']) expect(text).toContain(`${title}\n`);
    expect(text).toMatch(
      new RegExp(`Turul 1, mutarea 1 \\([^)]+ \\(ROȘU\\)\\): ${contested} — contestată de [^(]+ \\(ALBASTRU\\) 03\\.02\\.2027`),
    );
    expect(text).toContain('decisă de arbitru 08.02.2027: mutarea rămâne (varianta A).');
    expect(text).toContain('08.02.2027  Cuvânt contestat (caz: contestație)');
    expect(text).toContain(`    Decizia: ${REASON}\n`);
    expect(text).toContain('Cuvântul contestat este valid: mutarea rămâne (varianta A).');
    expect(text).toMatch(/08\.02\.2027 {2}[^\n]+ \(ROȘU\): coeficient -0,1000 \(penalizare de coeficient\)/);
    expect(text).toMatch(/\(ROȘU\): piese rămase [^;]+; -\d+ puncte; scor -?\d+/);
    // Each is written once, the word ruling before the later penalty.
    expect(text.split(`Decizia: ${REASON}`)).toHaveLength(2);
    expect(text.indexOf('Cuvânt contestat (caz')).toBeLessThan(text.indexOf('Penalizare de coeficient'));

    // The web sheet and its PDF, in the player's language (each player has theirs).
    const blue = await loginAgent(t, userOf(ch, game, 'blue').email);
    const page = await blue.get(`/games/${game.id}/sheet`);
    expect(page.status).toBe(200);
    const language = /<html lang="(ro|en)">/.exec(page.text)![1] as 'ro' | 'en';
    const expected = {
      ro: {
        titles: ['CONTESTAȚII', 'DECIZIILE ARBITRULUI', 'PENALIZĂRI', 'SFÂRȘITUL PARTIDEI'],
        decision: 'Decizia',
        penalty: /\(ROȘU\): coeficient -0,1000 \(penalizare de coeficient\)$/,
      },
      en: {
        titles: ['DISPUTES', "ARBITER'S RULINGS", 'PENALTIES', 'END OF GAME'],
        decision: 'Decision',
        penalty: /\(RED\): coefficient -0\.1000 \(coefficient penalty\)$/,
      },
    }[language];
    for (const title of expected.titles) expect(page.text).toContain(`${title.replace("'", '&#x27;')}\n`);
    expect(page.text).toContain(`${expected.decision}: ${REASON}`);
    const pdf = await blue.get(`/games/${game.id}/sheet.pdf`).buffer(true).parse(binary);
    expect(pdf.status).toBe(200);
    const lines = pdfTextLines(pdf.body as Buffer);
    for (const title of expected.titles) expect(lines).toContain(title);
    // The decision is wrapped on the page: read back as one flow.
    const flow = pdfText(pdf.body as Buffer);
    expect(flow).toContain(`${expected.decision}: ${REASON}`);
    expect(flow).toMatch(new RegExp(expected.penalty.source.replace(/\$$/, '')));
    expectWithinRightMargin(pdf.body as Buffer);
    // The English sheet, by the API.
    const en = await request(t.app.getHttpServer())
      .get(`/api/games/${game.id}/sheet?language=en`)
      .set('Authorization', userOf(ch, game, 'blue').bearer);
    expect(en.text).toContain('ruled by the arbiter 2027-02-08: the move stands (line A).');
    expect(en.text).toMatch(/\(BLUE\): tiles left [^;]+; -\d+ points; score -?\d+$/m);
  });

  it("prints the players' sheet as a PDF in Romanian and in English: every record, the arbiter's long decision wrapped, nothing past the right margin", async () => {
    const titles = { ro: ['CONTESTAȚII', 'REZULTATUL'], en: ['DISPUTES', 'RESULT'] } as const;
    const sheets = t.app.get(GameSheetsService);
    const blue = playerOf(ch, game, 'blue');
    for (const language of ['ro', 'en'] as const) {
      const text = await sheets.sheet(blue, game.id, { language });
      const records = recordLines(text, titles[language][0], titles[language][1]);
      expect(records.some((r) => r.includes(REASON))).toBe(true);
      const pdf = await sheets.pdf(blue, game.id, { language, title: 'Fișa de concurs' });
      const flow = pdfText(pdf);
      for (const record of records) expect({ language, record, inPdf: flow.includes(record) }).toEqual({ language, record, inPdf: true });
      expectWithinRightMargin(pdf);
    }
  });

  it('prints the published sheet as a PDF in Romanian and in English: every record of the sheet in it, nothing past the right margin', async () => {
    const titles = { ro: ['CONTESTAȚII', 'REZULTATUL'], en: ['DISPUTES', 'RESULT'] } as const;
    for (const lang of ['ro', 'en'] as const) {
      const visitor = () => request(t.app.getHttpServer());
      const page = await visitor().get(`/public/games/${game.id}/sheet`).set('Cookie', `cs_lang=${lang}`);
      const text = unescapeHtml(/<pre class="game-sheet"[^>]*>([\s\S]*?)<\/pre>/.exec(page.text)![1]);
      const records = recordLines(text, titles[lang][0], titles[lang][1]);
      expect(records.length).toBeGreaterThan(6);
      const pdf = await visitor().get(`/public/games/${game.id}/sheet.pdf`).set('Cookie', `cs_lang=${lang}`).buffer(true).parse(binary);
      expect(pdf.status).toBe(200);
      const flow = pdfText(pdf.body as Buffer);
      for (const record of records) expect({ lang, record, inPdf: flow.includes(record) }).toEqual({ lang, record, inPdf: true });
      expectWithinRightMargin(pdf.body as Buffer);
    }
  });

  it('publishes the finished sheet with the rulings and their effects but not the arbiter’s words', async () => {
    const visitor = request.agent(t.app.getHttpServer());
    const published = await visitor.get(`/public/games/${game.id}/sheet`);
    expect(published.status).toBe(200);
    expect(published.text).toContain('DECIZIILE ARBITRULUI');
    expect(published.text).toContain('Cuvântul contestat este valid');
    expect(published.text).not.toContain(REASON);
    // No GCG link for a visitor who is not signed in.
    expect(published.text).not.toContain('data-testid="gcg"');
  });

  it("gives a finished game's GCG to a player entered in its competition, linked from the published sheet; 404 for anyone else", async () => {
    const page = await entered.get(`/public/games/${game.id}/sheet`);
    expect(page.text).toContain(`href="/games/${game.id}/game.gcg" download data-testid="gcg"`);
    const gcg = await entered.get(`/games/${game.id}/game.gcg`);
    expect(gcg.status).toBe(200);
    expect(gcg.headers['content-disposition']).toMatch(/^attachment; filename="game-[0-9a-f-]+\.gcg"/);
    expect(gcg.text).toMatch(/^#player1/m);
    // The kept line only, whatever line is asked for.
    expect((await entered.get(`/games/${game.id}/game.gcg?line=B`)).text).toBe(gcg.text);
    // The game's own players and its arbiter, as during play.
    expect((await (await loginAgent(t, userOf(ch, game, 'red').email)).get(`/games/${game.id}/game.gcg`)).status).toBe(200);
    expect((await (await loginAgent(t, ch.arbiter.email)).get(`/games/${game.id}/game.gcg`)).status).toBe(200);
    // A player of another competition: no link, and no game.
    expect((await outsider.get(`/public/games/${game.id}/sheet`)).text).not.toContain('data-testid="gcg"');
    expect((await outsider.get(`/games/${game.id}/game.gcg`)).status).toBe(404);
    // The entered player's sheet is still only the published one: the players' sheet stays theirs.
    expect((await entered.get(`/games/${game.id}/sheet`)).status).toBe(404);
  });
});
