import fc from 'fast-check';
import type { Color } from '../../engine/types';
import { computeCoefficients, fullTours, MAX_COEFFICIENT, penalizedCoefficient, toDecimal, type Outcome } from './coefficients';
import { formatCoefficient } from '../../common/coefficient-format';

const finished: Outcome = { type: 'finished' };
const c = (red: number, blue: number, outcome: Outcome = finished) => {
  const r = computeCoefficients({ red, blue }, outcome);
  return `${formatCoefficient(r.red)} / ${formatCoefficient(r.blue)}`;
};
const abandon = (by: Color, tours: number): Outcome => ({ type: 'abandon', by, fullTours: tours });

describe('normal end (docs/rules.md §7)', () => {
  it('gives the seed example: 524–480 → 1.5219 and 0.4781', () => {
    expect(computeCoefficients({ red: 524, blue: 480 }, finished)).toEqual({ red: 15219, blue: 4781 });
    expect(c(480, 524)).toBe('0.4781 / 1.5219');
  });

  it('rounds the winner half-up and gives the loser 2 minus it: 401–399 never sums to 2.0001', () => {
    // 401/800 = 0.50125 → 0.5013; the loser's own 0.49875 would round to 0.4988.
    expect(c(401, 399)).toBe('1.5013 / 0.4987');
    // Exactly half a ten-thousandth rounds up: 17/32 = 0.53125 → 0.5313 (and 15/32 alone would give 0.4688).
    expect(c(17, 15)).toBe('1.5313 / 0.4687');
  });

  it('gives 1.5000 / 0.5000 when both are negative or one is negative and the other zero', () => {
    expect(c(-5, -20)).toBe('1.5000 / 0.5000');
    expect(c(0, -3)).toBe('1.5000 / 0.5000');
    expect(c(-3, 0)).toBe('0.5000 / 1.5000');
  });

  it('gives 1.5300 / 0.4700 when the winner is positive and the loser negative or zero', () => {
    expect(c(12, 0)).toBe('1.5300 / 0.4700');
    expect(c(-8, 250)).toBe('0.4700 / 1.5300');
  });

  it('gives 1 / 1 for equal scores, whatever they are', () => {
    expect(c(300, 300)).toBe('1.0000 / 1.0000');
    expect(c(0, 0)).toBe('1.0000 / 1.0000');
    expect(c(-7, -7)).toBe('1.0000 / 1.0000');
  });

  it('never homologates more than 1.6667; the loser keeps the coefficient computed normally', () => {
    // 500–100: 1 + 500/600 = 1.8333 → 1.6667; the loser 0.1667.
    expect(c(500, 100)).toBe('1.6667 / 0.1667');
    // 2:1 is exactly the ceiling: 1 + 2/3 = 1.66666… → 1.6667.
    expect(c(200, 100)).toBe('1.6667 / 0.3333');
    expect(c(201, 100)).toBe('1.6667 / 0.3322');
  });
});

describe('abandonment and time forfeit (docs/rules.md §7)', () => {
  it('gives the remaining player the coefficient of the score, within the tour ceiling', () => {
    // 524–480 after 10 full tours: the ceiling 1.63 does not bind.
    expect(c(524, 480, abandon('blue', 10))).toBe('1.5219 / 0.4781');
    // 300–200 (1.6000) after 3 full tours: at most 1.53 + 0.03; the abandoner keeps 0.4000.
    expect(c(300, 200, abandon('blue', 3))).toBe('1.5600 / 0.4000');
    // Less than one full tour: at most 1.53.
    expect(c(30, 10, abandon('blue', 0))).toBe('1.5300 / 0.2500');
  });

  it('gives at least 1.53 when the score was against the remaining player, and the abandoner at most 2 − that', () => {
    expect(c(524, 480, abandon('red', 10))).toBe('0.4700 / 1.5300');
    expect(c(100, 400, abandon('blue', 20))).toBe('1.5300 / 0.4700');
    expect(c(-10, -5, abandon('blue', 5))).toBe('1.5300 / 0.4700');
  });

  it('counts equal scores as against the remaining player: 0–0 gives 1.53 / 0.47', () => {
    expect(c(0, 0, abandon('red', 0))).toBe('0.4700 / 1.5300');
    expect(c(250, 250, abandon('blue', 12))).toBe('1.5300 / 0.4700');
  });

  it('keeps the special cases of the score when the remaining player leads', () => {
    expect(c(-5, -10, abandon('blue', 4))).toBe('1.5000 / 0.5000');
    expect(c(40, 0, abandon('blue', 4))).toBe('1.5300 / 0.4700');
  });

  it('applies the 1.6667 ceiling after many tours', () => {
    expect(c(500, 100, abandon('blue', 30))).toBe('1.6667 / 0.1667');
  });

  it('treats a time forfeit as abandonment by the player who exceeded', () => {
    const timeout: Outcome = { type: 'timeout', by: 'red', fullTours: 6 };
    expect(computeCoefficients({ red: 310, blue: 280 }, timeout)).toEqual(computeCoefficients({ red: 310, blue: 280 }, abandon('red', 6)));
    expect(c(310, 280, timeout)).toBe('0.4700 / 1.5300');
  });

  it('counts full tours as ⌊moves played / 2⌋', () => {
    expect([0, 1, 2, 3, 17].map(fullTours)).toEqual([0, 0, 1, 1, 8]);
    expect(() => fullTours(-1)).toThrow(RangeError);
  });
});

