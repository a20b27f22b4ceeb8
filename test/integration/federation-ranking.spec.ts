// The PFS's ranking on both databases (docs/rules.md §12.1): two competitions of the same three
// players, each finished by homologating its last result — a walkover, an abandonment and an
// agreed draw in each — give the list and a player's history computed by hand below; the
// public pages show them, and a game sheet of the second competition the rankings its players
// brought from the first.
import request from 'supertest';
import { ManualClock } from '../../src/common/clock';
import { ResultsService } from '../../src/coefficients/results.service';
import type { Color } from '../../src/engine';
import type { Game } from '../../src/games/entities/game.entity';
import { GameSheetsService } from '../../src/games/reads/game-sheets.service';
import { OffersService } from '../../src/games/actions/offers.service';
import { RankingService } from '../../src/ranking/ranking.service';
import { playerOf, startChampionship, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';

type Ending = { kind: 'walkover' | 'abandon'; loser: string } | { kind: 'draw' };

describe(`the federation's ranking (${TEST_DB})`, () => {
  let t: TestApp;
  let first: Championship;
  let second: Championship;
  /** The three players, A, B and C, by their ids. */
  let A: string, B: string, C: string;
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  const gameOf = (ch: Championship, x: string, y: string): Game =>
    ch.games.find((g) => [g.redPlayerId, g.bluePlayerId].sort().join() === [x, y].sort().join())!;
  const colorOf = (game: Game, player: string): Color => (game.redPlayerId === player ? 'red' : 'blue');

  async function end(ch: Championship, x: string, y: string, ending: Ending): Promise<void> {
    const game = gameOf(ch, x, y);
    const offers = t.app.get(OffersService);
    if (ending.kind === 'walkover') {
      const ruled = await request(t.app.getHttpServer())
        .post(`/api/games/${game.id}/rulings`)
        .set('Authorization', ch.arbiter.bearer)
        .send({ kind: 'walkover', player: colorOf(game, ending.loser), reason: 'excluded from the game (P 7.1)' });
      expect(ruled.status).toBe(200);
    } else if (ending.kind === 'abandon') {
      await offers.abandon(playerOf(ch, game, colorOf(game, ending.loser)), game.id);
    } else {
      const offered = await offers.offer(playerOf(ch, game, 'red'), game.id, { kind: 'draw' });
      await offers.acceptOffer(playerOf(ch, game, 'blue'), game.id, { offerId: offered.offer!.id });
    }
    await t.app.get(ResultsService).homologate(ch.arbiter.actor, game.id, 'homologated for the ranking', true);
  }

  beforeAll(async () => {
    t = await startTestApp({ clock });
    const settings = { rules: 'pfs', lexicon: 'osps-ranking' };
    // docs/rules.md §12.1: the federation lists players from 2 games on here, its other values the defaults.
    await t.app.get(RankingService).choose('pfs', 'pfs', { minGames: '2' });
    first = await startChampionship(t.app, { players: 3, domain: 'ranking.example.org', settings });
    [A, B] = [first.games[0].redPlayerId, first.games[0].bluePlayerId];
    C = [...first.names.keys()].find((p) => p !== A && p !== B && first.games.some((g) => g.redPlayerId === p || g.bluePlayerId === p))!;
    await end(first, A, B, { kind: 'walkover', loser: B });
    await end(first, B, C, { kind: 'abandon', loser: C });
    await end(first, A, C, { kind: 'draw' });
    clock.set('2027-03-01T09:00:00Z');
    second = await startChampionship(t.app, {
      players: 3,
      domain: 'ranking.example.org',
      settings: { ...settings, name: 'Turniej drugi', shortName: 'T2', startDate: '2027-03-01' },
    });
    await end(second, A, B, { kind: 'abandon', loser: A });
    await end(second, B, C, { kind: 'draw' });
    await end(second, A, C, { kind: 'walkover', loser: C });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('plays the same three players in both competitions', () => {
    expect(first.games).toHaveLength(3);
    expect(new Set(second.games.flatMap((g) => [g.redPlayerId, g.bluePlayerId]))).toEqual(new Set([A, B, C]));
  });

  it('lists the players as computed by hand', async () => {
    // The first competition, everyone at the floor 100: A beats B by walkover (A 150, B 50), B beats
    // C by C's abandonment (B 150, C 50), A and C agree a draw (100 each).
    // After it: A (150 + 100) / 2 = 125, B (50 + 150) / 2 = 100, C 75, who plays with the floor, 100.
    // The second: B beats A by A's abandonment (B 125 + 50 = 175, A 100 − 50 = 50), B and C draw
    // (100 each), A beats C by walkover (A 100 + 50 = 150, C 125 − 50 = 75).
    // A (150 + 100 + 50 + 150) / 4 = 112.5 → 113; B (50 + 150 + 175 + 100) / 4 = 118.75 → 119;
    // C (50 + 100 + 100 + 75) / 4 = 81.25 → 81.
    const list = await t.app.get(RankingService).list('pfs');
    expect(list.listed.map((l) => [l.position, l.playerId, l.ranking, l.games])).toEqual([
      [1, B, 119, 4],
      [2, A, 113, 4],
      [3, C, 81, 4],
    ]);
    expect(list.unlisted).toEqual([]);
    expect(list.computedOn).toBe('2027-03-01');
  });

  it("gives a player's history game by game and after each competition", async () => {
    const history = await t.app.get(RankingService).history('pfs', A);
    const lines = history.games.map((g) => [g.competitionId, g.opponentId, g.result, g.walkover, g.ranking, g.opponentRanking, g.value]);
    const [c1, c2] = [first.competitionId, second.competitionId];
    expect(lines.slice(0, 2).sort()).toEqual(
      [
        [c1, B, 1, true, 100, 100, 150],
        [c1, C, 0.5, false, 100, 100, 100],
      ].sort(),
    );
    expect(lines.slice(2).sort()).toEqual(
      [
        [c2, B, 0, false, 125, 100, 50],
        [c2, C, 1, true, 125, 100, 150],
      ].sort(),
    );
    expect(history.points.map((p) => [p.competitionId, p.ranking, p.games, p.listed])).toEqual([
      [c1, 125, 2, true],
      [c2, 113, 4, true],
    ]);
  });

  it('computes the same rows again (idempotent)', async () => {
    const ranking = t.app.get(RankingService);
    const before = await ranking.history('pfs', B);
    expect(await ranking.recomputeNow('pfs')).toEqual({ listed: 3, unlisted: 0, games: 6 });
    expect(await ranking.history('pfs', B)).toEqual(before);
  });

  it('shows the list and the history on public pages', async () => {
    const http = request(t.app.getHttpServer());
    const page = await http.get('/public/ranking/pfs').set('Cookie', 'cs_lang=en');
    expect(page.status).toBe(200);
    const rows = [
      ...page.text.matchAll(/<tr><td>(\d+)<\/td><td><a href="\/public\/ranking\/pfs\/players\/([^"]+)">[^<]*<\/a><\/td><td>(\d+)<\/td>/g),
    ];
    expect(rows.map((r) => [r[1], r[2], r[3]])).toEqual([
      ['1', B, '119'],
      ['2', A, '113'],
      ['3', C, '81'],
    ]);
    const player = await http.get(`/public/ranking/pfs/players/${A}`).set('Cookie', 'cs_lang=en');
    expect(player.status).toBe(200);
    expect(player.text).toContain('Place 2 with a ranking of 113 (4 games).');
    expect(player.text).toContain('win (walkover)');
    expect((await http.get('/public/ranking/xyz')).status).toBe(404);
    expect((await http.get('/public/ranking/pfs/players/not-a-uuid')).status).toBe(404);
  });

  it('prints on a game sheet of the second competition the ranking each player brought from the first', async () => {
    const game = gameOf(second, A, B);
    const sheet = await t.app.get(GameSheetsService).sheet(second.arbiter.actor, game.id, { language: 'en' });
    expect(sheet).toMatch(new RegExp(`${first.names.get(A)} \\([^)]*ranking 125\\)`));
    expect(sheet).toMatch(new RegExp(`${first.names.get(B)} \\([^)]*ranking 100\\)`));
    // A game of the first competition: nothing counted before it.
    expect(await t.app.get(GameSheetsService).sheet(first.arbiter.actor, gameOf(first, A, B).id, { language: 'en' })).not.toContain(
      'ranking',
    );
  });
});
