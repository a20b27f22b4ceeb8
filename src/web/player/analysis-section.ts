// The analysis section of the game pages, the player's and the arbiter's: one
// row per turn (the move played and its score, the best score, the five best moves), or a line
// saying it is being prepared, or that the competition has no word list. Pure: the games'
// answer (core/game-analysis.ts) and the players' names in, what partials/analysis.hbs reads out.
import type { AnalysisAnswer } from '../../games/core/game-analysis';
import type { Color } from '../../engine';

export interface AnalysisTurnRow {
  readonly turn: number;
  readonly color: Color;
  readonly name: string;
  readonly played: string;
  readonly score: number;
  readonly bestScore: number;
  /** The points the best move would have scored more; 0 when the move played was as good. */
  readonly missed: number;
  readonly best: readonly { readonly notation: string; readonly score: number; readonly played: boolean }[];
}

export type AnalysisSection =
  | { readonly state: 'no-word-list' }
  | { readonly state: 'pending' }
  | { readonly state: 'ready'; readonly final: boolean; readonly turns: readonly AnalysisTurnRow[] };

/** The section, or null where the page shows none (the game goes on and the competition shows it only after). */
export function analysisSection(answer: AnalysisAnswer, names: Readonly<Record<Color, string>>): AnalysisSection | null {
  if (answer.state === 'hidden') return null;
  if (answer.state !== 'ready') return { state: answer.state };
  return {
    state: 'ready',
    final: answer.final,
    turns: answer.turns.map((t) => ({
      turn: t.turn,
      color: t.player,
      name: names[t.player],
      played: t.played.notation,
      score: t.played.score,
      bestScore: t.bestScore,
      missed: Math.max(0, t.bestScore - t.played.score),
      best: t.best.map((m) => ({ notation: m.notation, score: m.score, played: m.notation === t.played.notation })),
    })),
  };
}

/** What stands for the section in a kept page's variant (views.service.ts keptPage): it changes when the section does. */
export function analysisVariant(section: AnalysisSection | null): string {
  if (!section) return '';
  return section.state === 'ready' ? `analysis:${section.final}:${section.turns.length}` : `analysis:${section.state}`;
}
