// docs/rules.md §2: a tour is one move of each player (RED then BLUE). The one place a tour
// number is computed: the engine's records (and so the sheet), the mails and the web pages.

/** The tour of the `moveNumber`-th move of a line (1-based): moves 1–2 are tour 1, 3–4 tour 2. */
export function tourOf(moveNumber: number): number {
  if (!Number.isSafeInteger(moveNumber) || moveNumber < 1) throw new RangeError(`not a move number: ${moveNumber}`);
  return Math.ceil(moveNumber / 2);
}

/** The tour of the move awaited in a line where `movesPlayed` moves were played. */
export function tourToPlay(movesPlayed: number): number {
  return tourOf(movesPlayed + 1);
}
