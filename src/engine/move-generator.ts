// Every legal placement of a rack on a board (analysis after the game): the
// Appel–Jacobson algorithm on the word trie. For each line it finds the anchors (empty squares
// next to a tile, h8 on an empty board), the letters each empty square allows across the line
// (cross-checks), then grows words through each anchor: a left part on the empty squares before
// it, then letters to the right. Every move found is scored by the engine's own scoring
// (placementScore: scorePlacement's score, by the same code), so an analysis never disagrees
// with the score a game records (docs/rules.md §3).
import { BOARD_SIZE, CENTER, isOnBoard, tileAt, type Board } from './board';
import { placementScore } from './score';
import { BLANK, tileCount } from './tile-sets';
import type { Direction, PlacedTile } from './types';
import type { ResolveOptions } from './validate';
import { NO_NODE, ROOT, childrenEnd, type WordTrie } from './word-trie';

/**
 * A placement the generator found: its new tiles in word order, the main word's direction and the
 * engine's score of it (placementScore: scorePlacement's score, the one a game would record).
 * placementFromTiles writes it out as a player would, scorePlacement lists its words.
 */
export interface GeneratedMove {
  readonly tiles: readonly PlacedTile[];
  readonly direction: Direction;
  readonly score: number;
}

/** A square with no tile; a tile whose letter the alphabet lacks, which no word goes through. */
const EMPTY = -1;
const STRANGE = -2;
/** A cross-check allowing every letter: no tile above or below (across the line). */
const ANY_LETTER = -1;

/**
 * Every legal placement of `rack` (letters in upper case, `?` for a blank) on `board` that
 * forms only words of `words`, scored as the engine scores it, in no particular order. Legal
 * means what {@link resolvePlacement} accepts given the rack: one line, connected (h8 on the
 * first move), two letters or more, a blank standing for any letter of the alphabet; a
 * placement scoring 0 only with `allowZeroScore`. A single tile that forms words both ways is
 * listed once, across, as the engine reads it (mainDirection).
 */
export function generateMoves(board: Board, rack: readonly string[], words: WordTrie, options: ResolveOptions = {}): GeneratedMove[] {
  const generator = new Generator(board, rack, words, options.allowZeroScore === true);
  generator.run('across');
  generator.run('down');
  return generator.moves;
}

/** A key telling placements apart by their tiles alone (square, letter, blank), whatever their notation. */
export function placementKey(tiles: readonly PlacedTile[]): string {
  return tiles
    .map((t) => ({ square: t.row * BOARD_SIZE + t.col, text: `${t.row * BOARD_SIZE + t.col}:${t.letter}${t.blank ? BLANK : ''}` }))
    .sort((a, b) => a.square - b.square)
    .map((t) => t.text)
    .join(' ');
}

class Generator {
  readonly moves: GeneratedMove[] = [];
  private readonly size = BOARD_SIZE;
  /** Letter code of each square's tile, EMPTY or STRANGE. */
  private readonly cells = new Int16Array(BOARD_SIZE * BOARD_SIZE);
  private readonly cross = new Int32Array(BOARD_SIZE * BOARD_SIZE);
  private readonly anchor = new Uint8Array(BOARD_SIZE * BOARD_SIZE);
  private readonly rackCount: Int8Array;
  /** The letters the rack holds a tile of, one bit per letter code. */
  private rackLetters = 0;
  private blanks = 0;
  private readonly rackSize: number;
  /** The move being grown along the current line: the new tile at each position, its blank flag. */
  private readonly newCode = new Int16Array(BOARD_SIZE);
  private readonly newBlank = new Uint8Array(BOARD_SIZE);
  /** The left part being grown before an anchor, in word order. */
  private readonly prefixCode = new Int16Array(BOARD_SIZE);
  private readonly prefixBlank = new Uint8Array(BOARD_SIZE);
  private direction: Direction = 'across';
  private line = 0;
  private start = 0;
  private anchorAt = 0;

