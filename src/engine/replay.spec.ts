import { loadWordList } from './lexicon';
import { rackLetters } from './rack';
import { applyMove, handicapCap, newGame, replayGame, replayMoves, type GameState, type MoveRecord } from './replay';
import { randomLegalGame } from './testing/random-game';
import { errorOf, ro, sequenceStarting } from './testing/fixtures';
import { tilesValue } from './tile-sets';
import { DEFAULT_RULES, type GameRules } from './types';

// RED holds CASTELE, BLUE HAINERU.
const SEQUENCE = sequenceStarting('CASTELEHAINERU');

function play(state: GameState, move: Parameters<typeof applyMove>[1]): { state: GameState; record: MoveRecord } {
  const step = applyMove(state, move);
  if (!step.ok) throw new Error(`${JSON.stringify(move)}: ${step.code} ${step.message.en}`);
  return step;
}

function playAll(state: GameState, moves: readonly string[]): GameState {
  return moves.reduce((s, m) => play(s, m).state, state);
}

describe('newGame (docs/rules.md §2)', () => {
  it('deals the opening racks from the sequence, RED to move', () => {
    const game = newGame({ tileSet: 'ro', sequence: SEQUENCE });
    expect(rackLetters(game.racks.red).join('')).toBe('CASTELE');
    expect(rackLetters(game.racks.blue).join('')).toBe('HAINERU');
    expect(game).toMatchObject({ next: 14, toMove: 'red', movesPlayed: 0, over: false, totals: { red: 0, blue: 0 } });
    expect(game.taken.blue).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(game.rules).toEqual(DEFAULT_RULES);
  });

  it('refuses a sequence that is not the tile set, and impossible rules', () => {
    expect(() => newGame({ tileSet: ro, sequence: SEQUENCE.slice(1) })).toThrow(RangeError);
    expect(() => newGame({ tileSet: ro, sequence: SEQUENCE, rules: { ...DEFAULT_RULES, zeroTurnsToEnd: 0 } })).toThrow(RangeError);
  });
});

describe('applyMove', () => {
  const start = newGame({ tileSet: 'ro', sequence: SEQUENCE });

  it('records a placement: words, score, letters used in sequence order, racks before and after', () => {
    const { state, record } = play(start, 'h8 CASTELE');
    expect(record).toMatchObject({
      n: 1,
      tour: 1,
      player: 'red',
      type: 'place',
      notation: 'h8 CASTELE',
      coord: 'h8',
      word: 'CASTELE',
      score: 66,
      tilesUsed: ['C', 'A', 'S', 'T', 'E', 'L', 'E'],
      positionsUsed: [0, 1, 2, 3, 4, 5, 6],
      drawn: [14, 15, 16, 17, 18, 19, 20],
      rackBefore: 'CASTELE',
      rackAfter: SEQUENCE.slice(14, 21),
      unknownWords: [],
    });
    expect(state).toMatchObject({ toMove: 'blue', movesPlayed: 1, next: 21 });
    expect(state.taken.red).toEqual([0, 1, 2, 3, 4, 5, 6, 14, 15, 16, 17, 18, 19, 20]);
  });

  it('lists the letters used in sequence order, whatever the word order', () => {
    const afterRed = play(start, 'h8 CASTELE').state;
    // BLUE's H is tile 8 (position 7), I position 9; U (13) then N (10) are written later-first.
    const { record } = play(afterRed, '9g HAI');
    expect(record).toMatchObject({ player: 'blue', tilesUsed: ['H', 'I'], positionsUsed: [7, 9], drawn: [21, 22], score: 23 });
    expect(play(afterRed, '10f UN(S)').record).toMatchObject({ tilesUsed: ['N', 'U'], positionsUsed: [10, 13] });
  });

  it('leaves the given state untouched and changes nothing on a refusal', () => {
    const before = JSON.stringify(start);
    play(start, 'h8 CASTELE');
    expect(errorOf(applyMove(start, 'a1 CAST')).code).toBe('FIRST_MOVE_NOT_ON_CENTER');
    expect(JSON.stringify(start)).toBe(before);
  });

  it('accepts tiles on squares and parsed moves like text', () => {
    const tiles = [...'CAST'].map((letter, i) => ({ row: 7, col: 7 + i, letter, blank: false }));
    const fromTiles = play(start, { kind: 'tiles', tiles });
    expect(fromTiles.record).toEqual(play(start, 'h8 CAST').record);
    expect(play(start, { kind: 'pass' }).record).toMatchObject({ type: 'pass', notation: 'PAS', score: 0, words: [] });
  });

  it('refuses bad notation and a zero-score placement (docs/rules.md §3)', () => {
    expect(errorOf(applyMove(start, 'h8 CA1SA')).code).toBe('BAD_NOTATION');
    const blanks = newGame({ tileSet: 'ro', sequence: sequenceStarting('??CASTE') });
    expect(errorOf(applyMove(blanks, 'h8 ca')).code).toBe('ZERO_SCORE_PLACEMENT');
    expect(play(blanks, 'h8 Ca').record.score).toBe(2);
  });

  it('reports words missing from the lexicon without refusing them (docs/rules.md §3, §6)', () => {
    const lexicon = loadWordList('castele\nhai\n', ro);
    const game = newGame({ tileSet: 'ro', sequence: SEQUENCE, lexicon });
    const first = play(game, 'h8 CASTELE');
    expect(first.record.unknownWords).toEqual([]);
    expect(play(first.state, '10f UN(S)').record.unknownWords).toEqual(['UNS']);
  });
});

