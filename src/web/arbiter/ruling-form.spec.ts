import fc from 'fast-check';
import { Refusal } from '../../common/refusal';
import { rulingNotApplicable, type GameRuling, type RulingSituation } from '../../games/core/ruling-preconditions';
import type { GameView } from '../../games/model/game-views';
import {
  applicableRulings,
  pageSituation,
  parseChallengeOverrideForm,
  parseCoefficient,
  parseRulingForm,
  RULING_FORMS,
  rulingForms,
  type RulingFormKind,
} from './ruling-form';

describe('parseRulingForm', () => {
  it.each(RULING_FORMS)('refuses a %s ruling without a reason', (kind) => {
    const result = parseRulingForm({
      kind,
      reason: '   ',
      player: 'red',
      valid: 'yes',
      upheld: 'no',
      points: '5',
      number: '2',
      days: '3',
      direction: 'grant',
      amount: '0,5',
      confirm: 'yes',
      outcome: 'unfinished',
    });
    expect(result).toMatchObject({ ok: false, code: 'REASON_REQUIRED' });
  });

  it('reads each kind into the service input', () => {
    expect(parseRulingForm({ kind: 'word', valid: 'no', reason: 'not in the list', confirm: 'yes' })).toEqual({
      ok: true,
      action: { type: 'rule', ruling: { kind: 'word', valid: false, reason: 'not in the list' } },
    });
    expect(parseRulingForm({ kind: 'claim', upheld: 'yes', reason: 'r', confirm: 'yes' })).toMatchObject({
      ok: true,
      action: { ruling: { kind: 'claim', upheld: true } },
    });
    expect(parseRulingForm({ kind: 'score-correction', player: 'blue', points: '-12', reason: 'r', confirm: 'yes' })).toMatchObject({
      ok: true,
      action: { ruling: { kind: 'score-correction', player: 'blue', points: -12 } },
    });
    expect(parseRulingForm({ kind: 'move-annulment', number: '7', reason: 'r', confirm: 'yes' })).toMatchObject({
      ok: true,
      action: { ruling: { number: 7 } },
    });
    expect(
      parseRulingForm({ kind: 'thinking-days', player: 'red', days: '10', direction: 'charge', reason: 'r', confirm: 'yes' }),
    ).toMatchObject({
      ok: true,
      action: { type: 'rule', ruling: { kind: 'thinking-days', player: 'red', days: 10 } },
    });
    expect(parseRulingForm({ kind: 'thinking-days', player: 'red', days: '3', direction: 'grant', reason: 'r', confirm: 'yes' })).toEqual({
      ok: true,
      action: { type: 'grant-days', player: 'red', days: 3, reason: 'r' },
    });
    expect(parseRulingForm({ kind: 'coefficient-penalty', player: 'red', amount: '0,25', reason: 'r', confirm: 'yes' })).toMatchObject({
      ok: true,
      action: { ruling: { kind: 'coefficient-penalty', amount: 2500 } },
    });
    expect(parseRulingForm({ kind: 'warning', player: 'blue', reason: 'r', confirm: 'yes' })).toMatchObject({
      ok: true,
      action: { ruling: { kind: 'warning', player: 'blue' } },
    });
    expect(parseRulingForm({ kind: 'outcome', outcome: 'no-show', player: 'blue', reason: 'r', confirm: 'yes' })).toMatchObject({
      ok: true,
      action: { ruling: { kind: 'outcome', outcome: { type: 'no-show', by: 'blue' } } },
    });
    expect(parseRulingForm({ kind: 'outcome', outcome: 'unfinished', player: 'blue', reason: 'r', confirm: 'yes' })).toMatchObject({
      ok: true,
      action: { ruling: { kind: 'outcome', outcome: { type: 'unfinished' } } },
    });
    expect(parseRulingForm({ kind: 'exclusion', player: 'blue', confirm: 'yes', reason: 'r' })).toEqual({
      ok: true,
      action: { type: 'exclusion', player: 'blue', reason: 'r' },
    });
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

  it.each(RULING_FORMS)('refuses a %s ruling whose box is not ticked (it asks once), after its values', (kind) => {
    const values = {
      player: 'red',
      valid: 'yes',
      upheld: 'no',
      points: '5',
      number: '2',
      days: '3',
      direction: 'grant',
      amount: '0,5',
      outcome: 'unfinished',
    };
    const filled = { kind, reason: 'r', ...values };
    for (const confirm of [undefined, '', 'no', 'on']) {
      const result = parseRulingForm({ ...filled, ...(confirm !== undefined && { confirm }) });
      expect(result).toMatchObject({ ok: false, code: 'NOT_CONFIRMED' });
      if (!result.ok) {
        expect(result.message.ro).toContain(kind === 'exclusion' ? 'excluderea jucătorului' : 'decizia arbitrului');
        expect(result.message.en).toContain('cannot be undone');
      }
    }
    // A wrong value is said first: ticking the box would not have helped.
    const wrong = { player: 'green', valid: 'maybe', upheld: '?', direction: '', outcome: 'x', number: '0', amount: '9' };
    expect(parseRulingForm({ ...filled, ...wrong })).toMatchObject({ ok: false, code: 'BAD_INPUT' });
  });
});

/** The preconditions as docs/rules.md §5–§7 and disputes.service.ts applyRuling state them: the oracle the page's choice is held to. */
const PRECONDITION: Readonly<Record<RulingFormKind, (s: RulingSituation) => boolean>> = {
  word: (s) => s.dispute === 'appealed',
  claim: (s) => s.claim !== null,
  'score-correction': (s) => s.movesPlayed > 0,
  'move-annulment': (s) => s.dispute === null && !s.homologated && !s.endedByOutcome && s.movesPlayed > 0,
  'thinking-days': (s) => s.playing,
  'coefficient-penalty': () => true,
  warning: () => true,
  outcome: (s) => s.playing,
  exclusion: () => true,
};

const situations: fc.Arbitrary<RulingSituation> = fc.record({
  playing: fc.boolean(),
  dispute: fc.constantFrom<RulingSituation['dispute']>(null, 'open', 'appealed'),
  claim: fc.option(fc.record({ ripe: fc.boolean() }), { nil: null }),
  movesPlayed: fc.nat({ max: 60 }),
  endedByOutcome: fc.boolean(),
  homologated: fc.boolean(),
});

/** One ruling of each kind the games service takes, as its form would send it (the claim rejected: always open while it shows). */
const SAMPLE: Readonly<Record<Exclude<RulingFormKind, 'exclusion'>, GameRuling>> = {
  word: { kind: 'word', valid: true },
  claim: { kind: 'claim', upheld: false },
  'score-correction': { kind: 'score-correction', player: 'red', points: 5 },
  'move-annulment': { kind: 'move-annulment', number: 1 },
  'thinking-days': { kind: 'thinking-days', player: 'red', days: 10 },
  'coefficient-penalty': { kind: 'coefficient-penalty', player: 'red', amount: 1000 },
  warning: { kind: 'warning', player: 'red' },
  outcome: { kind: 'outcome', outcome: { type: 'unfinished' } },
};

const SANCTIONS = ['coefficient-penalty', 'warning'];
const inPlay: RulingSituation = { playing: true, dispute: null, claim: null, movesPlayed: 4, endedByOutcome: false, homologated: false };

describe('the ruling forms the game page shows', () => {
  it('shows each form exactly when its ruling applies, in page order; the games service refuses the others by the same rule', () => {
    fc.assert(
      fc.property(situations, (s) => {
        const shown = applicableRulings(s);
        expect(shown).toEqual(RULING_FORMS.filter((kind) => PRECONDITION[kind](s)));
        for (const kind of RULING_FORMS) {
          if (kind === 'exclusion') continue;
          const refusal = rulingNotApplicable(SAMPLE[kind], s);
          if (PRECONDITION[kind](s)) expect(refusal).toBeNull();
          else {
            expect(refusal).toBeInstanceOf(Refusal);
            expect(refusal!.code).toBe('RULING_NOT_APPLICABLE');
            expect(refusal!.getStatus()).toBe(409);
            expect(refusal!.messages.ro).toMatch(/^Această decizie nu se poate da acum: .+\.$/);
            expect(refusal!.messages.en).toMatch(/^This ruling cannot be given now: .+\.$/);
          }
        }
      }),
    );
  });

  it('offers upholding a claim only in play on one line, and the early override only while the accused may still answer', () => {
    fc.assert(
      fc.property(situations, (s) => {
        const { claim } = rulingForms(s, 'ro');
        const onOneLine = s.dispute !== 'appealed';
        expect(claim.uphold).toBe(s.claim !== null && s.playing && onOneLine);
        expect(claim.earlyOverride).toBe(s.claim !== null && s.playing && onOneLine && !s.claim.ripe);
      }),
    );
  });

  it('models the page: the shown forms by name, the others listed with why, in the page language', () => {
    fc.assert(
      fc.property(situations, fc.constantFrom<'ro' | 'en'>('ro', 'en'), (s, lang) => {
        const model = rulingForms(s, lang);
        const shown = applicableRulings(s);
        expect(Object.values(model.show).filter(Boolean)).toHaveLength(shown.length);
        expect(model.unavailable).toHaveLength(RULING_FORMS.length - shown.length);
        expect(model.none).toBe(shown.length === 0);
        for (const u of model.unavailable) expect(u.title).toMatch(/^arbiter\.ruling\.[a-zA-Z]+$/);
      }),
    );
    const plain = rulingForms(inPlay, 'ro');
    expect(plain.show).toEqual({
      word: false,
      claim: false,
      scoreCorrection: true,
      moveAnnulment: true,
      thinkingDays: true,
      coefficientPenalty: true,
      warning: true,
      outcome: true,
      exclusion: true,
    });
    expect(plain.unavailable).toEqual([
      { title: 'arbiter.ruling.word', why: 'nicio contestație nu așteaptă decizia arbitrului' },
      { title: 'arbiter.ruling.claim', why: 'nu există nicio reclamație de timp deschisă' },
    ]);
    expect(rulingForms(inPlay, 'en').unavailable[1].why).toBe('there is no open time claim');
  });

  it('settles the cases it is for: the contest once appealed (two lines), the claim while it is open', () => {
    expect(applicableRulings({ ...inPlay, dispute: 'open' })).not.toContain('word');
    const appealed = applicableRulings({ ...inPlay, dispute: 'appealed' });
    expect(appealed).toContain('word');
    // docs/rules.md §6: no annulment while the contest waits.
    expect(appealed).not.toContain('move-annulment');
    expect(applicableRulings({ ...inPlay, claim: { ripe: false } })).toContain('claim');
    // A game that ended with its claim still open: rejecting it only.
    const endedWithClaim = { ...inPlay, playing: false, claim: { ripe: true } };
    expect(rulingForms(endedWithClaim, 'ro').claim).toEqual({ uphold: false, earlyOverride: false });
  });

  it('leaves the clock and the ending to a game in play; annulment to one ended by play, not homologated', () => {
    const ended = { ...inPlay, playing: false };
    expect(applicableRulings(ended)).toEqual(['score-correction', 'move-annulment', ...SANCTIONS, 'exclusion']);
    expect(applicableRulings({ ...ended, endedByOutcome: true })).toEqual(['score-correction', ...SANCTIONS, 'exclusion']);
    expect(applicableRulings({ ...ended, homologated: true })).not.toContain('move-annulment');
    expect(applicableRulings({ ...inPlay, movesPlayed: 0 })).toEqual(['thinking-days', ...SANCTIONS, 'outcome', 'exclusion']);
  });
});

describe('pageSituation', () => {
  const line = (movesPlayed: number) => ({ movesPlayed }) as GameView['lines'][number];
  const view = (over: Partial<Pick<GameView, 'status' | 'dispute' | 'lines' | 'outcome' | 'result'>> = {}) => ({
    status: 'playing' as const,
    dispute: null,
    lines: [line(3)],
    outcome: null,
    result: null,
    ...over,
  });

  it('reads the game view and its open claim', () => {
    expect(pageSituation(view(), null)).toEqual({ ...inPlay, movesPlayed: 3 });
    const dispute = { status: 'appealed' } as GameView['dispute'];
    expect(pageSituation(view({ dispute, lines: [line(5), line(4)] }), null)).toMatchObject({ dispute: 'appealed', movesPlayed: 5 });
    const abandoned = view({ status: 'ended', outcome: { type: 'abandon', by: 'red' } });
    expect(pageSituation(abandoned, null)).toMatchObject({ playing: false, endedByOutcome: true });
    expect(pageSituation(view({ status: 'ended', result: { status: 'homologated' } as GameView['result'] }), null)).toMatchObject({
      endedByOutcome: false,
      homologated: true,
    });
  });

  it('calls a claim ripe once answered or its 5 days over (claim-window.ts)', () => {
    const answer = { on: '01.04.2027', text: 'am trimis' };
    expect(pageSituation(view(), { open: true, answers: [] }).claim).toEqual({ ripe: false });
    expect(pageSituation(view(), { open: true, answers: [answer] }).claim).toEqual({ ripe: true });
    expect(pageSituation(view(), { open: false, answers: [] }).claim).toEqual({ ripe: true });
  });
});

describe('the PFS ruling forms (docs/rules.md §13)', () => {
  const check = (id: string, overridden = false) => ({
    id,
    challenger: 'blue' as const,
    overridden,
    verdict: {
      ro: `Verificarea ${id}: toate cuvintele sunt în lista oficială.`,
      en: `Check ${id}: every word is in the official list.`,
      pl: `Sprawdzenie ${id}: wszystkie wyrazy są na oficjalnej liście.`,
    },
  });
  const pfsGame = { rules: 'pfs' as const, challenges: [check('c1'), check('c2', true)] };

  it('reads the point penalty and the walkover; a penalty is a positive multiple of 50, said in words', () => {
    expect(parseRulingForm({ kind: 'point-penalty', player: 'red', points: '100', reason: 'r', confirm: 'yes' })).toEqual({
      ok: true,
      action: { type: 'rule', ruling: { kind: 'point-penalty', player: 'red', points: 100, reason: 'r' } },
    });
    for (const points of ['30', '0', '-50', '', 'fifty', '50.5']) {
      const refused = parseRulingForm({ kind: 'point-penalty', player: 'red', points, reason: 'r', confirm: 'yes' });
      expect(refused).toMatchObject({ ok: false, code: 'BAD_INPUT', message: { en: expect.stringContaining('multiple of 50') } });
      expect(refused).toMatchObject({ message: { pl: 'kara punktowa to dodatnia wielokrotność 50 (50, 100, 150, …)' } });
    }
    expect(parseRulingForm({ kind: 'walkover', player: 'blue', reason: 'r', confirm: 'yes' })).toEqual({
      ok: true,
      action: { type: 'rule', ruling: { kind: 'walkover', player: 'blue', reason: 'r' } },
    });
    expect(parseRulingForm({ kind: 'walkover', reason: 'r', confirm: 'yes' })).toMatchObject({ ok: false, code: 'BAD_INPUT' });
  });

  it('asks once for each, naming the act; the reversal of a verdict needs its reason first', () => {
    const walkover = parseRulingForm({ kind: 'walkover', player: 'blue', reason: 'r' });
    expect(walkover).toMatchObject({ ok: false, code: 'NOT_CONFIRMED', message: { ro: expect.stringContaining('walkover') } });
    const penalty = parseRulingForm({ kind: 'point-penalty', player: 'blue', points: '50', reason: 'r' });
    expect(penalty).toMatchObject({ ok: false, code: 'NOT_CONFIRMED', message: { ro: expect.stringContaining('decizia arbitrului') } });
    expect(parseChallengeOverrideForm({ reason: ' ', confirm: 'yes' })).toMatchObject({ ok: false, code: 'REASON_REQUIRED' });
    expect(parseChallengeOverrideForm({ reason: 'OSPS update' })).toMatchObject({
      ok: false,
      code: 'NOT_CONFIRMED',
      message: { en: expect.stringContaining("reversing the check's verdict") },
    });
    expect(parseChallengeOverrideForm({ reason: ' OSPS update ', confirm: 'yes' })).toEqual({ ok: true, reason: 'OSPS update' });
  });

  it('offers them on a PFS game only: the walkover in play, the penalty always, each check not yet reversed', () => {
    expect(rulingForms(inPlay, 'en', { rules: 'frsc', challenges: [] }).pfs).toBeNull();
    expect(rulingForms(inPlay, 'en').pfs).toBeNull();
    const model = rulingForms(inPlay, 'en', pfsGame);
    expect(model.pfs).toEqual({
      pointPenalty: true,
      walkover: true,
      checks: [{ id: 'c1', challenger: 'blue', verdict: 'Check c1: every word is in the official list.' }],
    });
    expect(model.unavailable.map((u) => u.title)).not.toContain('arbiter.ruling.challengeOverride');
    const ended = rulingForms({ ...inPlay, playing: false, endedByOutcome: true }, 'ro', pfsGame);
    expect(ended.pfs).toEqual({ pointPenalty: true, walkover: false, checks: [] });
    expect(ended.unavailable).toEqual(
      expect.arrayContaining([
        { title: 'arbiter.ruling.walkover', why: 'partida s-a încheiat deja' },
        { title: 'arbiter.ruling.challengeOverride', why: 'partida e omologată sau încheiată altfel decât prin joc' },
      ]),
    );
    const none = rulingForms(inPlay, 'en', { rules: 'pfs', challenges: [check('c2', true)] });
    expect(none.unavailable).toContainEqual({ title: 'arbiter.ruling.challengeOverride', why: 'no check has a verdict left to reverse' });
  });
});
