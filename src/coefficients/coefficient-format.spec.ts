import fc from 'fast-check';
import { toDecimal } from './core/coefficients';
import { formatCoefficient, formatCoefficientValue } from '../common/coefficient-format';

describe('formatCoefficient in a language (docs/rules.md §7: four decimals always)', () => {
  it('writes a comma in Romanian, a point in English and by default', () => {
    expect(formatCoefficient(4700, 'ro')).toBe('0,4700');
    expect(formatCoefficient(15300, 'en')).toBe('1.5300');
    expect(formatCoefficient(15300)).toBe('1.5300');
    expect(formatCoefficientValue(0.47, 'ro')).toBe('0,4700');
    expect(formatCoefficientValue(1.53, 'en')).toBe('1.5300');
  });

  it('the two languages differ only in the separator, and a decimal value round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 16_667 }), (t) => {
        expect(formatCoefficient(t, 'ro')).toBe(formatCoefficient(t, 'en').replace('.', ','));
        expect(formatCoefficientValue(toDecimal(t), 'ro')).toBe(formatCoefficient(t, 'ro'));
        expect(formatCoefficient(t, 'ro')).toMatch(/^\d+,\d{4}$/);
      }),
    );
  });
});
