// A game is its tile set, dealt sequence, rules and moves (docs/rules.md §2–§4): replaying the
// moves rebuilds every state. States are immutable; a refused move changes nothing.
import { otherColor } from '../common/color';
import { emptyBoard, withTiles, type Board } from './board';
import type { Lexicon } from './lexicon';
import { engineError } from './messages';
import { formatFrscMove, parseFrscMove } from './notation';
import { openingRacks, parseSequence, rackLetters, refillRack, takeFromRack, type Rack } from './rack';
import { getTileSet, tilesValue } from './tile-sets';
import { tourOf } from './tour';
import {
  DEFAULT_RULES,
  type Color,
  type EngineError,
  type GameRules,
  type PlacedTile,
  type Result,
  type TileSet,
  type TileSetId,
  type WordScore,
  type WrittenMove,
} from './types';
import { resolvePlacement, resolveTiles, type ResolvedPlacement } from './validate';

export interface GameSetup {
  readonly tileSet: TileSet | TileSetId;
  /** The dealt sequence: 100 tiles, `?` = blank (see parseSequence). */
  readonly sequence: string;
  readonly rules?: GameRules;
  /** When given, each move's words missing from it are reported (never refused). */
  readonly lexicon?: Lexicon;
}

export type EndReason = 'out' | 'zero-turns';

export interface GameState {
  readonly tileSet: TileSet;
  readonly sequence: readonly string[];
  readonly rules: GameRules;
  readonly lexicon?: Lexicon;
  readonly board: Board;
  readonly racks: Readonly<Record<Color, Rack>>;
  /** Index in the sequence of the first tile nobody has taken yet. */
  readonly next: number;
  /** Sequence positions each player has taken, in order (the sheet marks them, docs/rules.md §8). */
  readonly taken: Readonly<Record<Color, readonly number[]>>;
  /** Sums of recorded scores (docs/rules.md §2: totals use the capped, recorded scores). */
  readonly totals: Readonly<Record<Color, number>>;
  readonly movesPlayed: number;
  readonly toMove: Color;
  /** Consecutive zero-score turns just played (docs/rules.md §4): passes, and under PFS rules lost turns. */
  readonly zeroRun: number;
  /** docs/rules.md §13 [P 5.1.1]: the passes among those turns (a lost turn is not a pass [P 4.3.3]). */
  readonly passRun: number;
  readonly over: boolean;
  readonly endReason?: EndReason;
  /** Rack points applied at the end (docs/rules.md §4); zero for both while the game goes on. */
  readonly endAdjustment: Readonly<Record<Color, number>>;
  /** Totals plus the end adjustment: the final scores once the game is over. */
  readonly scores: Readonly<Record<Color, number>>;
}

export interface MoveRecord {
  /** 1-based move number; RED plays the odd ones. */
  readonly n: number;
  /** docs/rules.md §2: a tour is one move of each player. */
  readonly tour: number;
  readonly player: Color;
  readonly type: 'place' | 'pass' | 'lost';
  /** FRSc notation of the move as the platform writes it: `h8 CASA`, `PAS`, or `—` for a lost turn. */
  readonly notation: string;
  /** Main word's coordinate and word (blanks lower case); absent for a pass. */
  readonly coord?: string;
  readonly word?: string;
  /** Main word first, then the new cross words. */
  readonly words: readonly WordScore[];
  readonly tiles: readonly PlacedTile[];
  readonly score: number;
  /** The score written on the sheet: capped in tours I–II when the handicap applies. */
  readonly recorded: number;
  /** The mover's running total of recorded scores. */
  readonly total: number;
  /** Letters used, in sequence order (`?` = blank), with their sequence positions. */
  readonly tilesUsed: readonly string[];
  readonly positionsUsed: readonly number[];
  /** Sequence positions drawn to refill the rack after the move. */
  readonly drawn: readonly number[];
  readonly rackBefore: string;
  readonly rackAfter: string;
  /** Words of the move missing from the lexicon, when one is given. */
  readonly unknownWords: readonly string[];
}

export interface TilesMove {
  readonly kind: 'tiles';
  readonly tiles: readonly PlacedTile[];
}

/**
 * docs/rules.md §13 [P 4.8]: the turn a mover loses when a challenge of their move succeeds.
 * Never written by a player: only the challenge's decision records it (core/challenges.ts).
 */
export interface LostTurn {
  readonly kind: 'lost';
}

export const LOST_TURN: LostTurn = { kind: 'lost' };

/** How a lost turn is written on the record (no notation parses to it, so nobody can type one). */
export const LOST_TURN_NOTATION = '—';

/** A move as FRSc text, as parsed notation, as tiles on squares (a web board), or a lost turn. */
export type MoveInput = string | WrittenMove | TilesMove | LostTurn;

