// Analysis of a platform game's line: each move record against the move
// generator on the board it was played on, in FRSc notation, never a placement scoring 0.
import fc from 'fast-check';
import { analyseRecords } from './analysis';
import { emptyBoard, withTiles } from './board';
import { parseFrscMove } from './notation';
import { newGame, replayGame, type MoveRecord } from './replay';
import { randomLegalGame } from './testing/random-game';
import { ro, sequenceStarting } from './testing/fixtures';
import { getTileSet, upperLetter } from './tile-sets';
import type { TileSetId } from './types';
import { resolvePlacement } from './validate';
import { buildWordTrie } from './word-trie';

// RED holds CASTELE, BLUE HAINERU.
const SEQUENCE = sequenceStarting('CASTELEHAINERU');

function records(moves: readonly string[]): readonly MoveRecord[] {
  const replay = replayGame({ tileSet: 'ro', sequence: SEQUENCE }, moves);
  if (!replay.ok) throw new Error(`${replay.code} at ${replay.n}`);
  return replay.records;
}

describe('analyseRecords', () => {
  const words = buildWordTrie(['CASTELE', 'CASTE', 'CAST', 'CASA', 'SAC', 'HAINE', 'HAIN', 'RAU', 'URA', 'ARE'], ro);
  const played = records(['h8 CASTELE', 'PAS']);
  const turns = [...analyseRecords(played, words)];

  it('writes each turn: its number, player, the move as the sheet writes it, the best score and five best', () => {
    expect(turns.map((t) => [t.turn, t.player, t.played.notation])).toEqual([
      [1, 'red', 'h8 CASTELE'],
      [2, 'blue', 'PAS'],
    ]);
    expect(turns[0].played).toEqual({ notation: 'h8 CASTELE', score: 66, found: true });
    // The whole rack through h8 is a bingo: nothing scores more than CASTELE laid on a double word.
    expect(turns[0].bestScore).toBe(turns[0].best[0].score);
    expect(turns[0].bestScore).toBeGreaterThanOrEqual(66);
    expect(turns[0].best.length).toBeLessThanOrEqual(5);
    expect(turns[0].best.every((m) => /^[a-o]\d+ [A-Z]+$|^\d+[a-o] [A-Z]+$/.test(m.notation))).toBe(true);
  });

  it('analyses a pass on the board after the moves before it: never found, its rack still ranked', () => {
    expect(turns[1].played).toEqual({ notation: 'PAS', score: 0, found: false });
    // BLUE's HAINERU through CASTELE: every best move uses a tile of the board.
    const board = withTiles(emptyBoard(), played[0].tiles);
    for (const move of turns[1].best) {
      const parsed = parseFrscMove(move.notation, ro);
      if (!parsed.ok || parsed.move.kind !== 'place') throw new Error(move.notation);
      const resolved = resolvePlacement(board, parsed.move, [...'HAINERU'], ro);
      expect(resolved.ok && resolved.scored.score).toBe(move.score);
    }
    expect(turns[1].bestScore).toBe(turns[1].best[0]?.score ?? 0);
  });

  it('gives a rack with no placement a best score of 0 and no moves', () => {
    const none = [...analyseRecords(played, buildWordTrie(['ZZZ'], ro))];
    expect(none.map((t) => [t.bestScore, t.best.length, t.played.found])).toEqual([
      [0, 0, false],
      [0, 0, false],
    ]);
  });

  it('property: with every word a game forms listed, each placement is found and none beats the best', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom<TileSetId>('ro', 'en'), (seed, id) => {
        const tileSet = getTileSet(id);
        const game = randomLegalGame(seed, tileSet);
        const replay = replayGame(newGame({ tileSet, sequence: game.sequence }), game.moves.slice(0, 12));
        if (!replay.ok) throw new Error(replay.code);
        const formed = replay.records.flatMap((r) => r.words.map((w) => [...w.word].map(upperLetter).join('')));
        const turns = [...analyseRecords(replay.records, buildWordTrie(formed, tileSet))];
        expect(turns).toHaveLength(replay.records.length);
        turns.forEach((turn, i) => {
          const record = replay.records[i];
          expect(turn.turn).toBe(record.n);
          expect(turn.played.found).toBe(record.type === 'place');
          expect(turn.bestScore).toBeGreaterThanOrEqual(turn.played.score);
          for (let k = 1; k < turn.best.length; k++) expect(turn.best[k].score).toBeLessThanOrEqual(turn.best[k - 1].score);
        });
      }),
      { numRuns: 8 },
    );
  });
});
