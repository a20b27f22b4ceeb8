import fc from 'fast-check';
import { computeCoefficients } from '../../coefficients/core/coefficients';
import { isPointPenalty, walkoverScores } from './pfs-rules';

describe("the PFS's sanctions (docs/rules.md §13, P 7.1)", () => {
  it('a penalty in points is a positive multiple of 50', () => {
    expect([50, 100, 250].every(isPointPenalty)).toBe(true);
    expect([0, -50, 25, 70, 50.5, Number.NaN].some(isPointPenalty)).toBe(false);
  });

  it('a walkover is 400:1; an opponent already over 400 keeps their points', () => {
    expect(walkoverScores({ red: 120, blue: 230 }, 'red')).toEqual({ red: 1, blue: 400 });
    expect(walkoverScores({ red: 455, blue: 230 }, 'blue')).toEqual({ red: 455, blue: 1 });
    expect(computeCoefficients({ red: 1, blue: 400 }, { type: 'walkover', by: 'red' })).toEqual({ red: 25, blue: 16_667 });
  });

  it('property: the opponent of the excluded player always wins, with at least 400 and never fewer points than they had', () => {
    fc.assert(
      fc.property(fc.nat(900), fc.nat(900), fc.constantFrom('red' as const, 'blue' as const), (red, blue, excluded) => {
        const scores = walkoverScores({ red, blue }, excluded);
        const winner = excluded === 'red' ? 'blue' : 'red';
        expect(scores[excluded]).toBe(1);
        expect(scores[winner]).toBe(Math.max(400, winner === 'red' ? red : blue));
      }),
    );
  });
});
