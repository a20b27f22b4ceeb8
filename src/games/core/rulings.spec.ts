import fc from 'fast-check';
import { rulingNotApplicable, rulingSituation, type GameRuling, type RulingInput } from './ruling-preconditions';
import { addDays, type LocalDate } from '../../common/calendar';
import { seededRandom } from '../../engine/testing/random-game';
import { lineSnapshot } from './game-state';
import { gameSnapshot, officialLine, pathOf, replayLine } from './lines';
import type { Play } from './play';
import { isRefusal, orThrow } from './refusal';
import { decideAnnulment, decideRuling, type RulingFacts, type RulingPlan } from './rulings';
import { frozen, rowsOf, START, TableGame } from './testing/table-game';

const TODAY: LocalDate = '2027-03-01';

function facts(game: Play, over: Partial<RulingFacts> = {}): RulingFacts {
  return {
    outcome: null,
    snapshot: gameSnapshot(game).lines,
    players: { red: 'p-red', blue: 'p-blue' },
    claim: null,
    result: null,
    ...over,
  };
}

const rule = (ruling: GameRuling): RulingInput => ({ ...ruling, reason: 'the arbiter says so' });

function appealed(seed: number, moves = 5) {
  const random = seededRandom(seed);
  const game = TableGame.random(seed);
  const contest = game.appealLast(moves, random);
  return { game, random, ...contest };
}

describe('an arbiter ruling on a word (docs/rules.md §6)', () => {
  it('valid: the contested move stands, line B is left and its own moves annulled', () => {
    const { game, random } = appealed(21);
    const b = game.playRandom('f1', random);
    const plan = orThrow(decideRuling(game, rule({ kind: 'word', valid: true }), facts(game), TODAY));
    expect(plan).toMatchObject({
      lines: { opened: [], closed: ['f1'], annulled: [b.id] },
      dispute: { id: 'd1', keptLineId: 'main' },
      turn: 'complete-if-done',
      settles: 'dispute',
      details: { disputeId: 'd1', keptLine: 'main' },
      end: null,
      penalties: [],
    });
  });

  it('not valid: line A is left — the contested move, the provisional reply and what followed are annulled', () => {
    const { game, random, contested, reply } = appealed(21);
    const a = game.playRandom('main', random);
    const plan = orThrow(decideRuling(game, rule({ kind: 'word', valid: false }), facts(game), TODAY));
    expect(plan.lines).toEqual({ opened: [], closed: ['main'], annulled: [contested.id, reply.id, a.id] });
    expect(plan.dispute).toEqual({ id: 'd1', keptLineId: 'f1' });
    game.applyLines(plan.lines);
    game.dispute = null;
    expect(officialLine(game).id).toBe('f1');
    expect(pathOf(game, 'f1').map((m) => m.id)).not.toContain(contested.id);
  });

  it('is refused while the contested player has not appealed: nothing is decided', () => {
    const random = seededRandom(4);
    const game = TableGame.random(4);
    game.contestLast(4, random);
    expect(decideRuling(game, rule({ kind: 'word', valid: true }), facts(game), TODAY)).toMatchObject({ code: 'RULING_NOT_APPLICABLE' });
  });
});

