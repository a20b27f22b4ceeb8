import { createHash } from 'node:crypto';
import request from 'supertest';
import type { App } from 'supertest/types';
import { AuditEntry } from '../../src/audit/audit.entity';
import { Competition } from '../../src/competitions/competition.entity';
import { DEFAULT_SETTINGS } from '../../src/competitions/core/competition-settings';
import { PlayerEmail } from '../../src/players/player-email.entity';
import { Player } from '../../src/players/player.entity';
import { Registration } from '../../src/competitions/registration.entity';
import { Sequence } from '../../src/competitions/sequence.entity';
import { Game } from '../../src/games/entities/game.entity';
import { User } from '../../src/auth/user.entity';
import { dealRandomSequence } from '../../src/competitions/core/sequence-dealing';
import { createUser, keyForPlayer, playersCsv, SETTINGS, TestUser } from '../support/competitions';
import { startTestApp, TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Every refusal of the API has this shape. */
function expectError(res: request.Response, status: number, code: string) {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.message.length).toBeGreaterThan(0);
}

describe(`competitions (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  let arbiter: TestUser;
  let otherArbiter: TestUser;
  let admin: TestUser;
  const count = (entity: Parameters<TestApp['database']['dataSource']['manager']['count']>[0], where: object = {}) =>
    t.database.run((m) => m.count(entity, { where }));

  beforeAll(async () => {
    t = await startTestApp();
    http = t.app.getHttpServer();
    arbiter = await createUser(t.app, { email: 'arbitru@frsc.ro', roles: ['arbiter'], name: 'Arbitrul' });
    otherArbiter = await createUser(t.app, { email: 'alt.arbitru@frsc.ro', roles: ['arbiter'] });
    admin = await createUser(t.app, { email: 'admin@frsc.ro', roles: ['admin'] });
  });

  afterAll(async () => {
    await t.close();
  });

  const post = (path: string, user: TestUser | null, body?: object | string, type?: string) => {
    let req = request(http).post(path);
    if (user) req = req.set('Authorization', user.bearer);
    if (type) req = req.set('Content-Type', type);
    return body === undefined ? req : req.send(body);
  };
  const get = (path: string, user: TestUser | null) => {
    const req = request(http).get(path);
    return user ? req.set('Authorization', user.bearer) : req;
  };
  const create = async (user: TestUser = arbiter, settings: object = {}) => {
    const res = await post('/api/competitions', user, { ...SETTINGS, ...settings });
    expect(res.status).toBe(201);
    return res.body as { id: string; sequenceSha256: string; sequences: Array<{ tiles?: string; sha256: string }> };
  };

  it('documents the competitions API in OpenAPI, behind a bearer key', async () => {
    const res = await request(http).get('/api/docs-json');
    expect(res.status).toBe(200);
    for (const path of [
      '/api/competitions',
      '/api/competitions/{id}',
      '/api/competitions/{id}/players',
      '/api/competitions/{id}/groups',
      '/api/competitions/{id}/start',
    ]) {
      expect(res.body.paths).toHaveProperty([path]);
    }
    expect(res.body.paths['/api/competitions/{id}/players'].post.requestBody.content).toHaveProperty(['text/csv']);
    expect(res.body.components.schemas).toHaveProperty(['CreateCompetitionDto']);
  });

  describe('creating a competition', () => {
    it('deals the sequence at once, publishes its SHA-256, keeps the tiles secret, and fills the default settings', async () => {
      const res = await post('/api/competitions', arbiter, SETTINGS);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: SETTINGS.name,
        shortName: 'CN 2027',
        status: 'draft',
        arbiterUserId: arbiter.id,
        // The rule book defaults (spelt out in competition-settings.spec.ts), stored and read back.
        settings: { ...DEFAULT_SETTINGS, startDate: '2027-02-01', closingDate: '2027-12-31', lexicon: null },
        groups: [],
        players: 0,
      });
      expect(res.body.sequenceSha256).toMatch(/^[0-9a-f]{64}$/);
      expect(res.body.sequences).toEqual([
        { series: '1', sha256: res.body.sequenceSha256, source: 'random', createdAt: expect.any(String), revealedAt: null },
      ]);
      // Stored: the tiles whose hash was published, dealt by the arbiter.
      const stored = await t.database.run((m) => m.findOneByOrFail(Sequence, { competitionId: res.body.id }));
      expect(sha256(stored.tiles)).toBe(res.body.sequenceSha256);
      expect(Array.from(stored.tiles)).toHaveLength(100);
      expect(stored.dealtByUserId).toBe(arbiter.id);
      expect(await count(AuditEntry, { competitionId: res.body.id, action: 'competition.created' })).toBe(1);
    });

    it('accepts a sequence typed by the arbiter when it is exactly the tile set’s 100 tiles', async () => {
      const tiles = dealRandomSequence('en');
      const spaced = Array.from(tiles).join(' ').toLowerCase();
      const body = await create(arbiter, { tileSet: 'en', series: [{ label: 'I', tiles: spaced }] });
      expect(body.sequences).toMatchObject([{ series: 'I', source: 'typed', sha256: sha256(tiles) }]);
      expect(body.sequences[0].tiles).toBeUndefined();
    });

    it('refuses a typed sequence with a letter too many and one too few, naming both, and creates nothing', async () => {
      const before = await count(Competition);
      const tiles = Array.from(dealRandomSequence('ro'));
      tiles[tiles.indexOf('Z')] = 'A'; // 12 A, 0 Z
      const res = await post('/api/competitions', arbiter, { ...SETTINGS, series: [{ label: '1', tiles: tiles.join('') }] });
      expectError(res, 400, 'BAD_SEQUENCE');
      expect(res.body.error.message).toContain('A: 12 instead of 11 (1 too many)');
      expect(res.body.error.message).toContain('Z: 0 instead of 1 (1 too few)');
      expect(res.body.error.messages.ro).toContain('A: 12 în loc de 11 (1 în plus)');
      expect(await count(Competition)).toBe(before);
    });

    it('refuses settings that make no sense, each named, in both languages', async () => {
      const res = await post('/api/competitions', arbiter, {
        ...SETTINGS,
        closingDate: '2027-01-31',
        timeZone: 'Europe/Atlantis',
        reminderDays: 30,
        escalationDays: 15,
      });
      expectError(res, 400, 'BAD_INPUT');
      expect(res.body.error.details.problems.map((p: { field: string }) => p.field).sort()).toEqual([
        'closingDate',
        'escalationDays',
        'timeZone',
      ]);
      expect(res.body.error.messages.ro).toContain('data de închidere trebuie să fie după data de început');
    });

    it('refuses a malformed request before the service (DTO): unknown tile set, bad date, unknown field', async () => {
      expectError(await post('/api/competitions', arbiter, { ...SETTINGS, tileSet: 'de' }), 400, 'BAD_INPUT');
      expectError(await post('/api/competitions', arbiter, { ...SETTINGS, startDate: '1 Feb 2027' }), 400, 'BAD_INPUT');
      expectError(await post('/api/competitions', arbiter, { ...SETTINGS, colour: 'red' }), 400, 'BAD_INPUT');
    });

    it('refuses a player, and an arbiter naming someone else as arbiter; an admin may', async () => {
      const { id } = await create();
      await post(`/api/competitions/${id}/players`, arbiter, playersCsv(2, { domain: 'creators.example' }), 'text/csv').expect(201);
      const player = await keyForPlayer(t.app, 'player1@creators.example');
      expectError(await post('/api/competitions', player, SETTINGS), 403, 'FORBIDDEN');
      expectError(await post('/api/competitions', arbiter, { ...SETTINGS, arbiterUserId: otherArbiter.id }), 403, 'FORBIDDEN');
      const byAdmin = await post('/api/competitions', admin, { ...SETTINGS, arbiterUserId: otherArbiter.id });
      expect(byAdmin.status).toBe(201);
      expect(byAdmin.body.arbiterUserId).toBe(otherArbiter.id);
    });
  });

  describe('importing players from CSV', () => {
    it('imports every line (text/csv), addresses lower-cased, a login identity per player, in list order', async () => {
      const { id } = await create();
      const csv = [
        'name,email,club,language,previous_coefficient,previous_rank',
        'Ion Popescu,Ion.Popescu@Example.ORG,CS Arad,ro,"1,5219",3',
        'Jane Doe,jane@example.org | jane.doe@work.example,,en,,',
        'Maria Ionescu,maria@example.org,CSM Iași,RO,1.1,1',
      ].join('\r\n');
      const res = await post(`/api/competitions/${id}/players`, arbiter, csv, 'text/csv');
      expect(res.status).toBe(201);
      expect(res.body).toEqual([
        expect.objectContaining({
          name: 'Ion Popescu',
          club: 'CS Arad',
          language: 'ro',
          previousCoefficient: 1.5219,
          previousRank: 3,
          listPosition: 1,
          group: null,
          emails: ['ion.popescu@example.org'],
        }),
        expect.objectContaining({
          name: 'Jane Doe',
          club: null,
          language: 'en',
          previousCoefficient: null,
          previousRank: null,
          listPosition: 2,
          emails: ['jane.doe@work.example', 'jane@example.org'],
        }),
        expect.objectContaining({
          name: 'Maria Ionescu',
          club: 'CSM Iași',
          language: 'ro',
          previousCoefficient: 1.1,
          previousRank: 1,
          listPosition: 3,
        }),
      ]);
      const players = await t.database.run((m) => m.findBy(Player, { name: 'Ion Popescu' }));
      expect(players[0].previousCoefficient).toBe(15219);
      const user = await t.database.run((m) => m.findOneByOrFail(User, { playerId: players[0].id }));
      expect(user.roles).toEqual(['player']);
      expect(await count(AuditEntry, { competitionId: id, action: 'competition.players_imported' })).toBe(1);
    });

    it('accepts the JSON form {csv} and appends to the list', async () => {
      const { id } = await create();
      await post(`/api/competitions/${id}/players`, arbiter, { csv: playersCsv(2, { domain: 'json-a.example' }) }).expect(201);
      const res = await post(`/api/competitions/${id}/players`, arbiter, { csv: playersCsv(1, { domain: 'json-b.example' }) });
      expect(res.status).toBe(201);
      expect(res.body.map((p: { listPosition: number }) => p.listPosition)).toEqual([1, 2, 3]);
      expectError(await post(`/api/competitions/${id}/players`, arbiter, { text: 'x' }), 400, 'BAD_INPUT');
    });

    describe('refuses the whole file and imports nothing', () => {
      let id: string;
      let players: number;
      let registrations: number;
      beforeAll(async () => {
        ({ id } = await create());
        await post(`/api/competitions/${id}/players`, arbiter, playersCsv(2, { domain: 'already.example' }), 'text/csv').expect(201);
      });
      beforeEach(async () => {
        players = await count(Player);
        registrations = await count(Registration);
      });
      afterEach(async () => {
        expect(await count(Player)).toBe(players);
        expect(await count(Registration)).toBe(registrations);
      });

      it('on a bad line, reporting its line number (and every other bad line)', async () => {
        const csv = [
          'name,email,club,language',
          'Good One,good1@refused.example,C,ro',
          'Bad Address,not-an-address,C,ro',
          '',
          'Bad Language,bad2@refused.example,C,fr',
        ].join('\n');
        const res = await post(`/api/competitions/${id}/players`, arbiter, csv, 'text/csv');
        expectError(res, 400, 'BAD_CSV');
        expect(res.body.error.details.problems.map((p: { line: number; column: string }) => [p.line, p.column])).toEqual([
          [3, 'email'],
          [5, 'language'],
        ]);
        expect(res.body.error.message).toContain('line 3: "not-an-address" is not an e-mail address');
        expect(res.body.error.messages.ro).toContain('linia 5');
      });

      it('on a missing column, naming it', async () => {
        const res = await post(`/api/competitions/${id}/players`, arbiter, 'name,email,language\nA,a@refused.example,ro\n', 'text/csv');
        expectError(res, 400, 'MISSING_COLUMN');
        expect(res.body.error.message).toContain('"club"');
      });

      it('on a file with no header or no player', async () => {
        expectError(await post(`/api/competitions/${id}/players`, arbiter, { csv: '' }), 400, 'EMPTY_CSV');
        expectError(await post(`/api/competitions/${id}/players`, arbiter, { csv: 'name,email,club,language\n' }), 400, 'EMPTY_CSV');
      });

      it('on an address twice in the file, with both lines', async () => {
        const csv = 'name,email,club,language\nA,dup@refused.example,,ro\nB,other@refused.example,,ro\nC,DUP@refused.example,,ro\n';
        const res = await post(`/api/competitions/${id}/players`, arbiter, csv, 'text/csv');
        expectError(res, 400, 'BAD_CSV');
        expect(res.body.error.message).toContain('line 4: the address dup@refused.example is already on line 2');
      });

      it('on a player already registered in the competition', async () => {
        const csv = 'name,email,club,language\nNew,new@refused.example,,ro\nAgain,player2@already.example,,ro\n';
        const res = await post(`/api/competitions/${id}/players`, arbiter, csv, 'text/csv');
        expectError(res, 400, 'BAD_CSV');
        expect(res.body.error.details.problems).toEqual([expect.objectContaining({ line: 3 })]);
        expect(res.body.error.message).toContain('already registered');
      });
    });

    it('never registers one new address twice when two imports race (into two competitions): one wins, the other reuses it or is told 409', async () => {
      const [a, b] = [await create(), await create()];
      const csv = playersCsv(3, { domain: 'race-import.example' });
      const answers = await Promise.all([a, b].map((c) => post(`/api/competitions/${c.id}/players`, arbiter, csv, 'text/csv')));
      const statuses = answers.map((r) => r.status).sort();
      // PostgreSQL may interleave them (the unique index decides: 201 + 409); PGlite serialises them (201 + 201).
      expect([
        [201, 201],
        [201, 409],
      ]).toContainEqual(statuses);
      for (const r of answers.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('CONCURRENT_CHANGE');
      if (TEST_DB === 'pglite') expect(statuses).toEqual([201, 201]);
      expect(await count(PlayerEmail, { address: 'player1@race-import.example' })).toBe(1);
      expect(await count(Player, { name: 'Player 1' })).toBeGreaterThan(0);
    });

    it('reuses a player known from another competition by their address, updating their details', async () => {
      const first = await create();
      await post(
        `/api/competitions/${first.id}/players`,
        arbiter,
        'name,email,club,language\nOld Name,known@reuse.example,Old Club,ro\n',
        'text/csv',
      ).expect(201);
      const second = await create();
      const res = await post(
        `/api/competitions/${second.id}/players`,
        arbiter,
        'name,email,club,language,previous_rank\nNew Name,KNOWN@reuse.example,New Club,en,2\n',
        'text/csv',
      );
      expect(res.status).toBe(201);
      expect(await count(Player, { name: 'New Name' })).toBe(1);
      expect(await count(Player, { name: 'Old Name' })).toBe(0);
      expect(await count(PlayerEmail, { address: 'known@reuse.example' })).toBe(1);
    });
  });

  describe('groups', () => {
    it('splits by previous rank into blocks, or serpentine, seats numbered from 1; refuses sizes that do not fit', async () => {
      const { id } = await create();
      // Listed in reverse rank order: rank order must win.
      const csv = [
        'name,email,club,language,previous_rank',
        ...[7, 6, 5, 4, 3, 2, 1].map((r) => `R${r},r${r}@groups.example,,ro,${r}`),
      ].join('\n');
      await post(`/api/competitions/${id}/players`, arbiter, csv, 'text/csv').expect(201);
      const blocks = await post(`/api/competitions/${id}/groups`, arbiter, { count: 2 });
      expect(blocks.status).toBe(200);
      const names = (body: { groups: Array<{ name: string; players: Array<{ seat: number; name: string }> }> }) =>
        body.groups.map((g) => [g.name, g.players.map((p) => `${p.seat}:${p.name}`)]);
      expect(names(blocks.body)).toEqual([
        ['A', ['1:R1', '2:R2', '3:R3', '4:R4']],
        ['B', ['1:R5', '2:R6', '3:R7']],
      ]);
      const serpentine = await post(`/api/competitions/${id}/groups`, arbiter, { count: 2, distribution: 'serpentine' });
      expect(names(serpentine.body)).toEqual([
        // 7 in two groups: A takes 4; the sweep A B B A A B then finds B full.
        ['A', ['1:R1', '2:R4', '3:R5', '4:R7']],
        ['B', ['1:R2', '2:R3', '3:R6']],
      ]);
      const listed = await post(`/api/competitions/${id}/groups`, arbiter, {
        lists: [
          { name: 'Elite', players: ['r7@groups.example', 'R1@groups.example', 'r2@groups.example'] },
          { players: ['r3@groups.example', 'r4@groups.example', 'r5@groups.example', 'r6@groups.example'] },
        ],
      });
      expect(names(listed.body)).toEqual([
        ['Elite', ['1:R7', '2:R1', '3:R2']],
        ['B', ['1:R3', '2:R4', '3:R5', '4:R6']],
      ]);
      const wrong = await post(`/api/competitions/${id}/groups`, arbiter, { sizes: [4, 4] });
      expectError(wrong, 400, 'BAD_INPUT');
      expect(wrong.body.error.message).toContain('add up to 8, but there are 7 players');
      expectError(await post(`/api/competitions/${id}/groups`, arbiter, { lists: [{ players: ['r1@groups.example'] }] }), 400, 'BAD_INPUT');
      expectError(await post(`/api/competitions/${id}/groups`, arbiter, { count: 2, sizes: [4, 3] }), 400, 'BAD_INPUT');
      // The refused attempts changed nothing.
      expect(names((await get(`/api/competitions/${id}`, arbiter)).body)).toEqual(names(listed.body));
    });
  });

  describe('permissions', () => {
    let id: string;
    let player: TestUser;
    beforeAll(async () => {
      ({ id } = await create());
      await post(`/api/competitions/${id}/players`, arbiter, playersCsv(4, { domain: 'perm.example' }), 'text/csv').expect(201);
      await post(`/api/competitions/${id}/groups`, arbiter, { count: 1 }).expect(200);
      player = await keyForPlayer(t.app, 'player1@perm.example');
    });

    it('refuses the arbiter of another competition as for an unknown one (404), whatever they try', async () => {
      expectError(
        await post(`/api/competitions/${id}/players`, otherArbiter, playersCsv(2, { domain: 'x.example' }), 'text/csv'),
        404,
        'NOT_FOUND',
      );
      expectError(await post(`/api/competitions/${id}/groups`, otherArbiter, { count: 1 }), 404, 'NOT_FOUND');
      expectError(await post(`/api/competitions/${id}/start`, otherArbiter), 404, 'NOT_FOUND');
    });

    it('refuses a player who wants to start the competition (403)', async () => {
      expectError(await post(`/api/competitions/${id}/start`, player), 403, 'FORBIDDEN');
      expect((await get(`/api/competitions/${id}`, player)).body.status).toBe('draft');
    });

    it('shows players the list but their own address only', async () => {
      const res = await get(`/api/competitions/${id}/players`, player);
      expect(res.status).toBe(200);
      expect(res.body.filter((p: { emails?: string[] }) => p.emails).map((p: { name: string }) => p.name)).toEqual(['Player 1']);
    });

    it('refuses a request without a key, with a malformed one, or with an unknown one (401)', async () => {
      expectError(await get(`/api/competitions/${id}`, null), 401, 'UNAUTHENTICATED');
      expectError(await request(http).get(`/api/competitions/${id}`).set('Authorization', 'Basic abc'), 401, 'UNAUTHENTICATED');
      expectError(await request(http).get(`/api/competitions/${id}`).set('Authorization', 'Bearer csk_nope'), 401, 'UNAUTHENTICATED');
    });

    it('answers 404 for a competition that does not exist (any id)', async () => {
      expectError(await get('/api/competitions/00000000-0000-4000-8000-000000000000', arbiter), 404, 'NOT_FOUND');
      expectError(await get('/api/competitions/not-a-uuid', arbiter), 404, 'NOT_FOUND');
      expectError(await post('/api/competitions/not-a-uuid/start', arbiter), 404, 'NOT_FOUND');
    });

    it('lets an admin run any competition (start is theirs too)', async () => {
      const res = await post(`/api/competitions/${id}/start`, admin);
      expect(res.status).toBe(200);
      expect(res.body.games).toBe(6);
    });
  });

  describe('starting', () => {
    it('hides the tiles until the start, then reveals exactly the tiles whose hash was published, and starts every game the same day', async () => {
      const created = await create();
      const { id, sequenceSha256 } = created;
      await post(`/api/competitions/${id}/players`, arbiter, playersCsv(6, { domain: 'start.example' }), 'text/csv').expect(201);
      await post(`/api/competitions/${id}/groups`, arbiter, { count: 1 }).expect(200);
      const player = await keyForPlayer(t.app, 'player3@start.example');

      for (const who of [arbiter, player, admin]) {
        const before = await get(`/api/competitions/${id}`, who);
        expect(before.body.sequences[0]).not.toHaveProperty('tiles');
        expect(JSON.stringify(before.body)).not.toMatch(/"tiles"/);
      }

      const res = await post(`/api/competitions/${id}/start`, arbiter);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ startDate: '2027-02-01', games: 15, competition: { status: 'started' } });

      const after = await get(`/api/competitions/${id}`, player);
      const { tiles, sha256: published, revealedAt } = after.body.sequences[0];
      expect(sha256(tiles)).toBe(sequenceSha256);
      expect(published).toBe(sequenceSha256);
      expect(revealedAt).toBe(t.clock.now().toISOString());

      // 6 players: 15 games, every pair once, each player RED in 2 or 3 of their 5 games.
      const games = await t.database.run((m) => m.findBy(Game, { competitionId: id }));
      expect(games).toHaveLength(15);
      const pairs = new Set(games.map((g) => [g.redPlayerId, g.bluePlayerId].sort().join('|')));
      expect(pairs.size).toBe(15);
      const reds = new Map<string, number>();
      for (const g of games) reds.set(g.redPlayerId, (reds.get(g.redPlayerId) ?? 0) + 1);
      const registered = await t.database.run((m) => m.findBy(Registration, { competitionId: id }));
      for (const r of registered) expect([2, 3]).toContain(reds.get(r.playerId) ?? 0);
      const sequence = await t.database.run((m) => m.findOneByOrFail(Sequence, { competitionId: id }));
      expect(new Set(games.map((g) => g.sequenceId))).toEqual(new Set([sequence.id]));

      expect(await count(AuditEntry, { competitionId: id, action: 'competition.started' })).toBe(1);
    });

    it('refuses a second start and any change after the start (409), changing nothing', async () => {
      const { id } = await create();
      await post(`/api/competitions/${id}/players`, arbiter, playersCsv(3, { domain: 'twice.example' }), 'text/csv').expect(201);
      await post(`/api/competitions/${id}/groups`, arbiter, { count: 1 }).expect(200);
      await post(`/api/competitions/${id}/start`, arbiter).expect(200);
      const games = await count(Game, { competitionId: id });
      expect(games).toBe(3);
      expectError(await post(`/api/competitions/${id}/start`, arbiter), 409, 'COMPETITION_STARTED');
      expectError(
        await post(`/api/competitions/${id}/players`, arbiter, playersCsv(1, { domain: 'late.example' }), 'text/csv'),
        409,
        'COMPETITION_STARTED',
      );
      expectError(await post(`/api/competitions/${id}/groups`, arbiter, { count: 1 }), 409, 'COMPETITION_STARTED');
      expect(await count(Game, { competitionId: id })).toBe(games);
    });

    it('starts once when the arbiter sends start five times at once: one wins, the others get 409, no game twice', async () => {
      const { id } = await create();
      await post(`/api/competitions/${id}/players`, arbiter, playersCsv(4, { domain: 'race.example' }), 'text/csv').expect(201);
      await post(`/api/competitions/${id}/groups`, arbiter, { count: 1 }).expect(200);
      // PostgreSQL: separate pool connections, ordered by the competition row lock. PGlite: serialised by design.
      const answers = await Promise.all(Array.from({ length: 5 }, () => post(`/api/competitions/${id}/start`, arbiter)));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
      for (const r of answers.filter((a) => a.status === 409)) expect(r.body.error.code).toBe('COMPETITION_STARTED');
      expect(await count(Game, { competitionId: id })).toBe(6);
      expect(await count(AuditEntry, { competitionId: id, action: 'competition.started' })).toBe(1);
    });

    it('refuses to start without groups, or with a player left out of them (409)', async () => {
      const { id } = await create();
      await post(`/api/competitions/${id}/players`, arbiter, playersCsv(2, { domain: 'nogroup.example' }), 'text/csv').expect(201);
      expectError(await post(`/api/competitions/${id}/start`, arbiter), 409, 'NO_GROUPS');
      await post(`/api/competitions/${id}/groups`, arbiter, { count: 1 }).expect(200);
      await post(`/api/competitions/${id}/players`, arbiter, playersCsv(1, { domain: 'latecomer.example' }), 'text/csv').expect(201);
      const res = await post(`/api/competitions/${id}/start`, arbiter);
      expectError(res, 409, 'PLAYERS_WITHOUT_GROUP');
      expect(res.body.error.message).toContain('Player 1');
      expect(await count(Game, { competitionId: id })).toBe(0);
      expect((await get(`/api/competitions/${id}`, arbiter)).body.sequences[0].revealedAt).toBeNull();
    });

    it('begins every game today when the arbiter starts after the start date', async () => {
      const { id } = await create(arbiter, { startDate: '2027-01-01' });
      await post(`/api/competitions/${id}/players`, arbiter, playersCsv(5, { domain: 'late-start.example' }), 'text/csv').expect(201);
      await post(`/api/competitions/${id}/groups`, arbiter, { count: 1 }).expect(200);
      const res = await post(`/api/competitions/${id}/start`, arbiter);
      expect(res.status).toBe(200);
      // The clock says 2027-01-10 09:00Z, i.e. 11:00 in Bucharest.
      expect(res.body).toMatchObject({ startDate: '2027-01-10', games: 10, competition: { settings: { startDate: '2027-01-10' } } });
    });

    it('plays each series on its own sequence', async () => {
      const { id } = await create(arbiter, { series: [{ label: '1' }, { label: '2' }] });
      await post(`/api/competitions/${id}/players`, arbiter, playersCsv(6, { domain: 'series.example' }), 'text/csv').expect(201);
      await post(`/api/competitions/${id}/groups`, arbiter, { count: 2, series: ['1', '2'] }).expect(200);
      await post(`/api/competitions/${id}/start`, arbiter).expect(200);
      const sequences = await t.database.run((m) => m.find(Sequence, { where: { competitionId: id }, order: { series: 'ASC' } }));
      const games = await t.database.run((m) => m.find(Game, { where: { competitionId: id }, relations: { group: true } }));
      expect(games).toHaveLength(6);
      for (const g of games) expect(g.sequenceId).toBe(sequences[g.group!.series === '1' ? 0 : 1].id);
    });
  });
});
