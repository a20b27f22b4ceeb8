// Scoring checked against a real game: every play of a Woogles/liwords GCG file replayed
// through parseGcgPlay + resolvePlacement (no rack check: GCG racks may be partial) +
// scorePlacement. Deliberately minimal: the GCG module proper is gcg.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withTiles, emptyBoard } from './board';
import { parseGcgPlay } from './notation';
import { scorePlacement } from './score';
import { getTileSet } from './tile-sets';
import { resolvePlacement } from './validate';

const GCG_DIR = join(__dirname, '../../../../shared/testdata/gcg');
const PLAY = /^>[^:]+:\s+\S*\s+([A-Oa-o]\d{1,2}|\d{1,2}[A-Oa-o])\s+(\S+)\s+\+(-?\d+)\s+(-?\d+)\s*$/;

function replayGcg(file: string): { play: string; expected: number; computed: number }[] {
  const en = getTileSet('en');
  let board = emptyBoard();
  const results: { play: string; expected: number; computed: number }[] = [];
  for (const line of readFileSync(join(GCG_DIR, file), 'utf8').split('\n')) {
    const m = PLAY.exec(line);
    if (!m) continue; // pragmas, notes, passes, end-of-game rack points
    const [, coord, word, score] = m;
    const written = parseGcgPlay(coord, word, en);
    if (!written.ok) throw new Error(`${line}: ${written.message.en}`);
    const resolved = resolvePlacement(board, written.move, null, en, { allowZeroScore: true });
    if (!resolved.ok) throw new Error(`${line}: ${resolved.code} ${resolved.message.en}`);
    // Scored again directly, as another caller would, to cover both entry points.
    const scored = scorePlacement(board, resolved.tiles, en);
    results.push({ play: `${coord} ${word}`, expected: Number(score), computed: scored.score });
    expect(resolved.scored.score).toBe(scored.score);
    board = withTiles(board, resolved.tiles);
  }
  return results;
}

describe('scoring a real GCG game', () => {
  it('matches every score of liwords/puzzles_testdata_r1_mike.gcg', () => {
    const results = replayGcg('liwords/puzzles_testdata_r1_mike.gcg');
    expect(results).toHaveLength(25);
    expect(results.filter((r) => r.computed !== r.expected)).toEqual([]);
  });
});
