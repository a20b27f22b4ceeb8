import fc from 'fast-check';
import { applyMove, getTileSet, loadWordList, newGame, type GameState } from '../engine';
import { seededRandom } from '../engine/testing/random-game';
import { demoPlacement, demoSequence, demoWords } from './demo-play';
import { DEMO_WORDS } from './demo-words';

const words = demoWords('ro');
const list = loadWordList(DEMO_WORDS.join('\n'), getTileSet('ro'));

/** `count` placements of the demo from its sequence; every word formed, as the engine scored it. */
function play(seed: number, count: number): { state: GameState; formed: string[]; scores: number[] } {
  const random = seededRandom(seed);
  let state = newGame({ tileSet: 'ro', sequence: demoSequence('ro') });
  const formed: string[] = [];
  const scores: number[] = [];
  for (let i = 0; i < count; i++) {
    const move = demoPlacement(state, words, random);
    if (move === undefined) throw new Error(`no placement at turn ${i + 1}`);
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
        expect(formed.filter((w) => !list.has(w))).toEqual([]);
        expect(scores.every((s) => s > 0)).toBe(true);
      }),
      { numRuns: 10 },
    );
  });

  it('the list holds real words, not strings of letters: a sample', () => {
    for (const word of ['casă', 'față', 'munte', 'zi', 'om', 'pâine']) expect(list.has(word)).toBe(true);
    expect(list.has('XQZ')).toBe(false);
  });
});