/** What a stored move replays as: its notation, or the lost turn it records. */
export function storedMoveInput(move: { readonly kind?: string; readonly notation: string }): MoveInput {
  return move.kind === 'lost' ? LOST_TURN : move.notation;
}

// docs/rules.md §2: recorded-score caps of moves 1–4 (tour I RED, BLUE; tour II RED, BLUE).
const HANDICAP_CAPS = [10, 20, 30, 40];

/** The cap on move `n`'s recorded score (docs/rules.md §2), or Infinity. */
export function handicapCap(rules: GameRules, n: number): number {
  return rules.handicap && n <= HANDICAP_CAPS.length ? HANDICAP_CAPS[n - 1] : Infinity;
}

/** A per-player record from the mover's value and the opponent's. */
function byColor<T>(mover: Color, moverValue: T, opponentValue: T): Record<Color, T> {
  return mover === 'red' ? { red: moverValue, blue: opponentValue } : { red: opponentValue, blue: moverValue };
}

/** Start a game. Throws RangeError on a sequence or rules a caller should have checked. */
export function newGame(setup: GameSetup): GameState {
  const tileSet = typeof setup.tileSet === 'string' ? getTileSet(setup.tileSet) : setup.tileSet;
  const rules = setup.rules ?? DEFAULT_RULES;
  if (!Number.isInteger(rules.zeroTurnsToEnd) || rules.zeroTurnsToEnd < 1) {
    throw new RangeError(`zeroTurnsToEnd must be a positive integer, got ${rules.zeroTurnsToEnd}`);
  }
  const sequence = parseSequence(tileSet, setup.sequence);
  if (!sequence.ok) throw new RangeError(sequence.message.en);
  const racks = openingRacks(sequence.tiles);
  const none = { red: 0, blue: 0 };
  return {
    tileSet,
    sequence: sequence.tiles,
    rules,
    lexicon: setup.lexicon,
    board: emptyBoard(),
    racks: { red: racks.red, blue: racks.blue },
    next: racks.next,
    taken: { red: racks.red.map((t) => t.position), blue: racks.blue.map((t) => t.position) },
    totals: none,
    movesPlayed: 0,
    toMove: 'red',
    zeroRun: 0,
    passRun: 0,
    over: false,
    endAdjustment: none,
    scores: none,
  };
}

function resolve(state: GameState, move: MoveInput, rack: readonly string[]): Result<{ placement?: ResolvedPlacement }> {
  if (typeof move === 'string') {
    const parsed = parseFrscMove(move, state.tileSet);
    return parsed.ok ? resolve(state, parsed.move, rack) : parsed;
  }
  if (move.kind === 'pass' || move.kind === 'lost') return { ok: true };
  const placement =
    move.kind === 'tiles'
      ? resolveTiles(state.board, move.tiles, rack, state.tileSet)
      : resolvePlacement(state.board, move, rack, state.tileSet);
  return placement.ok ? { ok: true, placement } : placement;
}

/** docs/rules.md §4: the end of the game after `mover`'s move, if it ends, with its rack adjustment. */
function gameEnd(
  state: Pick<GameState, 'tileSet' | 'rules' | 'racks' | 'next' | 'sequence' | 'zeroRun' | 'passRun'>,
  mover: Color,
): { reason: EndReason; adjustment: Record<Color, number> } | undefined {
  const rackValue = (c: Color): number => tilesValue(state.tileSet, rackLetters(state.racks[c]));
  if (state.racks[mover].length === 0 && state.next >= state.sequence.length) {
    const left = rackValue(otherColor(mover));
    // F 7.1.3: the opponent's rack moves to the finisher, or (variant) counts double for them.
    const adjustment = state.rules.endRackRule === 'transfer' ? byColor(mover, left, -left) : byColor(mover, 2 * left, 0);
    return { reason: 'out', adjustment };
  }
  if (zeroTurnsEnd(state.rules, state.zeroRun, state.passRun)) {
    // F 7.2, P 5.1.4: each player loses the value of their own rack.
    return { reason: 'zero-turns', adjustment: { red: -rackValue('red'), blue: -rackValue('blue') } };
  }
  return undefined;
}

/**
 * Whether a run of zero-score turns ends the game (docs/rules.md §4, §13). FRSc: `zeroTurnsToEnd`
 * of them. PFS [P 5.1.1]: `zeroTurnsToEnd` passes in a row (4), a lost turn between them not
 * breaking the row, or passes and lost turns together one more (5), "at most five".
 */
export function zeroTurnsEnd(rules: GameRules, zeroRun: number, passRun: number): boolean {
  if (rules.rulebook === 'pfs') return passRun >= rules.zeroTurnsToEnd || zeroRun >= rules.zeroTurnsToEnd + 1;
  return zeroRun >= rules.zeroTurnsToEnd;
}

/**
 * Play one move for the player to move. Returns the new state and the move's record, or
 * the refusal (GAME_OVER first, then the checks of resolvePlacement); `state` is untouched.
 */
