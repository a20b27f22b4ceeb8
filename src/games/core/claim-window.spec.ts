import fc from 'fast-check';
import { addDays, type LocalDate } from '../../common/calendar';
import { CLAIM_ANSWER_DAYS, claimWindow, mayAnswer, mayRule } from './claim-window';

const told: LocalDate = '2027-03-28';

describe('the time claim answer window (docs/rules.md §5)', () => {
  it('takes an answer through the fifth day after the claim and refuses it on the sixth', () => {
    expect(claimWindow({ toldOn: told, today: told, answered: false })).toEqual({
      answerBy: '2027-04-02',
      daysSinceTold: 0,
      daysLeft: 6,
      open: true,
      lapsed: false,
      ripe: false,
    });
    expect(mayAnswer(claimWindow({ toldOn: told, today: '2027-04-02', answered: false }))).toEqual({ ok: true });
    expect(mayAnswer(claimWindow({ toldOn: told, today: '2027-04-03', answered: false }))).toEqual({
      ok: false,
      code: 'CLAIM_ANSWER_LATE',
      answerBy: '2027-04-02',
    });
  });

  it('says the 5 days passed without an answer only when none came', () => {
    expect(claimWindow({ toldOn: told, today: '2027-04-03', answered: false })).toMatchObject({
      lapsed: true,
      ripe: true,
      daysSinceTold: 6,
      daysLeft: 0,
    });
    expect(claimWindow({ toldOn: told, today: '2027-04-03', answered: true })).toMatchObject({ lapsed: false, ripe: true });
  });

  it('upholds early only with an override; rejects at any time', () => {
    const early = claimWindow({ toldOn: told, today: '2027-03-30', answered: false });
    expect(mayRule(early, { upheld: true, override: false })).toEqual({ ok: false, code: 'CLAIM_WINDOW_OPEN', answerBy: '2027-04-02' });
    expect(mayRule(early, { upheld: true, override: true })).toEqual({ ok: true, overridden: true });
    expect(mayRule(early, { upheld: false, override: false })).toEqual({ ok: true, overridden: false });
    const answered = claimWindow({ toldOn: told, today: '2027-03-30', answered: true });
    expect(mayRule(answered, { upheld: true, override: false })).toEqual({ ok: true, overridden: false });
  });

  it('holds for any day: open exactly while today ≤ told + 5; uphold without override exactly when ripe', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: -3, max: 40 }),
        fc.boolean(),
        fc.boolean(),
        (start, offset, answered, override) => {
          const toldOn = addDays('2026-01-01', start);
          const w = claimWindow({ toldOn, today: addDays(toldOn, offset), answered });
          expect(w.open).toBe(offset <= CLAIM_ANSWER_DAYS);
          expect(w.answerBy).toBe(addDays(toldOn, CLAIM_ANSWER_DAYS));
          expect(mayAnswer(w).ok).toBe(w.open);
          expect(w.lapsed).toBe(!answered && offset > CLAIM_ANSWER_DAYS);
          expect(w.daysLeft).toBe(w.open ? CLAIM_ANSWER_DAYS - offset + 1 : 0);
          const ruled = mayRule(w, { upheld: true, override });
          expect(ruled.ok).toBe(answered || offset > CLAIM_ANSWER_DAYS || override);
          if (ruled.ok) expect(ruled.overridden).toBe(!(answered || offset > CLAIM_ANSWER_DAYS));
          expect(mayRule(w, { upheld: false, override }).ok).toBe(true);
        },
      ),
    );
  });
});
