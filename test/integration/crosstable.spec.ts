// The crosstable and the games remaining beside the standings, on both databases:
// a group of four with a homologated draw, a result still provisional and four games in
// play. Each cell holds the row player's coefficient against the column's player as the
// platform writes it (ro 1,0000 / en 1.0000), the provisional one in italics with its
// legend, a game without a result a mark — a link to the game on the arbiter's page only —
// and per player the games remaining; the arbiter also gets the list of unfinished games.
import request from 'supertest';
import { formatCoefficient } from '../../src/common/coefficient-format';
import { Result } from '../../src/games/entities/result.entity';
import { ResultsService } from '../../src/coefficients/results.service';
import { StandingsService } from '../../src/coefficients/standings.service';
import { ManualClock } from '../../src/common/clock';
import type { Game } from '../../src/games/entities/game.entity';
import { OffersService } from '../../src/games/actions/offers.service';
import { playerOf, startChampionship, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent, type Agent } from '../support/web';

/** The crosstable of the page as rows: the row's header text and each cell's inner HTML. */
function crosstableOf(html: string): { header: string; cells: string[] }[] {
  const table = /<table class="crosstable"[\s\S]*?<\/table>/.exec(html);
  if (!table) throw new Error('no crosstable on the page');
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(table[0])![1];
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row]) => ({
    header: /<th scope="row">([^<]*)<\/th>/.exec(row)![1],
    cells: [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => m[1]),
  }));
}

