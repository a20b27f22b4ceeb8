// A one-player game on the engine (docs/rules.md §14): one rack filled from the fixed sequence,
// no opponent, the player's running total. The board, notation, placement checks and scoring
// are the engine's; only the single rack and the solo end are this file's.
import {
  formatFrscMove,
  getTileSet,
  LOST_TURN_NOTATION,
  parseFrscMove,
  parseSequence,
  rackLetters,
  refillRack,
  resolvePlacement,
  resolveTiles,
  takeFromRack,
  tilesValue,
  withTiles,
  emptyBoard,
  type Board,
  type MoveInput,
  type PlacedTile,
  type Rack,
  type Result,
  type TileSet,
  type TileSetId,
  type ResolvedPlacement,
  type WordScore,
} from '../../engine';

export interface SoloState {
  readonly tileSet: TileSet;
  readonly sequence: readonly string[];
  readonly board: Board;
  readonly rack: Rack;
  /** The first tile of the sequence not drawn yet. */
  readonly next: number;
  readonly total: number;
  readonly turns: number;
  /** Passes in a row; a lost turn does not break the row (docs/rules.md §13 reading of P 5.1.1). */
  readonly passRun: number;
  /** Zero-score turns in a row: passes and lost turns. */
  readonly zeroRun: number;
}

export type SoloTurnKind = 'place' | 'pass' | 'lost';

/** One turn as the full record of an attempt writes it (docs/rules.md §14 [R "pełen zapis"], P 1.3.2). */
export interface SoloRecord {
  readonly n: number;
  readonly kind: SoloTurnKind;
  readonly notation: string;
  readonly words: readonly WordScore[];
  readonly tiles: readonly PlacedTile[];
  readonly score: number;
  /** The running total after the turn. */
  readonly total: number;
  readonly rackBefore: string;
  readonly rackAfter: string;
  /** Sequence positions drawn after the turn. */
  readonly drawn: readonly number[];
}

/** The solo game's ends (docs/rules.md §14): out of tiles, the passes of P 6.1.1, the time. */
export type SoloEndReason = 'out' | 'passes' | 'time';

/** P 6.1.1, a player playing alone: "two passes in a row". */
export const SOLO_PASSES_TO_END = 2;
/** P 6.1.1: "three turns in a row mixing lost turns and passes". */
export const SOLO_ZERO_TURNS_TO_END = 3;

/** The start: the first seven tiles of the sequence on the rack. Throws on a sequence the caller should have checked. */
export function startSolo(tileSetId: TileSetId, sequenceText: string): SoloState {
  const tileSet = getTileSet(tileSetId);
  const parsed = parseSequence(tileSet, sequenceText);
  if (!parsed.ok) throw new RangeError(parsed.message.en);
  const opening = refillRack([], parsed.tiles, 0);
  return {
    tileSet,
    sequence: parsed.tiles,
    board: emptyBoard(),
    rack: opening.rack,
    next: opening.next,
    total: 0,
    turns: 0,
    passRun: 0,
    zeroRun: 0,
  };
}

function resolve(state: SoloState, move: Exclude<MoveInput, { kind: 'lost' }>): Result<{ placement?: ResolvedPlacement }> {
  if (typeof move === 'string') {
    const parsed = parseFrscMove(move, state.tileSet);
    return parsed.ok ? resolve(state, parsed.move) : parsed;
  }
  if (move.kind === 'pass') return { ok: true };
  const rack = rackLetters(state.rack);
  const placement =
    move.kind === 'tiles'
      ? resolveTiles(state.board, move.tiles, rack, state.tileSet)
      : resolvePlacement(state.board, move, rack, state.tileSet);
  return placement.ok ? { ok: true, placement } : placement;
}

/**
 * One turn of the player: a placement or a pass through the engine's checks, or the lost turn a
 * successful challenge records [P 4.8] — for that one, `state` is the position before the move
 * taken back, which comes back whole (board, rack, the undrawn tiles).
 */
export function playSolo(state: SoloState, move: MoveInput): Result<{ state: SoloState; record: SoloRecord }> {
  const n = state.turns + 1;
  const rackBefore = rackLetters(state.rack).join('');
  // A turn of no tiles: the position stays, the zero turns grow (a pass also grows the passes).
  const zeroTurn = (kind: 'lost' | 'pass', notation: string, passRun: number) => ({
    ok: true as const,
    state: { ...state, turns: n, zeroRun: state.zeroRun + 1, passRun },
    record: { n, kind, notation, words: [], tiles: [], score: 0, total: state.total, rackBefore, rackAfter: rackBefore, drawn: [] },
  });
  if (typeof move !== 'string' && move.kind === 'lost') return zeroTurn('lost', LOST_TURN_NOTATION, state.passRun);
  const resolved = resolve(state, move);
  if (!resolved.ok) return resolved;
  const placement = resolved.placement;
  if (!placement) return zeroTurn('pass', formatFrscMove({ kind: 'pass' }), state.passRun + 1);
  // resolvePlacement checked the rack, so taking the tiles cannot fail.
  const taken = takeFromRack(state.rack, placement.rackTiles)!;
  const refill = refillRack(taken.kept, state.sequence, state.next);
  const score = placement.scored.score;
  const total = state.total + score;
  const next: SoloState = {
    ...state,
    board: withTiles(state.board, placement.tiles),
    rack: refill.rack,
    next: refill.next,
    total,
    turns: n,
    zeroRun: score === 0 ? state.zeroRun + 1 : 0,
    passRun: score === 0 ? state.passRun : 0,
  };
  const record: SoloRecord = {
    n,
    kind: 'place',
    notation: formatFrscMove(placement.main),
    words: placement.scored.words,
    tiles: placement.tiles,
    score,
    total,
    rackBefore,
    rackAfter: rackLetters(refill.rack).join(''),
    drawn: refill.drawn,
  };
  return { ok: true, state: next, record };
}

/** The end play reached, if any (docs/rules.md §14): the rack and the sequence empty, or the passes of P 6.1.1. */
export function soloEnd(state: SoloState): Exclude<SoloEndReason, 'time'> | undefined {
  if (state.rack.length === 0 && state.next >= state.sequence.length) return 'out';
  if (state.passRun >= SOLO_PASSES_TO_END || state.zeroRun >= SOLO_ZERO_TURNS_TO_END) return 'passes';
  return undefined;
}

/** The rack's value taken off the total when play ends by passes or time [P 5.1.4]; nothing when the player went out. */
export function soloRackDeduction(state: SoloState, reason: SoloEndReason): number {
  return reason === 'out' ? 0 : tilesValue(state.tileSet, rackLetters(state.rack));
}

/** The attempt's result: the total less the rack deduction of its end. */
export function soloFinalScore(state: SoloState, reason: SoloEndReason): number {
  return state.total - soloRackDeduction(state, reason);
}

/** Tiles not drawn yet: the public never sees which (docs/rules.md §14, the sequence is revealed at the end). */
export function tilesLeft(state: SoloState): number {
  return state.sequence.length - state.next;
}

/** The attempt again from its recorded turns (a move taken back is stored as its lost turn). Throws on a turn the engine refuses: a stored record never is one. */
export function replaySolo(start: SoloState, turns: readonly MoveInput[]): { state: SoloState; records: SoloRecord[] } {
  let state = start;
  const records: SoloRecord[] = [];
  for (const turn of turns) {
    const step = playSolo(state, turn);
    if (!step.ok) throw new RangeError(`turn ${state.turns + 1}: ${step.code}`);
    records.push(step.record);
    state = step.state;
  }
  return { state, records };
}
