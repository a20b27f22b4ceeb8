// One competition of the Polish federation from registration to homologation, in Polish, on both
// databases (docs/rules.md §12, §13): the arbiter uploads the official list, creates the
// competition (Polish tiles, PFS rules) and registers three Polish players through the panel's
// forms; the players play through the game page — a check ("Sprawdzam") that fails and one that
// succeeds, four passes ending a game —, the arbiter gives a penalty of 50 points (30 refused, in
// Polish) and a walkover, the players confirm the results, the arbiter homologates every game and
// the federation's ranking is computed from them. Every page read is Polish.
import request from 'supertest';
import type { App } from 'supertest/types';
import { Challenge } from '../../src/games/entities/challenge.entity';
import { ManualClock } from '../../src/common/clock';
import { Competition } from '../../src/competitions/competition.entity';
import { Sequence } from '../../src/competitions/sequence.entity';
import { applyMove, getTileSet, rackLetters, tilesValue, type Color, type GameState } from '../../src/engine';
import { randomSequence, seededRandom } from '../../src/engine/testing/random-game';
import { Game } from '../../src/games/entities/game.entity';
import { Result } from '../../src/games/entities/result.entity';
import { RankingService } from '../../src/ranking/ranking.service';
import { createUser } from '../support/competitions';
import { modelState, placementFor } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent, type Agent } from '../support/web';

const PLAYERS = [
  { name: 'Jan Kowalski', email: 'jan@pfs.example.pl' },
  { name: 'Anna Nowak', email: 'anna@pfs.example.pl' },
  { name: 'Piotr Wiśniewski', email: 'piotr@pfs.example.pl' },
];
/** Romanian or English words a Polish page must not show (refusals, confirmations, headings). */
const NOT_POLISH = /Bifați|Tick the|trebuie|must be|multiplu|multiple of|Partida|Your move|este rândul/;

/** No Romanian or English word on the page: the words around the first one found are shown when one is. */
function expectPolish(html: string): void {
  const found = NOT_POLISH.exec(html);
  expect(found && html.slice(Math.max(0, found.index - 80), found.index + 80)).toBeNull();
}

