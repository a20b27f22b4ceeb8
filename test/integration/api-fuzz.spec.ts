// Random JSON and random garbage posted to every API route — with an arbiter's
// key, an admin's and none — never gets a 5xx or a stack trace. The routes are read from
// the application's own router, so a new route is fuzzed without touching this file.
// A failure prints fast-check's seed and path; FUZZ_SEED=<seed> replays it.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import request from 'supertest';
import type { App } from 'supertest/types';
import { ManualClock } from '../../src/common/clock';
import { createUser, type TestUser } from '../support/competitions';
import { startChampionship, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';

interface Route {
  readonly method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  readonly path: string;
}

/** Every route under /api, from Express's router (Nest registers each controller method there). */
function apiRoutes(t: TestApp): Route[] {
  const router = (
    t.app.getHttpAdapter().getInstance() as { router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> } }
  ).router;
  const routes = router.stack.flatMap((layer) =>
    layer.route && layer.route.path.startsWith('/api/')
      ? Object.keys(layer.route.methods).map((method) => ({ method: method as Route['method'], path: layer.route!.path }))
      : [],
  );
  return [...new Map(routes.map((r) => [`${r.method} ${r.path}`, r])).values()];
}

/** The field names of the API's DTOs: random values under real names reach past the first check. */
const FIELDS = [
  'move',
  'tiles',
  'lines',
  'line',
  'expectedTurn',
  'idempotencyKey',
  'kind',
  'reason',
  'valid',
  'upheld',
  'player',
  'points',
  'number',
  'days',
  'coefficient',
  'outcome',
  'type',
  'by',
  'sentOn',
  'arrivedOn',
  'record',
  'exclusion',
  'text',
  'from',
  'to',
  'words',
  'reply',
  'replacement',
  'playerId',
  'confirm',
  'csv',
  'count',
  'sizes',
  'lists',
  'order',
  'distribution',
  'series',
  'name',
  'shortName',
  'tileSet',
  'handicap',
  'zeroTurnsToEnd',
  'endRackRule',
  'thinkingDays',
  'holidayLongDays',
  'holidayShortDays',
  'reminderDays',
  'escalationDays',
  'timeZone',
  'startDate',
  'closingDate',
  'lexicon',
  'autoHomologate',
  'arbiterUserId',
  'arbiterEmail',
  'label',
  'players',
  'row',
  'col',
  'letter',
  'blank',
  'email',
  'emails',
  'address',
  'language',
  'club',
];

const KINDS = [
  'word',
  'claim',
  'score-correction',
  'move-annulment',
  'thinking-days',
  'coefficient-penalty',
  'warning',
  'outcome',
  'abandon',
  'timeout',
  'no-show',
  'interrupted',
  'draw-agreement',
  'unfinished',
  'interruption',
  'rank',
  'list',
  'blocks',
  'serpentine',
  'ro',
  'en',
  'pl',
  'transfer',
  'double',
  'Europe/Bucharest',
  'Mars/Olympus',
];

