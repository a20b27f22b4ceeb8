// An idempotency key belongs to its actor (docs/web.md "Security model"): a receipt answers a
// repeat of the same actor's request, never another actor's request that carries the same key.
// The partner reusing a player's key gets nothing of theirs (the conditional chain, a holiday),
// and a key the partner used does not turn one's own move into a no-op.
import { ManualClock } from '../../src/common/clock';
import type { Color } from '../../src/engine';
import type { Game } from '../../src/games/entities/game.entity';
import { GameConditional } from '../../src/games/entities/game-conditional.entity';
import { Holiday } from '../../src/games/entities/holiday.entity';
import { gameApi, placementFor, startChampionship, userOf, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';

describe(`an idempotency key belongs to its actor (${TEST_DB})`, () => {
  let t: TestApp;
  let ch: Championship;
  let api: ReturnType<typeof gameApi>;
  const clock = new ManualClock('2027-01-25T09:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ clock });
    api = gameApi(t.app);
    ch = await startChampionship(t.app, { players: 4, domain: 'keys.example.org' });
    clock.set(new Date('2027-02-02T09:00:00Z'));
  });

  afterAll(() => t.close());

  const user = (game: Game, color: Color) => userOf(ch, game, color);

  it("the partner reusing a player's key for a conditional reply does not get the player's private chain", async () => {
    const game = ch.games[0];
    const opening = placementFor(ch, [], 3);
    expect((await api.post(game, user(game, 'red'), '/moves', { move: opening })).status).toBe(200);
    const p1 = placementFor(ch, [opening], 10);
    const r1 = placementFor(ch, [opening, p1], 11);
    const secret = `IF ${p1} THEN ${r1}`;
    const stored = await api.post(game, user(game, 'red'), '/conditionals', { text: secret, idempotencyKey: 'chain-key' });
    expect(stored.status).toBe(200);
    const chainId = stored.body.conditional.id as string;

    // BLUE (to move: a conditional of theirs is refused) sends the same key.
    const reused = await api.post(game, user(game, 'blue'), '/conditionals', { text: 'IF PAS THEN PAS', idempotencyKey: 'chain-key' });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toMatchObject({ code: 'BAD_CONDITIONAL' });
    const answer = JSON.stringify(reused.body);
    expect(answer).not.toContain(chainId);
    expect(answer).not.toContain(r1);
    // RED's chain is as it was, and still RED's alone.
    const chains = await t.database.run((m) => m.find(GameConditional, { where: { gameId: game.id } }));
    expect(chains).toEqual([expect.objectContaining({ id: chainId, playerId: game.redPlayerId, status: 'pending' })]);
  });

  it("a key the partner used does not make one's own move a 200 that plays nothing", async () => {
    const game = ch.games[1];
    const opening = placementFor(ch, [], 4);
    const red = await api.post(game, user(game, 'red'), '/moves', { move: opening, idempotencyKey: 'shared-key' });
    expect(red.status).toBe(200);
    const reply = placementFor(ch, [opening], 5);
    const blue = await api.post(game, user(game, 'blue'), '/moves', { move: reply, idempotencyKey: 'shared-key' });
    expect(blue.status).toBe(200);
    expect(blue.body.moves).toEqual([expect.objectContaining({ color: 'blue', notation: expect.any(String) })]);
    expect(blue.body.version).toBeGreaterThan(red.body.version);
    expect((await api.movesOf(game)).map((m) => m.color)).toEqual(['red', 'blue']);
  });

  it("a holiday declared under the partner's key is the player's own, not the partner's answer", async () => {
    const game = ch.games[2];
    const red = await api.post(game, user(game, 'red'), '/holidays', {
      from: '2027-04-10',
      to: '2027-04-15',
      idempotencyKey: 'holiday-key',
    });
    expect(red.status).toBe(200);
    const blue = await api.post(game, user(game, 'blue'), '/holidays', {
      from: '2027-05-03',
      to: '2027-05-06',
      idempotencyKey: 'holiday-key',
    });
    expect(blue.status).toBe(200);
    expect(blue.body).toMatchObject({ from: '2027-05-03', to: '2027-05-06' });
    expect(blue.body.id).not.toBe(red.body.id);
    const holidays = await t.database.run((m) => m.find(Holiday, { where: { competitionId: game.competitionId } }));
    expect(holidays.map((h) => [h.playerId, h.fromDay, h.toDay]).sort()).toEqual(
      [
        [game.redPlayerId, '2027-04-10', '2027-04-15'],
        [game.bluePlayerId, '2027-05-03', '2027-05-06'],
      ].sort(),
    );
  });

  it('the same actor repeating a request with its key still gets the first answer, and one move is played', async () => {
    const game = ch.games[3];
    const opening = placementFor(ch, [], 6);
    const first = await api.post(game, user(game, 'red'), '/moves', { move: opening, idempotencyKey: 'again-key' });
    expect(first.status).toBe(200);
    const again = await api.post(game, user(game, 'red'), '/moves', { move: opening, idempotencyKey: 'again-key' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await api.movesOf(game)).toHaveLength(1);
    // The same actor's key used for another action is still refused, and plays nothing.
    const other = await api.post(game, user(game, 'red'), '/pass', { idempotencyKey: 'again-key' });
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await api.movesOf(game)).toHaveLength(1);
  });
});