  constructor(
    private readonly board: Board,
    rack: readonly string[],
    private readonly words: WordTrie,
    private readonly allowZeroScore: boolean,
  ) {
    const { tileSet } = words;
    this.rackCount = new Int8Array(words.letters.length);
    for (const tile of rack) {
      if (tile === BLANK) {
        this.blanks++;
        continue;
      }
      // docs/rules.md §1: a letter with no tile of its own (Romanian K) is only ever a blank.
      const code = words.codeOf(tile);
      if (code >= 0 && tileCount(tileSet, tile) > 0) this.putBack(code);
    }
    this.rackSize = rack.length;
    for (let row = 0; row < BOARD_SIZE; row++) {
      for (let col = 0; col < BOARD_SIZE; col++) {
        const tile = tileAt(board, row, col);
        const code = tile ? words.codeOf(tile.letter) : EMPTY;
        this.cells[row * BOARD_SIZE + col] = tile && code < 0 ? STRANGE : code;
      }
    }
    const firstMove = board.tileCount === 0;
    for (let row = 0; row < BOARD_SIZE; row++) {
      for (let col = 0; col < BOARD_SIZE; col++) {
        if (this.occupied(row, col)) continue;
        const touches = firstMove
          ? row === CENTER.row && col === CENTER.col
          : this.occupied(row - 1, col) || this.occupied(row + 1, col) || this.occupied(row, col - 1) || this.occupied(row, col + 1);
        this.anchor[row * BOARD_SIZE + col] = touches ? 1 : 0;
      }
    }
  }

  private occupied(row: number, col: number): boolean {
    return isOnBoard(row, col) && this.cells[row * BOARD_SIZE + col] !== EMPTY;
  }

  /** The square at position `pos` of line `line` in the current direction. */
  private square(line: number, pos: number): number {
    return this.direction === 'across' ? line * BOARD_SIZE + pos : pos * BOARD_SIZE + line;
  }

  run(direction: Direction): void {
    this.direction = direction;
    this.computeCrossChecks();
    for (let line = 0; line < this.size; line++) {
      this.line = line;
      for (let pos = 0; pos < this.size; pos++) {
        if (this.anchor[this.square(line, pos)] === 1) this.fromAnchor(pos);
      }
    }
  }

  /**
   * For each empty square, the letters that may go there given the tiles across the line (the
   * cross word they make must be a word); every letter where no tile touches it across.
   */
  private computeCrossChecks(): void {
    const { firstChild, letter, terminal } = this.words;
    // Across moves make cross words down the columns, and the other way round.
    const [dr, dc] = this.direction === 'across' ? [1, 0] : [0, 1];
    for (let row = 0; row < BOARD_SIZE; row++) {
      for (let col = 0; col < BOARD_SIZE; col++) {
        const sq = row * BOARD_SIZE + col;
        if (this.cells[sq] !== EMPTY) continue;
        if (!this.occupied(row - dr, col - dc) && !this.occupied(row + dr, col + dc)) {
          this.cross[sq] = ANY_LETTER;
          continue;
        }
        let r = row;
        let c = col;
        while (this.occupied(r - dr, c - dc)) {
          r -= dr;
          c -= dc;
        }
        let node = ROOT;
        for (; node !== NO_NODE && (r !== row || c !== col); r += dr, c += dc)
          node = this.words.child(node, this.cells[r * BOARD_SIZE + c]);
        let mask = 0;
        for (let e = node === NO_NODE ? 0 : firstChild[node], last = node === NO_NODE ? 0 : childrenEnd(this.words, node); e < last; e++) {
          let n = e;
          for (let rr = row + dr, cc = col + dc; n !== NO_NODE && this.occupied(rr, cc); rr += dr, cc += dc) {
            n = this.words.child(n, this.cells[rr * BOARD_SIZE + cc]);
          }
          if (n !== NO_NODE && terminal[n] === 1) mask |= 1 << letter[e];
        }
        this.cross[sq] = mask;
      }
    }
  }

  private fromAnchor(pos: number): void {
    this.anchorAt = pos;
    if (pos > 0 && this.cells[this.square(this.line, pos - 1)] !== EMPTY) {
      // The tiles before the anchor are the word's fixed start.
      let first = pos - 1;
      while (first > 0 && this.cells[this.square(this.line, first - 1)] !== EMPTY) first--;
      let node = ROOT;
      for (let p = first; p < pos && node !== NO_NODE; p++) node = this.words.child(node, this.cells[this.square(this.line, p)]);
      if (node === NO_NODE) return;
      this.start = first;
      this.extendRight(node, pos);
      return;
    }
    // The left part goes on the empty squares before the anchor that are no anchors themselves:
    // they touch nothing, so any letter fits there, and a move is grown from its first anchor only.
    let limit = 0;
    while (limit < pos && this.anchor[this.square(this.line, pos - limit - 1)] === 0) limit++;
    this.leftPart(ROOT, 0, Math.min(limit, this.rackSize - 1));
  }