describe(`a Polish competition from registration to homologation (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  let arbiter: Agent;
  const agents = new Map<string, Agent>();
  const clock = new ManualClock('2027-03-01T09:00:00Z');
  const tiles = { tileSet: 'pl' as const, sequence: randomSequence(getTileSet('pl'), seededRandom(2027)) };
  /** Game 1's moves, chosen before the list is written: the list holds m1's and m2's words, not m3's main word. */
  const moves: string[] = [];
  let competitionId: string;
  let games: Game[];
  /** Each game's final scores, as this test computes them. */
  const finals = new Map<string, Record<Color, number>>();

  const wordsOf = (before: readonly string[], notation: string): string[] => {
    const step = applyMove(modelState(tiles, before), notation);
    if (!step.ok) throw new Error(step.code);
    return step.record.words.map((w) => w.word);
  };
  const rackValue = (state: GameState, color: Color) => tilesValue(getTileSet('pl'), rackLetters(state.racks[color]));
  const playerAt = (game: Game, color: Color) => (color === 'red' ? game.redPlayerId : game.bluePlayerId);
  const agentAt = (game: Game, color: Color) => agents.get(playerAt(game, color))!;
  const other = (color: Color): Color => (color === 'red' ? 'blue' : 'red');

  /** A form of `page` posted with its CSRF token; the page read first must be Polish. */
  async function submit(agent: Agent, page: string, path: string, form: Record<string, string | string[]>) {
    const html = (await agent.get(page)).text;
    expect(html).toContain('<html lang="pl"');
    return agent
      .post(path)
      .type('form')
      .send({ ...form, _csrf: csrfOf(html) });
  }
  const play = (game: Game, color: Color, move: string) =>
    submit(agentAt(game, color), `/games/${game.id}`, `/games/${game.id}/move`, { move });
  const pass = (game: Game, color: Color) =>
    submit(agentAt(game, color), `/games/${game.id}`, `/games/${game.id}/pass`, { confirm: 'yes' });
  const challenge = (game: Game, color: Color, words: string[]) =>
    submit(agentAt(game, color), `/games/${game.id}`, `/games/${game.id}/challenge`, { words, confirm: 'yes' });
  const rule = (game: Game, form: Record<string, string>) =>
    submit(arbiter, `/arbiter/games/${game.id}`, `/arbiter/games/${game.id}/rulings`, form);
  const gameRow = (game: Game) => t.database.run((m) => m.findOneByOrFail(Game, { id: game.id }));
  /** The game as the API shows it to the competition's arbiter. */
  const view = async (game: Game) => (await request(http).get(`/api/games/${game.id}`).set('Authorization', viewer)).body;
  let viewer: string;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    http = t.app.getHttpServer();
    moves.push(placementFor(tiles, [], 1));
    moves.push(placementFor(tiles, moves, 2));
    const known = new Set(moves.flatMap((m, i) => wordsOf(moves.slice(0, i), m)));
    for (let seed = 3; moves.length < 3; seed++) {
      const m3 = placementFor(tiles, moves, seed);
      if (!known.has(wordsOf(moves, m3)[0])) moves.push(m3);
    }
    const admin = await createUser(t.app, { email: 'sedzia@pfs.example.pl', roles: ['arbiter', 'admin'], name: 'Sędzia Główny' });
    viewer = admin.bearer;
    arbiter = await loginAgent(t, admin.email);
    // The arbiter reads the panel in Polish from now on (the language switch keeps it on the account).
    const home = await arbiter.get('/arbiter');
    expect(
      (
        await arbiter
          .post('/language')
          .type('form')
          .send({ _csrf: csrfOf(home.text), lang: 'pl', next: '/arbiter' })
      ).status,
    ).toBe(303);
    // docs/rules.md §12.1: the federation lists players from 2 games on here, its other values the defaults.
    await t.app.get(RankingService).choose('pfs', 'pfs', { minGames: '2' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('is set up through the Polish panel: the official list, the competition under PFS rules, three Polish players, started', async () => {
    const lexicon = await submit(arbiter, '/arbiter/lexicons', '/arbiter/lexicons', {
      name: 'osps-test',
      words: [...new Set(moves.slice(0, 2).flatMap((m, i) => wordsOf(moves.slice(0, i), m)))].join('\n'),
    });
    expect(lexicon.status).toBe(303);

    const form = {
      name: 'Mistrzostwa Polski korespondencyjne 2027',
      shortName: 'MPK 2027',
      startDate: '2027-03-01',
      closingDate: '2027-12-31',
      tileSet: 'pl',
      rules: 'pfs',
      timeZone: 'Europe/Warsaw',
      sequence: tiles.sequence,
    };
    // Without the official list the PFS rules are refused, in Polish (docs/rules.md §13 [P 4.7.7]).
    const noList = await submit(arbiter, '/arbiter/competitions/new', '/arbiter/competitions', form);
    expect(noList.status).toBe(422);
    expect(noList.text).toContain('<html lang="pl"');
    expect(noList.text).toMatch(/Sprawdzam/);
    expect(noList.text).not.toMatch(/regulile PFS|the PFS rules need/);
    const created = await submit(arbiter, '/arbiter/competitions/new', '/arbiter/competitions', { ...form, lexicon: 'osps-test' });
    expect(created.status).toBe(303);
    competitionId = /competitions\/([0-9a-f-]{36})/.exec(created.headers.location)![1];
    const stored = await t.database.run((m) => m.findOneByOrFail(Competition, { id: competitionId }));
    expect(stored).toMatchObject({ tileSet: 'pl', rules: 'pfs', lexicon: 'osps-test', zeroTurnsToEnd: 4, status: 'draft' });
    expect(await t.database.run((m) => m.findOneByOrFail(Sequence, { competitionId }))).toMatchObject({ tiles: tiles.sequence });

    const page = `/arbiter/competitions/${competitionId}`;
    // The language column left empty: a Polish competition's players are Polish.
    const csv = ['name,email,club,language', ...PLAYERS.map((p) => `${p.name},${p.email},KS Warszawa,`)].join('\n');
    expect((await submit(arbiter, page, `${page}/players`, { csv })).status).toBe(303);
    expect((await submit(arbiter, page, `${page}/groups`, { count: '1' })).status).toBe(303);
    const unconfirmed = await submit(arbiter, page, `${page}/start`, {});
    expect(unconfirmed.status).toBe(422);
    expectPolish(unconfirmed.text);
    expect((await submit(arbiter, page, `${page}/start`, { confirm: 'yes' })).status).toBe(303);
    games = await t.database.run((m) => m.find(Game, { where: { competitionId }, order: { round: 'ASC', id: 'ASC' } }));
    expect(games).toHaveLength(3);
    expect(games.every((g) => g.status === 'playing')).toBe(true);

    for (const p of PLAYERS) {
      const agent = await loginAgent(t, p.email);
      const mine = await agent.get('/');
      expect(mine.text).toContain('<html lang="pl"');
      const player = (await t.database.run((m) => m.query(`SELECT player_id FROM player_email WHERE address = $1`, [p.email])))[0];
      agents.set(player.player_id, agent);
    }
    expect(agents.size).toBe(3);
  });

  it('game 1: a check of words in the list fails, the move stands; one naming a missing word takes the move back, the mover losing the turn', async () => {
    const game = games[0];
    // A first move off the centre is refused on the page, in Polish (the rules core's own words).
    const offCentre = await play(game, 'red', 'a1 KOT');
    expect(offCentre.status).toBe(422);
    expect(offCentre.text).toMatch(/Pierwszy ruch musi przykryć środkowe pole h8|nie ma na Twoim stojaku/);
    expectPolish(offCentre.text);
    expect((await play(game, 'red', moves[0])).status).toBe(303);
    const m1Words = wordsOf([], moves[0]);
    const page = (await agentAt(game, 'blue').get(`/games/${game.id}`)).text;
    // The check's form offers the move's words (docs/rules.md §13: the game page's "Check words").
    for (const w of m1Words) expect(page).toContain(`value="${w}"`);
    expect((await challenge(game, 'blue', m1Words)).status).toBe(303);
    const failed = await t.database.run((m) => m.findOneByOrFail(Challenge, { gameId: game.id }));
    expect(failed).toMatchObject({ successful: false, words: m1Words });
    const blue = (await agentAt(game, 'blue').get(`/games/${game.id}`)).text;
    expect(blue).toContain('nieskuteczne: wszystkie wyrazy są w oficjalnym słowniku. Ruch zostaje.');
    expectPolish(blue);
    // One check per move (P 4.7.3): asked again, refused in Polish, nothing written.
    const again = await challenge(game, 'blue', m1Words);
    expect(again.status).toBe(422);
    expect(again.text).toContain('Ten ruch został już sprawdzony');
    expectPolish(again.text);
    expect(await t.database.run((m) => m.count(Challenge, { where: { gameId: game.id } }))).toBe(1);
    // The check stops nothing: the challenger answers the move.
    expect((await play(game, 'blue', moves[1])).status).toBe(303);
    expect((await play(game, 'red', moves[2])).status).toBe(303);
    const m3Words = wordsOf(moves.slice(0, 2), moves[2]);
    expect((await challenge(game, 'blue', m3Words)).status).toBe(303);
    const checks = await t.database.run((m) => m.find(Challenge, { where: { gameId: game.id }, order: { createdAt: 'ASC' } }));
    expect(checks.map((c) => c.successful)).toEqual([false, true]);
    for (const color of ['red', 'blue'] as const) {
      const seen = (await agentAt(game, color).get(`/games/${game.id}`)).text;
      expect(seen).toContain('skuteczne: nie wszystkie wyrazy są w oficjalnym słowniku. Ruch zostaje cofnięty, a gracz traci kolejkę.');
      // One verdict for the set (P 4.7.8): no word singled out.
      expect(seen).not.toMatch(/nie ma w słowniku|nie jest w słowniku|not in the list/);
      expectPolish(seen);
    }
    const after = await view(game);
    const expected = modelState(tiles, moves.slice(0, 2));
    expect(after.lines[0]).toMatchObject({ toMove: 'blue', totals: expected.totals, bag: expected.sequence.length - expected.next });
    expect(after.moves.filter((m: { kind: string; annulled: boolean }) => m.kind === 'lost' && !m.annulled)).toMatchObject([
      { color: 'red', score: 0 },
    ]);
    // Four passes then end it (P 5.1.1), each losing their own rack (P 5.1.4).
    for (const color of ['blue', 'red', 'blue', 'red'] as const) expect((await pass(game, color)).status).toBe(303);
    const ended = await view(game);
    expect(ended).toMatchObject({ status: 'ended', endReason: 'zero-turns' });
    const scores = {
      red: expected.totals.red - rackValue(expected, 'red'),
      blue: expected.totals.blue - rackValue(expected, 'blue'),
    };
    expect(ended.result.scores).toEqual(scores);
    finals.set(game.id, scores);
  });

  it('game 2: a penalty of 30 points refused in Polish, one of 50 given, then a walkover: 400:1 less the penalty', async () => {
    const game = games[1];
    expect((await play(game, 'red', moves[0])).status).toBe(303);
    expect((await play(game, 'blue', moves[1])).status).toBe(303);
    const penalty = { kind: 'point-penalty', player: 'red', points: '30', reason: 'telefon przy stole', confirm: 'yes' };
    const refused = await rule(game, penalty);
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('<html lang="pl"');
    expect(refused.text).toMatch(/wielokrotnoś\S* 50/);
    expectPolish(refused.text);
    expect((await rule(game, { ...penalty, points: '50' })).status).toBe(303);
    const walkover = await rule(game, { kind: 'walkover', player: 'blue', reason: 'wykluczony z partii (PFS 7.1)', confirm: 'yes' });
    expect(walkover.status).toBe(303);
    const ended = await view(game);
    expect(ended).toMatchObject({ status: 'ended', endReason: 'walkover', outcome: { type: 'walkover', by: 'blue' } });
    // RED's own total is under 400: 400 to RED, less the 50 deducted, 1 to BLUE (P 7.1).
    expect(modelState(tiles, moves.slice(0, 2)).totals.red).toBeLessThan(400);
    expect(ended.result.scores).toEqual({ red: 350, blue: 1 });
    finals.set(game.id, { red: 350, blue: 1 });
    const page = (await arbiter.get(`/arbiter/games/${game.id}`)).text;
    expect(page).toContain('<html lang="pl"');
    expectPolish(page);
  });

  it('game 3: four passes from the start end it, each player losing their opening rack', async () => {
    const game = games[2];
    for (const color of ['red', 'blue', 'red'] as const) expect((await pass(game, color)).status).toBe(303);
    expect((await gameRow(game)).status).toBe('playing');
    expect((await pass(game, 'blue')).status).toBe(303);
    const start = modelState(tiles, []);
    const scores = { red: -rackValue(start, 'red'), blue: -rackValue(start, 'blue') };
    const ended = await view(game);
    expect(ended).toMatchObject({ status: 'ended', endReason: 'zero-turns' });
    expect(ended.result.scores).toEqual(scores);
    finals.set(game.id, scores);
  });

  it('the players confirm the results, the arbiter homologates each game, and the ranking is computed from them', async () => {
    for (const game of games) {
      for (const color of ['red', 'blue'] as const) {
        const confirmed = await submit(agentAt(game, color), `/games/${game.id}`, `/games/${game.id}/result/confirm`, {});
        expect([game.id, color, confirmed.status]).toEqual([game.id, color, 303]);
      }
    }
    const homologation = `/arbiter/competitions/${competitionId}/homologation`;
    const list = await arbiter.get(homologation);
    expect(list.text).toContain('<html lang="pl"');
    expectPolish(list.text);
    for (const game of games) {
      const done = await submit(arbiter, homologation, `/arbiter/games/${game.id}/homologate`, { confirm: 'yes', reason: 'zatwierdzone' });
      expect([game.id, done.status]).toEqual([game.id, 303]);
      const result = await t.database.run((m) => m.findOneByOrFail(Result, { gameId: game.id }));
      const scores = finals.get(game.id)!;
      expect(result).toMatchObject({ status: 'homologated', redScore: scores.red, blueScore: scores.blue });
      expect(result.redConfirmedAt && result.blueConfirmedAt).toBeTruthy();
    }
    expect((await t.database.run((m) => m.findOneByOrFail(Competition, { id: competitionId }))).status).toBe('finished');

    // docs/rules.md §12.1: at the floor 100 each, a win's scalp 150, a loss's 50, a draw's 100; a ranking the mean.
    const scalps = new Map<string, number[]>();
    for (const game of games) {
      const s = finals.get(game.id)!;
      for (const color of ['red', 'blue'] as const) {
        const mine = s[color];
        const theirs = s[other(color)];
        const scalp = mine > theirs ? 150 : mine < theirs ? 50 : 100;
        scalps.set(playerAt(game, color), [...(scalps.get(playerAt(game, color)) ?? []), scalp]);
      }
    }
    const expected = [...scalps].map(([id, v]) => ({ id, value: v.reduce((a, b) => a + b, 0) / v.length }));
    const listed = (await t.app.get(RankingService).list('pfs')).listed;
    expect(listed.map((l) => [l.playerId, l.ranking, l.games]).sort()).toEqual(expected.map((e) => [e.id, Math.round(e.value), 2]).sort());
    const ranking = await request(http).get('/public/ranking/pfs').set('Cookie', 'cs_lang=pl');
    expect(ranking.status).toBe(200);
    expect(ranking.text).toContain('<html lang="pl"');
    for (const p of PLAYERS) expect(ranking.text).toContain(p.name);
    expectPolish(ranking.text);
  });
});
