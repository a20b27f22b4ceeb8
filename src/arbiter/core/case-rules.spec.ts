import fc from 'fast-check';
import { Refusal } from '../../common/refusal';
import { closableByHand, closeByHand, type CaseState } from './case-rules';

const BY_HAND = ['silence', 'closing', 'mail-bounce', 'mail-failed', 'mail-undeliverable'];
const SETTLED = ['dispute', 'claim', 'result', 'objection', 'commission-appeal', 'downtime-credit'];

const states: fc.Arbitrary<CaseState> = fc.record({
  kind: fc.oneof(fc.constantFrom(...BY_HAND, ...SETTLED), fc.string({ maxLength: 12 })),
  status: fc.constantFrom<CaseState['status']>('open', 'closed'),
});
/** Reasons, blank ones (spaces, tabs, line breaks) often. */
const reasons = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.stringMatching(/^[ \t\n]{0,4}$/),
  fc.constant('adresă nouă primită prin telefon'),
);

function codeOf(result: unknown): string | null {
  return result instanceof Refusal ? result.code : null;
}

describe('closableByHand', () => {
  it('lets the arbiter close by hand only the cases no decision of their own settles', () => {
    expect(BY_HAND.every(closableByHand)).toBe(true);
    expect(SETTLED.some(closableByHand)).toBe(false);
  });
});

describe('closeByHand: a case closed with the arbiter’s reason', () => {
  it('closes exactly an open case closable by hand, with a reason, keeping the reason trimmed', () => {
    fc.assert(
      fc.property(states, reasons, (state, reason) => {
        const result = closeByHand(state, { reason });
        const accepted = reason.trim() !== '' && state.status === 'open' && closableByHand(state.kind);
        expect(result instanceof Refusal).toBe(!accepted);
        if (accepted) expect(result).toEqual({ status: 'closed', reason: reason.trim() });
      }),
    );
  });

  it('never reopens a closed case: every command on it is refused', () => {
    fc.assert(
      fc.property(states, reasons, (state, reason) => {
        expect(closeByHand({ ...state, status: 'closed' }, { reason })).toBeInstanceOf(Refusal);
      }),
    );
  });

  it('closes a case once: the closed case, asked again, is refused as closed', () => {
    fc.assert(
      fc.property(states, reasons, reasons, (state, first, second) => {
        const closing = closeByHand(state, { reason: first });
        fc.pre(!(closing instanceof Refusal) && second.trim() !== '');
        expect(codeOf(closeByHand({ ...state, status: (closing as { status: 'closed' }).status }, { reason: second }))).toBe('CASE_CLOSED');
      }),
    );
  });

  it('refuses in both languages and changes nothing: the case it read is left as it was', () => {
    fc.assert(
      fc.property(states, reasons, (state, reason) => {
        const before = { ...state };
        const result = closeByHand(Object.freeze(state), { reason });
        expect(state).toEqual(before);
        if (result instanceof Refusal) {
          expect(result.messages.ro.length * result.messages.en.length).toBeGreaterThan(0);
          expect([400, 409]).toContain(result.getStatus());
        }
      }),
    );
  });

  it('asks first for the reason, then for an open case, then for a kind closable by hand', () => {
    expect(codeOf(closeByHand({ kind: 'result', status: 'closed' }, { reason: '  ' }))).toBe('REASON_REQUIRED');
    expect(codeOf(closeByHand({ kind: 'result', status: 'closed' }, { reason: 'x' }))).toBe('CASE_CLOSED');
    expect(codeOf(closeByHand({ kind: 'result', status: 'open' }, { reason: 'x' }))).toBe('CASE_DECIDED_ELSEWHERE');
    expect(closeByHand({ kind: 'mail-bounce', status: 'open' }, { reason: ' adresă nouă ' })).toEqual({
      status: 'closed',
      reason: 'adresă nouă',
    });
  });
});
