// Analysis after the game: for each turn, the placement played next to the best
// the rack allowed on that board, from the move generator and the word list. The moves are
// written in GCG notation, the form of the files analysed.
import { emptyBoard, withTiles, type Board } from './board';
import type { GcgEvent } from './gcg';
import { GCG_RULES, type GcgCheck } from './gcg-replay';
import { generateMoves, placementKey, type GeneratedMove } from './move-generator';
import { formatFrscMove, formatGcgPlay, placementFromTiles } from './notation';
import type { MoveRecord } from './replay';
import { BLANK, foldWord, upperLetter } from './tile-sets';
import type { Color, TileSet, WrittenPlacement } from './types';
import type { ResolveOptions } from './validate';
import type { WordTrie } from './word-trie';

/** How many of the best moves a turn lists. */
export const BEST_MOVES = 5;

export interface AnalysedMove {
  /** GCG position and word, board letters as `.`: `8D WORD`, `H4 .RE.Y`. */
  readonly notation: string;
  readonly score: number;
}

export interface PlayedMove extends AnalysedMove {
  /** Whether the generator lists the placement for the rack: legal, from the rack, only listed words. */
  readonly found: boolean;
  /** Whether every word it forms is in the list (a pass or an exchange forms none). */
  readonly wordsInLexicon: boolean;
}

export interface TurnAnalysis {
  /** 1-based, counting the placements, passes and exchanges of the file. */
  readonly turn: number;
  readonly player: string;
  /** The rack as the file writes it (GCG racks may be partial). */
  readonly rack: string;
  readonly played: PlayedMove;
  /** The best placements of the rack on the board the turn was played on, best first. */
  readonly best: readonly AnalysedMove[];
}

/** A GCG rack as tiles: upper-case letters, folded as the tile set folds them, `?` for a blank. */
export function gcgRackTiles(rack: string, tileSet: TileSet): string[] {
  return [...foldWord(tileSet, rack)].map((ch) => (ch === BLANK ? BLANK : upperLetter(ch)));
}

/** The GCG notation of a written placement. */
export function gcgNotation(written: WrittenPlacement): string {
  const { coord, word } = formatGcgPlay(written);
  return `${coord} ${word}`;
}

/** How a kind of record ranks moves: the placements its rules allow, and the notation it writes them in. */
export interface MoveStyle {
  readonly rules: ResolveOptions;
  readonly notation: (written: WrittenPlacement) => string;
}

/** A GCG file's: a placement scoring 0 allowed, GCG notation. */
export const GCG_STYLE: MoveStyle = { rules: GCG_RULES, notation: gcgNotation };
/** The platform's games (docs/rules.md §3): no placement scoring 0, FRSc notation as the sheet writes it (`h8 CASA`). */
export const FRSC_STYLE: MoveStyle = { rules: {}, notation: (written) => formatFrscMove(written) };

/** The notation of a generated move, written out as a player would (placementFromTiles). */
export function generatedNotation(board: Board, move: GeneratedMove, tileSet: TileSet, style: MoveStyle = GCG_STYLE): string {
  const written = placementFromTiles(move.tiles, board, tileSet);
  // The generator lays one unbroken line of tiles, so writing it out cannot fail.
  if (!written.ok) throw new Error(`generated move not writable: ${written.code}`);
  return style.notation(written.move);
}

/**
 * The generator's moves for one position and the best `limit` of them: highest score first, ties
 * in notation order, so that the same position always gives the same list.
 */
export function rankedMoves(
  board: Board,
  rack: readonly string[],
  words: WordTrie,
  limit: number,
  style: MoveStyle = GCG_STYLE,
): { readonly all: readonly GeneratedMove[]; readonly best: readonly AnalysedMove[] } {
  const all = generateMoves(board, rack, words, style.rules);
  // Only the moves scoring at least the limit-th best score can rank: only they are written out.
  const floor = all.length > limit ? [...all.map((m) => m.score)].sort((a, b) => b - a)[limit - 1] : -Infinity;
  const best = all
    .filter((m) => m.score >= floor)
    .map((m) => ({ notation: generatedNotation(board, m, words.tileSet, style), score: m.score }))
    .sort((a, b) => b.score - a.score || (a.notation < b.notation ? -1 : a.notation > b.notation ? 1 : 0))
    .slice(0, limit);
  return { all, best };
}

type TurnEvent = Extract<GcgEvent, { type: 'place' | 'pass' | 'exchange' }>;

function isTurn(event: GcgEvent): event is TurnEvent {
  return event.type === 'place' || event.type === 'pass' || event.type === 'exchange';
}

/**
 * Each placement, pass and exchange of a replayed GCG file (replayGcg's steps), one at a time, analysed with
 * `words` on the board it was played on and the rack the file gives. A withdrawn play is
 * analysed as played; the next turn starts from the board without it.
 */
export function* analyseGcg(check: GcgCheck, words: WordTrie, limit = BEST_MOVES): Generator<TurnAnalysis> {
  const { tileSet } = words;
  const players = check.game.header.players;
  let turn = 0;
  for (const step of check.steps) {
    const { event, board } = step;
    if (!isTurn(event)) continue;
    const { all, best } = rankedMoves(board, gcgRackTiles(event.rack, tileSet), words, limit);
    let played: PlayedMove;
    if (step.placement) {
      const key = placementKey(step.placement.tiles);
      played = {
        notation: gcgNotation(step.placement.main),
        score: step.placement.scored.score,
        found: all.some((m) => placementKey(m.tiles) === key),
        wordsInLexicon: step.placement.scored.words.every((w) => words.has(w.word)),
      };
    } else {
      const notation = event.type === 'exchange' ? `-${event.exchanged}` : '-';
      played = { notation, score: 0, found: false, wordsInLexicon: true };
    }
    yield { turn: ++turn, player: players[event.player].nick, rack: event.rack, played, best };
  }
}

/** One turn of a platform game analysed: what is stored per turn (game_analysis) and shown after the game. */
export interface GameTurnAnalysis {
  /** The move's number in the game, RED's odd (MoveRecord.n). */
  readonly turn: number;
  readonly player: Color;
  /** The move as the sheet writes it (`h8 CASA`, `PAS`) and the engine's score of it (before any handicap cap). */
  readonly played: { readonly notation: string; readonly score: number; readonly found: boolean };
  /** The highest score the rack allowed on that board; 0 when it allowed no placement. */
  readonly bestScore: number;
  /** The best placements, best first, in FRSc notation. */
  readonly best: readonly AnalysedMove[];
}

/**
 * Each move of a platform game's line (its replay's records, in order) analysed with the
 * competition's word list on the board it was played on and the rack its player held. One at
 * a time, so that a background job can give way between turns (≤ 200 ms each with a blank).
 */
export function* analyseRecords(records: readonly MoveRecord[], words: WordTrie, limit = BEST_MOVES): Generator<GameTurnAnalysis> {
  let board = emptyBoard();
  for (const record of records) {
    const { all, best } = rankedMoves(board, gcgRackTiles(record.rackBefore, words.tileSet), words, limit, FRSC_STYLE);
    const key = record.type === 'place' ? placementKey(record.tiles) : undefined;
    yield {
      turn: record.n,
      player: record.player,
      played: {
        notation: record.notation,
        score: record.score,
        found: key !== undefined && all.some((m) => placementKey(m.tiles) === key),
      },
      bestScore: best[0]?.score ?? 0,
      best,
    };
    if (record.tiles.length) board = withTiles(board, record.tiles);
  }
}