export function applyMove(state: GameState, move: MoveInput): Result<{ state: GameState; record: MoveRecord }> {
  if (state.over) return engineError('GAME_OVER', {});
  // Only the challenge's decision records a lost turn, and only under PFS rules: anything else is a caller's bug.
  if (typeof move !== 'string' && move.kind === 'lost' && state.rules.rulebook !== 'pfs') {
    throw new RangeError('a lost turn exists only under PFS rules (docs/rules.md §13)');
  }
  const lost = typeof move !== 'string' && move.kind === 'lost';
  const mover = state.toMove;
  const rackBefore = state.racks[mover];
  const resolved = resolve(state, move, rackLetters(rackBefore));
  if (!resolved.ok) return resolved;
  const placement = resolved.placement;

  let rackAfter = rackBefore;
  let used: Rack = [];
  let drawn: readonly number[] = [];
  let next = state.next;
  if (placement) {
    // resolvePlacement checked the rack, so taking the tiles cannot fail.
    const taken = takeFromRack(rackBefore, placement.rackTiles)!;
    used = taken.used;
    const refill = refillRack(taken.kept, state.sequence, state.next);
    rackAfter = refill.rack;
    drawn = refill.drawn;
    next = refill.next;
  }

  const n = state.movesPlayed + 1;
  const score = placement?.scored.score ?? 0;
  const recorded = Math.min(score, handicapCap(state.rules, n));
  const totals = byColor(mover, state.totals[mover] + recorded, state.totals[otherColor(mover)]);
  const racks = byColor(mover, rackAfter, state.racks[otherColor(mover)]);
  const zeroRun = score === 0 ? state.zeroRun + 1 : 0;
  const passRun = score !== 0 ? 0 : lost ? state.passRun : state.passRun + 1;
  const end = gameEnd({ tileSet: state.tileSet, rules: state.rules, racks, next, sequence: state.sequence, zeroRun, passRun }, mover);
  const endAdjustment = end?.adjustment ?? state.endAdjustment;

  const nextState: GameState = {
    ...state,
    board: placement ? withTiles(state.board, placement.tiles) : state.board,
    racks,
    next,
    taken: byColor(mover, [...state.taken[mover], ...drawn], state.taken[otherColor(mover)]),
    totals,
    movesPlayed: n,
    toMove: otherColor(mover),
    zeroRun,
    passRun,
    over: end !== undefined,
    endReason: end?.reason,
    endAdjustment,
    scores: { red: totals.red + endAdjustment.red, blue: totals.blue + endAdjustment.blue },
  };

  const words = placement?.scored.words ?? [];
  const lexicon = state.lexicon;
  const record: MoveRecord = {
    n,
    tour: tourOf(n),
    player: mover,
    type: placement ? 'place' : lost ? 'lost' : 'pass',
    notation: lost ? LOST_TURN_NOTATION : formatFrscMove(placement ? placement.main : { kind: 'pass' }),
    ...(placement && { coord: words[0].coord, word: words[0].word }),
    words,
    tiles: placement?.tiles ?? [],
    score,
    recorded,
    total: totals[mover],
    tilesUsed: rackLetters(used),
    positionsUsed: used.map((t) => t.position),
    drawn,
    rackBefore: rackLetters(rackBefore).join(''),
    rackAfter: rackLetters(rackAfter).join(''),
    unknownWords: lexicon ? words.filter((w) => !lexicon.has(w.word)).map((w) => w.word) : [],
  };
  return { ok: true, state: nextState, record };
}

/** One step of a replay: the state after move `n` and its record, or the refusal of move `n`. */
export type ReplayStep =
  | { readonly ok: true; readonly n: number; readonly state: GameState; readonly record: MoveRecord }
  | (EngineError & { readonly n: number });

/** Replay moves from a setup or a state, yielding the state after each; stops at the first refusal. */
export function* replayMoves(start: GameSetup | GameState, moves: Iterable<MoveInput>): Generator<ReplayStep> {
  let state = 'board' in start ? start : newGame(start);
  for (const move of moves) {
    const n = state.movesPlayed + 1;
    const step = applyMove(state, move);
    if (!step.ok) {
      yield { ...step, n };
      return;
    }
    state = step.state;
    yield { ok: true, n, state, record: step.record };
  }
}

/** The whole replay at once: the final state and every record, or the first refusal with its move number. */
export function replayGame(
  start: GameSetup | GameState,
  moves: Iterable<MoveInput>,
): { readonly ok: true; readonly state: GameState; readonly records: readonly MoveRecord[] } | (EngineError & { readonly n: number }) {
  let state = 'board' in start ? start : newGame(start);
  const records: MoveRecord[] = [];
  for (const step of replayMoves(state, moves)) {
    if (!step.ok) return step;
    state = step.state;
    records.push(step.record);
  }
  return { ok: true, state, records };
}
