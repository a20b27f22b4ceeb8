// A seeded generator: the same seed gives the same numbers on any machine, so a published seed
// lets anyone check a draw, and test data repeats. Pure.

/** mulberry32: a small, well-mixed 32-bit generator; enough for a draw or test data, not for secrets. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
