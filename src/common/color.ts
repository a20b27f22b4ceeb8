// The two sides of a game (docs/rules.md §2): shared by the engine, the clocks, the mail and the pages.

export type Color = 'red' | 'blue';

/** Both sides, RED first: RED moves first (docs/rules.md §2). */
export const COLORS: readonly Color[] = ['red', 'blue'];

/** The other side: the partner of `color`. */
export function otherColor(color: Color): Color {
  return color === 'red' ? 'blue' : 'red';
}
