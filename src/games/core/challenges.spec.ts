import fc from 'fast-check';
import { getTileSet, LOST_TURN, type Color } from '../../engine';
import { randomSequence, seededRandom } from '../../engine/testing/random-game';
import { challengeVerdict, decideChallenge, decideChallengeOverride, type ChallengeFacts } from './challenges';
import { officialLine } from './lines';
import { isRefusal, orThrow } from './refusal';
import { frozen, rowsOf, TableGame, type TableMove } from './testing/table-game';
import { turnPlayer } from './turns';

/** A PFS game on the table (docs/rules.md §13): four passes in a row end it. */
function pfsGame(seed: number): TableGame {
  const sequence = randomSequence(getTileSet('ro'), seededRandom(seed));
  return new TableGame({
    tileSet: 'ro',
    sequence,
    rules: { handicap: false, zeroTurnsToEnd: 4, endRackRule: 'transfer', rulebook: 'pfs' },
  });
}

/** `n` moves or more, to a placement by the partner of the player now to move. */
function toChallenge(seed: number, n = 4) {
  const random = seededRandom(seed);
  const game = pfsGame(seed).playOn(n, random);
  while (game.moves.at(-1)!.kind !== 'place' && !game.stateOf('main').over) game.playOn(1, random);
  return { game, random, last: game.moves.at(-1)!, challenger: turnPlayer(game)! };
}

/** The official list: every word but those named as missing. */
function facts(missing: readonly string[] = [], over: Partial<ChallengeFacts> = {}): ChallengeFacts {
  return { rules: 'pfs', tileSet: 'ro', isWord: (w) => !missing.includes(w), challenged: new Set(), ...over };
}

/** What the session does with a successful plan: the fork written, the lost turn recorded, a new turn. */
function applySuccess(game: TableGame, plan: { lines: Parameters<TableGame['applyLines']>[0]; lostTurnLine: string | null }, mover: Color) {
  game.applyLines(plan.lines);
  const lost = orThrow(game.play(plan.lostTurnLine!, mover, LOST_TURN));
  game.turn += 1;
  return lost;
}

describe('the PFS challenge, "Sprawdzam" (docs/rules.md §13, P 4.7–4.8)', () => {
  it('names words of the last move; one verdict for the set: unsuccessful when the list holds them all, the move stands', () => {
    const { game, last, challenger } = toChallenge(71);
    const words = last.words.map((w) => w.word);
    const before = rowsOf(frozen(game));
    const plan = orThrow(decideChallenge(game, challenger, { words }, facts()));
    expect(plan).toMatchObject({ challenged: { id: last.id }, words, successful: false, lostTurnLine: null });
    expect(plan.lines).toEqual({ opened: [], closed: [], annulled: [] });
    expect(rowsOf(game)).toEqual(before);
  });

  it('is successful when any word named is missing, and the verdict never says which (P 4.7.8)', () => {
    const { game, last, challenger } = toChallenge(72);
    const words = last.words.map((w) => w.word);
    const plan = orThrow(decideChallenge(game, challenger, { words }, facts([words.at(-1)!])));
    expect(plan.successful).toBe(true);
    expect(plan.lines.closed).toEqual(['main']);
    expect(plan.lines.annulled).toEqual([last.id]);
    const verdict = challengeVerdict(true, ['CASA', 'ASA']);
    expect(verdict.en).toContain('not every word');
    expect(verdict.ro).toContain('nu toate cuvintele');
    // Both words are named as the challenger named them; no word is singled out as the failed one.
    expect(verdict.en.match(/"CASA"/g)).toHaveLength(1);
    expect(verdict.en.match(/"ASA"/g)).toHaveLength(1);
  });

  it('is refused under FRSc rules, by the mover, after a pass, twice for one move, without a list, or for a word not in the move', () => {
    const { game, last, challenger } = toChallenge(73);
    const words = [last.words[0].word];
    expect(decideChallenge(game, challenger, { words }, facts([], { rules: 'frsc' }))).toMatchObject({ code: 'NOT_PFS_RULES' });
    expect(decideChallenge(game, last.color, { words }, facts())).toMatchObject({ code: 'NOT_YOUR_TURN' });
    expect(decideChallenge(game, challenger, { words }, facts([], { challenged: new Set([last.id]) }))).toMatchObject({
      code: 'ALREADY_CHALLENGED',
    });
    expect(decideChallenge(game, challenger, { words }, facts([], { isWord: null }))).toMatchObject({ code: 'NO_WORD_LIST' });
    expect(decideChallenge(game, challenger, { words: ['QQQQ'] }, facts())).toMatchObject({ code: 'WORD_NOT_IN_MOVE' });
    expect(decideChallenge(game, challenger, { words: [] }, facts())).toMatchObject({ code: 'BAD_INPUT' });
    const passed = pfsGame(3);
    orThrow(passed.play('main', 'red', 'PAS'));
    passed.completeTurnIfDone();
    expect(decideChallenge(passed, 'blue', { words: ['CASA'] }, facts())).toMatchObject({ code: 'NOTHING_TO_CHALLENGE' });
  });

  it('a word of a move already answered has no force to check (P 4.7.5): CHALLENGE_TOO_LATE', () => {
    for (let seed = 1; seed < 200; seed++) {
      const { game, last, challenger, random } = toChallenge(seed);
      game.playOn(2, random); // the challenger answers, the partner moves again
      const now = game.moves.at(-1)!;
      if (game.stateOf('main').over || now.kind !== 'place' || turnPlayer(game) !== challenger) continue;
      const old = last.words.map((w) => w.word).find((w) => !now.words.some((n) => n.word === w));
      if (!old) continue;
      expect(decideChallenge(game, challenger, { words: [old] }, facts())).toMatchObject({ code: 'CHALLENGE_TOO_LATE' });
      return;
    }
    throw new Error('no game found to check a word already answered');
  });

  it('property: a successful challenge restores board, racks and sequence position exactly, the mover loses the turn', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 12 }), (seed, n) => {
        const { game, last, challenger } = toChallenge(seed, n);
        if (game.stateOf('main').over || last.kind !== 'place') return;
        const beforeMove = replayBefore(game, last);
        const plan = orThrow(decideChallenge(game, challenger, { words: [last.words[0].word] }, facts([last.words[0].word])));
        expect(plan.successful).toBe(true);
        const lost = applySuccess(game, plan, last.color);
        const after = game.stateOf(officialLine(game).id);
        expect(lost).toMatchObject({ kind: 'lost', color: last.color, number: last.number });
        expect(after.board).toEqual(beforeMove.board);
        expect(after.racks).toEqual(beforeMove.racks);
        expect(after.next).toBe(beforeMove.next);
        expect(after.totals).toEqual(beforeMove.totals);
        expect(after.toMove).toBe(challenger);
        expect(turnPlayer(game)).toBe(challenger);
      }),
      { numRuns: 40 },
    );
  });

  it('property: an unsuccessful challenge changes nothing and the challenger still owes the move', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (seed) => {
        const { game, last, challenger } = toChallenge(seed);
        if (game.stateOf('main').over) return;
        const before = rowsOf(frozen(game));
        const plan = decideChallenge(game, challenger, { words: last.words.map((w) => w.word) }, facts());
        expect(isRefusal(plan) ? plan.code : plan.successful).toBe(false);
        expect(rowsOf(game)).toEqual(before);
        expect(turnPlayer(game)).toBe(challenger);
      }),
      { numRuns: 30 },
    );
  });
});

