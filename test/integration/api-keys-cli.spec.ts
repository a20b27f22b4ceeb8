import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, TEST_DB, TestDatabase } from '../support/test-database';
import { hangAfter } from '../support/hang';

const cli = join(__dirname, '..', '..', 'dist', 'cli.js');
// Each run opens the database afresh (PGlite: seconds on a loaded machine); no assertion is about time.
const CLI_TEST_MS = hangAfter(900_000);

/** The operator's API-key commands (docs/web.md, Security model): create (with its expiry), list, revoke. */
describe(`the CLI's admin api-key, list and revoke (${TEST_DB})`, () => {
  let testDb: TestDatabase;
  let env: Record<string, string>;

  const run = (...args: string[]) => {
    const r = spawnSync(process.execPath, [cli, ...args], { env, encoding: 'utf8', timeout: hangAfter(240_000) });
    return { status: r.status, err: r.stderr, json: r.stdout.trim() ? JSON.parse(r.stdout.trim().split('\n').pop()!) : undefined };
  };

  beforeAll(async () => {
    if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npm run build` (npm test does it in pretest)');
    testDb = await createTestDatabase();
    env = {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      DATA_DIR: join(mkdtempSync(join(tmpdir(), 'corr-scrabble-keys-cli-')), 'data'),
      SECRET: '24304a8992024b1c947ff961040e72d7b091cfdaf64e8c76dbbd51c10a829426',
      ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
    };
  });

  afterAll(async () => {
    await testDb.drop();
  });

  it(
    'prints a new key with its expiry, a year away unless --days says otherwise',
    () => {
      const before = Date.now();
      const year = run('admin', 'api-key', 'ops@example.org');
      expect(year.status).toBe(0);
      expect(year.json).toMatchObject({ id: expect.any(String), key: expect.stringMatching(/^csk_/), expiresAt: expect.any(String) });
      const days = (Date.parse(year.json.expiresAt) - before) / 86_400_000;
      expect(days).toBeGreaterThan(364.9);
      expect(days).toBeLessThan(365.1);
      expect(year.err).toContain(`expires on ${year.json.expiresAt}`);
      const week = run('admin', 'api-key', 'ops@example.org', '--days', '7', '--label', 'ci');
      expect((Date.parse(week.json.expiresAt) - before) / 86_400_000).toBeLessThan(7.1);
      expect(run('admin', 'api-key', 'ops@example.org', '--days', '0').status).toBe(2);
    },
    CLI_TEST_MS,
  );

  it(
    'lists the keys without the keys themselves, for everyone or one address, and revokes one',
    () => {
      run('admin', 'api-key', 'other@example.org');
      const all = run('admin', 'api-key', 'list');
      expect(all.status).toBe(0);
      expect(all.json.keys.map((k: { owner: { email: string } }) => k.owner.email).sort()).toEqual([
        'ops@example.org',
        'ops@example.org',
        'other@example.org',
      ]);
      expect(JSON.stringify(all.json)).not.toMatch(/csk_/);
      const mine = run('admin', 'api-key', 'list', '--email', 'OTHER@example.org');
      expect(mine.json.keys).toHaveLength(1);
      expect(mine.json.keys[0]).toMatchObject({ label: 'cli', state: 'active', revokedAt: null });

      const revoked = run('admin', 'api-key', 'revoke', mine.json.keys[0].id);
      expect(revoked.status).toBe(0);
      expect(revoked.json.key).toMatchObject({ id: mine.json.keys[0].id, state: 'revoked', revokedAt: expect.any(String) });
      expect(run('admin', 'api-key', 'list', '--email', 'other@example.org').json.keys[0].state).toBe('revoked');
      const unknown = run('admin', 'api-key', 'revoke', '00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(1);
      expect(unknown.json.error.code).toBe('NOT_FOUND');
    },
    CLI_TEST_MS,
  );
});
