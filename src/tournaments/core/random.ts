// The random draw of a first round (F 9.2a), from a seed the arbiter can publish: the same seed
// draws the same pairs on any machine, so anyone can check the draw.
import { seededRandom } from '../../common/seeded-random';

/** The list in the order a Fisher–Yates shuffle with `seed` draws it. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
