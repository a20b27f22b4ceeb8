import fc from 'fast-check';
import {
  hashLoginToken,
  isLoginAddress,
  isLoginTokenShape,
  LOGIN_LINK_TTL_MS,
  loginLinkState,
  loginUrl,
  newLoginToken,
  safeNextPath,
} from './login-link';

describe('magic login links', () => {
  it('makes unguessable tokens of one shape, and keeps only their SHA-256', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => newLoginToken()));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(isLoginTokenShape(token)).toBe(true);
      const hash = hashLoginToken(token);
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hash).not.toContain(token);
    }
    // The well-known SHA-256 of "abc": the hash is plain SHA-256, checkable by hand.
    expect(hashLoginToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('does not look up anything that is not a token', () => {
    for (const bad of ['', 'x', 'a'.repeat(42), 'a'.repeat(44), `${'a'.repeat(42)}=`, `${'a'.repeat(42)}/`, '../../etc/passwd']) {
      expect(isLoginTokenShape(bad)).toBe(false);
    }
  });

  it('is valid for 15 minutes, then expired; once used, used', () => {
    const created = new Date('2027-01-10T09:00:00Z');
    const link = { expiresAt: new Date(created.getTime() + LOGIN_LINK_TTL_MS), usedAt: null };
    expect(LOGIN_LINK_TTL_MS).toBe(15 * 60_000);
    expect(loginLinkState(link, created)).toBe('valid');
    expect(loginLinkState(link, new Date(created.getTime() + LOGIN_LINK_TTL_MS - 1))).toBe('valid');
    expect(loginLinkState(link, new Date(created.getTime() + LOGIN_LINK_TTL_MS))).toBe('expired');
    expect(loginLinkState({ ...link, usedAt: created }, created)).toBe('used');
    expect(loginLinkState(null, created)).toBe('unknown');
  });

  it('looks up any address with one @ (the default admin is admin@localhost), nothing else', () => {
    expect(isLoginAddress('admin@localhost')).toBe(true);
    expect(isLoginAddress('ana.pop@club.ro')).toBe(true);
    for (const bad of ['', 'ana', 'ana@', '@club.ro', 'a b@club.ro', 'a@b@c', '<a@b.ro>']) expect(isLoginAddress(bad)).toBe(false);
  });

  it('builds the link on the public URL', () => {
    expect(loginUrl('https://scrabble.example/', 'T')).toBe('https://scrabble.example/login/T');
    expect(loginUrl('http://localhost:3000', 'T')).toBe('http://localhost:3000/login/T');
  });

  it('sends a user after login only to a path of this site', () => {
    expect(safeNextPath('/games/42?tab=moves')).toBe('/games/42?tab=moves');
    expect(safeNextPath('/login')).toBe('/login');
    expect(safeNextPath('/login/sent')).toBe('/login/sent');
    for (const bad of [
      undefined,
      '',
      'games',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      '/login/abc',
      '/logout',
      '/x\r\nSet-Cookie: a=b',
    ]) {
      expect(safeNextPath(bad)).toBe('/');
    }
    fc.assert(
      fc.property(fc.string(), (s) => {
        const next = safeNextPath(s);
        expect(next.startsWith('/')).toBe(true);
        expect(next.startsWith('//')).toBe(false);
        expect(new URL(next, 'https://scrabble.example').origin).toBe('https://scrabble.example');
      }),
    );
  });
});