describe(`the crosstable beside the standings (${TEST_DB})`, () => {
  let t: TestApp;
  let ch: Championship;
  let draw: Game;
  let provisional: Game;
  let playing: Game[];
  let arbiter: Agent;
  /** Players in standings order, as the crosstable lists them. */
  let order: string[];
  let abandonment: Result;
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  const cell = (rows: ReturnType<typeof crosstableOf>, row: string, column: string) =>
    rows[order.indexOf(row)].cells[order.indexOf(column)];
  const provisionalCell = (text: string, note: string) => `<em data-state="provisional">${text}</em><span class="sr-only"> ${note}</span>`;
  const remaining = (rows: ReturnType<typeof crosstableOf>) => rows.map((r) => r.cells[r.cells.length - 1]);
  const expectedRemaining = () => order.map((p) => String(playing.filter((g) => g.redPlayerId === p || g.bluePlayerId === p).length));

  beforeAll(async () => {
    t = await startTestApp({ clock });
    ch = await startChampionship(t.app, { players: 4 });
    const offersService = t.app.get(OffersService);
    const results = t.app.get(ResultsService);
    [draw, provisional, ...playing] = ch.games;
    // A draw agreed and homologated at once (override, with a reason): 1 / 1, counted.
    const offered = await offersService.offer(playerOf(ch, draw, 'red'), draw.id, { kind: 'draw' });
    await offersService.acceptOffer(playerOf(ch, draw, 'blue'), draw.id, { offerId: offered.offer!.id });
    await results.homologate(ch.arbiter.actor, draw.id, 'agreed by both', true);
    // An abandonment: proposed, not homologated yet.
    await offersService.abandon(playerOf(ch, provisional, 'blue'), provisional.id);
    abandonment = await t.database.run((m) => m.findOneByOrFail(Result, { gameId: provisional.id }));
    expect(abandonment.status).toBe('proposed');
    order = (await t.app.get(StandingsService).standings(ch.competitionId))[0].rows.map((r) => r.playerId);
    arbiter = await loginAgent(t, ch.arbiter.email);
  });

  afterAll(async () => {
    await t?.close();
  });

  async function arbiterPage(lang: 'ro' | 'en'): Promise<string> {
    const home = await arbiter.get('/');
    expect(
      (
        await arbiter
          .post('/language')
          .type('form')
          .send({ _csrf: csrfOf(home.text), lang, next: '/' })
      ).status,
    ).toBe(303);
    const page = await arbiter.get(`/arbiter/competitions/${ch.competitionId}/standings`);
    expect(page.status).toBe(200);
    return page.text;
  }

  async function publicPage(lang: 'ro' | 'en'): Promise<string> {
    const page = await request(t.app.getHttpServer()).get(`/public/competitions/${ch.competitionId}`).set('Cookie', `cs_lang=${lang}`);
    expect(page.status).toBe(200);
    return page.text;
  }

  it.each(['arbiter', 'public'] as const)('lists the players in standings order, the diagonal empty (%s page)', async (who) => {
    const rows = crosstableOf(who === 'arbiter' ? await arbiterPage('ro') : await publicPage('ro'));
    expect(rows.map((r) => r.header)).toEqual(order.map((p, i) => `${i + 1}. ${ch.names.get(p)}`));
    // One cell per player, then the games remaining.
    for (const [i, row] of rows.entries()) {
      expect(row.cells).toHaveLength(order.length + 1);
      expect(row.cells[i]).toBe('');
    }
  });

  it('shows the arbiter each result in Romanian, the provisional one in italics, each game in play as a link', async () => {
    const html = await arbiterPage('ro');
    const rows = crosstableOf(html);
    expect(cell(rows, draw.redPlayerId, draw.bluePlayerId)).toBe('<span data-state="homologated">1,0000</span>');
    expect(cell(rows, draw.bluePlayerId, draw.redPlayerId)).toBe('<span data-state="homologated">1,0000</span>');
    const red = formatCoefficient(abandonment.redCoefficient, 'ro');
    const blue = formatCoefficient(abandonment.blueCoefficient, 'ro');
    expect(red).toMatch(/^1,5\d{3}$/);
    expect(cell(rows, provisional.redPlayerId, provisional.bluePlayerId)).toBe(provisionalCell(red, '(provizoriu, neomologat)'));
    expect(cell(rows, provisional.bluePlayerId, provisional.redPlayerId)).toBe(provisionalCell(blue, '(provizoriu, neomologat)'));
    for (const game of playing) {
      const mark = '–<span class="sr-only"> (în joc: deschide partida)</span>';
      const link = `<a href="/arbiter/games/${game.id}" data-testid="crosstable-game">${mark}</a>`;
      expect(cell(rows, game.redPlayerId, game.bluePlayerId)).toBe(link);
      expect(cell(rows, game.bluePlayerId, game.redPlayerId)).toBe(link);
    }
    expect(remaining(rows)).toEqual(expectedRemaining());
    expect(html).toContain('În cursiv: rezultat provizoriu, încă neomologat');
    expect(html).toContain('Partide rămase');
    // The table scrolls inside its own labelled box, never the page.
    expect(html).toMatch(/<div class="table-scroll" role="region" tabindex="0" aria-labelledby="crosstable-[0-9a-f-]+"/);
    expect(html).toMatch(/<caption id="crosstable-[0-9a-f-]+">Rezultate directe, grupa A<\/caption>/);
    // The list of the games without a result, each with its players and its link.
    const list = /<ul data-testid="unfinished-games">([\s\S]*?)<\/ul>/.exec(html)![1];
    const items = [...list.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]);
    expect(items).toEqual(
      [...playing]
        .sort((a, b) => a.round - b.round || (a.id < b.id ? -1 : 1))
        .map((g) => {
          const players = `${ch.names.get(g.redPlayerId)} – ${ch.names.get(g.bluePlayerId)}`;
          return `Runda ${g.round}: ${players} · <a href="/arbiter/games/${g.id}">Deschide partida</a>`;
        }),
    );
    expect(html).not.toContain(`/arbiter/games/${draw.id}"`);
    expect(html).not.toContain(`/arbiter/games/${provisional.id}"`);
  });

  it('writes the arbiter’s page in English when the arbiter reads English', async () => {
    const html = await arbiterPage('en');
    const rows = crosstableOf(html);
    expect(cell(rows, draw.redPlayerId, draw.bluePlayerId)).toBe('<span data-state="homologated">1.0000</span>');
    expect(cell(rows, provisional.redPlayerId, provisional.bluePlayerId)).toBe(
      provisionalCell(formatCoefficient(abandonment.redCoefficient, 'en'), '(provisional, not homologated)'),
    );
    expect(cell(rows, playing[0].redPlayerId, playing[0].bluePlayerId)).toContain('(in play: open the game)');
    expect(html).toContain('Games remaining');
    expect(html).toContain('Crosstable, group A');
    expect(html).toContain(`Round ${playing[0].round}: `);
    expect(remaining(rows)).toEqual(expectedRemaining());
  });

  it('shows the public the same results and counts, a game in play as a mark without a link', async () => {
    for (const lang of ['ro', 'en'] as const) {
      const html = await publicPage(lang);
      const rows = crosstableOf(html);
      const one = lang === 'ro' ? '1,0000' : '1.0000';
      expect(cell(rows, draw.bluePlayerId, draw.redPlayerId)).toBe(`<span data-state="homologated">${one}</span>`);
      const provisionalText = lang === 'ro' ? '(provizoriu, neomologat)' : '(provisional, not homologated)';
      const blue = formatCoefficient(abandonment.blueCoefficient, lang);
      expect(cell(rows, provisional.bluePlayerId, provisional.redPlayerId)).toBe(provisionalCell(blue, provisionalText));
      const mark = `–<span class="sr-only"> ${lang === 'ro' ? '(în joc)' : '(in play)'}</span>`;
      for (const game of playing) expect(cell(rows, game.redPlayerId, game.bluePlayerId)).toBe(mark);
      expect(remaining(rows)).toEqual(expectedRemaining());
      expect(html).toContain(lang === 'ro' ? 'Partide rămase' : 'Games remaining');
      // Nothing of a game in progress is public: no link to it, no list of them.
      expect(html).not.toContain('/arbiter/games/');
      expect(html).not.toContain('unfinished-games');
      for (const game of playing) expect(html).not.toContain(game.id);
    }
  });

  it('counts a result once it is homologated: its cell is no longer provisional', async () => {
    clock.set('2027-02-10T09:00:00Z');
    await t.app.get(ResultsService).homologate(ch.arbiter.actor, provisional.id, 'abandonment confirmed');
    // Counted now: the winner of the abandonment leads the standings, and so the crosstable.
    order = (await t.app.get(StandingsService).standings(ch.competitionId))[0].rows.map((r) => r.playerId);
    expect(order[0]).toBe(provisional.redPlayerId);
    const rows = crosstableOf(await arbiterPage('ro'));
    expect(rows.map((r) => r.header)).toEqual(order.map((p, i) => `${i + 1}. ${ch.names.get(p)}`));
    const counted = formatCoefficient(abandonment.redCoefficient, 'ro');
    expect(cell(rows, provisional.redPlayerId, provisional.bluePlayerId)).toBe(`<span data-state="homologated">${counted}</span>`);
    expect(rows.flatMap((r) => r.cells).join()).not.toContain('provisional');
    const html = await publicPage('ro');
    expect(html).not.toContain('În cursiv');
  });
});
