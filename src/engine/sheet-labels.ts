// The game sheet's words in Romanian and English (sheet-labels-pl.ts has the Polish ones), for the
// text sheet (sheet.ts, which also picks the language) and the PDF (games/reads/sheet-pdf.ts), which set the same sheet. Pure.
import type { Color } from './types';

/** Why the game ended: the replay's `endReason` (CLI `replay`). */
export type SheetEndReason =
  | 'out'
  | 'zero-turns'
  | 'abandon'
  | 'timeout'
  | 'interrupted'
  | 'draw-agreement'
  | 'no-show'
  | 'unfinished'
  | 'no-information'
  | 'walkover';

/** The languages a sheet is printed in. */
export type SheetLanguage = 'ro' | 'en' | 'pl';

export interface SheetLabels {
  readonly title: string;
  readonly competition: string;
  readonly group: string;
  readonly color: Readonly<Record<Color, string>>;
  readonly mark: Readonly<Record<Color, string>>;
  readonly previousCoefficient: string;
  readonly rank: string;
  readonly ranking: string;
  readonly arbiter: string;
  readonly tileSet: string;
  readonly start: string;
  readonly closing: string;
  readonly holidays: string;
  readonly sequence: string;
  readonly notTaken: string;
  readonly grid: string;
  readonly moves: string;
  readonly columns: {
    readonly tour: string;
    readonly letters: string;
    readonly move: string;
    readonly score: string;
    readonly recorded: string;
    readonly total: string;
    readonly days: string;
    readonly arrived: string;
    readonly sent: string;
  };
  readonly pass: string;
  readonly noMoves: string;
  readonly note: string;
  readonly result: string;
  readonly inProgress: string;
  readonly totals: string;
  readonly endAdjustment: string;
  readonly finalScore: string;
  readonly thinkingDays: string;
  readonly coefficient: string;
  readonly endReason: string;
  readonly endReasons: Readonly<Record<SheetEndReason, string>>;
  readonly decimal: string;
}

/** The Romanian sheet. */
export const ROMANIAN_SHEET_LABELS: SheetLabels = {
  title: 'FIȘA DE CONCURS — SCRABBLE PRIN CORESPONDENȚĂ',
  competition: 'Competiția',
  group: 'Grupa',
  color: { red: 'ROȘU', blue: 'ALBASTRU' },
  // Two letters, never a tile's one: "A" would read as the tile A.
  mark: { red: 'Ro', blue: 'Al' },
  previousCoefficient: 'coef. anterior',
  rank: 'locul',
  ranking: 'ranking',
  arbiter: 'Arbitru',
  tileSet: 'Set de piese',
  start: 'Începutul',
  closing: 'Data de închidere',
  holidays: 'Concedii',
  sequence: 'SECVENȚA',
  notTaken: 'neluată',
  grid: 'GRILA',
  moves: 'MUTĂRILE',
  columns: {
    tour: 'Tur',
    letters: 'Litere',
    move: 'Mutarea',
    score: 'Scor',
    recorded: 'Înr.',
    total: 'Total',
    days: 'Zile',
    arrived: 'Primită',
    sent: 'Trimisă',
  },
  pass: 'PAS',
  noMoves: '(nicio mutare)',
  note: 'Notă',
  result: 'REZULTATUL',
  inProgress: 'Partida este în desfășurare.',
  totals: 'Total mutări',
  endAdjustment: 'Piese rămase',
  finalScore: 'Scor final',
  thinkingDays: 'Zile de gândire',
  coefficient: 'Coeficient',
  endReason: 'Încheiere',
  endReasons: {
    out: 'un jucător a terminat piesele',
    'zero-turns': 'mutări consecutive fără punctaj',
    abandon: 'abandon',
    timeout: 'depășirea timpului de gândire',
    interrupted: 'întrerupere convenită',
    'draw-agreement': 'remiză convenită',
    'no-show': 'neprezentare',
    unfinished: 'neterminată la data de închidere',
    'no-information': 'fără informații la data de închidere',
    walkover: 'walkover (excludere din partidă, PFS 7.1)',
  },
  decimal: ',',
};

/** The English sheet. */
export const ENGLISH_SHEET_LABELS: SheetLabels = {
  title: 'GAME SHEET — CORRESPONDENCE SCRABBLE',
  competition: 'Competition',
  group: 'Group',
  color: { red: 'RED', blue: 'BLUE' },
  mark: { red: 'R', blue: 'B' },
  previousCoefficient: 'prev. coefficient',
  rank: 'rank',
  ranking: 'ranking',
  arbiter: 'Arbiter',
  tileSet: 'Tile set',
  start: 'Start',
  closing: 'Closing date',
  holidays: 'Holidays',
  sequence: 'SEQUENCE',
  notTaken: 'not taken',
  grid: 'GRID',
  moves: 'MOVES',
  columns: {
    tour: 'Round',
    letters: 'Letters',
    move: 'Move',
    score: 'Score',
    recorded: 'Rec.',
    total: 'Total',
    days: 'Days',
    arrived: 'Arrived',
    sent: 'Sent',
  },
  pass: 'PASS',
  noMoves: '(no moves)',
  note: 'Note',
  result: 'RESULT',
  inProgress: 'The game is in progress.',
  totals: 'Moves total',
  endAdjustment: 'Tiles left',
  finalScore: 'Final score',
  thinkingDays: 'Thinking days',
  coefficient: 'Coefficient',
  endReason: 'End',
  endReasons: {
    out: 'a player went out',
    'zero-turns': 'consecutive zero-score turns',
    abandon: 'abandonment',
    timeout: 'thinking time exceeded',
    interrupted: 'interruption agreed',
    'draw-agreement': 'draw agreed',
    'no-show': 'no-show',
    unfinished: 'unfinished at the closing date',
    'no-information': 'no information at the closing date',
    walkover: 'walkover (exclusion from the game, PFS 7.1)',
  },
  decimal: '.',
};
