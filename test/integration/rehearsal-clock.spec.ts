import request from 'supertest';
import type { App } from 'supertest/types';
import type { INestApplication } from '@nestjs/common';
import { createApp } from '../../src/app.factory';
import { Case } from '../../src/arbiter/case.entity';
import { RehearsalClock } from '../../src/common/clock';
import { Clock } from '../../src/common/clock';
import { SETTINGS, type Settings } from '../../src/config/settings';
import { Claim } from '../../src/games/entities/claim.entity';
import { Holiday } from '../../src/games/entities/holiday.entity';
import { Move } from '../../src/games/entities/move.entity';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { addDays, localDate } from '../../src/common/calendar';
import { UptimeSpan } from '../../src/thinking-time/uptime-span.entity';
import { createUser, keyForPlayer, playersCsv, type TestUser } from '../support/competitions';
import { openTestDatabase, testSettings } from '../support/test-app';
import { TEST_DB, type TestDatabase } from '../support/test-database';
import type { OpenedDatabase } from '../../src/database/open-database';

const TZ = 'Europe/Bucharest';

/**
 * The rehearsal clock: REHEARSAL_CLOCK=on, the clock starts at the real now and
 * only an admin moves it forward through the API; a whole (short) season through the API
 * alone — start, silence and reminders, a holiday, a claim, the closing date, homologation.
 */
