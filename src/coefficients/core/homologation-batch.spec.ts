import fc from 'fast-check';
import { Refusal } from '../../common/refusal';
import { batchGameIds, batchReport, MAX_BATCH_GAMES, skipOf } from './homologation-batch';
import { closingRefusals, homologationRefusal } from './homologation-refusals';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('homologating a competition’s results in one act', () => {
  it('skips a game for the typed reason its refusal gives, with the words in both languages', () => {
    expect(skipOf(A, homologationRefusal('already-homologated', '2027-04-05'))).toMatchObject({ gameId: A, why: 'already-homologated' });
    expect(skipOf(A, homologationRefusal('objection-open', '2027-04-05'))?.why).toBe('objection-open');
    expect(skipOf(A, homologationRefusal('window-open', '2027-04-05'))?.message.ro).toContain('05.04.2027');
    expect(skipOf(A, closingRefusals.ruleFirst())?.why).toBe('rule-first');
    expect(skipOf(A, closingRefusals.noProposal())?.why).toBe('no-proposal');
    expect(skipOf(A, closingRefusals.notListed())?.why).toBe('not-listed');
  });

  it('does not take any other failure for a skip: it fails the act', () => {
    expect(skipOf(A, new Refusal('FORBIDDEN', { ro: 'Nu.', en: 'No.', pl: 'Nie.' }, 403))).toBeNull();
    expect(skipOf(A, new Refusal('X', { ro: 'Nu.', en: 'No.', pl: 'Nie.' }, 409, { why: 'something-else' }))).toBeNull();
    expect(skipOf(A, new Error('boom'))).toBeNull();
  });

  it('reads the listed games from the form: one, many, each once, in order', () => {
    expect(batchGameIds({ game: A })).toEqual([A]);
    expect(batchGameIds({ game: [B, A, B] })).toEqual([B, A]);
    expect(batchGameIds({ game: [A.toUpperCase()] })).toEqual([A]);
    expect(batchGameIds({})).toEqual([]);
    expect(batchGameIds(undefined)).toEqual([]);
  });

  it('refuses a list with anything but game ids, or too long', () => {
    expect(batchGameIds({ game: [A, 'x'] })).toBeNull();
    expect(batchGameIds({ game: { a: A } })).toBeNull();
    expect(batchGameIds({ game: Array.from({ length: MAX_BATCH_GAMES + 1 }, () => A) })).toBeNull();
    fc.assert(fc.property(fc.string(), (s) => expect(batchGameIds({ game: s }) === null || /^[0-9a-f-]{36}$/i.test(s)).toBe(true)));
  });

  it('reports how many were homologated and which were skipped, in the listed order', () => {
    const skipped = skipOf(B, closingRefusals.ruleFirst())!;
    expect(batchReport([{ gameId: A, homologated: true }, skipped])).toEqual({ homologated: [A], skipped: [skipped] });
    expect(batchReport([])).toEqual({ homologated: [], skipped: [] });
  });
});
