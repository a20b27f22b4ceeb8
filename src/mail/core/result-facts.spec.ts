import fc from 'fast-check';
import { mailsOf, rowPayload, signerOf } from './event-mails';
import { GAME_FACT, type GameFact } from './game-events';

const answered: GameFact = {
  kind: 'claim-answered',
  turn: 12,
  by: 'blue',
  accused: 'Ionescu',
  claimant: 'Popescu',
  text: 'Am fost internat.',
  answeredOn: '2027-03-30',
  answerBy: '2027-04-02',
};

describe("the mails of a claim's answer and of a result (docs/rules.md §5, §7)", () => {
  it("the answer goes to the claimant and to the competition's arbiter, never back to the accused", () => {
    const details = {
      accused: 'Ionescu',
      claimant: 'Popescu',
      text: 'Am fost internat.',
      answeredOn: '2027-03-30',
      answerBy: '2027-04-02',
    };
    expect(mailsOf(answered)).toEqual([
      { to: 'red', template: 'claim-answered', details },
      { to: 'arbiter', template: 'claim-answered', details },
    ]);
  });

  it("the arbiter's row lists the game and the turn, without a player's colour", () => {
    const [claimant, arbiter] = mailsOf(answered);
    expect(rowPayload('g', answered, claimant)).toMatchObject({ gameId: 'g', turn: 12, color: 'red', accused: 'Ionescu' });
    expect(rowPayload('g', answered, arbiter)).not.toHaveProperty('color');
    expect(rowPayload('g', answered, arbiter)).toMatchObject({ gameId: 'g', turn: 12, claimant: 'Popescu' });
  });

  it('the decision on an objection and the homologation go to both players; the decision is signed by who decided', () => {
    const decided: GameFact = {
      kind: 'objection-decided',
      turn: 30,
      objector: 'blue',
      objection: 'Lipsește o mutare.',
      objectedOn: '2027-02-06',
      upheld: true,
      reason: 'Se adaugă.',
      decidedOn: '2027-02-07',
      decidedBy: 'u1',
    };
    expect(mailsOf(decided).map((m) => `${m.to} ${m.template}`)).toEqual(['red objection-decided', 'blue objection-decided']);
    expect(mailsOf(decided)[0].details).toMatchObject({ objector: 'blue', upheld: true, decidedBy: 'u1' });
    expect(signerOf(decided)).toBe('u1');
    expect(signerOf({ ...decided, decidedBy: null })).toBeNull();
    const homologated: GameFact = {
      kind: 'result-homologated',
      turn: 30,
      result: { status: 'homologated', scores: { red: 400, blue: 380 } },
    };
    expect(mailsOf(homologated).map((m) => [m.to, m.details])).toEqual([
      ['red', homologated.result],
      ['blue', homologated.result],
    ]);
    expect(signerOf(homologated)).toBeUndefined();
  });
});

const color = fc.constantFrom('red' as const, 'blue' as const);
const day = fc
  .date({ min: new Date('2026-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const resultFact: fc.Arbitrary<GameFact> = fc.oneof(
  fc.record({
    kind: fc.constant('claim-answered' as const),
    turn: fc.nat(),
    by: color,
    accused: fc.string(),
    claimant: fc.string(),
    text: fc.string(),
    answeredOn: day,
    answerBy: day,
  }),
  fc.record({
    kind: fc.constant('objection-decided' as const),
    turn: fc.nat(),
    objector: color,
    objection: fc.string(),
    objectedOn: day,
    upheld: fc.boolean(),
    reason: fc.string(),
    decidedOn: day,
    decidedBy: fc.option(fc.uuid(), { nil: null }),
  }),
  // A `__proto__` key is dropped on reading, never read back (see the test of it below).
  fc.record({
    kind: fc.constant('result-homologated' as const),
    turn: fc.nat(),
    result: fc.dictionary(
      fc.string().filter((k) => k !== '__proto__'),
      fc.jsonValue(),
    ),
  }),
);

describe("a result's stored text", () => {
  it('reads a `__proto__` key as nothing: no object of the platform gains a prototype from it', () => {
    const parsed = GAME_FACT.parse(JSON.parse('{"kind":"result-homologated","turn":0,"result":{"__proto__":{"polluted":true},"red":1}}'));
    expect(parsed).toMatchObject({ kind: 'result-homologated', result: { red: 1 } });
    const result = (parsed as { result: object }).result;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect((result as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

/** The parties a fact names: who may hear of it. */
function parties(fact: GameFact): string[] {
  if (fact.kind === 'claim-answered') return [fact.by === 'red' ? 'blue' : 'red', 'arbiter'];
  return ['red', 'blue'];
}

describe("the claim's and the result's facts under fast-check", () => {
  it('every fact reads back as itself and yields mails only to the parties it names, each once', () => {
    fc.assert(
      fc.property(resultFact, (fact) => {
        expect(GAME_FACT.parse(JSON.parse(JSON.stringify(fact)))).toEqual(JSON.parse(JSON.stringify(fact)));
        const to = mailsOf(fact).map((m) => m.to);
        expect(new Set(to).size).toBe(to.length);
        for (const recipient of to) expect(parties(fact)).toContain(recipient);
        // A player's row names their colour; the arbiter's names none.
        for (const mail of mailsOf(fact)) expect(rowPayload('g', fact, mail).color).toBe(mail.to === 'arbiter' ? undefined : mail.to);
      }),
    );
  });
});
