import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const main = join(root, 'dist', 'main.js');

/** The user's environment without the settings under test, so only the bad one decides. */
function userEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'PORT', 'DATA_DIR', 'SMTP_URL', 'IMAP_URL', 'SECRET', 'TEST_DB']) delete env[name];
  return { ...env, ...extra };
}

describe('a bad setting at start-up', () => {
  let dataDir: string;

  beforeAll(() => {
    if (!existsSync(main)) throw new Error('dist/main.js is missing: run `npm run build` (npm test does it in pretest)');
  });

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'corr-scrabble-refused-'));
  });

  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('npm start refuses SMTP_URL=http://… in one line naming it, exits 1, and opens no database', () => {
    const result = spawnSync('npm', ['start'], {
      cwd: root,
      env: userEnv({ DATA_DIR: dataDir, PORT: '3999', SMTP_URL: 'http://mail.example.org' }),
      encoding: 'utf8',
      // A hung start is a failure, not a speed budget: generous for a loaded machine.
      timeout: 120_000,
    });
    expect(result.status).toBe(1);
    const ours = result.stderr.split('\n').filter((line) => line.startsWith('corr-scrabble:'));
    expect(ours).toEqual([
      'corr-scrabble: Invalid setting SMTP_URL="http://mail.example.org": expected a URL starting with smtp:// or smtps://',
    ]);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).not.toMatch(/Nest application successfully started/);
    // Refused before the embedded database is touched: the data directory is as it was given.
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('refuses PORT=99999 before Nest, TypeORM or PGlite are loaded', () => {
    // The platform as `npm start` runs it, with a report of the modules it had loaded when it exited.
    const report = `process.on('exit', () => process.stderr.write('loaded: ' + JSON.stringify(Object.keys(require.cache)) + '\\n'));`;
    const result = spawnSync(process.execPath, ['-e', `${report} require(${JSON.stringify(main)});`], {
      cwd: root,
      env: userEnv({ DATA_DIR: dataDir, PORT: '99999' }),
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^corr-scrabble: Invalid setting PORT="99999": expected a port from 1 to 65535\n/);
    const loaded = JSON.parse(/^loaded: (.*)$/m.exec(result.stderr)![1]) as string[];
    expect(loaded.some((path) => path.endsWith(join('dist', 'main.js')))).toBe(true);
    for (const heavy of ['@nestjs/core', 'typeorm', '@electric-sql/pglite']) {
      expect(loaded.filter((path) => path.includes(join('node_modules', heavy, '')))).toEqual([]);
    }
  });
});
