import fc from 'fast-check';
import { tourOf, tourToPlay } from './tour';

describe('tourOf (docs/rules.md §2: a tour is one move of each player)', () => {
  it('numbers moves 1–2 as tour 1, 3–4 as tour 2, 9 as tour 5', () => {
    expect([1, 2, 3, 4, 9, 10].map(tourOf)).toEqual([1, 1, 2, 2, 5, 5]);
    expect(tourToPlay(0)).toBe(1);
    expect(tourToPlay(8)).toBe(5);
  });

  it('holds two moves per tour, RED first', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (n) => {
        const t = tourOf(n);
        expect(2 * t - 1 === n || 2 * t === n).toBe(true);
      }),
    );
  });

  it('refuses what is not a move number', () => {
    expect(() => tourOf(0)).toThrow(RangeError);
    expect(() => tourOf(1.5)).toThrow(RangeError);
  });
});
