import { GameRowsCache, movesDigest, type CachedGameRows } from './game-rows-cache';

const move = (id: string, thinkingDays: number) => ({ id, thinkingDays }) as CachedGameRows['moves'][number];
const rowsOf = (...moves: CachedGameRows['moves'][number][]): CachedGameRows => ({ lines: [], moves, disputes: [] });

describe('game rows cache (issue 8 item 3)', () => {
  const rows = rowsOf(move('b', 2), move('a', 1));
  const mark = { version: 3, days: movesDigest(rows.moves) };

  it('digests the moves by id whatever their order, and changes with any thinking day', () => {
    expect(movesDigest([move('a', 1), move('b', 2)])).toBe(mark.days);
    expect(movesDigest([move('a', 1), move('b', 3)])).not.toBe(mark.days);
    expect(movesDigest([move('a', 1)])).not.toBe(mark.days);
  });

  it('answers the rows only under the mark they were read under', () => {
    const cache = new GameRowsCache();
    expect(cache.keep('g', mark, mark, rows)).toBe(true);
    expect(cache.take('g', { ...mark })).toBe(rows);
    expect(cache.take('g', { ...mark, version: 4 })).toBeUndefined();
    // The stale entry is gone, even for its old mark.
    expect(cache.take('g', mark)).toBeUndefined();
    cache.keep('g', mark, mark, rows);
    expect(cache.take('g', { ...mark, days: movesDigest([move('a', 1), move('b', 5)]) })).toBeUndefined();
  });

  it('keeps nothing read while an action committed, nor rows that do not give the mark', () => {
    const cache = new GameRowsCache();
    expect(cache.keep('g', mark, { ...mark, version: 4 }, rows)).toBe(false);
    expect(cache.keep('g', mark, undefined, rows)).toBe(false);
    expect(cache.keep('g', { ...mark, days: 'x' }, { ...mark, days: 'x' }, rows)).toBe(false);
    expect(cache.size).toBe(0);
  });

  it('forgets the least recently used game beyond its capacity', () => {
    const cache = new GameRowsCache(2);
    cache.keep('a', mark, mark, rows);
    cache.keep('b', mark, mark, rows);
    cache.take('a', mark);
    cache.keep('c', mark, mark, rows);
    expect(cache.size).toBe(2);
    expect(cache.take('b', mark)).toBeUndefined();
    expect(cache.take('a', mark)).toBe(rows);
  });
});
