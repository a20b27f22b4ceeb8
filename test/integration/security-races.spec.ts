// Twenty submissions of one move racing over HTTP, as the security review
// sent them — by the API and by the web form, with twenty idempotency keys or one — apply
// exactly one move. On PostgreSQL the requests run at once through the pool and queue on the
// game's row lock; on PGlite the platform serialises them, with the same outcome.
import request from 'supertest';
import type { App } from 'supertest/types';
import { ManualClock } from '../../src/common/clock';
import { GameCheckService } from '../../src/games/reads/game-check.service';
import type { Game } from '../../src/games/entities/game.entity';
import { Move } from '../../src/games/entities/move.entity';
import { modelState, placementFor, startChampionship, userOf, type Championship } from '../support/games';
import { loginWithLink } from '../support/security';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf } from '../support/web';

const SUBMISSIONS = 20;

describe(`twenty racing submissions over HTTP (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  let ch: Championship;
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ clock });
    http = t.app.getHttpServer();
    ch = await startChampionship(t.app, { players: 4, domain: 'race.example' });
  });

  afterAll(async () => {
    await t.close();
  });

  const movesOf = (game: Game) => t.database.run((m) => m.find(Move, { where: { gameId: game.id }, order: { number: 'ASC' } }));
  const toMove = (game: Game) => userOf(ch, game, modelState(ch, []).toMove);

  it('applies one of twenty different moves sent by the API at once, each with its own key; the others are refused as not now (409)', async () => {
    const game = ch.games[0];
    const user = toMove(game);
    const moves = Array.from({ length: SUBMISSIONS }, (_, i) => placementFor(ch, [], 100 + i));
    const answers = await Promise.all(
      moves.map((move, i) =>
        request(http)
          .post(`/api/games/${game.id}/moves`)
          .set('Authorization', user.bearer)
          .send({ move, idempotencyKey: `race-${i}` }),
      ),
    );
    const applied = answers.flatMap((a, i) => (a.status === 200 ? [moves[i]] : []));
    expect(applied).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => a.status)).toEqual(Array(SUBMISSIONS - 1).fill(409));
    for (const a of refused) expect(['NOT_YOUR_TURN', 'ALREADY_PLAYED']).toContain(a.body.error.code);
    expect((await movesOf(game)).map((m) => m.notation)).toEqual([expect.any(String)]);
    expect((await movesOf(game))[0].written).toBe(applied[0]);
  });

  it('applies one move sent twenty times by the API with one key, and gives every copy the same answer', async () => {
    const game = ch.games[1];
    const user = toMove(game);
    const move = placementFor(ch, [], 7);
    const answers = await Promise.all(
      Array.from({ length: SUBMISSIONS }, () =>
        request(http).post(`/api/games/${game.id}/moves`).set('Authorization', user.bearer).send({ move, idempotencyKey: 'one-key' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(SUBMISSIONS).fill(200));
    for (const a of answers) expect(a.body).toEqual(answers[0].body);
    expect((await movesOf(game)).map((m) => m.written)).toEqual([move]);
  });

  it('applies one move sent twenty times by the web form at once, with one form key or twenty', async () => {
    for (const [index, sameKey] of [
      [2, true],
      [3, false],
    ] as const) {
      const game = ch.games[index];
      const agent = await loginWithLink(t.app, toMove(game).id);
      const page = await agent.get(`/games/${game.id}`);
      const formKey = /name="idempotencyKey" value="([^"]+)"/.exec(page.text)![1];
      const moves = Array.from({ length: SUBMISSIONS }, (_, i) => (sameKey ? placementFor(ch, [], 9) : placementFor(ch, [], 200 + i)));
      const answers = await Promise.all(
        moves.map((move, i) =>
          agent
            .post(`/games/${game.id}/move`)
            .type('form')
            .send({ _csrf: csrfOf(page.text), move, idempotencyKey: sameKey ? formKey : `${formKey}-${i}`, expectedTurn: '1' }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      if (sameKey) expect(statuses).toEqual(Array(SUBMISSIONS).fill(303));
      else expect([...statuses].sort()).toEqual([303, ...Array(SUBMISSIONS - 1).fill(422)]);
      const stored = await movesOf(game);
      expect(stored).toHaveLength(1);
      expect(moves).toContain(stored[0].written);
    }
  });

  it('leaves every game consistent', async () => {
    expect((await t.app.get(GameCheckService).check()).problems).toEqual([]);
  });
});
