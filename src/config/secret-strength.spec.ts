import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { secretWeakness } from './secret-strength';
import { parseSettings, SettingsError } from './settings';

const freshDir = (): string => mkdtempSync(join(tmpdir(), 'corr-scrabble-secret-'));

describe('the strength of SECRET', () => {
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

  it.each([
    ['the base64 alphabet in order', 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'],
    ['the base64url alphabet backwards', [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'].reverse().join('')],
    ['every printable ASCII character in order', Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('')],
    ['letters two apart', 'acegikmoqsuwyACEGIKMOQSUWY02468bdfhjlnprtvxzBDFHJLNPRTVXZ13579'],
    ['keyboard walks', 'qwertyuiop[]asdfghjkl;zxcvbnm,./1234567890-=QWERTYUIOP{}ASDFGHJKL:ZXCVBNM<>?!@#$%^&*()_+'],
    ['keyboard columns', '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/'],
    ['a random word repeated', 'Xk9#mQ2v'.repeat(12)],
    ['128 random bits repeated', '7f3a9c01e4b25d86a0c3f19e2b7d4058'.repeat(3)],
    ['a readable prefix and 48 random hex digits (192 bits)', 'prod-3b0e5c8f1a7d294e6c0b3f8a5d1e7c92b4a60f3e8d5c1b79'],
  ])('refuses %s', (_, secret) => {
    expect(secretWeakness(secret)).not.toBeNull();
  });

  it('accepts `prod-` followed by 64 random hex digits', () => {
    expect(secretWeakness('prod-24304a8992024b1c947ff961040e72d7b091cfdaf64e8c76dbbd51c10a829426')).toBeNull();
  });

  it('accepts 32 random bytes in hex, base64 or base64url behind any readable prefix (property)', () => {
    const encodings = ['hex', 'base64', 'base64url'] as const;
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.constantFrom(...encodings),
        fc.stringMatching(/^[ -~]{0,30}$/),
        (bytes, encoding, prefix) => secretWeakness(`${prefix}${Buffer.from(bytes).toString(encoding)}`) === null,
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses sequences, repeated chunks and keyboard walks, up to three of them joined (property)', () => {
    const printable = (code: number) => String.fromCharCode(32 + (((code % 95) + 95) % 95));
    const run = fc
      .record({ start: fc.integer({ min: 0, max: 94 }), step: fc.integer({ min: -3, max: 3 }), length: fc.integer({ min: 8, max: 40 }) })
      .map(({ start, step, length }) => Array.from({ length }, (_, i) => printable(start + i * step)).join(''));
    const rows = ['1234567890-=', 'qwertyuiop[]', "asdfghjkl;'", 'zxcvbnm,./', '!@#$%^&*()_+', 'QWERTYUIOP{}', 'ASDFGHJKL:"', 'ZXCVBNM<>?'];
    const walk = fc
      .record({ row: fc.constantFrom(...rows), backwards: fc.boolean() })
      .map(({ row, backwards }) => (backwards ? [...row].reverse().join('') : row));
    const repeated = fc
      .record({ chunk: fc.stringMatching(/^[!-~]{4,6}$/), times: fc.integer({ min: 8, max: 20 }) })
      .map(({ chunk, times }) => chunk.repeat(times));
    fc.assert(
      fc.property(
        fc.array(fc.oneof(run, walk, repeated), { minLength: 1, maxLength: 3 }),
        (parts) => secretWeakness(parts.join('')) !== null,
      ),
      { numRuns: 1000 },
    );
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
