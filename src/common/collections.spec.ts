import fc from 'fast-check';
import { runsUpTo } from './collections';

describe('runsUpTo', () => {
  it('cuts where the next item would pass the limit, and gives a large item a run of its own', () => {
    expect(runsUpTo([3, 4, 2, 9, 1, 1], (n) => n, 8)).toEqual([[3, 4], [2], [9], [1, 1]]);
    expect(runsUpTo([], (n: number) => n, 8)).toEqual([]);
  });

  it('keeps every item in order, every run within the limit unless it is one item', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(100)), fc.integer({ min: 1, max: 150 }), (items, limit) => {
        const runs = runsUpTo(items, (n) => n, limit);
        expect(runs.flat()).toEqual(items);
        for (const run of runs) {
          expect(run.length).toBeGreaterThan(0);
          if (run.length > 1) expect(run.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(limit);
        }
        // A run and the next item's first would pass the limit: runs are as long as they may be.
        for (let i = 0; i + 1 < runs.length; i++) {
          expect(runs[i].reduce((a, b) => a + b, 0) + runs[i + 1][0]).toBeGreaterThan(limit);
        }
      }),
    );
  });
});
