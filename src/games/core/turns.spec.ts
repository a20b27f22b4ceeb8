import fc from 'fast-check';
import { seededRandom } from '../../engine/testing/random-game';
import { decideContest } from './disputes';
import { liveLines, pathOf } from './lines';
import { isRefusal, orThrow } from './refusal';
import { TableGame } from './testing/table-game';
import { assignLines, awaitedMove, checkExpectedTurn, completesTurn, decidePass, decideTurn, owedLines, turnPlayer } from './turns';

/** A game whose last move is contested and appealed: lines A and B, its mover to move in both. */
function appealed(seed: number, moves = 5) {
  const random = seededRandom(seed);
  const game = TableGame.random(seed);
  return { game, random, ...game.appealLast(moves, random) };
}

describe('turns across lines (docs/rules.md §2, §6)', () => {
  it('RED moves first; a turn with one live line is one move', () => {
    const game = TableGame.random(1);
    expect(turnPlayer(game)).toBe('red');
    expect(awaitedMove(game)).toEqual({ awaiting: 'move', toMove: 'red' });
    game.playRandom('main', seededRandom(1));
    expect(completesTurn(game)).toBe(true);
    game.completeTurnIfDone();
    expect([game.turn, turnPlayer(game)]).toEqual([2, 'blue']);
  });

  it('while two lines are live the turn takes a move in each: it is complete only after the second', () => {
    const { game, random, contested } = appealed(11);
    const mover = contested.color;
    expect(turnPlayer(game)).toBe(mover);
    expect(owedLines(game, mover).map((l) => l.id)).toEqual(['main', 'f1']);
    game.playRandom('main', random);
    expect(completesTurn(game)).toBe(false);
    // The turn's first move names its player, though the other line still waits for them.
    expect(turnPlayer(game)).toBe(mover);
    game.playRandom('f1', random);
    expect(completesTurn(game)).toBe(true);
  });

  it('one move for two lines is LINE_REQUIRED, by their labels; two for one line, none, or an unknown line are refused', () => {
    const { game } = appealed(11);
    const mover = turnPlayer(game)!;
    expect(assignLines(game, mover, { move: 'PAS' })).toMatchObject({
      code: 'LINE_REQUIRED',
      messages: { en: expect.stringContaining('(A, B)') },
    });
    expect(assignLines(game, mover, { lines: { A: 'PAS', main: 'PAS' } })).toMatchObject({
      code: 'BAD_INPUT',
      messages: { en: 'two moves for one line' },
    });
    expect(assignLines(game, mover, { lines: {} })).toMatchObject({ code: 'BAD_INPUT', messages: { en: 'no move was given' } });
    expect(assignLines(game, mover, {})).toMatchObject({ code: 'BAD_INPUT' });
    expect(assignLines(game, mover, { lines: { C: 'PAS' } })).toMatchObject({ code: 'UNKNOWN_LINE' });
    expect(assignLines(game, mover, { lines: { a: 'PAS', B: 'x' } })).toEqual([
      { line: expect.objectContaining({ id: 'main' }), move: 'PAS' },
      { line: expect.objectContaining({ id: 'f1' }), move: 'x' },
    ]);
  });

  it("the partner's turn is NOT_YOUR_TURN; a line already played this turn is ALREADY_PLAYED", () => {
    const { game, random } = appealed(11);
    const mover = turnPlayer(game)!;
    const partner = mover === 'red' ? 'blue' : 'red';
    expect(decideTurn(game, partner, { move: 'PAS' })).toMatchObject({ code: 'NOT_YOUR_TURN' });
    game.playRandom('main', random);
    expect(decideTurn(game, mover, { lines: { A: 'PAS' } })).toMatchObject({ code: 'ALREADY_PLAYED' });
    expect(decidePass(game, mover, { line: 'A' })).toMatchObject({ code: 'ALREADY_PLAYED' });
    expect(decidePass(game, mover, {})).toEqual([{ line: expect.objectContaining({ id: 'f1' }), move: { kind: 'pass' } }]);
  });

  it('a reply written for an earlier turn is ALREADY_PLAYED when the player moved in it, else NOT_YOUR_TURN', () => {
    const game = TableGame.random(2).playOn(3, seededRandom(2));
    // Turn 4: BLUE to move; RED moved in turn 3, BLUE in turn 2.
    expect(checkExpectedTurn(game, 'red', 3)).toMatchObject({ code: 'ALREADY_PLAYED' });
    expect(checkExpectedTurn(game, 'blue', 2)).toMatchObject({ code: 'ALREADY_PLAYED' });
    expect(checkExpectedTurn(game, 'blue', 3)).toMatchObject({ code: 'NOT_YOUR_TURN' });
    expect(checkExpectedTurn(game, 'blue', 4)).toBeNull();
    expect(checkExpectedTurn(game, 'blue', 9)).toMatchObject({ code: 'NOT_YOUR_TURN' });
    expect(checkExpectedTurn(game, 'blue', undefined)).toBeNull();
  });

  it('while a contest waits for its answer, the contested player may not simply play on', () => {
    const random = seededRandom(5);
    const game = TableGame.random(5).playOn(4, random);
    const contester = turnPlayer(game)!;
    const contest = orThrow(decideContest(game, contester, { words: [game.moves.at(-1)!.words[0].word] }, 'ro'));
    game.playRandom('main', random);
    game.dispute = { id: 'd1', status: 'open', contestedMoveId: contest.contested.id, lines: null };
    game.completeTurnIfDone();
    expect(decideTurn(game, contest.contested.color, { move: 'PAS' })).toMatchObject({ code: 'DISPUTE_OPEN' });
    expect(awaitedMove(game)).toEqual({ awaiting: 'contest-answer', toMove: contest.contested.color });
  });

  it('an ended game is GAME_OVER and awaits nothing', () => {
    const game = TableGame.random(3);
    game.status = 'ended';
    expect(decideTurn(game, 'red', { move: 'PAS' })).toMatchObject({ code: 'GAME_OVER' });
    expect(decidePass(game, 'red', {})).toMatchObject({ code: 'GAME_OVER' });
    expect(awaitedMove(game)).toEqual({ awaiting: null, toMove: null });
  });

  it("turns alternate per line, each turn is one player's, and nobody moves twice in a line in one turn", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 2, max: 20 }),
        fc.integer({ min: 0, max: 30 }),
        (seed, before, after) => {
          const { game, random } = appealed(seed, before);
          for (let i = 0; i < after; i++) {
            const player = turnPlayer(game);
            if (player === null) break;
            // The core's own assignment, then a random legal move in each owed line.
            const plays = decidePass(game, player, {});
            if (isRefusal(plays)) throw plays;
            for (const { line } of plays) game.playRandom(line.id, random);
            expect(game.completeTurnIfDone()).toBe(true);
          }
          for (const line of liveLines(game)) {
            pathOf(game, line.id).forEach((m, i) => expect(m.color).toBe(i % 2 === 0 ? 'red' : 'blue'));
          }
          const turns = new Map<number, typeof game.moves>();
          for (const m of game.moves) turns.set(m.turn, [...(turns.get(m.turn) ?? []), m]);
          for (const moves of turns.values()) {
            expect(new Set(moves.map((m) => m.color)).size).toBe(1);
            expect(new Set(moves.map((m) => m.lineId)).size).toBe(moves.length);
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