describe('an arbiter ruling on a time claim (docs/rules.md §5, §7)', () => {
  const claimed = (seed: number) => {
    const game = TableGame.random(seed).playOn(8, seededRandom(seed));
    return { game, claim: { id: 'c1', claimant: 'red' as const, ripe: true } };
  };

  it('upheld: the accused loses on time, and the moves sent after the day the time ran out are void', () => {
    const { game, claim } = claimed(31);
    // Moves were sent one a day from the start: those after the 5th day are late.
    const since = addDays(START, 5);
    const late = pathOf(game, 'main').filter((m) => m.sentOn > since);
    const plan = orThrow(decideRuling(game, rule({ kind: 'claim', upheld: true }), facts(game, { claim, exceededSince: since }), TODAY));
    expect(plan).toMatchObject({ claim: { id: 'c1', status: 'upheld' }, end: { type: 'timeout', by: 'blue' }, settles: 'claim' });
    expect(plan.details).toEqual({ claimId: 'c1', voidedMoves: late.length });
    expect(plan.lines.annulled).toEqual(late.map((m) => m.id));
    expect(plan.lines.opened).toEqual([{ id: 'f1', parentId: 'main', forkAfter: late[0].number - 1, status: 'live' }]);
  });

  it('upheld with no move after the time ran out voids nothing; rejected changes only the claim', () => {
    const { game, claim } = claimed(31);
    const upheld = orThrow(decideRuling(game, rule({ kind: 'claim', upheld: true }), facts(game, { claim, exceededSince: TODAY }), TODAY));
    expect(upheld.lines).toEqual({ opened: [], closed: [], annulled: [] });
    expect(upheld.details).toEqual({ claimId: 'c1', voidedMoves: 0 });
    const rejected = orThrow(decideRuling(game, rule({ kind: 'claim', upheld: false }), facts(game, { claim }), TODAY));
    expect(rejected).toMatchObject({
      claim: { status: 'rejected' },
      end: null,
      lines: { opened: [], closed: [], annulled: [] },
      details: { voidedMoves: 0 },
    });
  });

  it('without an open claim, or upheld once the game is over, it is refused', () => {
    const { game, claim } = claimed(31);
    expect(decideRuling(game, rule({ kind: 'claim', upheld: false }), facts(game), TODAY)).toMatchObject({ code: 'RULING_NOT_APPLICABLE' });
    game.status = 'ended';
    expect(decideRuling(game, rule({ kind: 'claim', upheld: true }), facts(game, { claim }), TODAY)).toMatchObject({
      code: 'RULING_NOT_APPLICABLE',
    });
    expect(decideRuling(game, rule({ kind: 'claim', upheld: false }), facts(game, { claim }), TODAY)).not.toBeInstanceOf(Error);
  });
});

describe('an annulment (docs/rules.md §6: a technically wrong move and what followed it)', () => {
  it('leaves the official line before the move, in a new turn', () => {
    const game = TableGame.random(41).playOn(6, seededRandom(41));
    const plan = orThrow(decideAnnulment(game, 4, null));
    expect(plan).toMatchObject({ turn: 'next', reopen: null, details: { line: 'main' } });
    expect(plan.lines).toEqual({
      opened: [{ id: 'f1', parentId: 'main', forkAfter: 3, status: 'live' }],
      closed: ['main'],
      annulled: game.moves.slice(3).map((m) => m.id),
    });
  });

  it('reopens an ended game, its proposed result falling; refused for a move not played, a homologated game or an open contest', () => {
    const game = TableGame.random(41).playOn(6, seededRandom(41));
    expect(decideRuling(game, rule({ kind: 'move-annulment', number: 7 }), facts(game), TODAY)).toMatchObject({ code: 'BAD_INPUT' });
    game.status = 'ended';
    const plan = orThrow(
      decideRuling(game, rule({ kind: 'move-annulment', number: 2 }), facts(game, { result: { id: 'r1', status: 'proposed' } }), TODAY),
    );
    expect(plan.reopen).toEqual({ resultId: 'r1' });
    const homologated = facts(game, { result: { id: 'r1', status: 'homologated' } });
    expect(decideRuling(game, rule({ kind: 'move-annulment', number: 2 }), homologated, TODAY)).toMatchObject({
      code: 'RULING_NOT_APPLICABLE',
    });
    const { game: disputed } = appealed(5);
    expect(decideRuling(disputed, rule({ kind: 'move-annulment', number: 1 }), facts(disputed), TODAY)).toMatchObject({
      code: 'RULING_NOT_APPLICABLE',
    });
  });

  it('annulling then replaying the annulled moves gives back the state before the annulment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 40 }), fc.nat(), (seed, n, pick) => {
        const game = TableGame.random(seed).playOn(n, seededRandom(seed));
        const path = pathOf(game, 'main');
        const number = 1 + (pick % path.length);
        const before = lineSnapshot('x', null, game.stateOf('main'));
        const plan = orThrow(decideAnnulment(game, number, null));
        game.applyLines(plan.lines);
        game.turn += 1;
        const line = officialLine(game).id;
        // The state before the annulled move…
        expect(lineSnapshot('x', null, game.stateOf(line))).toEqual(
          lineSnapshot('x', null, replayLine(game.setup, path.slice(0, number - 1)).state),
        );
        expect(plan.lines.annulled).toEqual(path.slice(number - 1).map((m) => m.id));
        // …and the same moves played again lead where the annulled line was.
        for (const m of path.slice(number - 1)) orThrow(game.play(line, m.color, m.notation));
        expect(lineSnapshot('x', null, game.stateOf(line))).toEqual(before);
      }),
      { numRuns: 40 },
    );
  });
});

