import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hangAfter } from '../support/hang';

const main = join(__dirname, '..', '..', 'dist', 'main.js');

/** `npm start` with a weak secret (docs/web.md, Security model): one line naming SECRET, exit 1, no stack trace, nothing served. */
describe('npm start refuses a weak SECRET', () => {
  beforeAll(() => {
    if (!existsSync(main)) throw new Error('dist/main.js is missing: run `npm run build` (npm test does it in pretest)');
  });

  const startWith = (env: Record<string, string>, dataDir = mkdtempSync(join(tmpdir(), 'corr-scrabble-secret-'))) =>
    spawnSync(process.execPath, [main], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '1', ...env },
      encoding: 'utf8',
      timeout: hangAfter(120_000),
    });

  it.each([
    ['32 × a', 'a'.repeat(32)],
    ['a short string', 'secret'],
  ])(
    'stops with one line naming SECRET when it is %s',
    (_, secret) => {
      const result = startWith({ SECRET: secret });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/^corr-scrabble: Invalid setting SECRET: /);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      // The refused value is not printed: it may be nearly the real one.
      expect(result.stderr).not.toContain(secret.length > 6 ? secret : `"${secret}"`);
    },
    hangAfter(180_000),
  );

  it(
    'stops with one line naming SECRET when DATA_DIR/secret is empty',
    () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'corr-scrabble-secret-'));
      writeFileSync(join(dataDir, 'secret'), '');
      const result = startWith({}, dataDir);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/^corr-scrabble: Invalid setting SECRET: the secret kept in .* is not usable: it is empty/);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    },
    hangAfter(180_000),
  );
});