  private leftPart(node: number, length: number, limit: number): void {
    this.start = this.anchorAt - length;
    for (let i = 0; i < length; i++) {
      this.newCode[this.start + i] = this.prefixCode[i];
      this.newBlank[this.start + i] = this.prefixBlank[i];
    }
    this.extendRight(node, this.anchorAt);
    if (length >= limit) return;
    const { firstChild, letter } = this.words;
    const playable = this.blanks > 0 ? ANY_LETTER : this.rackLetters;
    if ((this.words.childLetters[node] & playable) === 0) return;
    for (let e = firstChild[node], last = childrenEnd(this.words, node); e < last; e++) {
      const code = letter[e];
      if ((playable & (1 << code)) === 0) continue;
      this.prefixCode[length] = code;
      if (this.rackCount[code] > 0) {
        this.take(code);
        this.prefixBlank[length] = 0;
        this.leftPart(e, length + 1, limit);
        this.putBack(code);
      }
      if (this.blanks > 0) {
        this.blanks--;
        this.prefixBlank[length] = 1;
        this.leftPart(e, length + 1, limit);
        this.blanks++;
      }
    }
  }

  private extendRight(node: number, pos: number): void {
    const sq = pos < this.size ? this.square(this.line, pos) : -1;
    if (sq >= 0 && this.cells[sq] !== EMPTY) {
      const next = this.words.child(node, this.cells[sq]);
      if (next !== NO_NODE) this.extendRight(next, pos + 1);
      return;
    }
    if (pos > this.anchorAt && this.words.terminal[node] === 1 && pos - this.start >= 2) this.record(pos - 1);
    if (sq < 0) return;
    // The letters that may go here: allowed across the line, held (any, with a blank), leading on.
    const fits = this.cross[sq] & (this.blanks > 0 ? ANY_LETTER : this.rackLetters);
    if ((this.words.childLetters[node] & fits) === 0) return;
    const { firstChild, letter } = this.words;
    for (let e = firstChild[node], last = childrenEnd(this.words, node); e < last; e++) {
      const code = letter[e];
      if ((fits & (1 << code)) === 0) continue;
      this.newCode[pos] = code;
      if (this.rackCount[code] > 0) {
        this.take(code);
        this.newBlank[pos] = 0;
        this.extendRight(e, pos + 1);
        this.putBack(code);
      }
      if (this.blanks > 0) {
        this.blanks--;
        this.newBlank[pos] = 1;
        this.extendRight(e, pos + 1);
        this.blanks++;
      }
    }
  }

  /** A tile of the letter `code` leaves the rack; `rackLetters` keeps the letters still held. */
  private take(code: number): void {
    if (--this.rackCount[code] === 0) this.rackLetters &= ~(1 << code);
  }

  private putBack(code: number): void {
    if (this.rackCount[code]++ === 0) this.rackLetters |= 1 << code;
  }

  /** The word from `start` to `end` of the current line is a move: its new tiles, scored by the engine. */
  private record(end: number): void {
    const across = this.direction === 'across';
    const tiles: PlacedTile[] = [];
    for (let pos = this.start; pos <= end; pos++) {
      if (this.cells[this.square(this.line, pos)] !== EMPTY) continue;
      tiles.push({
        row: across ? this.line : pos,
        col: across ? pos : this.line,
        letter: this.words.letters[this.newCode[pos]],
        blank: this.newBlank[pos] === 1,
      });
    }
    // A single tile with a neighbour across was found by the across pass (mainDirection's choice).
    if (!across && tiles.length === 1 && (this.occupied(tiles[0].row, tiles[0].col - 1) || this.occupied(tiles[0].row, tiles[0].col + 1))) {
      return;
    }
    const score = placementScore(this.board, tiles, this.words.tileSet, this.direction);
    if (score === 0 && !this.allowZeroScore) return;
    this.moves.push({ tiles, direction: this.direction, score });
  }
}
