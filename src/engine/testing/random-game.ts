// Random legal games for property tests, benchmarks and platform tests. Words are random
// letters: the engine never refuses a word (docs/rules.md §3), so every placement the rules
// allow is a legal move. Deterministic for a given seed.
import { seededRandom } from '../../common/seeded-random';
import { BOARD_SIZE, CENTER, isOnBoard, otherDirection, runThrough, stepOf, tileAt, type Board } from '../board';
import { formatFrscMove } from '../notation';
import { rackLetters } from '../rack';
import { applyMove, newGame, type GameState } from '../replay';
import { BLANK, alphabet } from '../tile-sets';
import { DEFAULT_RULES, type Direction, type GameRules, type PlacedTile, type Square, type TileSet } from '../types';

/** The kernel's seeded generator, where the engine's tests and benches have always found it. */
export { seededRandom };

export interface RandomGameOptions {
  readonly rules?: GameRules;
  /** Chance that a player passes although a placement may exist (default 0.02). */
  readonly passProbability?: number;
  /** Placements tried before giving up and passing (default 40). */
  readonly attempts?: number;
}

export interface RandomGame {
  /** The dealt sequence, `?` = blank. */
  readonly sequence: string;
  /** Moves in FRSc notation, in varied but valid styles (case, colon, parentheses). */
  readonly moves: readonly string[];
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A random dealt sequence of the tile set's full distribution. */
export function randomSequence(tileSet: TileSet, random: () => number): string {
  return shuffled(
    tileSet.tiles.flatMap((t) => Array<string>(t.count).fill(t.letter)),
    random,
  ).join('');
}

/** Empty squares next to a tile (where a placement can connect), or h8 on an empty board. */
function anchors(board: Board): Square[] {
  if (board.tileCount === 0) return [CENTER];
  const out: Square[] = [];
  for (let row = 0; row < BOARD_SIZE; row++) {
    for (let col = 0; col < BOARD_SIZE; col++) {
      if (tileAt(board, row, col)) continue;
      const near = [
        [-1, 0],
        [1, 0],
        [0, -1],
        [0, 1],
      ].some(([dr, dc]) => tileAt(board, row + dr, col + dc));
      if (near) out.push({ row, col });
    }
  }
  return out;
}

/**
 * A candidate placement through `anchor`: `letters` laid on the empty squares of a line,
 * the anchor being the `offset`-th of them; written as the whole main word. Undefined when
 * it does not fit on the board.
 */
function candidate(
  board: Board,
  anchor: Square,
  direction: Direction,
  letters: readonly string[],
  offset: number,
  tileSet: TileSet,
  random: () => number,
): string | undefined {
  const { dr, dc } = stepOf(direction);
  let first = anchor;
  for (let k = 0; k < offset;) {
    first = { row: first.row - dr, col: first.col - dc };
    if (!isOnBoard(first.row, first.col)) return undefined;
    if (!tileAt(board, first.row, first.col)) k++;
  }
  const tiles: PlacedTile[] = [];
  const blankLetters = alphabet(tileSet);
  for (let r = first.row, c = first.col, i = 0; i < letters.length; r += dr, c += dc) {
    if (!isOnBoard(r, c)) return undefined;
    if (tileAt(board, r, c)) continue;
    const blank = letters[i] === BLANK;
    const letter = blank ? blankLetters[Math.floor(random() * blankLetters.length)] : letters[i];
    tiles.push({ row: r, col: c, letter, blank });
    i++;
  }
  const placed = new Map(tiles.map((t) => [t.row * BOARD_SIZE + t.col, t]));
  const at = (r: number, c: number) => placed.get(r * BOARD_SIZE + c) ?? tileAt(board, r, c);
  const occupied = (r: number, c: number) => at(r, c) !== undefined;
  // A single tile is written in the direction where it forms a word, if any.
  let lineDirection = direction;
  if (tiles.length === 1 && runThrough(occupied, tiles[0], direction).length === 1) {
    lineDirection = otherDirection(direction);
  }
  const run = runThrough(occupied, tiles[0], lineDirection);
  const step = stepOf(lineDirection);
  const written = Array.from({ length: run.length }, (_, i) => {
    const r = run.start.row + step.dr * i;
    const c = run.start.col + step.dc * i;
    const tile = at(r, c)!;
    return { letter: tile.letter, blank: tile.blank, onBoard: !placed.has(r * BOARD_SIZE + c) };
  });
  // Vary the writing as players do: parentheses or not, colon, coordinate case.
  const text = formatFrscMove(
    { kind: 'place', start: run.start, direction: lineDirection, letters: written },
    { parentheses: random() < 0.5 },
  );
  const [coord, word] = text.split(' ');
  return `${random() < 0.3 ? coord.toUpperCase() : coord}${random() < 0.3 ? ': ' : ' '}${word}`;
}

/** A random legal move for the player to move in `state` (a pass when no placement is found). */
export function randomMove(state: GameState, random: () => number, opts: RandomGameOptions = {}): string {
  if (random() < (opts.passProbability ?? 0.02)) return random() < 0.5 ? 'PAS' : 'pass';
  const rack = rackLetters(state.racks[state.toMove]);
  const spots = anchors(state.board);
  for (let attempt = 0; attempt < (opts.attempts ?? 40); attempt++) {
    const count = 1 + Math.floor(random() * rack.length);
    const letters = shuffled(rack, random).slice(0, count);
    const anchor = spots[Math.floor(random() * spots.length)];
    const direction: Direction = random() < 0.5 ? 'across' : 'down';
    const offset = Math.floor(random() * count);
    const text = candidate(state.board, anchor, direction, letters, offset, state.tileSet, random);
    if (text !== undefined && applyMove(state, text).ok) return text;
  }
  return 'PAS';
}

/** A random legal game to its end (going out or the zero-score turns), deterministic per seed. */
export function randomLegalGame(seed: number, tileSet: TileSet, opts: RandomGameOptions = {}): RandomGame {
  const random = seededRandom(seed);
  const sequence = randomSequence(tileSet, random);
  let state = newGame({ tileSet, sequence, rules: opts.rules ?? DEFAULT_RULES });
  const moves: string[] = [];
  while (!state.over) {
    const move = randomMove(state, random, opts);
    const step = applyMove(state, move);
    if (!step.ok) throw new Error(`random game ${seed}: ${move} refused: ${step.code}`);
    state = step.state;
    moves.push(move);
  }
  return { sequence, moves };
}
