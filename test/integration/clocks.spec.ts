import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { App } from 'supertest/types';
import { AuditEntry } from '../../src/audit/audit.entity';
import { ManualClock } from '../../src/common/clock';
import type { Color } from '../../src/engine';
import type { Game } from '../../src/games/entities/game.entity';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { renderMailContent } from '../../src/mail/outbox/mail-content';
import { OutboxComposer } from '../../src/mail/outbox/outbox-composer.service';
import { parseToken } from '../../src/notifications/reply-token';
import { clocksOn } from '../../src/games/model/game-clocks';
import { GameCheckService } from '../../src/games/reads/game-check.service';
import { GameRepository } from '../../src/games/persistence/game.repository';
import { GameSession } from '../../src/games/model/game-session';
import { MovesService } from '../../src/games/actions/moves.service';
import { Move } from '../../src/games/entities/move.entity';
import { StateDeclaration } from '../../src/thinking-time/state-declaration.entity';
import type { TestUser } from '../support/competitions';
import { placementFor, startChampionship, userOf, type Championship } from '../support/games';
import { instantAt } from '../support/sweep';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';

const TZ = 'Europe/Bucharest';

/**
 * Live clocks in the API (docs/sweep.md) and the arbiter's controls on time:
 * GET /api/games/:id/clocks counts in the competition's time zone; granted days, the
 * 10-day charge for refused mail and special leave are day adjustments the clocks show at
 * once, each audited; the closing-date declaration is taken only in its window.
 */
