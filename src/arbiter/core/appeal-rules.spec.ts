import fc from 'fast-check';
import { Refusal } from '../../common/refusal';
import type { JsonObject } from '../../common/json';
import {
  COMMISSION_OUTCOMES,
  decideAppeal,
  lodgeAppeal,
  type AppealDecision,
  type AppealReferences,
  type AppealState,
  type CommissionAppealInput,
} from './appeal-rules';

const TODAY = '2027-03-10';
const blankOrWords = fc.oneof(fc.stringMatching(/^[ \t\n]{0,3}$/), fc.string({ maxLength: 12 }), fc.constant('avertisment pentru limbaj'));
const id = fc.option(fc.uuid(), { nil: undefined });

const inputs: fc.Arbitrary<CommissionAppealInput> = fc.record(
  { decision: blankOrWords, appellant: blankOrWords, comment: blankOrWords, feeReceipt: blankOrWords, rulingId: id, gameId: id },
  { requiredKeys: ['decision', 'appellant', 'comment', 'feeReceipt'] },
);
/** What the service found for each id the appeal names: the record, or nothing (null). */
const found = (input: CommissionAppealInput): fc.Arbitrary<AppealReferences> =>
  fc.record({
    ...(input.rulingId && { ruling: fc.option(fc.record({ gameId: fc.option(fc.uuid(), { nil: null }) }), { nil: null }) }),
    ...(input.gameId && { game: fc.option(fc.constant({ id: input.gameId }), { nil: null }) }),
  }) as fc.Arbitrary<AppealReferences>;
const lodgings = inputs.chain((input) => found(input).map((refs) => ({ input, refs })));

const outcomes = fc.oneof(fc.constantFrom<string>(...COMMISSION_OUTCOMES), fc.string({ maxLength: 10 }));
const commands = fc.record({ outcome: outcomes, comment: blankOrWords });
const lodgedPayload: JsonObject = {
  decision: 'avertisment',
  rulingId: null,
  appellant: 'Player 2',
  comment: 'nu am jignit pe nimeni',
  feeReceipt: 'chitanța 123',
  lodgedOn: '2027-02-01',
  outcome: null,
  outcomeComment: null,
};
const appeals: fc.Arbitrary<AppealState> = fc.record({
  status: fc.constantFrom<AppealState['status']>('open', 'closed'),
  payload: fc.constant(lodgedPayload),
});

const codeOf = (result: unknown): string | null => (result instanceof Refusal ? result.code : null);
const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object') for (const v of Object.values(value)) deepFreeze(v);
  return Object.freeze(value);
};

describe('lodgeAppeal: an appeal to the commission against a decision (docs/rules.md §6)', () => {
  it('is lodged exactly when the decision, the appellant and the fee receipt are given and what it names exists', () => {
    fc.assert(
      fc.property(lodgings, ({ input, refs }) => {
        const result = lodgeAppeal(input, refs, TODAY);
        const given = [input.decision, input.appellant, input.feeReceipt].every((t) => t.trim() !== '');
        const namedExist = (!input.rulingId || !!refs.ruling) && (!input.gameId || !!refs.game);
        expect(result instanceof Refusal).toBe(!(given && namedExist));
        if (result instanceof Refusal) {
          expect(result.code).toBe(given ? 'NOT_FOUND' : 'BAD_INPUT');
          return;
        }
        // The game named wins over the ruling's; with neither the appeal is about no game.
        expect(result.gameId).toBe(input.gameId ? refs.game!.id : input.rulingId ? refs.ruling!.gameId : null);
        expect(result.payload).toEqual({
          decision: input.decision.trim(),
          rulingId: input.rulingId ?? null,
          appellant: input.appellant.trim(),
          comment: input.comment.trim(),
          feeReceipt: input.feeReceipt.trim(),
          lodgedOn: TODAY,
          outcome: null,
          outcomeComment: null,
        });
      }),
    );
  });

  it('names what is missing in both languages, the decision first', () => {
    const refused = lodgeAppeal({ decision: ' ', appellant: '', comment: '', feeReceipt: '' }, {}, TODAY) as Refusal;
    expect(refused.messages).toEqual({
      ro: 'Lipsește: decizia atacată.',
      en: 'Missing: decision appealed.',
      pl: 'Brakuje: zaskarżona decyzja.',
    });
    const noFee = lodgeAppeal({ decision: 'avertisment', appellant: 'Player 2', comment: '', feeReceipt: '' }, {}, TODAY) as Refusal;
    expect(noFee.messages.ro).toBe('Lipsește: chitanța taxei.');
  });
});

describe('decideAppeal: the commission’s outcome, entered once', () => {
  it('decides exactly an open appeal with a known outcome and a comment, keeping what was lodged', () => {
    fc.assert(
      fc.property(appeals, commands, (appeal, command) => {
        const result = decideAppeal(appeal, command, TODAY);
        const accepted =
          (COMMISSION_OUTCOMES as readonly string[]).includes(command.outcome) && command.comment.trim() !== '' && appeal.status === 'open';
        expect(result instanceof Refusal).toBe(!accepted);
        if (result instanceof Refusal) return;
        expect(result).toMatchObject({ status: 'closed', outcome: command.outcome, comment: command.comment.trim() });
        expect(result.payload).toEqual({
          ...lodgedPayload,
          outcome: command.outcome,
          outcomeComment: command.comment.trim(),
          decidedOn: TODAY,
        });
      }),
    );
  });

  it('decides an appeal once: the decided appeal refuses every later command', () => {
    fc.assert(
      fc.property(commands, commands, (first, second) => {
        const decided = decideAppeal({ status: 'open', payload: lodgedPayload }, first, TODAY);
        fc.pre(!(decided instanceof Refusal));
        const { status, payload } = decided as AppealDecision;
        expect(decideAppeal({ status, payload }, second, '2027-03-11')).toBeInstanceOf(Refusal);
      }),
    );
  });

  it('never reopens a closed appeal', () => {
    fc.assert(
      fc.property(commands, (command) =>
        expect(decideAppeal({ status: 'closed', payload: lodgedPayload }, command, TODAY)).toBeInstanceOf(Refusal),
      ),
    );
  });

  it('refuses in both languages and changes nothing: the appeal it read is left as it was', () => {
    fc.assert(
      fc.property(appeals, commands, (appeal, command) => {
        const before = structuredClone(appeal);
        const result = decideAppeal(deepFreeze(structuredClone(appeal)), command, TODAY);
        expect(appeal).toEqual(before);
        if (result instanceof Refusal) expect(result.messages.ro.length * result.messages.en.length).toBeGreaterThan(0);
      }),
    );
  });

  it('asks first for the outcome, then for the comment, then for an open appeal', () => {
    const closed: AppealState = { status: 'closed', payload: lodgedPayload };
    expect(codeOf(decideAppeal(closed, { outcome: 'maybe', comment: '' }, TODAY))).toBe('BAD_INPUT');
    expect(codeOf(decideAppeal(closed, { outcome: 'rejected', comment: ' ' }, TODAY))).toBe('REASON_REQUIRED');
    expect((decideAppeal(closed, { outcome: 'rejected', comment: 'rămâne' }, TODAY) as Refusal).messages.ro).toBe(
      'Apelul are deja o hotărâre.',
    );
  });
});