describe('handicap (docs/rules.md §2)', () => {
  it('caps tours I and II: RED 10 and 30, BLUE 20 and 40', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => handicapCap(DEFAULT_RULES, n))).toEqual([10, 20, 30, 40, Infinity, Infinity]);
    expect(handicapCap({ ...DEFAULT_RULES, handicap: false }, 1)).toBe(Infinity);
  });

  it('records the capped score and totals the recorded scores', () => {
    const red = play(newGame({ tileSet: 'ro', sequence: SEQUENCE }), 'h8 CASTELE');
    expect(red.record).toMatchObject({ score: 66, recorded: 10, total: 10 });
    const blue = play(red.state, '9g HAI');
    expect(blue.record).toMatchObject({ score: 23, recorded: 20, total: 20 });
    expect(blue.state.totals).toEqual({ red: 10, blue: 20 });
  });

  it('can be switched off', () => {
    const game = newGame({ tileSet: 'ro', sequence: SEQUENCE, rules: { ...DEFAULT_RULES, handicap: false } });
    expect(play(game, 'h8 CASTELE').record).toMatchObject({ score: 66, recorded: 66, total: 66 });
  });
});

describe('end of the game (docs/rules.md §4)', () => {
  const passes = (n: number) => Array<string>(n).fill('PAS');

  it('ends after six zero-score turns, each player losing their own rack', () => {
    const game = newGame({ tileSet: 'ro', sequence: SEQUENCE });
    const five = playAll(game, passes(5));
    expect(five.over).toBe(false);
    const six = playAll(five, passes(1));
    expect(six).toMatchObject({
      over: true,
      endReason: 'zero-turns',
      endAdjustment: { red: -7, blue: -16 },
      scores: { red: -7, blue: -16 },
    });
    expect(errorOf(applyMove(six, 'h8 CASA')).code).toBe('GAME_OVER');
    // GAME_OVER comes before BAD_NOTATION.
    expect(errorOf(applyMove(six, '???')).code).toBe('GAME_OVER');
  });

  it('counts only consecutive zero-score turns, as many as the competition sets', () => {
    const game = newGame({ tileSet: 'ro', sequence: SEQUENCE });
    const interrupted = playAll(game, [...passes(4), 'h8 CASTELE', ...passes(5)]);
    expect(interrupted).toMatchObject({ over: false, zeroRun: 5 });
    const four = newGame({ tileSet: 'ro', sequence: SEQUENCE, rules: { ...DEFAULT_RULES, zeroTurnsToEnd: 4 } });
    expect(playAll(four, passes(4)).over).toBe(true);
  });

  describe('going out when the sequence is exhausted', () => {
    // A random legal game that ends by going out, replayed under each end rule.
    const ending = (endRackRule: GameRules['endRackRule']) => {
      for (let seed = 1; ; seed++) {
        const game = randomLegalGame(seed, ro, { passProbability: 0 });
        const r = replayGame({ tileSet: ro, sequence: game.sequence, rules: { ...DEFAULT_RULES, endRackRule } }, game.moves);
        if (!r.ok) throw new Error(r.code);
        if (r.state.endReason === 'out') return r;
      }
    };

    it('transfers the opponent rack to the finisher (F 7.1.3)', () => {
      const { state, records } = ending('transfer');
      const finisher = records[records.length - 1].player;
      const opponent = finisher === 'red' ? 'blue' : 'red';
      const left = tilesValue(ro, rackLetters(state.racks[opponent]));
      expect(left).toBeGreaterThan(0);
      expect(state.racks[finisher]).toHaveLength(0);
      expect(state.next).toBe(100);
      expect(state.endAdjustment).toEqual({ [finisher]: left, [opponent]: -left });
      expect(state.scores[finisher]).toBe(state.totals[finisher] + left);
      expect(state.scores[opponent]).toBe(state.totals[opponent] - left);
    });

    it('or, in the variant, gives the finisher double and leaves the opponent unchanged', () => {
      const { state, records } = ending('double');
      const finisher = records[records.length - 1].player;
      const opponent = finisher === 'red' ? 'blue' : 'red';
      const left = tilesValue(ro, rackLetters(state.racks[opponent]));
      expect(state.endAdjustment).toEqual({ [finisher]: 2 * left, [opponent]: 0 });
      expect(state.scores[opponent]).toBe(state.totals[opponent]);
    });
  });
});

describe('replayMoves', () => {
  it('yields the state after every move and stops at the first refusal, naming its move', () => {
    const steps = [...replayMoves({ tileSet: 'ro', sequence: SEQUENCE }, ['h8 CASTELE', 'PAS', 'a1 XX', 'PAS'])];
    expect(steps.map((s) => s.ok)).toEqual([true, true, false]);
    expect(steps[2]).toMatchObject({ ok: false, n: 3, code: 'TILES_NOT_IN_RACK' });
    const replay = replayGame({ tileSet: 'ro', sequence: SEQUENCE }, ['h8 CASTELE', 'PAS', 'a1 XX']);
    expect(replay).toMatchObject({ ok: false, n: 3 });
  });

  it('continues from a given state', () => {
    const first = play(newGame({ tileSet: 'ro', sequence: SEQUENCE }), 'h8 CASTELE').state;
    const [step] = replayMoves(first, ['9g HAI']);
    expect(step).toMatchObject({ ok: true, n: 2, record: { player: 'blue' } });
  });
});
