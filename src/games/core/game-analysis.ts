// What a game's analysis answers, decided from the game, its competition's
// settings and the stored row: shown after the game (during play only where the competition
// allows it), "being prepared" until the background job has computed it, refused with the
// reason when the competition has no word list. Pure: the service reads the rows, this decides.
import { Refusal } from '../../common/refusal';
import type { GameTurnAnalysis } from '../../engine/analysis';
import type { Bilingual, Color } from '../../engine';

export type StoredAnalysisState = 'pending' | 'ready' | 'no-word-list';

export interface AnalysisFacts {
  readonly status: 'playing' | 'ended';
  readonly lexicon: string | null;
  readonly analysisDuringPlay: boolean;
  /** The moves of the line shown (the kept one after the game). */
  readonly movesPlayed: number;
  readonly stored: {
    readonly state: StoredAnalysisState;
    readonly final: boolean;
    readonly moves: number;
    readonly turns: readonly GameTurnAnalysis[];
  } | null;
}

/**
 * - `hidden`: nothing to show now (the game goes on and the competition shows it only after);
 * - `no-word-list`: the competition names no list (or its file is gone): nothing can be analysed;
 * - `pending`: to be computed; `queue` says the row must be (re)queued for the background job;
 * - `ready`: the stored turns cover the moves played.
 */
export type AnalysisAnswer =
  | { readonly state: 'hidden' }
  | { readonly state: 'no-word-list' }
  | { readonly state: 'pending'; readonly queue: boolean }
  | { readonly state: 'ready'; readonly final: boolean; readonly turns: readonly GameTurnAnalysis[] };

export function analysisAnswer(f: AnalysisFacts): AnalysisAnswer {
  if (f.status === 'playing' && !f.analysisDuringPlay) return { state: 'hidden' };
  if (!f.lexicon || f.stored?.state === 'no-word-list') return { state: 'no-word-list' };
  const s = f.stored;
  const covers = s !== null && s.state === 'ready' && (f.status === 'ended' ? s.final : s.moves >= f.movesPlayed);
  if (covers) return { state: 'ready', final: s.final, turns: s.turns };
  // An ended game is found by the job without a row; during play only a request queues it.
  return { state: 'pending', queue: s?.state !== 'pending' };
}

export const analysisRefusals = {
  noWordList: () =>
    new Refusal(
      'NO_WORD_LIST',
      {
        ro: 'Competiția nu are o listă de cuvinte: partidele ei nu pot fi analizate.',
        en: 'The competition has no word list: its games cannot be analysed.',
        pl: 'Rozgrywki nie mają słownika: ich partii nie można analizować.',
      },
      409,
    ),
  afterGame: () =>
    new Refusal(
      'ANALYSIS_AFTER_GAME',
      {
        ro: 'Analiza partidei se vede după încheierea ei: competiția nu o arată în timpul jocului.',
        en: 'The analysis of the game is shown once it has ended: the competition does not show it during play.',
        pl: 'Analiza partii jest widoczna po jej zakończeniu: rozgrywki nie pokazują jej w trakcie gry.',
      },
      409,
    ),
};

const SHEET_LABELS: Readonly<Record<keyof Bilingual, { readonly title: string; readonly columns: readonly string[] }>> = {
  ro: { title: 'Analiză', columns: ['Nr.', 'Jucător', 'Mutarea jucată', 'Puncte', 'Maxim', 'Cea mai bună mutare'] },
  en: { title: 'Analysis', columns: ['No.', 'Player', 'Move played', 'Score', 'Best', 'Best move'] },
  pl: { title: 'Analiza', columns: ['Nr', 'Gracz', 'Wykonany ruch', 'Punkty', 'Maks.', 'Najlepszy ruch'] },
};
const COLOR_NAMES: Readonly<Record<keyof Bilingual, Record<Color, string>>> = {
  ro: { red: 'ROȘU', blue: 'ALBASTRU' },
  en: { red: 'RED', blue: 'BLUE' },
  pl: { red: 'CZERWONY', blue: 'NIEBIESKI' },
};

/** One line of the part, its columns at fixed places: a move longer than its column is cut, within the sheet's 80 columns. */
function sheetRow([turn, player, played, score, best, bestMove]: readonly string[]): string {
  return [
    turn.padStart(3),
    '  ',
    player.padEnd(8),
    ' ',
    played.slice(0, 27).padEnd(27),
    ' ',
    score.padStart(6),
    ' ',
    best.padStart(6),
    '  ',
    bestMove,
  ].join('');
}

/**
 * The sheet's short "Analysis" part (docs/rules.md §8 sheet): per turn the
 * score played next to the best score and the best move; empty when there is no analysis.
 */
export function analysisSheetLines(turns: readonly GameTurnAnalysis[], language: keyof Bilingual): string[] {
  const table = analysisSheetTable(turns, language);
  if (!table) return [];
  return [table.title, '-'.repeat(table.title.length), sheetRow(table.columns), ...table.rows.map(sheetRow)];
}

/** The same part as a table (title, column titles, one row a turn) for the PDF sheet; undefined when there is no analysis. */
export function analysisSheetTable(
  turns: readonly GameTurnAnalysis[],
  language: keyof Bilingual,
): { readonly title: string; readonly columns: readonly string[]; readonly rows: readonly (readonly string[])[] } | undefined {
  if (turns.length === 0) return undefined;
  const l = SHEET_LABELS[language];
  const rows = turns.map((t) => [
    String(t.turn),
    COLOR_NAMES[language][t.player],
    t.played.notation,
    String(t.played.score),
    String(t.bestScore),
    t.best[0]?.notation ?? '—',
  ]);
  return { title: l.title, columns: l.columns, rows };
}
