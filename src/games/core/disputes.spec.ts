import fc from 'fast-check';
import { seededRandom } from '../../engine/testing/random-game';
import { contestedWords, decideAdmission, decideAppeal, decideContest, disputeToAnswer } from './disputes';
import { liveLines, pathOf } from './lines';
import { orThrow } from './refusal';
import { frozen, rowsOf, TableGame } from './testing/table-game';
import { turnPlayer } from './turns';

/** A game of `n` moves whose last is a placement, and the player who may contest it. */
function toContest(seed: number, n = 4) {
  const random = seededRandom(seed);
  const game = TableGame.random(seed).playOn(n, random);
  while (game.moves.at(-1)!.kind === 'pass') game.playOn(1, random);
  return { game, random, last: game.moves.at(-1)!, contester: turnPlayer(game)! };
}

describe('a contest (docs/rules.md §6)', () => {
  it("names words of the partner's last move, as the move formed them, once each", () => {
    const { game, last, contester } = toContest(61);
    const word = last.words[0].word;
    const plan = orThrow(decideContest(game, contester, { words: [` ${word.toLowerCase()} `, word] }, 'ro'));
    expect(plan).toMatchObject({ line: { id: 'main' }, contested: { id: last.id }, words: [word] });
  });

  it('is refused for a word the move did not form, with none named, by the mover, after a pass, or while another waits', () => {
    const { game, last, contester } = toContest(61);
    expect(decideContest(game, contester, { words: ['QQQQ'] }, 'ro')).toMatchObject({ code: 'WORD_NOT_IN_MOVE' });
    expect(decideContest(game, contester, { words: [] }, 'ro')).toMatchObject({ code: 'BAD_INPUT' });
    expect(decideContest(game, last.color, { words: [last.words[0].word] }, 'ro')).toMatchObject({ code: 'CONTEST_TOO_LATE' });
    game.dispute = { id: 'd0', status: 'open', contestedMoveId: last.id, lines: null };
    expect(decideContest(game, contester, { words: [last.words[0].word] }, 'ro')).toMatchObject({ code: 'DISPUTE_OPEN' });
    const passed = TableGame.random(3);
    orThrow(passed.play('main', 'red', 'PAS'));
    passed.completeTurnIfDone();
    expect(decideContest(passed, 'blue', { words: ['CASA'] }, 'ro')).toMatchObject({ code: 'NOTHING_TO_CONTEST' });
    expect(decideContest(TableGame.random(3), 'red', { words: ['CASA'] }, 'ro')).toMatchObject({ code: 'NOTHING_TO_CONTEST' });
  });

  it("is the FRSc's: refused in a competition under PFS rules, which checks words instead (docs/rules.md §13)", () => {
    const { game, last, contester } = toContest(61);
    expect(decideContest(game, contester, { words: [last.words[0].word] }, 'ro', 'pfs')).toMatchObject({ code: 'NOT_FRSC_RULES' });
  });

  it('a word of an earlier move of the partner was accepted with the reply to it: CONTEST_TOO_LATE', () => {
    const { game, last } = toContest(62, 6);
    const earlier = pathOf(game, 'main').filter((m) => m.color === last.color && m.id !== last.id && m.words.length);
    const formed = last.words.map((w) => w.word);
    const word = earlier.flatMap((m) => m.words.map((w) => w.word)).find((w) => !formed.includes(w));
    expect(word).toBeDefined();
    expect(contestedWords('ro', pathOf(game, 'main'), last, [word!])).toMatchObject({ code: 'CONTEST_TOO_LATE' });
  });
});

describe('the answer to a contest (docs/rules.md §6)', () => {
  const contested = (seed: number) => {
    const game = TableGame.random(seed);
    const random = seededRandom(seed);
    return { game, random, ...game.contestLast(4, random) };
  };

  it('only the contested player answers, the dispute named right, while the game is in play', () => {
    const { game, contested: move } = contested(71);
    const other = move.color === 'red' ? 'blue' : 'red';
    expect(disputeToAnswer(game, other, undefined)).toMatchObject({ code: 'NO_DISPUTE' });
    expect(disputeToAnswer(game, move.color, 'd9')).toMatchObject({ code: 'NO_DISPUTE' });
    expect(disputeToAnswer(game, move.color, 'd1')).toMatchObject({ dispute: { id: 'd1' }, contested: { id: move.id } });
    game.status = 'ended';
    expect(decideAdmission(game, move.color, undefined)).toMatchObject({ code: 'GAME_OVER' });
  });

  it('an admission withdraws the contested move and voids the provisional reply: play resumes before it', () => {
    const { game, contested: move, reply } = contested(71);
    const plan = orThrow(decideAdmission(game, move.color, undefined));
    expect(plan.lines).toEqual({ stands: 'main', replaced: 'f1' });
    expect(plan.changes).toEqual({
      opened: [{ id: 'f1', parentId: 'main', forkAfter: move.number - 1, status: 'live' }],
      closed: ['main'],
      annulled: [move.id, reply.id],
    });
    game.applyLines(plan.changes);
    game.dispute = null;
    expect(liveLines(game).map((l) => l.id)).toEqual(['f1']);
    expect(game.stateOf('f1').toMove).toBe(move.color);
  });

  it('an appeal keeps both lines: A where the move stands, B where it is replaced, sharing what came before', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 25 }), (seed, n) => {
        const game = TableGame.random(seed);
        const random = seededRandom(seed);
        const { contested: move, reply } = game.contestLast(n, random);
        const before = rowsOf(game);
        const plan = orThrow(decideAppeal(frozen(game), move.color, 'd1'));
        expect(rowsOf(game)).toEqual(before);
        expect(plan.changes).toEqual({ opened: [plan.replaced], closed: [], annulled: [] });
        const a = pathOf(game, 'main');
        const b = pathOf({ lines: [...game.lines, plan.replaced], moves: game.moves }, plan.replaced.id);
        expect(b).toEqual(a.slice(0, move.number - 1));
        expect(a.slice(-2)).toEqual([move, reply]);
      }),
      { numRuns: 30 },
    );
  });
});
