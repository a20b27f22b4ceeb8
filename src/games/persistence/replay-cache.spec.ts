import { replayLine } from '../core/lines';
import { ReplayCache, replayKey } from './replay-cache';
import { DEFAULT_RULES } from '../../engine/types';
import { getTileSet, replayGame } from '../../engine';
import { randomLegalGame } from '../../engine/testing/random-game';

const GAME = randomLegalGame(11, getTileSet('ro'));
const SEQUENCE = GAME.sequence;

describe('replay cache', () => {
  const setup = { tileSet: 'ro' as const, sequence: SEQUENCE, rules: DEFAULT_RULES };
  const path = (...notations: string[]) => notations.map((notation) => ({ notation }));

  it('names every input of the replay in its key', () => {
    const base = replayKey(setup, path('a', 'b'));
    expect(replayKey({ ...setup }, path('a', 'b'))).toBe(base);
    // One more move, another move, another order, another sequence, rules or word list: another key.
    expect(replayKey(setup, path('a', 'b', 'c'))).not.toBe(base);
    expect(replayKey(setup, path('a', 'x'))).not.toBe(base);
    expect(replayKey(setup, path('b', 'a'))).not.toBe(base);
    expect(replayKey(setup, path('ab'))).not.toBe(base);
    expect(replayKey({ ...setup, sequence: `${SEQUENCE.slice(1)}A` }, path('a', 'b'))).not.toBe(base);
    expect(replayKey({ ...setup, rules: { ...DEFAULT_RULES, handicap: !DEFAULT_RULES.handicap } }, path('a', 'b'))).not.toBe(base);
    const lexicon = { has: () => true } as never;
    expect(replayKey({ ...setup, lexicon }, path('a', 'b'))).not.toBe(base);
    expect(replayKey({ ...setup, lexicon }, path('a', 'b'))).toBe(replayKey({ ...setup, lexicon }, path('a', 'b')));
    expect(replayKey({ ...setup, lexicon: { has: () => true } as never }, path('a', 'b'))).not.toBe(
      replayKey({ ...setup, lexicon }, path('a', 'b')),
    );
  });

  it('computes once per key and answers the same replay after', () => {
    const cache = new ReplayCache(10);
    let computed = 0;
    const compute = () => {
      computed += 1;
      return replayLine(setup, []);
    };
    const first = cache.replay(setup, [], compute);
    expect(cache.replay(setup, [], compute)).toBe(first);
    expect(computed).toBe(1);
    // A line that grew is another key: computed again, never the stale replay.
    cache.replay(setup, path('x'), () => ({ ...first }));
    expect(computed).toBe(1);
    expect(cache.replay(setup, path('x'), compute)).not.toBe(first);
  });

  it('forgets the least recently used beyond its capacity', () => {
    const cache = new ReplayCache(2);
    const replay = replayLine(setup, []);
    let computed = 0;
    const compute = () => {
      computed += 1;
      return replay;
    };
    cache.replay(setup, path('a'), compute);
    cache.replay(setup, path('b'), compute);
    cache.replay(setup, path('a'), compute); // a is now the most recent
    cache.replay(setup, path('c'), compute); // b goes
    expect(cache.size).toBe(2);
    expect(computed).toBe(3);
    cache.replay(setup, path('a'), compute);
    expect(computed).toBe(3);
    cache.replay(setup, path('b'), compute);
    expect(computed).toBe(4);
  });

  it('gives what a fresh replay gives for a real game', () => {
    const notations = path(...GAME.moves);
    const real = { tileSet: 'ro' as const, sequence: SEQUENCE };
    const cache = new ReplayCache();
    const cached = cache.replay(real, notations, () => replayLine(real, notations));
    const fresh = replayGame(
      real,
      notations.map((n) => n.notation),
    );
    expect(fresh.ok).toBe(true);
    expect(cache.replay(real, notations, () => replayLine(real, notations))).toBe(cached);
    expect(cached.records).toEqual(fresh.ok && fresh.records);
    expect(cached.state.totals).toEqual(fresh.ok && fresh.state.totals);
  });
});