describe("the arbiter's reversal of a verdict (docs/rules.md §13, P 4.7.13)", () => {
  it('a successful verdict reversed: the move stands again, what followed is annulled, the challenger to move', () => {
    const { game, last, challenger } = toChallenge(81);
    const word = last.words[0].word;
    applySuccess(game, orThrow(decideChallenge(game, challenger, { words: [word] }, facts([word]))), last.color);
    const overridePlan = orThrow(decideChallengeOverride(game, { moveId: last.id, successful: true, overridden: false }, pfsFacts()));
    expect(overridePlan).toMatchObject({ successful: false, replay: { kind: 'move', move: { id: last.id } } });
    game.applyLines(overridePlan.lines);
    orThrow(game.play(overridePlan.line.id, last.color, last.notation));
    game.turn += 1;
    const state = game.stateOf(officialLine(game).id);
    expect(state.movesPlayed).toBe(last.number);
    expect(state.toMove).toBe(challenger);
    expect(turnPlayer(game)).toBe(challenger);
  });

  it('an unsuccessful verdict reversed: the move taken back and the turn lost; once only; never after homologation or under FRSc', () => {
    const { game, last, challenger } = toChallenge(82);
    const record = { moveId: last.id, successful: false, overridden: false };
    const plan = orThrow(decideChallengeOverride(game, record, pfsFacts()));
    expect(plan).toMatchObject({ successful: true, replay: { kind: 'lost' } });
    expect(plan.lines.annulled).toContain(last.id);
    expect(decideChallengeOverride(game, { ...record, overridden: true }, pfsFacts())).toMatchObject({ code: 'NOT_ALLOWED_NOW' });
    expect(decideChallengeOverride(game, record, { ...pfsFacts(), closed: true })).toMatchObject({ code: 'NOT_ALLOWED_NOW' });
    expect(decideChallengeOverride(game, record, { ...pfsFacts(), rules: 'frsc' })).toMatchObject({ code: 'NOT_PFS_RULES' });
    expect(challenger).not.toBe(last.color);
  });
});

function pfsFacts() {
  return { rules: 'pfs' as const, closed: false, endedByOutcome: false };
}

/** The state just before a move of the main line: the game replayed to the move before it. */
function replayBefore(game: TableGame, move: TableMove) {
  const copy = new TableGame(game.setup);
  copy.moves = game.moves.filter((m) => m.lineId === 'main' && m.number < move.number);
  return copy.stateOf('main');
}
