import fc from 'fast-check';
import { Refusal } from '../../common/refusal';
import {
  checkRuling,
  rulingNotApplicable,
  rulingSituation,
  unmetPrecondition,
  type GameRuling,
  type RulingFacts,
  type RulingInput,
  type RulingSituation,
} from './ruling-preconditions';

const situations: fc.Arbitrary<RulingSituation> = fc.record({
  playing: fc.boolean(),
  dispute: fc.constantFrom<RulingSituation['dispute']>(null, 'open', 'appealed'),
  claim: fc.option(fc.record({ ripe: fc.boolean() }), { nil: null }),
  movesPlayed: fc.nat({ max: 60 }),
  endedByOutcome: fc.boolean(),
  homologated: fc.boolean(),
});

/** A ruling of every kind, with the claim both upheld and rejected. */
const rulings: fc.Arbitrary<GameRuling> = fc.constantFrom<GameRuling>(
  { kind: 'word', valid: false },
  { kind: 'claim', upheld: true },
  { kind: 'claim', upheld: false },
  { kind: 'claim', upheld: true, earlyOverride: true },
  { kind: 'score-correction', player: 'blue', points: -3 },
  { kind: 'move-annulment', number: 2 },
  { kind: 'thinking-days', player: 'blue', days: -2 },
  { kind: 'coefficient-penalty', player: 'blue', amount: 5000 },
  { kind: 'warning', player: 'blue' },
  { kind: 'outcome', outcome: { type: 'abandon', by: 'red' } },
);

const inPlay: RulingSituation = { playing: true, dispute: null, claim: null, movesPlayed: 4, endedByOutcome: false, homologated: false };

describe('rulingNotApplicable: the one rule the page and the games service apply', () => {
  it("refuses a ruling exactly when its kind's precondition fails or it upholds a claim on an ended game, in both languages", () => {
    fc.assert(
      fc.property(rulings, situations, (ruling, s) => {
        const refusal = rulingNotApplicable(ruling, s);
        // Upholding a claim ends the game on its one line: not once it ended, nor while an appeal keeps two lines.
        const upholdsTooLate = ruling.kind === 'claim' && ruling.upheld && (!s.playing || s.dispute === 'appealed');
        expect(refusal === null).toBe(unmetPrecondition(ruling.kind, s) === null && !upholdsTooLate);
        if (refusal) {
          expect(refusal).toBeInstanceOf(Refusal);
          expect(refusal.code).toBe('RULING_NOT_APPLICABLE');
          expect(refusal.getStatus()).toBe(409);
          expect(refusal.messages.ro).toMatch(/^Această decizie nu se poate da acum: .+\.$/);
          expect(refusal.messages.en).toMatch(/^This ruling cannot be given now: .+\.$/);
        }
      }),
    );
  });

  it('says why in words: the clocks of an ended game, a contest not appealed, a score with no move', () => {
    const ended = { ...inPlay, playing: false };
    expect(rulingNotApplicable({ kind: 'thinking-days', player: 'red', days: 10 }, ended)?.messages).toEqual({
      ro: 'Această decizie nu se poate da acum: partida s-a încheiat: ceasurile ei nu mai merg.',
      en: 'This ruling cannot be given now: the game is over: its clocks no longer run.',
      pl: 'Tej decyzji nie można teraz podjąć: partia się zakończyła: jej zegary już nie biegną.',
    });
    const notAppealed = rulingNotApplicable({ kind: 'word', valid: true }, { ...inPlay, dispute: 'open' });
    expect(notAppealed?.messages.ro).toContain('nicio contestație nu așteaptă decizia arbitrului');
    expect(rulingNotApplicable({ kind: 'word', valid: true }, { ...inPlay, dispute: 'appealed' })).toBeNull();
    const noMove = rulingNotApplicable({ kind: 'score-correction', player: 'red', points: 2 }, { ...inPlay, movesPlayed: 0 });
    expect(noMove?.messages.en).toContain('no move has been played');
  });

  it('lets an ended game with its claim still open have the claim rejected, never upheld', () => {
    const endedWithClaim = { ...inPlay, playing: false, claim: { ripe: true } };
    expect(rulingNotApplicable({ kind: 'claim', upheld: false }, endedWithClaim)).toBeNull();
    expect(rulingNotApplicable({ kind: 'claim', upheld: true }, endedWithClaim)?.messages.ro).toBe(
      'Această decizie nu se poate da acum: partida s-a încheiat: reclamația se poate doar respinge.',
    );
    expect(rulingNotApplicable({ kind: 'claim', upheld: true }, { ...inPlay, claim: { ripe: false } })).toBeNull();
  });
});

describe('rulingSituation', () => {
  const game = (over: Partial<RulingFacts> = {}): RulingFacts => ({
    status: 'playing',
    dispute: null,
    lines: [{ movesPlayed: 3 }],
    outcome: null,
    result: null,
    ...over,
  });

  it('reads the game: in play, its unsettled dispute, the longest live line, how it ended, its homologation', () => {
    expect(rulingSituation(game(), null)).toEqual({ ...inPlay, movesPlayed: 3 });
    const appealed = game({ dispute: { status: 'appealed' }, lines: [{ movesPlayed: 5 }, { movesPlayed: 4 }] });
    expect(rulingSituation(appealed, null)).toMatchObject({ dispute: 'appealed', movesPlayed: 5 });
    expect(rulingSituation(game({ dispute: { status: 'open' } }), null).dispute).toBe('open');
    // A dispute admitted or ruled no longer waits (the session holds only an unsettled one, the view may show a settled one).
    expect(rulingSituation(game({ dispute: { status: 'ruled' } }), null).dispute).toBeNull();
    expect(rulingSituation(game({ dispute: undefined, lines: [] }), null)).toMatchObject({ dispute: null, movesPlayed: 0 });
    const abandoned = game({ status: 'ended', outcome: { type: 'abandon', by: 'red' } });
    expect(rulingSituation(abandoned, null)).toMatchObject({ playing: false, endedByOutcome: true });
    const homologated = game({ status: 'ended', result: { status: 'homologated' } });
    expect(rulingSituation(homologated, null)).toMatchObject({ endedByOutcome: false, homologated: true });
    expect(rulingSituation(game({ status: 'ended', result: { status: 'proposed' } }), null).homologated).toBe(false);
  });

  it("keeps only the open claim's ripeness (claim-window.ts)", () => {
    expect(rulingSituation(game(), { ripe: false }).claim).toEqual({ ripe: false });
    const window = { ripe: true, open: false, lapsed: true, answerBy: '2027-04-02' };
    expect(rulingSituation(game(), window).claim).toEqual({ ripe: true });
  });
});

describe('checkRuling: a ruling that cannot apply whatever the game', () => {
  it('refuses a penalty in points that is no multiple of 50, and a ruling without a reason, in Polish too (docs/rules.md §13)', () => {
    const refusal = (ruling: RulingInput) => {
      try {
        checkRuling(ruling);
      } catch (e) {
        return e as Refusal;
      }
      throw new Error('accepted');
    };
    expect(refusal({ kind: 'point-penalty', player: 'red', points: 30, reason: 'r' }).messages).toMatchObject({
      pl: 'kara punktowa to dodatnia wielokrotność 50 (PFS 7.1)',
    });
    expect(refusal({ kind: 'point-penalty', player: 'red', points: 50, reason: ' ' }).messages.pl).toBe(
      'Decyzja sędziego wymaga uzasadnienia.',
    );
    expect(() => checkRuling({ kind: 'point-penalty', player: 'red', points: 100, reason: 'r' })).not.toThrow();
  });
});
