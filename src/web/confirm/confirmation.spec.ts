import { Refusal } from '../../common/refusal';
import { IRREVERSIBLE, isConfirmed, notConfirmed, requireConfirmed } from './confirmation';

describe('requireConfirmed (an action that cannot be undone asks once)', () => {
  it('lets a ticked box through', () => {
    expect(() => requireConfirmed({ confirm: 'yes' }, IRREVERSIBLE.start)).not.toThrow();
    expect(() => requireConfirmed({ confirm: ['', 'yes'] }, IRREVERSIBLE.start)).not.toThrow();
  });

  it.each([undefined, null, {}, { confirm: '' }, { confirm: 'no' }, { confirm: 'on' }])('refuses %p in both languages', (form) => {
    let thrown: unknown;
    try {
      requireConfirmed(form, IRREVERSIBLE.anonymise);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Refusal);
    const refusal = thrown as Refusal;
    expect(refusal.code).toBe('NOT_CONFIRMED');
    expect(refusal.getStatus()).toBe(400);
    expect(refusal.messages.ro).toContain('anonimizarea jucătorului');
    expect(refusal.messages.en).toContain('anonymising the player');
    expect(refusal.messages.pl).toContain('anonimizacja gracza');
  });

  it('reads the box without throwing, for forms that report their refusal (the ruling forms)', () => {
    expect([{ confirm: 'yes' }, { confirm: ['yes'] }].map(isConfirmed)).toEqual([true, true]);
    expect([undefined, 'yes', {}, { confirm: 'true' }].map(isConfirmed)).toEqual([false, false, false, false]);
  });

  it.each(Object.entries(IRREVERSIBLE))('names %s in the three languages when refusing it', (_name, what) => {
    const refusal = notConfirmed(what);
    expect(refusal.messages).toEqual({
      ro: `Bifați căsuța de confirmare: ${what.ro} nu mai poate fi anulată.`,
      en: `Tick the confirmation box: ${what.en} cannot be undone.`,
      pl: `Zaznacz pole potwierdzenia — tej czynności nie można cofnąć: ${what.pl}.`,
    });
  });
});
