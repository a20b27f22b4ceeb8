import { GameRowsCache, type CachedGameRows } from './game-rows-cache';

const move = (id: string, thinkingDays: number) => ({ id, thinkingDays }) as CachedGameRows['moves'][number];
const rowsOf = (...moves: CachedGameRows['moves'][number][]): CachedGameRows => ({ lines: [], moves, disputes: [] });

describe('game rows cache (the mark is the version)', () => {
  const rows = rowsOf(move('b', 2), move('a', 1));
  const version = 3;

  it('answers the rows only under the version they were read under', () => {
    const cache = new GameRowsCache();
    expect(cache.keep('g', version, version, rows)).toBe(true);
    expect(cache.take('g', version)).toBe(rows);
    expect(cache.take('g', version + 1)).toBeUndefined();
    // The stale entry is gone, even for its old version.
    expect(cache.take('g', version)).toBeUndefined();
  });

  it('keeps nothing read while a write committed', () => {
    const cache = new GameRowsCache();
    expect(cache.keep('g', version, version + 1, rows)).toBe(false);
    expect(cache.keep('g', version, undefined, rows)).toBe(false);
    expect(cache.size).toBe(0);
  });

  it('forgets the least recently used game beyond its capacity', () => {
    const cache = new GameRowsCache(2);
    cache.keep('a', version, version, rows);
    cache.keep('b', version, version, rows);
    cache.take('a', version);
    cache.keep('c', version, version, rows);
    expect(cache.size).toBe(2);
    expect(cache.take('b', version)).toBeUndefined();
    expect(cache.take('a', version)).toBe(rows);
  });
});