describe(`clocks and time controls over the API (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  let ch: Championship;
  let next = 0;
  const clock = new ManualClock('2027-01-25T09:00:00Z');
  const at = (day: string, time: string) => clock.set(instantAt(day as never, time, TZ));

  beforeAll(async () => {
    t = await startTestApp({ clock });
    http = t.app.getHttpServer();
    ch = await startChampionship(t.app, {
      players: 4,
      domain: 'clocks.example.org',
      settings: { startDate: '2027-02-01', closingDate: '2027-03-31' },
    });
  });

  afterAll(async () => {
    await t.close();
  });

  const freshGame = () => ch.games[next++];
  const user = (game: Game, color: Color) => userOf(ch, game, color);
  const stranger = (game: Game) =>
    [...ch.users.values()].find((u) => u.actor.playerId !== game.redPlayerId && u.actor.playerId !== game.bluePlayerId)!;
  const post = (path: string, who: TestUser, body: object) => request(http).post(path).set('Authorization', who.bearer).send(body);
  const clocksOf = (game: Game, who: TestUser) => request(http).get(`/api/games/${game.id}/clocks`).set('Authorization', who.bearer);
  const expectError = (res: request.Response, status: number, code: string) =>
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });

  /** RED's first move, sent on 02.02 at 10:00. */
  async function redMoves(game: Game): Promise<void> {
    at('2027-02-02', '10:00');
    const res = await post(`/api/games/${game.id}/moves`, user(game, 'red'), { move: placementFor(ch, [], 7) });
    expect(res.status).toBe(200);
  }

  it("shows both clocks, the move awaited and the deadlines, on the competition's calendar day", async () => {
    const game = freshGame();
    await redMoves(game);
    // 23:30 in Bucharest on 10.02: still the 10th there. BLUE has used 03.02–09.02.
    at('2027-02-10', '23:30');
    const res = await clocksOf(game, user(game, 'blue'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      gameId: game.id,
      status: 'playing',
      day: '2027-02-10',
      timeZone: TZ,
      limit: 50,
      clocks: { red: { used: 0, left: 50, exceeded: false }, blue: { used: 7, left: 43, exceeded: false, onHoliday: false } },
      awaiting: { move: 2, player: 'blue', since: '2027-02-02', silentDays: 7 },
      // Reminder when a reply would cost 15 days (sent + 16), escalation at 30 (sent + 31); holiday
      // rights end one month before the closing date; the report window is the 5 days after it.
      deadlines: {
        reminder: '2027-02-18',
        escalation: '2027-03-05',
        closing: '2027-03-31',
        lastHolidayDay: '2027-02-27',
        reportBy: '2027-04-05',
      },
    });
    // An hour later it is the 11th in Bucharest (22:30 UTC).
    at('2027-02-11', '00:30');
    expect((await clocksOf(game, user(game, 'red'))).body).toMatchObject({ day: '2027-02-11', clocks: { blue: { used: 8 } } });
    expect((await clocksOf(game, ch.arbiter)).status).toBe(200);
  });

  it('shows the clocks to the two players and the arbiter only', async () => {
    const game = ch.games[0];
    expectError(await clocksOf(game, stranger(game)), 404, 'UNKNOWN_GAME');
    expectError(await request(http).get(`/api/games/${game.id}/clocks`), 401, 'UNAUTHENTICATED');
    expectError(await clocksOf({ ...game, id: randomUUID() }, ch.arbiter), 404, 'UNKNOWN_GAME');
  });

  it('credits granted days and charges the 10 days of refused mail at once, each a ruling on record', async () => {
    const game = freshGame();
    await redMoves(game);
    at('2027-02-12', '10:00');
    // BLUE: 03.02–11.02 = 9 days.
    expect((await clocksOf(game, ch.arbiter)).body.clocks.blue.used).toBe(9);
    expect(
      (
        await post(`/api/games/${game.id}/time-credits`, ch.arbiter, {
          player: 'blue',
          days: 3,
          reason: 'the mail provider lost two days of mail',
        })
      ).status,
    ).toBe(200);
    expect((await clocksOf(game, ch.arbiter)).body.clocks.blue).toMatchObject({ used: 6, left: 44 });
    expect(
      (await post(`/api/games/${game.id}/refused-mail-penalties`, ch.arbiter, { player: 'blue', reason: 'mailbox full, mail refused' }))
        .status,
    ).toBe(200);
    expect((await clocksOf(game, ch.arbiter)).body.clocks.blue).toMatchObject({ used: 16, left: 34 });

    const audit = await t.database.run((m) => m.find(AuditEntry, { where: { gameId: game.id, action: 'ruling.thinking-days' } }));
    expect(audit.map((a) => [a.actorRole, a.details.days])).toEqual([
      ['arbiter', -3],
      ['arbiter', 10],
    ]);
    // Nobody else rules; a ruling needs a reason and a whole number of days.
    expectError(
      await post(`/api/games/${game.id}/time-credits`, user(game, 'red'), { player: 'blue', days: 3, reason: 'mine' }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await post(`/api/games/${game.id}/time-credits`, ch.arbiter, { player: 'blue', days: 0, reason: 'none' }),
      400,
      'BAD_INPUT',
    );
    expectError(await post(`/api/games/${game.id}/time-credits`, ch.arbiter, { player: 'blue', days: 2 }), 400, 'BAD_INPUT');
    expectError(await post(`/api/games/${game.id}/refused-mail-penalties`, ch.arbiter, { player: 'green', reason: 'x' }), 400, 'BAD_INPUT');
  });

  it('takes approved special leave off the clock and out of the silence, in all the player’s games, telling their partners', async () => {
    const game = freshGame();
    await redMoves(game);
    at('2027-02-05', '10:00');
    const blue = user(game, 'blue').actor.playerId!;
    const res = await post(`/api/competitions/${ch.competitionId}/special-leave`, ch.arbiter, {
      playerId: blue,
      from: '2027-02-12',
      to: '2027-02-16',
      reason: 'in hospital',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ playerId: blue, from: '2027-02-12', to: '2027-02-16' });
    const theirGames = ch.games.filter((g) => g.redPlayerId === blue || g.bluePlayerId === blue);
    expect([...res.body.games].sort()).toEqual(theirGames.map((g) => g.id).sort());

    at('2027-02-20', '10:00');
    const clocks = (await clocksOf(game, user(game, 'red'))).body;
    // 03.02–19.02 is 17 days, 5 of them on leave; the reminder moves 5 days later (18.02 → 23.02).
    expect(clocks).toMatchObject({ clocks: { blue: { used: 12 } }, awaiting: { silentDays: 12 }, deadlines: { reminder: '2027-02-23' } });

    const told = await t.database.run((m) => m.find(OutboundMail, { where: { template: 'special-leave' } }));
    expect(told.map((r) => r.playerId).sort()).toEqual(
      [blue, ...theirGames.map((g) => (g.redPlayerId === blue ? g.bluePlayerId : g.redPlayerId))].sort(),
    );
    // Each mail is its template's model: the player's own outside any game, the partners' in each game's thread; the reason stays with the arbiter.
    for (const row of told) {
      const mail = renderMailContent(row.template, row.language, row.payload);
      expect(mail.html).toContain('16');
      expect(JSON.stringify(row.payload)).not.toContain('hospital');
      expect(row.payload).toMatchObject(
        row.gameId ? { game: { competition: expect.any(String) }, gameId: row.gameId } : { days: 5, from: '2027-02-12', to: '2027-02-16' },
      );
    }
    // One fact of the competition (mail/core/competition-facts.ts) names every row; each mail is built from it, the same
    // as the row written before events with its stored model; a partner's in the game's thread, its reply token at the game's turn.
    expect(new Set(told.map((r) => r.eventId))).toEqual(new Set([told[0].eventId]));
    expect(told[0].eventId).not.toBeNull();
    const composer = t.app.get(OutboxComposer);
    for (const row of told) {
      expect(await t.database.run(() => composer.eventModel(row))).toMatchObject({ days: expect.any(Number) });
      const built = await t.database.run(() => composer.content(row));
      expect(await t.database.run(() => composer.content({ ...row, eventId: null }))).toEqual(built);
      expect(parseToken(row.messageId)?.turn).toBe(row.gameId ? row.payload.turn : undefined);
    }

    // The games service counts the same clocks (clocksOn): the leave is not BLUE's thinking
    // time there either, nor in the days stored with BLUE's move, and `check` agrees.
    await t.database.run(async () => {
      const s = await GameSession.open(t.app.get(GameRepository), game.id, { lock: false, now: clock.now() });
      expect((await clocksOn(s)).clocks.blue).toMatchObject({ used: 12 });
    });
    await t.app.get(MovesService).pass(user(game, 'blue').actor, game.id);
    const moves = await t.database.run((m) => m.find(Move, { where: { gameId: game.id }, order: { number: 'ASC' } }));
    expect(moves.map((mv) => [mv.color, mv.thinkingDays])).toEqual([
      ['red', 0],
      ['blue', 12],
    ]);
    const checked = await t.app.get(GameCheckService).check();
    expect(checked.problems.filter((p) => p.gameId === game.id)).toEqual([]);
    // A stored count that differs from the one derived from the move's days is reported.
    await t.database.run((m) => m.update(Move, { id: moves[1].id }, { thinkingDays: 17 }));
    const tampered = await t.app.get(GameCheckService).check();
    expect(tampered.problems.filter((p) => p.gameId === game.id).map((p) => p.problem)).toEqual([
      `line ${moves[1].lineId} move 2: 17 thinking days stored, 12 derived from arrival 2027-02-02 and sending 2027-02-20`,
    ]);
    await t.database.run((m) => m.update(Move, { id: moves[1].id }, { thinkingDays: 12 }));
    // Leave approved afterwards for days already past (05–06.02) takes them off the move already sent too.
    const late = await post(`/api/competitions/${ch.competitionId}/special-leave`, ch.arbiter, {
      playerId: blue,
      from: '2027-02-05',
      to: '2027-02-06',
      reason: 'told late',
    });
    expect(late.status).toBe(200);
    const recounted = await t.database.run((m) => m.findOneByOrFail(Move, { id: moves[1].id }));
    expect(recounted.thinkingDays).toBe(10);
    expect((await clocksOf(game, user(game, 'red'))).body).toMatchObject({ clocks: { blue: { used: 10 } } });
    expect((await t.app.get(GameCheckService).check()).problems).toEqual([]);
    expect(await t.database.run((m) => m.countBy(AuditEntry, { action: 'leave.approved' }))).toBe(2);

    expectError(
      await post(`/api/competitions/${ch.competitionId}/special-leave`, ch.arbiter, {
        playerId: blue,
        from: '2027-03-25',
        to: '2027-04-10',
        reason: 'x',
      }),
      400,
      'LEAVE_OUTSIDE_COMPETITION',
    );
    expectError(
      await post(`/api/competitions/${ch.competitionId}/special-leave`, ch.arbiter, {
        playerId: blue,
        from: '2027-03-10',
        to: '2027-03-01',
        reason: 'x',
      }),
      400,
      'BAD_INPUT',
    );
    expectError(
      await post(`/api/competitions/${ch.competitionId}/special-leave`, ch.arbiter, {
        playerId: randomUUID(),
        from: '2027-03-01',
        to: '2027-03-02',
        reason: 'x',
      }),
      404,
      'UNKNOWN_PLAYER',
    );
    expectError(
      await post(`/api/competitions/${ch.competitionId}/special-leave`, user(game, 'red'), {
        playerId: blue,
        from: '2027-03-01',
        to: '2027-03-02',
        reason: 'x',
      }),
      403,
      'FORBIDDEN',
    );
  });

  it("takes a player's declaration of an unfinished game's state from the closing date through the report window", async () => {
    const game = ch.games[0];
    const declare = (who: TestUser, text: string) => post(`/api/games/${game.id}/state-declaration`, who, { text });
    at('2027-03-30', '12:00');
    expectError(await declare(user(game, 'red'), 'RED leads'), 409, 'DECLARATION_NOT_YET');
    at('2027-03-31', '12:00');
    const first = await declare(user(game, 'red'), 'RED leads 120–98');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ gameId: game.id, color: 'red', text: 'RED leads 120–98', declaredOn: '2027-03-31', replaced: false });
    at('2027-04-05', '23:50');
    expect((await declare(user(game, 'red'), 'RED leads 120–98, BLUE to move')).body).toMatchObject({
      replaced: true,
      declaredOn: '2027-04-05',
    });
    expectError(await declare(stranger(game), 'not mine'), 404, 'UNKNOWN_GAME');
    expectError(await declare(user(game, 'blue'), ' '), 400, 'BAD_INPUT');
    at('2027-04-06', '00:10');
    expectError(await declare(user(game, 'blue'), 'too late'), 409, 'DECLARATION_TOO_LATE');

    const rows = await t.database.run((m) => m.find(StateDeclaration, { where: { gameId: game.id } }));
    expect(rows.map((r) => [r.color, r.text, r.declaredOn])).toEqual([['red', 'RED leads 120–98, BLUE to move', '2027-04-05']]);
    const told = await t.database.run((m) => m.find(OutboundMail, { where: { gameId: game.id, template: 'state-declared' } }));
    expect(told.map((r) => r.playerId)).toEqual([game.bluePlayerId, game.bluePlayerId]);
  });
});
