// How the demo plays (docs/web.md "The demo"): a fixed sequence and, at each turn, one of the
// best placements the engine's move generator finds with the demo's word list, so every word
// on the board is a real one and every score the engine's own (docs/rules.md §3). Pure.
import { getTileSet, type GameState } from '../engine';
import { FRSC_STYLE, rankedMoves } from '../engine/analysis';
import { rackLetters } from '../engine/rack';
import { randomSequence, seededRandom } from '../engine/testing/random-game';
import { buildWordTrie, type WordTrie } from '../engine/word-trie';
import type { TileSetId } from '../engine/types';
import { DEMO_WORDS } from './demo-words';

/** Among how many of the best placements a turn is drawn: a demo game should not read like an engine's. */
const CHOICE = 6;

/** The demo's sequence: the same every time, so its games are the same every time. */
export function demoSequence(tileSetId: TileSetId): string {
  return randomSequence(getTileSet(tileSetId), seededRandom(2027));
}

/** The demo's word list as the move generator walks it. */
export function demoWords(tileSetId: TileSetId): WordTrie {
  return buildWordTrie(DEMO_WORDS, getTileSet(tileSetId));
}

/** A placement of the side to move with words of the list, in FRSc notation (`h8 CASA`); undefined when there is none. */
export function demoPlacement(state: GameState, words: WordTrie, random: () => number): string | undefined {
  const { best } = rankedMoves(state.board, rackLetters(state.racks[state.toMove]), words, CHOICE, FRSC_STYLE);
  return best.length ? best[Math.floor(random() * best.length)].notation : undefined;
}
