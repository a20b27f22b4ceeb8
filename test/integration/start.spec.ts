import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/ports';
import { createTestDatabase, TEST_DB, TestDatabase } from '../support/test-database';
import { hangAfter, until } from '../support/hang';

const root = join(__dirname, '..', '..');
const main = join(root, 'dist', 'main.js');

interface Running {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Running {
  let stderr = '';
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stderr: () => stderr, exited };
}

// Generous: on a loaded two-core machine the embedded database alone takes seconds to open.
async function health(port: number): Promise<unknown> {
  let answer: unknown;
  const answered = async () => {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`);
      answer = { status: res.status, body: await res.json() };
      return true;
    } catch {
      return false;
    }
  };
  await until(answered, `an answer on port ${port}`, 120_000);
  return answer;
}

describe(`npm start (${TEST_DB})`, () => {
  let testDb: TestDatabase;
  const running: Running[] = [];

  beforeAll(async () => {
    if (!existsSync(main)) throw new Error('dist/main.js is missing: run `npm run build` (npm test does it in pretest)');
    testDb = await createTestDatabase();
  });

  afterEach(() => {
    for (const r of running.splice(0)) r.child.kill('SIGKILL');
  });

  afterAll(async () => {
    await testDb.drop();
  });

  const databaseEnv = (): Record<string, string> => (TEST_DB === 'postgres' ? { DATABASE_URL: testDb.url! } : {});

  it('serves /health, stops cleanly on SIGTERM and starts again on the same data', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'corr-scrabble-start-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), ...databaseEnv() };

    const first = start(env);
    running.push(first);
    expect(await health(port)).toEqual({ status: 200, body: { status: 'ok', database: TEST_DB } });
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    if (TEST_DB === 'pglite') {
      expect(readdirSync(join(dataDir, 'pglite'))).toContain('PG_VERSION');
      expect(existsSync(join(dataDir, 'pglite', 'corr-scrabble.lock'))).toBe(false);
    }
    expect(existsSync(join(dataDir, 'secret'))).toBe(true);

    const second = start(env);
    running.push(second);
    expect(await health(port)).toEqual({ status: 200, body: { status: 'ok', database: TEST_DB } });
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });

  if (TEST_DB === 'pglite') {
    it('refuses a second process on the same embedded data directory', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'corr-scrabble-start-'));
      const port = await freePort();
      const first = start({ DATA_DIR: dataDir, PORT: String(port) });
      running.push(first);
      await health(port);
      const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      running.push(second);
      expect(await second.exited).toBe(1);
      expect(second.stderr()).toMatch(/in use by another corr-scrabble process \(pid \d+\)/);
      expect(second.stderr()).not.toMatch(/\n\s+at /);
    });
  }

  it.each([
    ['PORT', 'abc', /^corr-scrabble: Invalid setting PORT="abc": /],
    ['PORT', '70000', /^corr-scrabble: Invalid setting PORT="70000": expected a port from 1 to 65535/],
    ['TZ_DEFAULT', 'Mars/Olympus', /^corr-scrabble: Invalid setting TZ_DEFAULT="Mars\/Olympus": expected an IANA time zone/],
    ['DATABASE_URL', 'mysql://x', /^corr-scrabble: Invalid setting DATABASE_URL="mysql:\/\/x": expected a URL starting with postgres:/],
  ])('stops at once with one line naming %s when it is %s', (variable, value, message) => {
    const result = spawnSync(process.execPath, [main], {
      env: { PATH: process.env.PATH, DATA_DIR: mkdtempSync(join(tmpdir(), 'corr-scrabble-bad-')), [variable]: value },
      encoding: 'utf8',
      timeout: hangAfter(20_000),
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('says which PostgreSQL it cannot reach, in one line', () => {
    const result = spawnSync(process.execPath, [main], {
      env: { PATH: process.env.PATH, DATABASE_URL: 'postgres://postgres:hunter2@127.0.0.1:1/test', PORT: '1' },
      encoding: 'utf8',
      timeout: hangAfter(20_000),
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^corr-scrabble: Cannot connect to PostgreSQL at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/test/);
    expect(result.stderr).not.toContain('hunter2');
  });
});