describe(`the rehearsal clock (${TEST_DB})`, () => {
  let app: INestApplication;
  let http: App;
  let opened: OpenedDatabase;
  let testDb: TestDatabase;
  let admin: TestUser;

  beforeAll(async () => {
    ({ opened, testDb } = await openTestDatabase());
    const settings = { ...testSettings({ REHEARSAL_CLOCK: 'on', SMTP_URL: 'smtp://mail.example.org:587' }), database: testDb.settings };
    app = await createApp({ settings, database: opened });
    await app.init();
    http = app.getHttpServer();
    admin = await createUser(app, { email: 'admin@rehearsal.example.org', roles: ['admin', 'arbiter'], name: 'Administratorul' });
  });

  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  const db = () => opened.database;
  const post = (path: string, who: TestUser, body: object = {}) => request(http).post(path).set('Authorization', who.bearer).send(body);
  const get = (path: string, who: TestUser) => request(http).get(path).set('Authorization', who.bearer);
  const advance = async (to: string) => {
    const res = await post('/api/rehearsal/clock', admin, { to });
    expect(res.status).toBe(200);
    return res.body as { now: string; today: string; sweeps: number; stages: Record<string, number>; resultsSettled: number };
  };
  const mails = (template: string) => db().run((m) => m.find(OutboundMail, { where: { template } }));

  it('is the injected clock, starts at the real now, and SMTP is never used', () => {
    const clock = app.get(Clock);
    expect(clock).toBeInstanceOf(RehearsalClock);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(60_000);
    expect(app.get(Clock)).toBe(clock);
  });

  it('a whole season through the API', async () => {
    const realToday = localDate(new Date(), TZ);
    const start = addDays(realToday, 2);
    const closing = addDays(start, 80);
    const read = await get('/api/rehearsal/clock', admin);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ rehearsal: true, today: realToday });

    // The arbiter sets up a competition of four; thinking days short, so a claim comes in the season.
    const created = await post('/api/competitions', admin, {
      name: 'Repetiția de iarnă',
      shortName: 'REP',
      startDate: start,
      closingDate: closing,
      thinkingDays: 20,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(
      (
        await request(http)
          .post(`/api/competitions/${id}/players`)
          .set('Authorization', admin.bearer)
          .type('text/csv')
          .send(playersCsv(4, { domain: 'rehearsal.example.org' }))
      ).status,
    ).toBe(201);
    expect((await post(`/api/competitions/${id}/groups`, admin, { count: 1 })).status).toBe(200);
    expect((await post(`/api/competitions/${id}/start`, admin)).status).toBe(200);
    const players = await Promise.all([1, 2, 3, 4].map((i) => keyForPlayer(app, `player${i}@rehearsal.example.org`)));
    const byPlayer = new Map(players.map((p) => [p.actor.playerId!, p]));

    // Refused: going back, and anyone but an admin.
    const back = await post('/api/rehearsal/clock', admin, { to: '2020-01-01T00:00:00Z' });
    expect({ status: back.status, code: back.body.error.code }).toEqual({ status: 409, code: 'REHEARSAL_BACKWARDS' });
    expect(back.body.error.messages.ro).toContain('nu merge înapoi');
    const notAdmin = await post('/api/rehearsal/clock', players[0], { to: `${start}T12:00:00Z` });
    expect({ status: notAdmin.status, code: notAdmin.body.error.code }).toEqual({ status: 403, code: 'FORBIDDEN' });

    // The first day: RED moves in one game, stamped with the rehearsal's day.
    expect((await advance(`${start}T10:00:00Z`)).today).toBe(start);
    expect((await get(`/api/competitions/${id}`, admin)).body.status).toBe('started');
    const rows: { id: string; red: string; blue: string }[] = await db().run((m) =>
      m.query(`SELECT id, red_player_id AS red, blue_player_id AS blue FROM game WHERE competition_id = $1 ORDER BY id`, [id]),
    );
    const [played, silent, drawn] = rows;
    const gameIds = rows.map((g) => g.id);
    const pass = await post(`/api/games/${played.id}/pass`, byPlayer.get(played.red)!, {});
    expect(pass.status).toBe(200);
    const [move] = await db().run((m) => m.find(Move, { where: { gameId: played.id } }));
    expect(localDate(move.receivedAt, TZ)).toBe(start);

    // A draw agreed on the first day: its result waits for the arbiter.
    const offer = await post(`/api/games/${drawn.id}/offers`, byPlayer.get(drawn.red)!, { kind: 'draw' });
    expect((await post(`/api/games/${drawn.id}/offers/${offer.body.offer.id}/accept`, byPlayer.get(drawn.blue)!)).status).toBe(200);

    // A holiday declared on day 3 by the silent game's BLUE, stamped with that day.
    await advance(`${addDays(start, 2)}T09:00:00Z`);
    const holiday = await post(`/api/games/${silent.id}/holidays`, byPlayer.get(silent.blue)!, {
      from: addDays(start, 5),
      to: addDays(start, 9),
    });
    expect({ status: holiday.status, body: holiday.status === 200 ? null : holiday.body }).toEqual({ status: 200, body: null });
    const [kept] = await db().run((m) => m.find(Holiday, { where: { playerId: silent.blue } }));
    expect(kept.declaredOn).toBe(addDays(start, 2));

    // Silence: 16 days on, the reminders of the first-move rule went out, once per silent game.
    const reminders = await advance(`${addDays(start, 16)}T09:00:00Z`);
    expect(reminders.sweeps).toBeGreaterThanOrEqual(14);
    // Day by day, in order: the holiday's start and end to the partner, then every silent game's reminder.
    // (Which games the holiday touches depends on the pairing: in each of them it starts and ends.)
    expect(reminders.stages['holiday-start']).toBeGreaterThanOrEqual(1);
    expect(reminders.stages['holiday-end']).toBe(reminders.stages['holiday-start']);
    expect((reminders.stages.reminder ?? 0) + (reminders.stages['first-move-reminder'] ?? 0)).toBeGreaterThanOrEqual(gameIds.length - 3);

    // Past 20 thinking days RED of the silent game is over time: BLUE claims, stamped that day.
    const over = await advance(`${addDays(start, 22)}T09:00:00Z`);
    expect(over.stages['time-exceeded']).toBeGreaterThanOrEqual(1);
    const claimed = await post(`/api/games/${silent.id}/claims`, byPlayer.get(silent.blue)!, {});
    expect(claimed.status).toBe(200);
    const [claim] = await db().run((m) => m.find(Claim, { where: { gameId: silent.id } }));
    expect(localDate(claim.createdAt, TZ)).toBe(addDays(start, 22));

    // The closing date, then its report window: every unfinished game is asked, then cased.
    const closed = await advance(`${addDays(closing, 7)}T09:00:00Z`);
    expect(closed.stages['closing-date']).toBeGreaterThanOrEqual(1);
    expect((await mails('closing-date')).length).toBeGreaterThanOrEqual(2);
    const cases = await db().run((m) => m.find(Case, { where: { competitionId: id } }));
    expect(cases.map((c) => c.kind)).toEqual(expect.arrayContaining(['silence', 'closing']));

    // Homologation, after the players' days to confirm or object have passed.
    const homologated = await post(`/api/games/${drawn.id}/result/homologate`, admin, { reason: 'remiză convenită' });
    expect(homologated.status).toBe(200);
    expect(homologated.body).toMatchObject({ status: 'homologated' });

    // The jumps were no downtime: one uptime span, no credit case.
    expect(cases.filter((c) => c.kind === 'downtime-credit')).toEqual([]);
    expect(await db().run((m) => m.count(UptimeSpan))).toBeLessThanOrEqual(1);
    // Mail goes to the outbox (files), never to the SMTP server named in the environment.
    expect(app.get<Settings>(SETTINGS).smtpUrl).toBeUndefined();
    expect(app.get(Clock).now().getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000);
  });
});
