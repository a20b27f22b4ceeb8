import { parseCoefficient, parseRulingForm, RULING_FORMS } from './ruling-form';

describe('parseRulingForm', () => {
  it.each(RULING_FORMS)('refuses a %s ruling without a reason', (kind) => {
    const result = parseRulingForm({ kind, reason: '   ', player: 'red', valid: 'yes', upheld: 'no', points: '5', number: '2', days: '3', direction: 'grant', amount: '0,5', confirm: 'yes', outcome: 'unfinished' });
    expect(result).toMatchObject({ ok: false, code: 'REASON_REQUIRED' });
  });

  it('reads each kind into the service input', () => {
    expect(parseRulingForm({ kind: 'word', valid: 'no', reason: 'not in the list' })).toEqual({
      ok: true,
      action: { type: 'rule', ruling: { kind: 'word', valid: false, reason: 'not in the list' } },
    });
    expect(parseRulingForm({ kind: 'claim', upheld: 'yes', reason: 'r' })).toMatchObject({ ok: true, action: { ruling: { kind: 'claim', upheld: true } } });
    expect(parseRulingForm({ kind: 'score-correction', player: 'blue', points: '-12', reason: 'r' })).toMatchObject({
      ok: true,
      action: { ruling: { kind: 'score-correction', player: 'blue', points: -12 } },
    });
    expect(parseRulingForm({ kind: 'move-annulment', number: '7', reason: 'r' })).toMatchObject({ ok: true, action: { ruling: { number: 7 } } });
    expect(parseRulingForm({ kind: 'thinking-days', player: 'red', days: '10', direction: 'charge', reason: 'r' })).toMatchObject({
      ok: true,
      action: { type: 'rule', ruling: { kind: 'thinking-days', player: 'red', days: 10 } },
    });
    expect(parseRulingForm({ kind: 'thinking-days', player: 'red', days: '3', direction: 'grant', reason: 'r' })).toEqual({
      ok: true,
      action: { type: 'grant-days', player: 'red', days: 3, reason: 'r' },
    });
    expect(parseRulingForm({ kind: 'coefficient-penalty', player: 'red', amount: '0,25', reason: 'r' })).toMatchObject({
      ok: true,
      action: { ruling: { kind: 'coefficient-penalty', amount: 2500 } },
    });
    expect(parseRulingForm({ kind: 'warning', player: 'blue', reason: 'r' })).toMatchObject({ ok: true, action: { ruling: { kind: 'warning', player: 'blue' } } });
    expect(parseRulingForm({ kind: 'outcome', outcome: 'no-show', player: 'blue', reason: 'r' })).toMatchObject({
      ok: true,
      action: { ruling: { kind: 'outcome', outcome: { type: 'no-show', by: 'blue' } } },
    });
    expect(parseRulingForm({ kind: 'outcome', outcome: 'unfinished', player: 'blue', reason: 'r' })).toMatchObject({
      ok: true,
      action: { ruling: { kind: 'outcome', outcome: { type: 'unfinished' } } },
    });
    expect(parseRulingForm({ kind: 'exclusion', player: 'blue', confirm: 'yes', reason: 'r' })).toEqual({ ok: true, action: { type: 'exclusion', player: 'blue', reason: 'r' } });
  });

  it('refuses values out of range, with the reason in both languages', () => {
    for (const form of [
      { kind: 'coefficient-penalty', player: 'red', amount: '0,05', reason: 'r' },
      { kind: 'coefficient-penalty', player: 'red', amount: '1,5', reason: 'r' },
      { kind: 'score-correction', player: 'red', points: '0', reason: 'r' },
      { kind: 'score-correction', points: '4', reason: 'r' },
      { kind: 'thinking-days', player: 'red', days: '0', direction: 'grant', reason: 'r' },
      { kind: 'thinking-days', player: 'red', days: '2', reason: 'r' },
      { kind: 'word', reason: 'r' },
      { kind: 'exclusion', player: 'red', reason: 'r' },
      { kind: 'outcome', outcome: 'abandon', reason: 'r' },
      { kind: 'outcome', outcome: 'finished', reason: 'r' },
      { kind: 'nonsense', reason: 'r' },
    ]) {
      const result = parseRulingForm(form);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message.ro && result.message.en).toBeTruthy();
    }
  });

  it('reads coefficients with a comma or a point', () => {
    expect(parseCoefficient('0.1')).toBe(1000);
    expect(parseCoefficient('0,5')).toBe(5000);
    expect(parseCoefficient('1')).toBe(10000);
    expect(parseCoefficient('0,1234')).toBe(1234);
    expect(parseCoefficient('abc')).toBeNull();
  });
});
