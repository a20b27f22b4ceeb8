// A short English GCG game and word list for the specs of the analysis after the game (docs/features.md):
// a placement, an exchange, a pass, a phony withdrawn and a play after it.

/** The word list, one word a line as a list file holds it. */
export const ANALYSIS_WORDS: readonly string[] = ['CATS', 'CAT', 'AT', 'TA', 'AS', 'SAT', 'ZA', 'ZAS', 'ZAG'];

export const ANALYSIS_GAME = [
  '#player1 ana Ana',
  '#player2 bob Bob',
  '>ana: CATSXYZ 8H CATS +12 12',
  '>bob: ABEKQRZ -ABE +0 0',
  '>ana: XYZ - +0 12',
  // A phony, withdrawn: its turn is analysed as played, the next one on the board without it.
  '>bob: AGRZ 9G ZAG +34 34',
  '>bob: AGRZ -- -34 0',
  '>ana: ATXY H8 .AT +5 17',
  '',
].join('\n');
