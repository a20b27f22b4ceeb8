import request from 'supertest';
import { AuditEntry } from '../../src/audit/audit.entity';
import { Case } from '../../src/arbiter/case.entity';
import { ManualClock } from '../../src/common/clock';
import type { Game } from '../../src/games/entities/game.entity';
import { Move } from '../../src/games/entities/move.entity';
import { MOVE_REVIEW_CASE } from '../../src/games/actions/move-reviews.service';
import { placementFor, startChampionship, userOf, type Championship } from '../support/games';
import { startTestApp, TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent } from '../support/web';

/** docs/rules.md §3: a refused move changes nothing, but its mover may have the arbiter review the refusal. */
describe(`asking the arbiter to review a refused move (${TEST_DB})`, () => {
  let t: TestApp;
  let ch: Championship;
  let game: Game;
  const clock = new ManualClock('2027-02-01T09:00:00Z');
  /** RED's first move moved off the centre square: the rack has the letters, but the first move must cover h8. */
  let REFUSED: string;

  const reviews = () => t.database.run((m) => m.find(Case, { where: { gameId: game.id, kind: MOVE_REVIEW_CASE } }));

  beforeAll(async () => {
    t = await startTestApp({ clock });
    ch = await startChampionship(t.app, { players: 4 });
    game = ch.games[0];
    REFUSED = placementFor(ch, [], 3).replace(/^\S+/, 'a1');
  });

  afterAll(async () => {
    await t.close();
  });

  it('on the web: a refused move offers the review; the case keeps the move, the reason and the comment, and nothing is played', async () => {
    const red = await loginAgent(t, userOf(ch, game, 'red').email);
    const page = await red.get(`/games/${game.id}`).expect(200);
    const refused = await red
      .post(`/games/${game.id}/move`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), move: REFUSED });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain(`action="/games/${game.id}/review"`);
    expect(refused.text).toContain(`value="${REFUSED}"`);
    const asked = await red
      .post(`/games/${game.id}/review`)
      .type('form')
      .send({ _csrf: csrfOf(refused.text), notation: REFUSED, comment: 'Cred că\r\nmutarea e bună' });
    expect(asked.status).toBe(303);
    expect(asked.headers.location).toBe(`/games/${game.id}?done=review`);
    const [review] = await reviews();
    expect(review).toMatchObject({
      status: 'open',
      competitionId: ch.competitionId,
      dueOn: '2027-02-06',
      payload: {
        player: 'red',
        notation: REFUSED,
        comment: 'Cred că mutarea e bună',
        refusal: expect.objectContaining({ code: 'FIRST_MOVE_NOT_ON_CENTER' }),
      },
    });
    expect(await t.database.run((m) => m.countBy(Move, { gameId: game.id }))).toBe(0);
    expect(await t.database.run((m) => m.countBy(AuditEntry, { action: 'move.review_requested', gameId: game.id }))).toBe(1);
    // The arbiter's dashboard lists it, with the move and the reason.
    const arbiter = await loginAgent(t, ch.arbiter.email);
    const dashboard = await arbiter.get('/arbiter').expect(200);
    expect(dashboard.text).toContain('Cerere de revizuire a unei mutări refuzate');
    expect(dashboard.text).toContain(REFUSED);
    // A second request while the first is open is refused.
    const again = await red
      .post(`/games/${game.id}/review`)
      .type('form')
      .send({ _csrf: csrfOf(refused.text), notation: REFUSED });
    expect(again.status).toBe(422);
    expect(await reviews()).toHaveLength(1);
  });

  it("the game's GCG downloads from the web for its players during play and its arbiter; anyone else gets 404", async () => {
    const red = await loginAgent(t, userOf(ch, game, 'red').email);
    const gcg = await red.get(`/games/${game.id}/game.gcg`);
    expect(gcg.status).toBe(200);
    expect(gcg.headers['content-disposition']).toMatch(/^attachment; filename="game-[0-9a-f-]+\.gcg"/);
    expect(gcg.text).toMatch(/^#character-encoding UTF-8|^#player1/m);
    const arbiter = await loginAgent(t, ch.arbiter.email);
    expect((await arbiter.get(`/games/${game.id}/game.gcg`)).status).toBe(200);
    const strangerGame = ch.games.find(
      (g) => ![g.redPlayerId, g.bluePlayerId].includes(game.redPlayerId) && ![g.redPlayerId, g.bluePlayerId].includes(game.bluePlayerId),
    );
    if (strangerGame) {
      const stranger = await loginAgent(t, userOf(ch, strangerGame, 'red').email);
      expect((await stranger.get(`/games/${game.id}/game.gcg`)).status).toBe(404);
    }
  });

  it('by the API: only a refused move of one’s own game can be sent for review', async () => {
    const http = t.app.getHttpServer();
    const other =
      ch.games.find(
        (g) =>
          g.redPlayerId !== game.redPlayerId &&
          g.bluePlayerId !== game.redPlayerId &&
          g.redPlayerId !== game.bluePlayerId &&
          g.bluePlayerId !== game.bluePlayerId,
      ) ?? ch.games[1];
    const blue = userOf(ch, game, 'blue');
    const path = `/api/games/${game.id}/review`;
    // A valid move is simply sent: nothing to review.
    const valid = placementFor(ch, [], 3);
    const notRefused = await request(http).post(path).set('Authorization', blue.bearer).send({ notation: valid });
    expect(notRefused.status).toBe(409);
    expect(notRefused.body.error.code).toBe('MOVE_NOT_REFUSED');
    expect((await request(http).post(path).set('Authorization', blue.bearer).send({})).status).toBe(400);
    // Someone else's game answers as an unknown one.
    const stranger = userOf(ch, other, 'red');
    if (stranger.actor.playerId !== game.redPlayerId && stranger.actor.playerId !== game.bluePlayerId) {
      expect((await request(http).post(path).set('Authorization', stranger.bearer).send({ notation: REFUSED })).status).toBe(404);
    }
    const res = await request(http).post(path).set('Authorization', blue.bearer).send({ notation: REFUSED, comment: 'de văzut' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ caseId: expect.any(String), dueOn: '2027-02-06' });
    expect((await reviews()).map((c) => c.payload.player).sort()).toEqual(['blue', 'red']);
  });
});
