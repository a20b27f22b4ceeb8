// What a move would do, asked before it is sent (the game page's live preview and the
// word check): the engine's words and score in the line the player owes (or the one named), or
// its refusal in both languages. Nothing is written; the web page and the API both answer from here.
import type { Bilingual } from '../../common/bilingual';
import { isRefusal } from '../core/refusal';
import { owedByTurnPlayer } from '../core/turns';
import { checkWords, type WordCheck } from '../core/word-check';
import { applyMove, type Color } from '../../engine';
import type { GameSession } from '../model/game-session';

export type MovePreview =
  | {
      readonly ok: true;
      readonly notation: string;
      readonly words: readonly { readonly coord: string; readonly word: string; readonly score: number }[];
      readonly score: number;
      /** docs/rules.md §2: the score the sheet will record in tours I–II. */
      readonly recorded: number;
      readonly unknownWords: readonly string[];
      /** Each word against the competition's list; never a reason to refuse the move (docs/rules.md §3). */
      readonly wordCheck: WordCheck;
      readonly tiles: readonly { readonly row: number; readonly col: number; readonly letter: string; readonly blank: boolean }[];
      readonly line: string | null;
    }
  | { readonly ok: false; readonly code: string; readonly messages: Bilingual };

/** The preview of `notation` for `me` (null for the arbiter, who sees the line to move). */
export function previewMove(s: GameSession, me: Color | null, notation: string, lineName?: string): MovePreview {
  // docs/rules.md §6: a contested mover answers the contest before any move; the preview says what a sent move (web or mail) would get.
  const owed = me && s.game.status === 'playing' ? owedByTurnPlayer(s.play, me) : null;
  if (owed && isRefusal(owed) && owed.code === 'DISPUTE_OPEN') return { ok: false, code: owed.code, messages: owed.messages };
  const live = s.liveLines();
  const line = lineName ? s.resolveLine(lineName) : (live.find((l) => me && s.state(l.id).toMove === me && !s.state(l.id).over) ?? live[0]);
  const state = s.state(line.id);
  const step = applyMove(state, notation);
  if (!step.ok) return { ok: false, code: step.code, messages: step.message };
  const r = step.record;
  return {
    ok: true,
    notation: r.notation,
    words: r.words.map(({ coord, word, score }) => ({ coord, word, score })),
    score: r.score,
    recorded: r.recorded,
    unknownWords: r.unknownWords,
    wordCheck: checkWords(r.words, r.unknownWords, state.lexicon !== undefined),
    tiles: r.tiles.map(({ row, col, letter, blank }) => ({ row, col, letter, blank })),
    line: s.label(line.id),
  };
}
