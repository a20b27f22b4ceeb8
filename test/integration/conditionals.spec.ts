// Conditional replies. RED stores replies to BLUE's exact moves; BLUE's
// matching move is answered at once, in the same transaction, as RED's move of that day
// (0 thinking days), and both are told; a move that does not match drops the chain and RED is
// told why; chains are private to their owner, the arbiter sees them after the game; a
// competition may switch them off.
import request from 'supertest';
import type { App } from 'supertest/types';
import { ManualClock } from '../../src/common/clock';
import type { Color } from '../../src/engine';
import type { Game } from '../../src/games/entities/game.entity';
import { Move } from '../../src/games/entities/move.entity';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import type { TestUser } from '../support/competitions';
import { placementFor, startChampionship, userOf, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent } from '../support/web';

describe(`conditional replies (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  let ch: Championship;
  const clock = new ManualClock('2027-01-25T09:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ clock });
    http = t.app.getHttpServer();
    const settings = { startDate: '2027-02-01', closingDate: '2027-06-30', timeZone: 'Europe/Bucharest' };
    ch = await startChampionship(t.app, { players: 4, domain: 'cond.example.org', settings });
    clock.set(new Date('2027-02-02T09:00:00Z'));
  });

  afterAll(async () => {
    await t.close();
  });

  const user = (game: Game, color: Color) => userOf(ch, game, color);
  const post = (game: Game, who: TestUser, path: string, body: object) =>
    request(http).post(`/api/games/${game.id}${path}`).set('Authorization', who.bearer).send(body);
  const conditionals = (game: Game, who: TestUser) =>
    request(http).get(`/api/games/${game.id}/conditionals`).set('Authorization', who.bearer);
  const movesOf = (game: Game) => t.database.run((m) => m.find(Move, { where: { gameId: game.id }, order: { number: 'ASC' } }));
  const mails = (game: Game, color: Color, template: string) =>
    t.database.run((m) =>
      m.find(OutboundMail, { where: { gameId: game.id, playerId: color === 'red' ? game.redPlayerId : game.bluePlayerId, template } }),
    );

  /** The next `n` moves of a game after `moves`, each a placement the engine accepts. */
  function plan(moves: string[], n: number, seed: number): string[] {
    const line = [...moves];
    for (let i = 0; i < n; i++) line.push(placementFor(ch, line, seed + i));
    return line.slice(moves.length);
  }

  it('a matched reply is played once, as RED’s move of the same day with 0 thinking days; a chain of depth 2 over two of BLUE’s moves', async () => {
    const game = ch.games[0];
    const [opening] = plan([], 1, 3);
    expect((await post(game, user(game, 'red'), '/moves', { move: opening })).status).toBe(200);
    const [p1, r1, p2, r2] = plan([opening], 4, 10);

    const stored = await post(game, user(game, 'red'), '/conditionals', { text: `IF ${p1} THEN ${r1}\nDACĂ ${p2} ATUNCI ${r2}` });
    expect(stored.status).toBe(200);
    expect(stored.body.conditional).toMatchObject({ status: 'pending', move: 2, steps: [{}, {}] });

    // BLUE's matching move, sent twice under one key: applied once, the reply with it.
    clock.set(new Date('2027-02-05T10:00:00Z'));
    for (let i = 0; i < 2; i++)
      expect((await post(game, user(game, 'blue'), '/moves', { move: p1, idempotencyKey: 'blue-p1' })).status).toBe(200);
    let moves = await movesOf(game);
    expect(moves.map((m) => m.color)).toEqual(['red', 'blue', 'red']);
    expect(moves[2]).toMatchObject({ color: 'red', thinkingDays: 0, sentOn: '2027-02-05', arrivedOn: '2027-02-05', turn: 3 });
    expect(moves[2].notation).toBe(stored.body.conditional.steps[0].reply);
    // Both are told: RED that the chain answered, BLUE by "your move" with RED's reply.
    expect(await mails(game, 'red', 'conditional-applied')).toHaveLength(1);
    const yourMove = await mails(game, 'blue', 'your-move');
    expect(yourMove.at(-1)!.payload).toMatchObject({ lastMoves: [expect.objectContaining({ color: 'red', number: 3 })] });
    expect((await conditionals(game, user(game, 'red'))).body).toEqual([
      expect.objectContaining({ status: 'pending', move: 4, applied: [expect.anything()], steps: [expect.anything()] }),
    ]);

    // The second step, over BLUE's next move.
    clock.set(new Date('2027-02-09T10:00:00Z'));
    expect((await post(game, user(game, 'blue'), '/moves', { move: p2 })).status).toBe(200);
    moves = await movesOf(game);
    expect(moves.map((m) => m.color)).toEqual(['red', 'blue', 'red', 'blue', 'red']);
    expect(moves[4]).toMatchObject({ thinkingDays: 0, sentOn: '2027-02-09' });
    const mine = (await conditionals(game, user(game, 'red'))).body;
    expect(mine).toEqual([expect.objectContaining({ status: 'applied', steps: [], applied: [expect.anything(), expect.anything()] })]);
    expect(await mails(game, 'red', 'conditional-applied')).toHaveLength(2);
    const view = await request(http).get(`/api/games/${game.id}`).set('Authorization', user(game, 'blue').bearer);
    expect(view.body).toMatchObject({ turn: 6, status: 'playing' });
  });

  it('a move that does not match drops the chain and tells its owner why; nothing is played for RED', async () => {
    const game = ch.games[1];
    const [opening] = plan([], 1, 5);
    expect((await post(game, user(game, 'red'), '/moves', { move: opening })).status).toBe(200);
    expect((await post(game, user(game, 'red'), '/conditionals', { text: 'IF PAS THEN PAS' })).status).toBe(200);
    const [other] = plan([opening], 1, 40);
    expect((await post(game, user(game, 'blue'), '/moves', { move: other })).status).toBe(200);
    expect((await movesOf(game)).map((m) => m.color)).toEqual(['red', 'blue']);
    const [chain] = (await conditionals(game, user(game, 'red'))).body;
    expect(chain).toMatchObject({
      status: 'dropped',
      reason: { ro: expect.stringContaining('nu „PAS”'), en: expect.stringContaining('not "PAS"') },
    });
    const dropped = await mails(game, 'red', 'conditional-dropped');
    expect(dropped).toHaveLength(1);
    expect(dropped[0].payload).toMatchObject({ reason: { en: expect.stringContaining('the partner played') } });
    // The outbox listing shows that mail's words to its owner alone, never to the arbiter before the game ends.
    const outbox = (who: TestUser) => request(http).get(`/api/outbox?gameId=${game.id}`).set('Authorization', who.bearer);
    const droppedIn = (rows: { template: string; payload: object }[]) => rows.find((r) => r.template === 'conditional-dropped')!;
    expect(droppedIn((await outbox(ch.arbiter)).body).payload).toEqual({});
    expect(droppedIn((await outbox(user(game, 'red'))).body).payload).toMatchObject({ text: 'IF PAS THEN PAS' });
  });

  it('a contest drops the chains waiting in the game, and their owner is told why', async () => {
    const game = ch.games[4];
    const [opening] = plan([], 1, 21);
    expect((await post(game, user(game, 'red'), '/moves', { move: opening })).status).toBe(200);
    const [reply] = plan([opening], 1, 22);
    expect((await post(game, user(game, 'red'), '/conditionals', { text: `IF ${reply} THEN PAS` })).status).toBe(200);
    const [played] = await movesOf(game);
    const contest = await post(game, user(game, 'blue'), '/contests', { words: [played.words[0].word], reply });
    expect(contest.status).toBe(200);
    // BLUE's provisional reply is the chain's move, but a contested game waits for RED's answer: nothing is played for RED.
    expect((await movesOf(game)).map((m) => m.color)).toEqual(['red', 'blue']);
    expect((await conditionals(game, user(game, 'red'))).body).toEqual([
      expect.objectContaining({
        status: 'dropped',
        reason: { ro: 'o mutare a fost contestată', en: 'a move was contested', pl: 'ruch został zakwestionowany' },
      }),
    ]);
    expect(await mails(game, 'red', 'conditional-dropped')).toHaveLength(1);
  });

  it('a chain the rules refuse names its step; the owner to move is refused; nothing is stored', async () => {
    const game = ch.games[1];
    // RED to move now: a conditional answers the partner's move.
    const mine = await post(game, user(game, 'red'), '/conditionals', { text: 'IF PAS THEN PAS' });
    expect(mine.status).toBe(400);
    expect(mine.body.error).toMatchObject({ code: 'BAD_CONDITIONAL', messages: { en: expect.stringContaining('it is your move') } });
    const bad = await post(game, user(game, 'blue'), '/conditionals', { text: 'IF PAS THEN a1 ZZZZZZZ' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.messages).toMatchObject({
      en: expect.stringContaining('step 1, the reply "a1 ZZZZZZZ"'),
      ro: expect.stringContaining('pasul 1'),
    });
    expect((await conditionals(game, user(game, 'blue'))).body).toEqual([]);
  });

  it('is private: the partner sees none of it, a stranger nothing of the game, the arbiter every chain only after the game', async () => {
    const game = ch.games[0];
    const [p] = plan(await movesOf(game).then((ms) => ms.map((m) => m.notation)), 1, 70);
    expect((await post(game, user(game, 'red'), '/conditionals', { text: `IF ${p} THEN PAS` })).status).toBe(200);
    const partner = await conditionals(game, user(game, 'blue'));
    expect(partner.status).toBe(200);
    expect(partner.body).toEqual([]);
    const view = await request(http).get(`/api/games/${game.id}`).set('Authorization', user(game, 'blue').bearer);
    expect(JSON.stringify(view.body)).not.toContain('conditional');
    const stranger = ch.games.find(
      (g) => ![game.redPlayerId, game.bluePlayerId].some((id) => id === g.redPlayerId || id === g.bluePlayerId),
    )!;
    expect((await conditionals(game, user(stranger, 'red'))).status).toBe(404);
    const early = await conditionals(game, ch.arbiter);
    expect(early.status).toBe(409);
    expect(early.body.error.messages.en).toMatch(/private/);

    // The game ends (BLUE abandons): the pending chain is dropped, and the arbiter sees all.
    expect((await post(game, user(game, 'blue'), '/abandon', {})).status).toBe(200);
    const after = await conditionals(game, ch.arbiter);
    expect(after.status).toBe(200);
    expect(after.body.map((c: { status: string }) => c.status)).toEqual(['applied', 'dropped']);
    expect(after.body[1].reason.en).toBe('the game ended');
  });

  it('a player withdraws a pending chain; it is then no longer answered', async () => {
    const game = ch.games[2];
    const [opening] = plan([], 1, 8);
    expect((await post(game, user(game, 'red'), '/moves', { move: opening })).status).toBe(200);
    const stored = await post(game, user(game, 'red'), '/conditionals', { text: 'IF PAS THEN PAS' });
    const id = stored.body.conditional.id as string;
    expect(
      (await request(http).delete(`/api/games/${game.id}/conditionals/${id}`).set('Authorization', user(game, 'blue').bearer)).status,
    ).toBe(404);
    expect(
      (await request(http).delete(`/api/games/${game.id}/conditionals/${id}`).set('Authorization', user(game, 'red').bearer)).status,
    ).toBe(200);
    expect((await post(game, user(game, 'blue'), '/pass', {})).status).toBe(200);
    expect((await movesOf(game)).map((m) => m.color)).toEqual(['red', 'blue']);
    expect((await conditionals(game, user(game, 'red'))).body).toEqual([
      expect.objectContaining({
        status: 'dropped',
        reason: { ro: 'retrasă de dumneavoastră', en: 'withdrawn by you', pl: 'wycofany przez Ciebie' },
      }),
    ]);
  });

  it('a competition that switched them off refuses to store one, saying so in both languages', async () => {
    const off = await startChampionship(t.app, {
      players: 2,
      domain: 'cond-off.example.org',
      settings: { startDate: '2027-02-01', closingDate: '2027-06-30', conditionalsAllowed: false },
    });
    const game = off.games[0];
    const red = userOf(off, game, 'red');
    expect(
      (
        await request(http)
          .post(`/api/games/${game.id}/moves`)
          .set('Authorization', red.bearer)
          .send({ move: placementFor(off, [], 3) })
      ).status,
    ).toBe(200);
    const res = await request(http)
      .post(`/api/games/${game.id}/conditionals`)
      .set('Authorization', red.bearer)
      .send({ text: 'IF PAS THEN PAS' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'NOT_ALLOWED_NOW',
      messages: { ro: 'această competiție nu permite mutări condiționate', en: 'this competition does not allow conditional replies' },
    });
  });

  it('on the game page: RED stores one with the form, sees it listed, and withdraws it only once confirmed; BLUE sees none of it', async () => {
    const game = ch.games[3];
    const [opening] = plan([], 1, 9);
    expect((await post(game, user(game, 'red'), '/moves', { move: opening })).status).toBe(200);
    const red = await loginAgent(t, user(game, 'red').email);
    let page = (await red.get(`/games/${game.id}`).expect(200)).text;
    // The page speaks the player's language.
    const say = (ro: string, en: string) => (page.includes('<html lang="ro">') ? ro : en);
    expect(page).toContain(say('Mutări condiționate', 'Conditional replies'));
    expect(page).toContain('name="text"');
    const stored = await red
      .post(`/games/${game.id}/conditionals`)
      .type('form')
      .send({ _csrf: csrfOf(page), text: 'DACĂ PAS ATUNCI PAS', idempotencyKey: 'web-cond-1' });
    expect(stored.status).toBe(303);
    page = (await red.get(stored.headers.location).expect(200)).text;
    expect(page).toContain(say('Mutarea condiționată a fost păstrată', 'The conditional reply was stored'));
    expect(page).toContain('<code>DACĂ PAS ATUNCI PAS</code>');
    const [chain] = (await conditionals(game, user(game, 'red'))).body;

    // A bad chain is shown in words on the page (422), nothing stored.
    const bad = await red
      .post(`/games/${game.id}/conditionals`)
      .type('form')
      .send({ _csrf: csrfOf(page), text: 'DACĂ PAS' });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain(say('pasul 1: după mutarea partenerului urmează ATUNCI', 'step 1: THEN must follow the partner'));

    const blue = await loginAgent(t, user(game, 'blue').email);
    const bluePage = (await blue.get(`/games/${game.id}`).expect(200)).text;
    expect(bluePage).not.toContain('DACĂ PAS ATUNCI PAS');

    const action = `/games/${game.id}/conditionals/${chain.id}/withdraw`;
    expect(page).toContain(`action="${action}"`);
    const unconfirmed = await red
      .post(action)
      .type('form')
      .send({ _csrf: csrfOf(page) });
    expect(unconfirmed.status).toBe(422);
    expect((await conditionals(game, user(game, 'red'))).body[0].status).toBe('pending');
    const withdrawn = await red
      .post(action)
      .type('form')
      .send({ _csrf: csrfOf(page), confirm: 'yes' });
    expect(withdrawn.status).toBe(303);
    page = (await red.get(withdrawn.headers.location).expect(200)).text;
    expect(page).toContain(say('Nu aveți nicio mutare condiționată care să aștepte.', 'You have no conditional reply waiting.'));
  });
});
