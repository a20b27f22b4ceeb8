import { gamePageKey, MarkedCache } from './game-page-cache';

describe('MarkedCache (the game page kept under its mark)', () => {
  const mark = (version: number, marks = 'c1') => ({ version, marks });

  it('gives back a value only under the very mark it was built under', () => {
    const cache = new MarkedCache<string>(10);
    expect(cache.keep('g', mark(3), mark(3), 'page v3')).toBe(true);
    expect(cache.take('g', mark(3))).toBe('page v3');
    // A new version, or the competition's row changed under the same version: not the kept page, and it is dropped.
    expect(cache.take('g', mark(3, 'c2'))).toBeUndefined();
    expect(cache.take('g', mark(3))).toBeUndefined();
    cache.keep('g', mark(4), mark(4), 'page v4');
    expect(cache.take('g', mark(5))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not keep a value whose mark changed while it was built (a write committed in between)', () => {
    const cache = new MarkedCache<string>(10);
    expect(cache.keep('g', mark(3), mark(4), 'page of 3 or 4')).toBe(false);
    expect(cache.keep('g', mark(3), mark(3, 'c2'), 'page')).toBe(false);
    expect(cache.keep('g', mark(3), null, 'page')).toBe(false);
    expect(cache.take('g', mark(3))).toBeUndefined();
    expect(cache.take('g', mark(4))).toBeUndefined();
  });

  it('forgets the least recently used beyond its capacity', () => {
    const cache = new MarkedCache<string>(2);
    cache.keep('a', mark(1), mark(1), 'A');
    cache.keep('b', mark(1), mark(1), 'B');
    cache.take('a', mark(1));
    cache.keep('c', mark(1), mark(1), 'C');
    expect([cache.take('a', mark(1)), cache.take('b', mark(1)), cache.take('c', mark(1))]).toEqual(['A', undefined, 'C']);
  });

  it('keys a page by game, viewer and roles, language and day', () => {
    const key = gamePageKey('g', { userId: 'u', roles: ['player', 'arbiter'] }, 'ro', '2027-02-01');
    expect(gamePageKey('g', { userId: 'u', roles: ['arbiter', 'player'] }, 'ro', '2027-02-01')).toBe(key);
    for (const other of [
      gamePageKey('h', { userId: 'u', roles: ['player', 'arbiter'] }, 'ro', '2027-02-01'),
      gamePageKey('g', { userId: 'v', roles: ['player', 'arbiter'] }, 'ro', '2027-02-01'),
      gamePageKey('g', { userId: 'u', roles: ['player'] }, 'ro', '2027-02-01'),
      gamePageKey('g', { userId: 'u', roles: ['player', 'arbiter'] }, 'en', '2027-02-01'),
      gamePageKey('g', { userId: 'u', roles: ['player', 'arbiter'] }, 'ro', '2027-02-02'),
    ])
      expect(other).not.toBe(key);
  });
});