describe(`every API route under random input (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  let ch: Championship;
  let admin: TestUser;
  const clock = new ManualClock('2027-02-01T09:00:00Z');
  const seed = Number(process.env.FUZZ_SEED ?? 20_270_212);

  beforeAll(async () => {
    t = await startTestApp({ clock });
    http = t.app.getHttpServer();
    ch = await startChampionship(t.app, { players: 4, domain: 'fuzz.example' });
    admin = await createUser(t.app, { email: 'admin@fuzz.example', roles: ['admin'], name: 'Admin' });
  });

  afterAll(async () => {
    await t.close();
  });

  const value = (): fc.Arbitrary<unknown> =>
    fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.integer(),
      fc.constantFrom(-2147483649, 2147483648, 1e12, -1e12, 1e308, -0, 0.5, Number.MAX_SAFE_INTEGER + 2),
      fc.constantFrom(
        '',
        ' ',
        'PAS',
        'h8 CASA',
        '2027-02-30',
        '2027-13-01',
        '9999-12-31',
        'red',
        'blue',
        'A',
        'B',
        'draw',
        '\u0000',
        'a'.repeat(5000),
      ),
      fc.constantFrom(randomUUID(), 'not-a-uuid'),
      // The enums' own words, so a random body gets past `kind` into the service.
      fc.constantFrom(...KINDS),
    );

  /** A body as a client might send one: DTO-shaped, any JSON, or bytes that are not JSON at all. */
  const body = (): fc.Arbitrary<{ type: string; data: string | Buffer }> =>
    fc.oneof(
      fc
        .dictionary(fc.constantFrom(...FIELDS), value(), { maxKeys: 6 })
        .map((o) => ({ type: 'application/json', data: JSON.stringify(o) })),
      fc.jsonValue({ maxDepth: 4 }).map((v) => ({ type: 'application/json', data: JSON.stringify(v) ?? 'null' })),
      fc.string({ maxLength: 200 }).map((s) => ({ type: 'application/json', data: s })),
      fc.string({ maxLength: 200 }).map((s) => ({ type: 'text/csv', data: s })),
      fc.string({ maxLength: 200 }).map((s) => ({ type: 'application/x-www-form-urlencoded', data: s })),
      fc.uint8Array({ maxLength: 200 }).map((b) => ({ type: 'application/octet-stream', data: Buffer.from(b) })),
    );

  /** A value for a path parameter: a real id of the right kind most of the time, junk otherwise. */
  const param = (name: string, path: string): fc.Arbitrary<string> => {
    const real = name === 'id' ? (path.startsWith('/api/games/') ? ch.games.map((g) => g.id) : [ch.competitionId]) : [...ch.users.keys()];
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...real) },
      fc.constantFrom(randomUUID(), '0', '..%2f..', 'x'.repeat(300)),
      fc.string({ minLength: 1, maxLength: 40 }),
    );
  };

  const who = () => fc.constantFrom<[string, TestUser | null]>(['arbiter', ch.arbiter], ['admin', admin], ['nobody', null]);

  async function send(
    route: Route,
    params: Record<string, string>,
    actor: TestUser | null,
    payload: { type: string; data: string | Buffer },
    query: Record<string, string>,
  ) {
    const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));
    let req = request(http)[route.method](path).query(query);
    if (actor) req = req.set('Authorization', actor.bearer);
    if (route.method !== 'get') req = req.set('Content-Type', payload.type).send(payload.data);
    const res = await req;
    if (res.status >= 500 || /\bat .+\.(js|ts):\d+|node_modules/.test(res.text ?? '')) {
      throw new Error(
        `${route.method.toUpperCase()} ${path} (${payload.type}: ${String(payload.data).slice(0, 300)}) → ${res.status} ${String(res.text).slice(0, 500)}`,
      );
    }
    return res;
  }

  it('finds the API’s routes in the router', () => {
    const routes = apiRoutes(t).map((r) => `${r.method} ${r.path}`);
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toEqual(
      expect.arrayContaining(['get /api/games/:id', 'post /api/games/:id/rulings', 'post /api/competitions', 'get /api/outbox']),
    );
  });

  it('answers every route, with every key and without, below 500 — each route at least once', async () => {
    for (const route of apiRoutes(t)) {
      for (const actor of [ch.arbiter, admin, null]) {
        const params = { id: route.path.startsWith('/api/games/') ? ch.games[1].id : ch.competitionId };
        await send(route, params, actor, { type: 'application/json', data: '{}' }, {});
        await send(route, params, actor, { type: 'application/json', data: '{"a":' }, {});
      }
      if (route.method !== 'get') {
        const huge = await send(
          route,
          { id: ch.competitionId },
          ch.arbiter,
          { type: 'application/json', data: JSON.stringify({ reason: 'x'.repeat(3 * 1024 * 1024) }) },
          {},
        );
        expect([route.path, huge.status]).toEqual([route.path, 413]);
      }
    }
  });

  it('answers random input below 500', async () => {
    const routes = apiRoutes(t);
    const sample = fc.constantFrom(...routes).chain((route) =>
      fc.record({
        route: fc.constant(route),
        params: fc.record(Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, param(name, route.path)]))),
        actor: who(),
        payload: body(),
        query: fc.dictionary(fc.constantFrom('line', 'gameId', 'status', 'outbox', 'format', 'language'), fc.string({ maxLength: 30 }), {
          maxKeys: 2,
        }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(sample, async ({ route, params, actor: [, actor], payload, query }) => {
        await send(route, params as Record<string, string>, actor, payload, query);
      }),
      { seed, numRuns: Number(process.env.FUZZ_RUNS ?? 300), endOnFailure: true },
    );
  });
});
