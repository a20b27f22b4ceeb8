import fc from 'fast-check';
import { Refusal } from '../../common/refusal';
import { ARBITER_NAME_MAX, decideArbiterName } from './arbiter-name';

describe('decideArbiterName (docs/web.md "The arbiter\'s name")', () => {
  it('trims and folds inner blanks to one space', () => {
    expect(decideArbiterName('  Dan   Marinescu \n')).toBe('Dan Marinescu');
    expect(decideArbiterName('Ștefania Popescu-Rădulescu')).toBe('Ștefania Popescu-Rădulescu');
  });

  it.each([[''], ['   '], [42], [null], ['a@b.ro'], ['Dan\u0000'], ['x'.repeat(ARBITER_NAME_MAX + 1)]])(
    'refuses %p with BAD_INPUT',
    (input) => {
      const decided = decideArbiterName(input);
      expect(decided).toBeInstanceOf(Refusal);
      expect((decided as Refusal).code).toBe('BAD_INPUT');
      expect((decided as Refusal).messages.ro).not.toBe('');
    },
  );

  it('keeps a name of the bound, counted in characters', () => {
    expect(decideArbiterName('ș'.repeat(ARBITER_NAME_MAX))).toBe('ș'.repeat(ARBITER_NAME_MAX));
  });

  it('whatever it keeps is trimmed, one line and within the bound', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (input) => {
        const decided = decideArbiterName(input);
        if (decided instanceof Refusal) return;
        expect(decided).toBe(decided.trim());
        expect(decided).not.toMatch(/\s\s|\n/);
        expect([...decided].length).toBeLessThanOrEqual(ARBITER_NAME_MAX);
        expect(decided.length).toBeGreaterThan(0);
      }),
    );
  });
});