describe('the other endings (docs/rules.md §7)', () => {
  it('gives the no-show 0 and the partner 1.5300', () => {
    expect(c(0, 0, { type: 'no-show', by: 'blue' })).toBe('1.5300 / 0.0000');
    expect(c(12, 0, { type: 'no-show', by: 'red' })).toBe('0.0000 / 1.5300');
  });

  it('shares one point in proportion to the scores on an interruption, plus 0.5 each', () => {
    expect(c(524, 480, { type: 'interrupted' })).toBe('1.0219 / 0.9781');
    expect(c(0, 0, { type: 'interrupted' })).toBe('1.0000 / 1.0000');
    expect(c(401, 399, { type: 'interrupted' })).toBe('1.0013 / 0.9987');
    // A negative score takes no share of the point.
    expect(c(100, -20, { type: 'interrupted' })).toBe('1.5000 / 0.5000');
    expect(c(-5, -9, { type: 'interrupted' })).toBe('1.0000 / 1.0000');
  });

  it('gives 1 / 1 for an agreed draw and for a game unfinished at the closing date', () => {
    expect(c(400, 100, { type: 'draw-agreement' })).toBe('1.0000 / 1.0000');
    expect(c(400, 100, { type: 'unfinished' })).toBe('1.0000 / 1.0000');
  });

  it('gives 0 / 0 when nobody declared the game’s state', () => {
    expect(c(400, 100, { type: 'no-information' })).toBe('0.0000 / 0.0000');
  });

  it('refuses scores, tours or colours that are not what they should be', () => {
    expect(() => computeCoefficients({ red: 1.5, blue: 0 }, finished)).toThrow(RangeError);
    expect(() => computeCoefficients({ red: 1, blue: 0 }, abandon('red', -1))).toThrow(RangeError);
    expect(() => computeCoefficients({ red: 1, blue: 0 }, { type: 'no-show', by: 'green' as Color })).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it('writes four decimals and converts for JSON', () => {
    expect(formatCoefficient(15219)).toBe('1.5219');
    expect(formatCoefficient(10000)).toBe('1.0000');
    expect(formatCoefficient(470)).toBe('0.0470');
    expect(formatCoefficient(-300)).toBe('-0.0300');
    expect(toDecimal(15219)).toBe(1.5219);
    expect(JSON.stringify(toDecimal(4781))).toBe('0.4781');
  });

  it('prints every coefficient as its four decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), (t) => {
        expect(String(toDecimal(t))).toBe(String(Number(formatCoefficient(t))));
        expect(Number(formatCoefficient(t))).toBe(toDecimal(t));
      }),
    );
  });
});

