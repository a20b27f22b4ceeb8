import fc from 'fast-check';
import { addDays, type LocalDate } from '../../common/calendar';
import { mayAnswer, mayHomologate, windowOpen, type HomologationFacts } from './homologation-rule';

// A game ended on 1 March 2027: the players confirm or object up to 6 March inclusive.
const dueOn = addDays('2027-03-01', 5);
const facts = (over: Partial<HomologationFacts> = {}): HomologationFacts => ({
  status: 'proposed',
  today: '2027-03-01',
  dueOn,
  confirmed: { red: false, blue: false },
  openObjections: 0,
  ...over,
});

describe('mayHomologate (docs/rules.md §7)', () => {
  it('refuses on the day the game ended, with nobody having answered', () => {
    expect(mayHomologate(facts())).toEqual({ ok: false, why: 'window-open' });
  });

  it('keeps the window open through its last day, and closes it the day after (silence confirms)', () => {
    expect(mayHomologate(facts({ today: dueOn }))).toEqual({ ok: false, why: 'window-open' });
    expect(mayHomologate(facts({ today: addDays(dueOn, 1) }))).toEqual({ ok: true, basis: 'window-closed' });
  });

  it('allows it early once both players confirmed, not with one', () => {
    expect(mayHomologate(facts({ confirmed: { red: true, blue: false } }))).toEqual({ ok: false, why: 'window-open' });
    expect(mayHomologate(facts({ confirmed: { red: true, blue: true } }))).toEqual({ ok: true, basis: 'both-confirmed' });
  });

  it('allows an explicit override with a reason, never one without', () => {
    expect(mayHomologate(facts(), { override: true, reason: 'both players told me by phone' })).toEqual({ ok: true, basis: 'override' });
    expect(mayHomologate(facts(), { override: true, reason: '  ' })).toEqual({ ok: false, why: 'override-without-reason' });
    expect(mayHomologate(facts(), { override: true, reason: null })).toEqual({ ok: false, why: 'override-without-reason' });
    // A reason alone is not an override.
    expect(mayHomologate(facts(), { override: false, reason: 'ok' })).toEqual({ ok: false, why: 'window-open' });
  });

  it('refuses while an objection is open, even with both confirmations, an override or a closed window', () => {
    const open = facts({ openObjections: 1, confirmed: { red: true, blue: true }, today: addDays(dueOn, 30) });
    expect(mayHomologate(open)).toEqual({ ok: false, why: 'objection-open' });
    expect(mayHomologate(open, { override: true, reason: 'hurry' })).toEqual({ ok: false, why: 'objection-open' });
  });

  it('refuses a result already homologated', () => {
    expect(mayHomologate(facts({ status: 'homologated', today: addDays(dueOn, 9) }))).toEqual({ ok: false, why: 'already-homologated' });
  });

  const day = fc.integer({ min: -20, max: 20 }).map((n) => addDays('2027-03-01', n) as LocalDate);
  const anyFacts = fc.record({
    status: fc.constantFrom('proposed' as const, 'homologated' as const),
    today: day,
    dueOn: fc.constant(dueOn),
    confirmed: fc.record({ red: fc.boolean(), blue: fc.boolean() }),
    openObjections: fc.nat({ max: 3 }),
  });
  const anyAsk = fc.record({ override: fc.boolean(), reason: fc.option(fc.constantFrom('', ' ', 'motiv'), { nil: null }) });

  it('never homologates with an open objection, twice, or inside the window without both confirmations or a reasoned override', () => {
    fc.assert(
      fc.property(anyFacts, anyAsk, (f, ask) => {
        const d = mayHomologate(f, ask);
        if (!d.ok) return;
        expect(f.status).toBe('proposed');
        expect(f.openObjections).toBe(0);
        if (windowOpen(f.today, f.dueOn)) {
          const both = f.confirmed.red && f.confirmed.blue;
          expect(both || (ask.override && Boolean(ask.reason?.trim()))).toBe(true);
          expect(d.basis).toBe(both ? 'both-confirmed' : 'override');
        } else {
          expect(d.basis).toBe('window-closed');
        }
      }),
    );
  });

  it('without an override, the answer never depends on the reason given', () => {
    fc.assert(
      fc.property(anyFacts, fc.string(), (f, reason) => expect(mayHomologate(f, { override: false, reason })).toEqual(mayHomologate(f))),
    );
  });

  it('a later day never turns a yes into a no (the window only closes)', () => {
    fc.assert(
      fc.property(anyFacts, anyAsk, fc.nat({ max: 30 }), (f, ask, later) => {
        if (mayHomologate(f, ask).ok) expect(mayHomologate({ ...f, today: addDays(f.today, later) }, ask).ok).toBe(true);
      }),
    );
  });
});

describe('mayAnswer: a player confirms or objects within the 5 days (docs/rules.md §7)', () => {
  it("takes an answer from the day the game ended through the window's last day, inclusive", () => {
    expect(mayAnswer(facts())).toEqual({ ok: true });
    expect(mayAnswer(facts({ today: dueOn }))).toEqual({ ok: true });
  });

  it('refuses it from the day after, naming the last day: silence has confirmed', () => {
    expect(mayAnswer(facts({ today: addDays(dueOn, 1) }))).toEqual({ ok: false, why: 'window-closed', closedOn: '2027-03-06' });
    expect(mayAnswer(facts({ today: addDays(dueOn, 40) }))).toEqual({ ok: false, why: 'window-closed', closedOn: '2027-03-06' });
  });

  it('refuses it once the result is homologated, even inside the window', () => {
    expect(mayAnswer(facts({ status: 'homologated' }))).toEqual({ ok: false, why: 'already-homologated', closedOn: dueOn });
  });

  const day = fc.integer({ min: -20, max: 40 }).map((n) => addDays('2027-03-01', n) as LocalDate);

  it('answers yes exactly while the window is open and the result not homologated', () => {
    fc.assert(
      fc.property(day, day, fc.constantFrom('proposed' as const, 'homologated' as const), (today, due, status) => {
        expect(mayAnswer({ status, today, dueOn: due }).ok).toBe(status === 'proposed' && windowOpen(today, due));
      }),
    );
  });

  it('once refused for the window, stays refused on every later day, and always names the same last day', () => {
    fc.assert(
      fc.property(day, fc.nat({ max: 60 }), (today, later) => {
        const first = mayAnswer({ status: 'proposed', today, dueOn });
        if (first.ok) return;
        expect(mayAnswer({ status: 'proposed', today: addDays(today, later), dueOn })).toEqual(first);
        expect(first.closedOn).toBe(dueOn);
      }),
    );
  });

  it('without confirmations, an answer is taken exactly on the days silence cannot yet homologate (the two never overlap)', () => {
    fc.assert(fc.property(day, (today) => expect(mayAnswer(facts({ today })).ok).toBe(!mayHomologate(facts({ today })).ok)));
  });
});
