import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { App } from 'supertest/types';
import { Case } from '../../src/arbiter/case.entity';
import { Penalty } from '../../src/arbiter/penalty.entity';
import { Ruling } from '../../src/arbiter/ruling.entity';
import { User } from '../../src/auth/user.entity';
import { ManualClock } from '../../src/common/clock';
import { applyMove, type Color } from '../../src/engine';
import { GameCheckService } from '../../src/games/reads/game-check.service';
import type { Game } from '../../src/games/entities/game.entity';
import { modelState, placementFor, startChampionship, userOf, type Championship } from '../support/games';
import type { TestUser } from '../support/competitions';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';

/**
 * The JSON API under /api and the arbiter's actions through it: each refusal
 * keeps its code with the right status, a player reaches only their own games, an arbiter
 * only their competition's, and every ruling needs its reason.
 */
describe(`the games API (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  let ch: Championship;
  let next = 0;
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ clock });
    http = t.app.getHttpServer();
    ch = await startChampionship(t.app, { players: 6, domain: 'api.example.org' });
  });

  afterAll(async () => {
    await t.close();
  });

  const freshGame = () => ch.games[next++];
  const user = (game: Game, color: Color) => userOf(ch, game, color);
  const post = (path: string, who: TestUser | null, body: object = {}) => {
    const req = request(http).post(path);
    return (who ? req.set('Authorization', who.bearer) : req).send(body);
  };
  const get = (path: string, who: TestUser | null) => {
    const req = request(http).get(path);
    return who ? req.set('Authorization', who.bearer) : req;
  };
  const expectError = (res: request.Response, status: number, code: string) => {
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
    expect(res.body.error.message.length).toBeGreaterThan(0);
  };
  /** Plays legal moves through the API; returns the notations. */
  async function play(game: Game, count: number, moves: string[] = [], seed = 1) {
    for (let i = 0; i < count; i++) {
      const move = placementFor(ch, moves, seed + moves.length);
      const res = await post(`/api/games/${game.id}/moves`, user(game, modelState(ch, moves).toMove), { move });
      expect(res.status).toBe(200);
      moves.push(move);
    }
    return moves;
  }

  it('is documented by OpenAPI', async () => {
    const paths = Object.keys((await request(http).get('/api/docs-json')).body.paths);
    for (const path of [
      '/api/games/{id}',
      '/api/games/{id}/moves',
      '/api/games/{id}/contests/{disputeId}/appeal',
      '/api/games/{id}/rulings',
      '/api/competitions/{id}/standings.csv',
      '/api/outbox',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('shows a game to its players and its arbiter only', async () => {
    const game = freshGame();
    const res = await get(`/api/games/${game.id}`, user(game, 'blue'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: game.id,
      toMove: 'red',
      lines: [{ id: 'main', movesPlayed: 0 }],
      clocks: { red: { used: 0, left: 50 } },
    });
    expect((await get(`/api/games/${game.id}`, ch.arbiter)).status).toBe(200);
    const stranger = [...ch.users.values()].find((u) => u.actor.playerId !== game.redPlayerId && u.actor.playerId !== game.bluePlayerId)!;
    expectError(await get(`/api/games/${game.id}`, stranger), 404, 'UNKNOWN_GAME');
    expectError(await get(`/api/games/${randomUUID()}`, stranger), 404, 'UNKNOWN_GAME');
    expectError(await get(`/api/games/${game.id}`, null), 401, 'UNAUTHENTICATED');
  });

  it('previews a move before it is sent, with each word against the list, and writes nothing', async () => {
    const game = freshGame();
    const move = placementFor(ch, [], 5);
    const step = applyMove(modelState(ch, []), move);
    if (!step.ok) throw new Error(step.code);
    const before = (await get(`/api/games/${game.id}`, user(game, 'red'))).body;
    const ok = await get(`/api/games/${game.id}/preview?move=${encodeURIComponent(move)}`, user(game, 'red'));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, notation: step.record.notation, score: step.record.score, recorded: step.record.recorded });
    // This championship names no word list: nothing is checked, and the answer says so.
    expect(ok.body.wordCheck).toEqual({ list: false, words: [] });
    const refused = await get(`/api/games/${game.id}/preview?move=${encodeURIComponent('a1 ZZZ')}`, user(game, 'red'));
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ ok: false, code: 'TILES_NOT_IN_RACK' });
    expect(refused.body.messages.ro.length * refused.body.messages.en.length).toBeGreaterThan(0);
    expectError(await get(`/api/games/${game.id}/preview`, user(game, 'red')), 400, 'BAD_INPUT');
    const stranger = [...ch.users.values()].find((u) => u.actor.playerId !== game.redPlayerId && u.actor.playerId !== game.bluePlayerId)!;
    expectError(await get(`/api/games/${game.id}/preview?move=${encodeURIComponent(move)}`, stranger), 404, 'UNKNOWN_GAME');
    expectError(await get(`/api/games/${game.id}/preview?move=PAS`, null), 401, 'UNAUTHENTICATED');
    expect((await get(`/api/games/${game.id}`, user(game, 'red'))).body).toEqual(before);
  });

  it('plays by notation or by tiles, and refuses with the rules core code and the right status', async () => {
    const game = freshGame();
    const first = placementFor(ch, [], 3);
    const step = applyMove(modelState(ch, []), first);
    if (!step.ok) throw new Error(step.code);
    const tiles = step.record.tiles;
    const played = await post(`/api/games/${game.id}/moves`, user(game, 'red'), { tiles, idempotencyKey: 'form-1' });
    expect(played.status).toBe(200);
    expect(played.body).toMatchObject({ turn: 2, moves: [{ number: 1, source: 'api' }] });
    expect((await post(`/api/games/${game.id}/moves`, user(game, 'red'), { tiles, idempotencyKey: 'form-1' })).body).toEqual(played.body);
    expectError(await post(`/api/games/${game.id}/moves`, user(game, 'red'), { move: 'PAS' }), 409, 'NOT_YOUR_TURN');
    expectError(await post(`/api/games/${game.id}/moves`, user(game, 'blue'), { move: 'a1 ZZZ' }), 400, 'TILES_NOT_IN_RACK');
    expectError(await post(`/api/games/${game.id}/moves`, user(game, 'blue'), { move: 'PAS', tiles }), 400, 'BAD_INPUT');
    expectError(await post(`/api/games/${game.id}/moves`, user(game, 'blue'), { move: 'PAS', colour: 'red' }), 400, 'BAD_INPUT');
    expect((await post(`/api/games/${game.id}/pass`, user(game, 'blue'), { expectedTurn: 2 })).body).toMatchObject({ turn: 3 });
    expectError(await post(`/api/games/${game.id}/pass`, user(game, 'blue'), { expectedTurn: 2 }), 409, 'ALREADY_PLAYED');
  });

  it('gives the game sheet and GCG as text', async () => {
    const game = freshGame();
    await play(game, 3, [], 5);
    const sheet = await get(`/api/games/${game.id}/sheet?language=ro`, user(game, 'red'));
    expect(sheet.status).toBe(200);
    expect(sheet.headers['content-type']).toMatch(/^text\/plain/);
    expect(sheet.text).toContain('FIȘA DE CONCURS');
    expect(sheet.text).toContain(ch.names.get(game.redPlayerId)!);
    const gcg = await get(`/api/games/${game.id}/gcg`, ch.arbiter);
    expect(gcg.text).toMatch(/^#character-encoding UTF-8\n#player1 /);
    expect(gcg.text.split('\n').filter((l) => l.startsWith('>'))).toHaveLength(3);
  });

  it('lists a player only their own outbox rows', async () => {
    const game = ch.games[0];
    const res = await get('/api/outbox', user(game, 'red'));
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(new Set(res.body.map((r: { playerId: string }) => r.playerId))).toEqual(new Set([game.redPlayerId]));
    const arbiterView = await get(`/api/outbox?gameId=${game.id}`, ch.arbiter);
    expect(new Set(arbiterView.body.map((r: { playerId: string }) => r.playerId))).toEqual(new Set([game.redPlayerId, game.bluePlayerId]));
    expectError(await get('/api/outbox?status=lost', ch.arbiter), 400, 'BAD_INPUT');
  });

  describe('the arbiter', () => {
    it('records a move received by post with its real dates', async () => {
      const game = freshGame();
      clock.set('2027-02-10T09:00:00Z');
      const move = placementFor(ch, [], 9);
      expectError(
        await post(`/api/games/${game.id}/arbiter-moves`, user(game, 'red'), { move, sentOn: '2027-02-05', reason: 'post' }),
        403,
        'FORBIDDEN',
      );
      expectError(
        await post(`/api/games/${game.id}/arbiter-moves`, ch.arbiter, { move, sentOn: '2027-02-11', reason: 'post' }),
        400,
        'BAD_INPUT',
      );
      const res = await post(`/api/games/${game.id}/arbiter-moves`, ch.arbiter, { move, sentOn: '2027-02-05', reason: 'received by post' });
      expect(res.status).toBe(200);
      expect(res.body.moves[0]).toMatchObject({
        color: 'red',
        arrivedOn: '2027-02-01',
        sentOn: '2027-02-05',
        thinkingDays: 3,
        source: 'arbiter',
      });
    });

    it('imports a game in progress from its JSON game record', async () => {
      const game = freshGame();
      const moves: string[] = [];
      for (let i = 0; i < 4; i++) moves.push(placementFor(ch, moves, 40 + i));
      const record = {
        tileSet: 'ro',
        sequence: ch.sequence,
        start: '2027-02-01',
        moves: moves.map((move, i) => ({ move, date: `2027-02-0${2 + 2 * i}` })),
      };
      expectError(
        await post(`/api/games/${game.id}/import`, ch.arbiter, { record: { ...record, sequence: 'AB' }, reason: 'paper' }),
        400,
        'BAD_INPUT',
      );
      expectError(
        await post(`/api/games/${game.id}/import`, ch.arbiter, { record: { ...record, moves: [{ move: 'a1 QQ' }] }, reason: 'paper' }),
        400,
        'TILES_NOT_IN_RACK',
      );
      const res = await post(`/api/games/${game.id}/import`, ch.arbiter, { record, reason: 'started on paper' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ turn: 5, status: 'playing' });
      expect(res.body.moves.map((m: { sentOn: string; thinkingDays: number }) => [m.sentOn, m.thinkingDays])).toEqual([
        ['2027-02-02', 0],
        ['2027-02-04', 1],
        ['2027-02-06', 1],
        ['2027-02-08', 1],
      ]);
      expectError(await post(`/api/games/${game.id}/import`, ch.arbiter, { record, reason: 'again' }), 409, 'NOT_ALLOWED_NOW');
    });

    it('upholds a time claim: moves after the time ran out are void and the game is lost on time', async () => {
      const game = freshGame();
      clock.set('2027-02-01T09:00:00Z');
      const moves = await play(game, 1, [], 60);
      // BLUE is silent 55 days: over the 50 (docs/rules.md §5); RED may claim.
      clock.set('2027-03-28T09:00:00Z');
      const late = placementFor(ch, moves, 61);
      expect((await post(`/api/games/${game.id}/moves`, user(game, 'blue'), { move: late })).status).toBe(200);
      expectError(await post(`/api/games/${game.id}/claims`, user(game, 'blue'), {}), 409, 'NOT_ALLOWED_NOW');
      const claim = await post(`/api/games/${game.id}/claims`, user(game, 'red'), {});
      expect(claim.status).toBe(200);
      expect(await t.database.run((m) => m.countBy(Case, { gameId: game.id, kind: 'claim', status: 'open' }))).toBe(1);
      expectError(await post(`/api/games/${game.id}/rulings`, ch.arbiter, { kind: 'claim', reason: 'late' }), 400, 'BAD_INPUT');
      // docs/rules.md §5: BLUE still has 5 days to answer; upholding now needs the explicit override.
      expectError(
        await post(`/api/games/${game.id}/rulings`, ch.arbiter, { kind: 'claim', upheld: true, reason: '55 days used' }),
        409,
        'CLAIM_WINDOW_OPEN',
      );
      const ruled = await post(`/api/games/${game.id}/rulings`, ch.arbiter, {
        kind: 'claim',
        upheld: true,
        earlyOverride: true,
        reason: '55 days used',
      });
      expect(ruled.body).toMatchObject({ status: 'ended' });
      const view = (await get(`/api/games/${game.id}`, ch.arbiter)).body;
      expect(view).toMatchObject({ endReason: 'timeout', outcome: { type: 'timeout', by: 'blue' } });
      expect(view.moves.find((m: { number: number }) => m.number === 2)).toMatchObject({ annulled: true });
      expect(view.result).toMatchObject({ scores: modelState(ch, moves).totals, outcome: { type: 'timeout', by: 'blue', fullTours: 0 } });
      expect(await t.database.run((m) => m.countBy(Ruling, { gameId: game.id, kind: 'claim' }))).toBe(1);
    });

    it('annuls a move and what followed; play resumes before it', async () => {
      const game = freshGame();
      clock.set('2027-04-01T09:00:00Z');
      const moves = await play(game, 4, [], 70);
      const res = await post(`/api/games/${game.id}/rulings`, ch.arbiter, {
        kind: 'move-annulment',
        number: 3,
        reason: 'tiles not in the rack on the paper sheet',
      });
      expect(res.status).toBe(200);
      const view = (await get(`/api/games/${game.id}`, ch.arbiter)).body;
      expect(view.lines).toEqual([
        expect.objectContaining({ movesPlayed: 2, toMove: 'red', totals: modelState(ch, moves.slice(0, 2)).totals }),
      ]);
      expect(view.moves.filter((m: { annulled: boolean }) => m.annulled).map((m: { number: number }) => m.number)).toEqual([3, 4]);
      expect(view.toMove).toBe('red');
      await play(game, 1, moves.slice(0, 2), 80);
    });

    it('corrects a score, charges days and deducts a coefficient penalty, each with its reason', async () => {
      const game = freshGame();
      await play(game, 2, [], 90);
      // docs/rules.md §5: days are charged to a running clock; once the game is over the ruling no longer applies.
      expect(
        (
          await post(`/api/games/${game.id}/rulings`, ch.arbiter, {
            kind: 'thinking-days',
            player: 'blue',
            days: 10,
            reason: 'letter refused',
          })
        ).status,
      ).toBe(200);
      expectError(
        await post(`/api/games/${game.id}/abandon`, user(game, 'red'), { idempotencyKey: 'ab' }).then(() =>
          post(`/api/games/${game.id}/abandon`, user(game, 'blue')),
        ),
        409,
        'GAME_OVER',
      );
      const before = (await get(`/api/games/${game.id}`, ch.arbiter)).body.result;
      const corrected = await post(`/api/games/${game.id}/rulings`, ch.arbiter, {
        kind: 'score-correction',
        player: 'red',
        points: 5,
        reason: 'arithmetic',
      });
      expect(corrected.status).toBe(200);
      const after = (await get(`/api/games/${game.id}`, ch.arbiter)).body.result;
      expect(after.scores).toEqual({ red: before.scores.red + 5, blue: before.scores.blue });
      expectError(
        await post(`/api/games/${game.id}/rulings`, ch.arbiter, {
          kind: 'thinking-days',
          player: 'blue',
          days: 10,
          reason: 'letter refused',
        }),
        409,
        'RULING_NOT_APPLICABLE',
      );
      expect((await get(`/api/games/${game.id}`, ch.arbiter)).body.clocks.blue.used).toBe(10);
      expectError(
        await post(`/api/games/${game.id}/rulings`, ch.arbiter, {
          kind: 'coefficient-penalty',
          player: 'red',
          coefficient: 1.5,
          reason: 'x',
        }),
        400,
        'BAD_INPUT',
      );
      expect(
        (
          await post(`/api/games/${game.id}/rulings`, ch.arbiter, {
            kind: 'coefficient-penalty',
            player: 'blue',
            coefficient: 0.2,
            reason: 'misinformed the arbiter',
          })
        ).status,
      ).toBe(200);
      expect(await t.database.run((m) => m.findBy(Penalty, { gameId: game.id }))).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'score', amount: 5 }),
          expect.objectContaining({ kind: 'thinking-days', amount: 10 }),
          expect.objectContaining({ kind: 'coefficient', amount: 2000 }),
        ]),
      );
      expect((await post(`/api/games/${game.id}/result/homologate`, ch.arbiter, { reason: 'ok', override: true })).body.status).toBe(
        'homologated',
      );
      const standings = (await get(`/api/competitions/${ch.competitionId}/standings`, user(game, 'red'))).body;
      const blue = standings.groups[0].rows.find((r: { playerId: string }) => r.playerId === game.bluePlayerId);
      expect(blue.total).toBeCloseTo(after.coefficients.blue - 0.2, 4);
      const csv = await get(`/api/competitions/${ch.competitionId}/standings.csv`, ch.arbiter);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      // A Romanian competition's file is Romanian by default (docs/web.md, "Spreadsheets").
      expect(csv.text.replace(/^\uFEFF/, '').split('\n')[0]).toBe(
        'Grupa;Loc;Nume;Jucate;Coeficient total;Media;Cel mai bun;Diferență de puncte',
      );
      expectError(await get(`/api/competitions/${randomUUID()}/standings`, ch.arbiter), 404, 'UNKNOWN_COMPETITION');
    });

    it('never rules on a game the arbiter plays in, admins included', async () => {
      const game = freshGame();
      const other = ch.games.find((g) => g.redPlayerId !== game.redPlayerId && g.bluePlayerId !== game.redPlayerId)!;
      const player = user(game, 'red');
      await t.database.run((m) => m.update(User, { id: player.id }, { roles: ['player', 'admin'] }));
      expectError(await post(`/api/games/${game.id}/rulings`, player, { kind: 'warning', player: 'blue', reason: 'x' }), 403, 'FORBIDDEN');
      expect(await t.database.run((m) => m.countBy(Ruling, { gameId: game.id }))).toBe(0);
      expect((await post(`/api/games/${other.id}/rulings`, player, { kind: 'warning', player: 'blue', reason: 'rude mail' })).status).toBe(
        200,
      );
    });
  });

  describe('afterwards', () => {
    it('leaves the games consistent', async () => {
      expect((await t.app.get(GameCheckService).check()).problems).toEqual([]);
    });
  });
});
