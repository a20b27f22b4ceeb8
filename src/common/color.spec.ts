import fc from 'fast-check';
import { COLORS, otherColor, type Color } from './color';

describe('colors', () => {
  it('names both sides, RED first', () => {
    expect(COLORS).toEqual(['red', 'blue']);
  });

  it('gives the partner: red ↔ blue', () => {
    expect(otherColor('red')).toBe('blue');
    expect(otherColor('blue')).toBe('red');
  });

  it('is its own inverse and never the same side', () => {
    fc.assert(
      fc.property(fc.constantFrom<Color>(...COLORS), (c) => {
        expect(otherColor(c)).not.toBe(c);
        expect(COLORS).toContain(otherColor(c));
        expect(otherColor(otherColor(c))).toBe(c);
      }),
    );
  });
});
