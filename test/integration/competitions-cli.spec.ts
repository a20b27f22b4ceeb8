import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAppDatabase } from '../../src/app-database';
import { Competition } from '../../src/competitions/competition.entity';
import { Player } from '../../src/players/player.entity';
import { playersCsv } from '../support/competitions';
import { createTestDatabase, TEST_DB, TestDatabase } from '../support/test-database';
import { hangAfter } from '../support/hang';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');

describe(`the arbiter's CLI: competition create / start, admin api-key (${TEST_DB})`, () => {
  let testDb: TestDatabase;
  let env: Record<string, string>;
  const dir = mkdtempSync(join(tmpdir(), 'corr-scrabble-cli-'));

  const run = (...args: string[]) => {
    const r = spawnSync(process.execPath, [cli, ...args], { env, encoding: 'utf8', timeout: hangAfter(60_000) });
    return {
      status: r.status,
      out: r.stdout,
      err: r.stderr,
      json: r.stdout.trim() ? JSON.parse(r.stdout.trim().split('\n').pop()!) : undefined,
    };
  };

  beforeAll(async () => {
    if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npm run build` (npm test does it in pretest)');
    testDb = await createTestDatabase();
    env = {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      DATA_DIR: join(dir, 'data'),
      SECRET: '24304a8992024b1c947ff961040e72d7b091cfdaf64e8c76dbbd51c10a829426',
      // PGlite: the CLI's own embedded database in DATA_DIR (this process opens it only at the end).
      ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
    };
  });

  afterAll(async () => {
    await testDb.drop();
  });

  // An existing user's key (no new admin) is proven through the same service in identity.spec.ts.
  it('admin api-key prints a fresh key, creating an admin for an unknown address', () => {
    const first = run('admin', 'api-key', 'Operator@Example.org');
    expect(first.status).toBe(0);
    expect(first.json).toMatchObject({
      email: 'operator@example.org',
      roles: ['admin'],
      created: true,
      key: expect.stringMatching(/^csk_/),
    });
    const bad = run('admin', 'api-key', 'nobody');
    expect(bad.status).toBe(2);
    expect(bad.json.error.code).toBe('BAD_INPUT');
  });

  let competitionId: string;
  let published: string;

  it('competition create reads a YAML file with a players CSV beside it, deals the sequence and makes the groups', () => {
    writeFileSync(join(dir, 'players.csv'), playersCsv(7, { domain: 'cli.example' }));
    writeFileSync(
      join(dir, 'cn2027.yaml'),
      [
        'name: Campionatul Național prin corespondență 2027',
        'shortName: CN 2027',
        'startDate: 2027-02-01',
        'closingDate: 2027-12-31',
        'thinkingDays: 50',
        'arbiter: arbitru@cli.example',
        'players: players.csv',
        'groups: { sizes: [4, 3] }',
        '',
      ].join('\n'),
    );
    const created = run('competition', 'create', join(dir, 'cn2027.yaml'));
    expect(created.err).toBe('');
    expect(created.status).toBe(0);
    expect(created.json).toMatchObject({
      id: expect.any(String),
      sequenceSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      groups: [
        { name: 'A', series: '1', players: ['Player 1', 'Player 2', 'Player 3', 'Player 4'] },
        { name: 'B', series: '1', players: ['Player 5', 'Player 6', 'Player 7'] },
      ],
      players: 7,
    });
    competitionId = created.json.id;
    published = created.json.sequenceSha256;
  });

  it('competition create refuses a bad players line with its number and creates nothing (exit 2)', () => {
    writeFileSync(join(dir, 'bad.csv'), 'name,email,club,language\nA,a@bad-cli.example,,ro\nB,b-at-bad-cli.example,,ro\n');
    writeFileSync(
      join(dir, 'bad.json'),
      JSON.stringify({
        name: 'Bad',
        shortName: 'BAD',
        startDate: '2027-02-01',
        closingDate: '2027-12-31',
        arbiter: 'arbitru@cli.example',
        players: 'bad.csv',
      }),
    );
    const refused = run('competition', 'create', join(dir, 'bad.json'));
    expect(refused.status).toBe(2);
    expect(refused.json.error).toMatchObject({ code: 'BAD_CSV', details: { problems: [{ line: 3, column: 'email' }] } });
    expect(run('competition', 'create', join(dir, 'missing.yaml')).status).toBe(2);
  });

  it('competition start reveals the sequence whose hash was published and starts every game', () => {
    const started = run('competition', 'start', competitionId);
    expect(started.status).toBe(0);
    expect(started.json).toMatchObject({ id: competitionId, games: 6 + 3 });
    const [{ tiles, sha256 }] = started.json.sequences;
    expect(sha256).toBe(published);
    expect(createHash('sha256').update(tiles, 'utf8').digest('hex')).toBe(published);
    const again = run('competition', 'start', competitionId);
    expect(again.status).toBe(1);
    expect(again.json.error.code).toBe('COMPETITION_STARTED');
  });

  it('left exactly one competition behind (the refused file created nothing)', async () => {
    const opened = await openAppDatabase(testDb.url ? testDb.settings : { kind: 'pglite', dataDir: join(dir, 'data', 'pglite') });
    try {
      expect(await opened.database.run((m) => m.count(Competition))).toBe(1);
      expect(await opened.database.run((m) => m.count(Player))).toBe(7);
    } finally {
      await opened.close();
    }
  });
});
