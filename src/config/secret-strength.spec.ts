import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { secretWeakness } from './secret-strength';
import { parseSettings, SettingsError } from './settings';

const freshDir = (): string => mkdtempSync(join(tmpdir(), 'corr-scrabble-secret-'));

describe('the strength of SECRET (issue 12 §6)', () => {
  it.each([
    ['32 × a', 'a'.repeat(32)],
    ['100 × a', 'a'.repeat(100)],
    ['a short string', 'hunter2'],
    ['the old test fixture', 'test-secret-test-secret-test-secret-0123'],
    ['a repeated block of hex', '0123456789abcdef'.repeat(4)],
    ['a 40-digit hex (SHA-1 sized)', 'da39a3ee5e6b4b0d3255bfef95601890afd80709'],
    ['spaces only', ' '.repeat(40)],
  ])('refuses %s', (_, secret) => {
    expect(secretWeakness(secret)).not.toBeNull();
  });

  it('accepts what the usual generators print, every time', () => {
    for (let i = 0; i < 2000; i++) {
      const bytes = randomBytes(32);
      // openssl rand -hex 32, openssl rand -base64 32, and the base64url a script might use.
      for (const secret of [bytes.toString('hex'), bytes.toString('base64'), bytes.toString('base64url')]) {
        expect([secret, secretWeakness(secret)]).toEqual([secret, null]);
      }
    }
  });

  it('stops the settings with one line naming SECRET, without echoing it', () => {
    const attempt = () => parseSettings({ DATA_DIR: freshDir(), SECRET: 'a'.repeat(32) });
    expect(attempt).toThrow(SettingsError);
    expect(attempt).toThrow(/^Invalid setting SECRET: about 128 bits, at least 256/);
    expect(attempt).not.toThrow(/aaaa/);
    expect(() => attempt()).toThrow(expect.objectContaining({ variable: 'SECRET' }));
  });

  it('refuses an emptied DATA_DIR/secret rather than signing with nothing', () => {
    const dataDir = freshDir();
    writeFileSync(join(dataDir, 'secret'), '\n');
    expect(() => parseSettings({ DATA_DIR: dataDir })).toThrow(
      /^Invalid setting SECRET: the secret kept in .*secret is not usable: it is empty/,
    );
  });

  it('generates a secret that passes its own check, and keeps it', () => {
    const dataDir = freshDir();
    const first = parseSettings({ DATA_DIR: dataDir }).secret;
    expect(secretWeakness(first)).toBeNull();
    expect(readFileSync(join(dataDir, 'secret'), 'utf8').trim()).toBe(first);
    expect(parseSettings({ DATA_DIR: dataDir }).secret).toBe(first);
  });
});
