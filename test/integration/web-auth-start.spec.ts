// `npm start` on a bare machine, then the printed login link, gives an arbiter a working panel
// at once; `admin login-link` prints a fresh link at any time.
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/ports';
import { createTestDatabase, TEST_DB, TestDatabase } from '../support/test-database';
import { hangAfter, until } from '../support/hang';

const root = join(__dirname, '..', '..');
const main = join(root, 'dist', 'main.js');
const cli = join(root, 'dist', 'cli.js');
const LINK = /(http:\/\/localhost:\d+\/login\/[A-Za-z0-9_-]{43})/;

/** A browser's cookie jar, just enough for one site. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

describe(`first start: the admin's login link (${TEST_DB})`, () => {
  let testDb: TestDatabase;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    if (!existsSync(main) || !existsSync(cli)) throw new Error('dist/ is missing: run `npm run build` (npm test does it in pretest)');
    testDb = await createTestDatabase();
  });

  afterEach(() => {
    child?.kill('SIGKILL');
    child = undefined;
  });

  afterAll(async () => {
    await testDb.drop();
  });

  it('prints a login link that opens the arbiter panel; the CLI prints fresh ones', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'corr-scrabble-first-'));
    const port = await freePort();
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      ...(TEST_DB === 'postgres' ? { DATABASE_URL: testDb.url! } : {}),
    };
    // At the default log level, both streams as a terminal shows them.
    let stderr = '';
    let output = '';
    child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => {
      stderr += d;
      output += d;
    });
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));
    // Generous: on a loaded two-core machine the embedded database alone takes seconds to open.
    await until(
      () => LINK.test(stderr),
      () => `a login link printed:\n${stderr}`,
      120_000,
    );
    expect(stderr).toContain('First start: created the admin admin@localhost.');
    const link = LINK.exec(stderr)![1];
    expect(link.startsWith(`http://localhost:${port}/login/`)).toBe(true);

    const base = `http://127.0.0.1:${port}`;
    const path = new URL(link).pathname;
    const jar = new Jar();
    const confirm = await fetch(`${base}${path}`);
    expect(confirm.status).toBe(200);
    jar.take(confirm);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await confirm.text())![1];
    const login = await fetch(`${base}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      body: new URLSearchParams({ _csrf: csrf, next: '/arbiter' }).toString(),
    });
    expect(login.status).toBe(303);
    expect(login.headers.get('location')).toBe('/arbiter');
    jar.take(login);
    const panel = await fetch(`${base}/arbiter`, { redirect: 'manual', headers: { cookie: jar.header() } });
    expect(panel.status).toBe(200);
    expect(await panel.text()).toContain('action="/logout"');
    // Start-up done and pages served: the link is still the last thing printed, not buried
    // under Nest's start-up lines (one per module and route) or the workers' leads.
    expect(output.trimEnd().split('\n').slice(-3)).toEqual([
      'Log in within 15 minutes with this link (it works once, and is not printed again):',
      '',
      `  ${link}`,
    ]);
    expect(output).not.toContain('Mapped {');

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    child = undefined;

    // With the platform stopped (the embedded database has one user at a time): a fresh link.
    const fresh = spawnSync(process.execPath, [cli, 'admin', 'login-link'], { env, encoding: 'utf8', timeout: hangAfter(60_000) });
    expect(fresh.status).toBe(0);
    expect(fresh.stdout).toMatch(new RegExp(`^http://localhost:${port}/login/[A-Za-z0-9_-]{43}\\n$`));
    expect(fresh.stdout.trim()).not.toBe(link);
    expect(fresh.stderr).toContain('admin@localhost');

    const other = spawnSync(process.execPath, [cli, 'admin', 'login-link', '--email', 'Ref@Example.org'], {
      env,
      encoding: 'utf8',
      timeout: hangAfter(60_000),
    });
    expect(other.status).toBe(0);
    expect(other.stderr).toContain('Created the admin ref@example.org');
    expect(other.stdout).toMatch(/\/login\/[A-Za-z0-9_-]{43}\n$/);

    const bad = spawnSync(process.execPath, [cli, 'admin', 'login-link', '--email', 'nope'], {
      env,
      encoding: 'utf8',
      timeout: hangAfter(60_000),
    });
    expect(bad.status).toBe(2);
  });
});
