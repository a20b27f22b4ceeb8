import fc from 'fast-check';
import { applyMove, getTileSet, loadWordList, newGame, type GameState } from '../engine';
import { seededRandom } from '../engine/testing/random-game';
import { demoPlacement, demoSequence, demoWords } from './demo-play';
import { DEMO_WORDS } from './demo-words';

const words = demoWords('ro');
const list = loadWordList(DEMO_WORDS.join('\n'), getTileSet('ro'));

/**
 * Up to `count` placements of the demo from its sequence, fewer when the list has no word for a
 * rack (a random walk can reach one; the demo's own fixed walk does not, test/integration/demo.spec.ts);
 * every word formed, as the engine scored it.
 */
function play(seed: number, count: number): { state: GameState; formed: string[]; scores: number[] } {
  const random = seededRandom(seed);
  let state = newGame({ tileSet: 'ro', sequence: demoSequence('ro') });
  const formed: string[] = [];
  const scores: number[] = [];
  for (let i = 0; i < count; i++) {
    const move = demoPlacement(state, words, random);
    if (move === undefined) break;
    const step = applyMove(state, move);
    if (!step.ok) throw new Error(`${move} refused: ${step.code}`);
    formed.push(...step.record.words.map((w) => w.word));
    scores.push(step.record.score);
    state = step.state;
  }
  return { state, formed, scores };
}

describe("the demo's games", () => {
  it('deal the same sequence every time, the tile set’s 100 tiles', () => {
    expect(demoSequence('ro')).toBe(demoSequence('ro'));
    expect([...demoSequence('ro')].sort().join('')).toBe(
      getTileSet('ro')
        .tiles.flatMap((t) => Array<string>(t.count).fill(t.letter))
        .sort()
        .join(''),
    );
  });

  it('form only words of the demo list, each placement taken and scored by the engine', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (seed) => {
        const { formed, scores } = play(seed, 14);
        expect(formed.length).toBeGreaterThan(0);
        expect(formed.filter((w) => !list.has(w))).toEqual([]);
        expect(scores.every((s) => s > 0)).toBe(true);
      }),
      // 7670: a walk whose 14th rack has no word of the list.
      { numRuns: 10, examples: [[7670]] },
    );
  });

  it('the list holds real words, not strings of letters: a sample', () => {
    for (const word of ['casă', 'față', 'munte', 'zi', 'om', 'pâine']) expect(list.has(word)).toBe(true);
    expect(list.has('XQZ')).toBe(false);
  });
});