describe('penalties and outcomes (docs/rules.md §5–§7)', () => {
  it('a score correction, days, a coefficient penalty or a warning is a penalty against the player, effective today', () => {
    const game = TableGame.random(51).playOn(3, seededRandom(51));
    const penalty = (ruling: RulingInput) => orThrow(decideRuling(game, ruling, facts(game), TODAY)).penalties;
    expect(penalty(rule({ kind: 'score-correction', player: 'blue', points: -5 }))).toEqual([
      { playerId: 'p-blue', kind: 'score', amount: -5, effectiveOn: TODAY },
    ]);
    expect(penalty(rule({ kind: 'thinking-days', player: 'red', days: 10 }))).toEqual([
      { playerId: 'p-red', kind: 'thinking-days', amount: 10, effectiveOn: TODAY },
    ]);
    expect(penalty(rule({ kind: 'coefficient-penalty', player: 'red', amount: 2000 }))).toEqual([
      { playerId: 'p-red', kind: 'coefficient', amount: 2000, effectiveOn: TODAY },
    ]);
    expect(penalty(rule({ kind: 'warning', player: 'blue' }))).toEqual([
      { playerId: 'p-blue', kind: 'warning', amount: 0, effectiveOn: TODAY },
    ]);
  });

  it('an outcome ends the game and settles the cases waiting for a result; once it ended, it is refused', () => {
    const game = TableGame.random(51).playOn(3, seededRandom(51));
    const outcome = rule({ kind: 'outcome', outcome: { type: 'draw-agreement' } });
    expect(orThrow(decideRuling(game, outcome, facts(game), TODAY))).toMatchObject({
      end: { type: 'draw-agreement' },
      settles: 'awaiting-result',
    });
    game.status = 'ended';
    expect(decideRuling(game, outcome, facts(game), TODAY)).toMatchObject({ code: 'RULING_NOT_APPLICABLE' });
  });
});

describe("the PFS's sanctions as rulings (docs/rules.md §13, P 7.1)", () => {
  it('a penalty in points deducts its multiple of 50 from the score; a walkover ends the game, the player named excluded', () => {
    const game = TableGame.random(52).playOn(3, seededRandom(52));
    const pfs = { ...facts(game), rules: 'pfs' as const };
    expect(orThrow(decideRuling(game, rule({ kind: 'point-penalty', player: 'red', points: 100 }), pfs, TODAY)).penalties).toEqual([
      { playerId: 'p-red', kind: 'score', amount: -100, effectiveOn: TODAY },
    ]);
    expect(orThrow(decideRuling(game, rule({ kind: 'walkover', player: 'blue' }), pfs, TODAY))).toMatchObject({
      end: { type: 'walkover', by: 'blue' },
      settles: 'awaiting-result',
    });
  });

  it('both are refused under FRSc rules (its sanctions are the coefficient penalties), a walkover once the game ended', () => {
    const game = TableGame.random(53).playOn(3, seededRandom(53));
    expect(decideRuling(game, rule({ kind: 'point-penalty', player: 'red', points: 50 }), facts(game), TODAY)).toMatchObject({
      code: 'NOT_PFS_RULES',
    });
    expect(decideRuling(game, rule({ kind: 'walkover', player: 'red' }), facts(game), TODAY)).toMatchObject({ code: 'NOT_PFS_RULES' });
    game.status = 'ended';
    const pfs = { ...facts(game), rules: 'pfs' as const };
    expect(decideRuling(game, rule({ kind: 'walkover', player: 'red' }), pfs, TODAY)).toMatchObject({ code: 'RULING_NOT_APPLICABLE' });
  });
});