describe('coefficient properties', () => {
  const score = fc.integer({ min: -200, max: 1200 });
  const positive = fc.integer({ min: 1, max: 1200 });

  it('a normal pair sums to exactly 2 unless the ceiling cut the winner', () => {
    fc.assert(
      fc.property(score, score, (red, blue) => {
        const r = computeCoefficients({ red, blue }, finished);
        const winner = Math.max(r.red, r.blue);
        if (winner < MAX_COEFFICIENT) expect(r.red + r.blue).toBe(20_000);
        else expect(r.red + r.blue).toBeLessThanOrEqual(20_000);
      }),
    );
  });

  it('the winner’s coefficient is 1 + P/(P+p) rounded half-up to four decimals', () => {
    fc.assert(
      fc.property(positive, positive, (a, b) => {
        fc.pre(a !== b);
        const [P, p] = a > b ? [a, b] : [b, a];
        const r = computeCoefficients({ red: P, blue: p }, finished);
        const exact = 10_000 + (10_000 * P) / (P + p); // the reference may be a float: it is only compared within half a unit
        const uncapped = 20_000 - r.blue;
        expect(Math.abs(uncapped - exact)).toBeLessThanOrEqual(0.5);
        expect(r.red).toBe(Math.min(uncapped, MAX_COEFFICIENT));
      }),
    );
  });

  it('the winner never gets less than the loser, whatever the ending', () => {
    const outcome = fc.oneof(
      fc.constant<Outcome>(finished),
      fc.record({
        type: fc.constantFrom('abandon' as const, 'timeout' as const),
        by: fc.constantFrom<Color>('red', 'blue'),
        fullTours: fc.nat(60),
      }),
      fc.record({ type: fc.constant('no-show' as const), by: fc.constantFrom<Color>('red', 'blue') }),
      fc.constant<Outcome>({ type: 'interrupted' }),
    );
    fc.assert(
      fc.property(score, score, outcome, (red, blue, o) => {
        const r = computeCoefficients({ red, blue }, o);
        const winner: Color | null =
          o.type === 'abandon' || o.type === 'timeout' || o.type === 'no-show'
            ? o.by === 'red'
              ? 'blue'
              : 'red'
            : red === blue
              ? null
              : red > blue
                ? 'red'
                : 'blue';
        if (winner) expect(r[winner]).toBeGreaterThanOrEqual(r[winner === 'red' ? 'blue' : 'red']);
        for (const v of [r.red, r.blue]) {
          expect(Number.isInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(MAX_COEFFICIENT);
        }
      }),
    );
  });

  it('depends on the colours only through the scores: swapping them swaps the coefficients', () => {
    fc.assert(
      fc.property(score, score, fc.constantFrom<Color>('red', 'blue'), fc.nat(40), (red, blue, by, tours) => {
        const other: Color = by === 'red' ? 'blue' : 'red';
        const a = computeCoefficients({ red, blue }, abandon(by, tours));
        const b = computeCoefficients({ red: blue, blue: red }, abandon(other, tours));
        expect(b).toEqual({ red: a.blue, blue: a.red });
      }),
    );
  });

  it('an abandonment never pays the remaining player less than 1.5 nor more than 1.53 + 0.01·n', () => {
    fc.assert(
      fc.property(score, score, fc.nat(40), (red, blue, tours) => {
        const r = computeCoefficients({ red, blue }, abandon('blue', tours));
        expect(r.red).toBeGreaterThanOrEqual(15_000);
        expect(r.red).toBeLessThanOrEqual(Math.min(15_300 + 100 * tours, MAX_COEFFICIENT));
        expect(r.red + r.blue).toBeLessThanOrEqual(20_000);
        if (red <= blue) expect(r).toEqual({ red: 15_300, blue: 4_700 });
      }),
    );
  });
});

describe('coefficient penalties (docs/rules.md §6 sanctions)', () => {
  it('deducts from the game coefficient', () => {
    expect(penalizedCoefficient(15_219, 1_000)).toBe(14_219);
    expect(penalizedCoefficient(10_000, 10_000)).toBe(0);
  });
  it('never takes a coefficient below 0', () => {
    expect(penalizedCoefficient(4_781, 10_000)).toBe(0);
    expect(penalizedCoefficient(0, 1_000)).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_COEFFICIENT }),
        fc.array(fc.integer({ min: 1_000, max: 10_000 }), { maxLength: 5 }),
        (coef, penalties) => {
          const after = penalizedCoefficient(
            coef,
            penalties.reduce((a, b) => a + b, 0),
          );
          expect(after).toBeGreaterThanOrEqual(0);
          expect(after).toBeLessThanOrEqual(coef);
        },
      ),
    );
  });
});
