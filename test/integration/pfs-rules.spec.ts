import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { App } from 'supertest/types';
import { ManualClock } from '../../src/common/clock';
import { applyMove, rackLetters, type Color } from '../../src/engine';
import { Ruling } from '../../src/arbiter/ruling.entity';
import type { Game } from '../../src/games/entities/game.entity';
import type { TestUser } from '../support/competitions';
import { modelState, placementFor, startChampionship, userOf, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent } from '../support/web';

/**
 * A competition under the PFS's rules (docs/rules.md §13), played through the JSON routes the
 * web and the API use: a check that fails and one that succeeds (the move taken back, the turn
 * lost), the arbiter reversing a verdict, four passes ending a game, a walkover and a penalty
 * of 50 points; and the same three rulings through the arbiter's web forms, each asking once.
 */
describe(`PFS rules (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  let ch: Championship;
  const clock = new ManualClock('2027-02-01T09:00:00Z');
  /** Game 0's moves, decided before the word list is written: the list holds m1 and m2's words, not m3's main word. */
  const moves: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ clock });
    http = t.app.getHttpServer();
    ch = await startChampionship(t.app, { players: 4, domain: 'pfs.example.org', settings: { rules: 'pfs', lexicon: 'osps-test' } });
    moves.push(placementFor(ch, [], 1));
    moves.push(placementFor(ch, moves, 2));
    const known = new Set(moves.flatMap((m) => wordsOf(moves.slice(0, moves.indexOf(m)), m)));
    for (let seed = 3; moves.length < 3; seed++) {
      const m3 = placementFor(ch, moves, seed);
      if (!known.has(wordsOf(moves, m3)[0])) moves.push(m3);
    }
    // The official list, read once when a game first needs it (games/persistence/lexicons.service.ts).
    mkdirSync(join(t.settings.dataDir, 'lexicons'), { recursive: true });
    writeFileSync(join(t.settings.dataDir, 'lexicons', 'osps-test.txt'), [...known].join('\n'));
  });

  afterAll(async () => {
    await t.close();
  });

  const user = (game: Game, color: Color) => userOf(ch, game, color);
  const post = (path: string, who: TestUser, body: object = {}) => request(http).post(path).set('Authorization', who.bearer).send(body);
  const view = async (game: Game) => (await request(http).get(`/api/games/${game.id}`).set('Authorization', ch.arbiter.bearer)).body;
  const move = async (game: Game, color: Color, notation: string) =>
    expect((await post(`/api/games/${game.id}/moves`, user(game, color), { move: notation })).status).toBe(200);

  function wordsOf(before: readonly string[], notation: string): string[] {
    const step = applyMove(modelState(ch, before), notation);
    if (!step.ok) throw new Error(step.code);
    return step.record.words.map((w) => w.word);
  }

  it('a check of words in the list fails and the move stands; one that names a missing word takes the move back, the turn lost', async () => {
    const game = ch.games[0];
    await move(game, 'red', moves[0]);
    const m1Words = wordsOf([], moves[0]);
    const failed = await post(`/api/games/${game.id}/challenges`, user(game, 'blue'), { words: m1Words });
    expect(failed.status).toBe(200);
    expect(failed.body.challenge).toMatchObject({ successful: false, words: m1Words, challenger: 'blue' });
    expect(failed.body.challenge.verdict.en).toContain('every word is in the official list');
    // One check per move (P 4.7.3); the challenger then answers it.
    expect((await post(`/api/games/${game.id}/challenges`, user(game, 'blue'), { words: m1Words })).body.error.code).toBe(
      'ALREADY_CHALLENGED',
    );
    await move(game, 'blue', moves[1]);
    await move(game, 'red', moves[2]);
    const before = (await view(game)).lines[0];
    const m3Words = wordsOf(moves.slice(0, 2), moves[2]);
    const success = await post(`/api/games/${game.id}/challenges`, user(game, 'blue'), { words: m3Words });
    expect(success.status).toBe(200);
    expect(success.body.challenge).toMatchObject({ successful: true });
    // One verdict for the set, never which word failed (P 4.7.8).
    expect(success.body.challenge.verdict.en).toContain('not every word');
    const after = await view(game);
    const expected = modelState(ch, moves.slice(0, 2));
    expect(after.lines).toHaveLength(1);
    expect(after.lines[0]).toMatchObject({ movesPlayed: 3, toMove: 'blue', bag: expected.sequence.length - expected.next });
    expect(after.lines[0].bag).toBeGreaterThan(before.bag);
    expect(after.lines[0].racks).toEqual({ red: rack(expected, 'red'), blue: rack(expected, 'blue') });
    expect(after.lines[0].totals).toEqual(expected.totals);
    expect(after.toMove).toBe('blue');
    const lost = after.moves.filter((m: { kind: string; annulled: boolean }) => m.kind === 'lost' && !m.annulled);
    expect(lost).toMatchObject([{ color: 'red', number: 3, notation: '—', score: 0 }]);
    expect(after.challenges).toHaveLength(2);

    // The arbiter reverses the verdict with a reason: the move stands again, blue to move.
    const challengeId = success.body.challenge.id;
    const noReason = await post(`/api/games/${game.id}/challenges/${challengeId}/override`, ch.arbiter, { reason: ' ' });
    expect(noReason.status).toBe(400);
    const reversed = await post(`/api/games/${game.id}/challenges/${challengeId}/override`, ch.arbiter, {
      reason: 'the word is in the current OSPS update',
    });
    expect(reversed.status).toBe(200);
    expect(reversed.body.challenge).toMatchObject({ successful: false, overridden: true });
    const restored = await view(game);
    expect(restored.lines[0]).toMatchObject({ movesPlayed: 3, toMove: 'blue', totals: modelState(ch, moves).totals });
    expect(restored.challenges.find((c: { id: string }) => c.id === challengeId)).toMatchObject({
      overridden: true,
      overrideReason: 'the word is in the current OSPS update',
    });
  });

  it('four passes in a row end the game, each player losing their own rack (P 5.1.1, 5.1.4)', async () => {
    const game = ch.games[1];
    for (const color of ['red', 'blue', 'red', 'blue'] as const) {
      expect((await post(`/api/games/${game.id}/pass`, user(game, color), {})).status).toBe(200);
    }
    const ended = await view(game);
    expect(ended).toMatchObject({ status: 'ended', endReason: 'zero-turns' });
    expect(ended.result.scores.red).toBeLessThan(0);
    expect(ended.result.scores.blue).toBeLessThan(0);
  });

  it('a penalty of 50 points, then a walkover: 400:1, the penalty deducted from the score', async () => {
    const game = ch.games[2];
    const played = [placementFor(ch, [], 11)];
    played.push(placementFor(ch, played, 12));
    await move(game, 'red', played[0]);
    await move(game, 'blue', played[1]);
    const rule = (body: object) => post(`/api/games/${game.id}/rulings`, ch.arbiter, body);
    expect((await rule({ kind: 'point-penalty', player: 'red', points: 30, reason: 'phone at the table' })).body.error.code).toBe(
      'BAD_INPUT',
    );
    expect((await rule({ kind: 'point-penalty', player: 'red', points: 50, reason: 'phone at the table' })).status).toBe(200);
    const walkover = await rule({ kind: 'walkover', player: 'blue', reason: 'excluded from the game (P 7.1)' });
    expect(walkover.status).toBe(200);
    const ended = await view(game);
    expect(ended).toMatchObject({ status: 'ended', endReason: 'walkover', outcome: { type: 'walkover', by: 'blue' } });
    expect(ended.result.scores).toEqual({ red: 400 - 50, blue: 1 });
    expect(ended.result.coefficients.red).toBeGreaterThan(ended.result.coefficients.blue);
  });

  it("the arbiter's page offers the PFS forms: each refused without its box, in words, then applied with it", async () => {
    const game = ch.games[3];
    await move(game, 'red', moves[0]);
    const checked = await post(`/api/games/${game.id}/challenges`, user(game, 'blue'), { words: wordsOf([], moves[0]) });
    expect(checked.body.challenge).toMatchObject({ successful: false });
    const arbiter = await loginAgent(t, ch.arbiter.email);
    const page = `/arbiter/games/${game.id}`;
    const html = (await arbiter.get(page)).text;
    for (const form of ['ruling-point-penalty', 'ruling-walkover', 'ruling-challenge-override'])
      expect(html).toContain(`data-testid="${form}"`);
    const submit = async (path: string, form: Record<string, string>) => {
      const token = csrfOf((await arbiter.get(page)).text);
      return arbiter
        .post(path)
        .type('form')
        .send({ ...form, _csrf: token });
    };
    const rulings = () => t.database.run((m) => m.count(Ruling, { where: { gameId: game.id } }));
    /** Refused, the page again with the reason in words (no code), nothing written. */
    const refused = async (path: string, form: Record<string, string>, words: RegExp) => {
      const before = await rulings();
      const res = await submit(path, form);
      expect(res.status).toBe(422);
      expect(res.text).toMatch(words);
      expect(res.text).not.toMatch(/NOT_CONFIRMED|BAD_INPUT|REASON_REQUIRED/);
      expect(await rulings()).toBe(before);
    };
    const confirmBox = /(Bifați căsuța de confirmare|Tick the confirmation box)/;

    const penalty = { kind: 'point-penalty', player: 'red', points: '50', reason: 'telefon la masă' };
    await refused(`${page}/rulings`, penalty, confirmBox);
    await refused(`${page}/rulings`, { ...penalty, points: '30', confirm: 'yes' }, /(multiplu pozitiv de 50|multiple of 50)/);
    expect((await submit(`${page}/rulings`, { ...penalty, confirm: 'yes' })).status).toBe(303);
    expect(await rulings()).toBe(1);

    const override = `${page}/challenges/${checked.body.challenge.id}/override`;
    const reason = { reason: 'cuvântul nu e în OSPS' };
    await refused(override, reason, confirmBox);
    expect((await view(game)).challenges[0]).toMatchObject({ overridden: false });
    expect((await submit(override, { ...reason, confirm: 'yes' })).status).toBe(303);
    const reversed = await view(game);
    expect(reversed.challenges[0]).toMatchObject({ overridden: true, successful: true, overrideReason: 'cuvântul nu e în OSPS' });
    // The move taken back, its player's turn lost: BLUE moves (docs/rules.md §13).
    expect(reversed.toMove).toBe('blue');
    // Once per check: the form is gone, and one posted anyway is refused in words.
    expect((await arbiter.get(page)).text).not.toContain('data-testid="ruling-challenge-override"');
    await refused(override, { ...reason, confirm: 'yes' }, /(deja inversat|already reversed)/);

    const walkover = { kind: 'walkover', player: 'blue', reason: 'exclus din partidă (PFS 7.1)' };
    await refused(`${page}/rulings`, walkover, confirmBox);
    expect((await view(game)).status).toBe('playing');
    expect((await submit(`${page}/rulings`, { ...walkover, confirm: 'yes' })).status).toBe(303);
    const ended = await view(game);
    expect(ended).toMatchObject({ status: 'ended', endReason: 'walkover', outcome: { type: 'walkover', by: 'blue' } });
    expect(ended.result.scores).toEqual({ red: 400 - 50, blue: 1 });
  });
});

function rack(state: ReturnType<typeof modelState>, color: Color): string {
  return rackLetters(state.racks[color]).join('');
}