const colorArb = fc.constantFrom('red' as const, 'blue' as const);
const rulingArb: fc.Arbitrary<RulingInput> = fc
  .oneof(
    fc.record({ kind: fc.constant('word' as const), valid: fc.boolean() }),
    fc.record({ kind: fc.constant('claim' as const), upheld: fc.boolean() }),
    fc.record({ kind: fc.constant('score-correction' as const), player: colorArb, points: fc.integer({ min: -50, max: 50 }) }),
    fc.record({ kind: fc.constant('move-annulment' as const), number: fc.integer({ min: 1, max: 30 }) }),
    fc.record({ kind: fc.constant('thinking-days' as const), player: colorArb, days: fc.integer({ min: -10, max: 10 }) }),
    fc.record({ kind: fc.constant('coefficient-penalty' as const), player: colorArb, amount: fc.integer({ min: 1000, max: 10000 }) }),
    fc.record({ kind: fc.constant('warning' as const), player: colorArb }),
    fc.record({ kind: fc.constant('outcome' as const), outcome: fc.constant({ type: 'abandon' as const, by: 'red' as const }) }),
  )
  .map((r) => ({ ...r, reason: 'because' }) as RulingInput);

describe('any ruling on any game', () => {
  it('is decided without changing the game; a refused one is exactly the precondition the arbiter page shows, or its own check', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom('plain', 'open', 'appealed', 'ended'),
        fc.boolean(),
        rulingArb,
        (seed, n, situation, claimOpen, ruling) => {
          const random = seededRandom(seed);
          const game = TableGame.random(seed);
          if (situation === 'open') game.contestLast(n, random);
          else if (situation === 'appealed') game.appealLast(n, random);
          else game.playOn(n, random);
          if (situation === 'ended') game.status = 'ended';
          const given = facts(game, {
            claim: claimOpen ? { id: 'c1', claimant: 'blue', ripe: true } : null,
            exceededSince: addDays(START, 3),
          });
          const before = rowsOf(game);
          const decided = decideRuling(frozen(game), ruling, given, TODAY);
          expect(rowsOf(game)).toEqual(before);
          const situationOf = rulingSituation({ ...game, ...given, lines: given.snapshot }, given.claim);
          const notNow = rulingNotApplicable(ruling, situationOf);
          if (notNow) expect(decided).toMatchObject({ code: notNow.code, messages: notNow.messages });
          else if (isRefusal(decided)) expect(decided.code).toBe('BAD_INPUT');
          else expectConsistent(game, decided);
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** A plan only closes live lines, annuls only their moves, and keeps a line to play in. */
function expectConsistent(game: TableGame, plan: RulingPlan): void {
  const live = new Set(game.lines.filter((l) => l.status === 'live').map((l) => l.id));
  for (const id of plan.lines.closed) expect(live.has(id)).toBe(true);
  for (const id of plan.lines.annulled) expect(plan.lines.closed).toContain(game.moves.find((m) => m.id === id)!.lineId);
  const after = new TableGame(game.setup);
  Object.assign(after, { lines: game.lines, moves: game.moves, dispute: plan.dispute ? null : game.dispute, status: game.status });
  after.applyLines(plan.lines);
  expect(after.lines.filter((l) => l.status === 'live').length).toBeGreaterThan(0);
}
