// Small builders shared by the engine's specs.
import { emptyBoard, withTiles, type Board } from '../board';
import { parseFrscMove } from '../notation';
import { getTileSet } from '../tile-sets';
import type { EngineError, Result, TileSet, WrittenPlacement } from '../types';
import { resolvePlacement, type ResolvedPlacement, type ResolveOptions } from '../validate';

export const ro = getTileSet('ro');
export const en = getTileSet('en');
export const pl = getTileSet('pl');

/** A placement written in FRSc notation; throws on a pass or bad notation (test input error). */
export function written(text: string, tileSet: TileSet = ro): WrittenPlacement {
  const parsed = parseFrscMove(text, tileSet);
  if (!parsed.ok || parsed.move.kind !== 'place') throw new Error(`not a placement: ${text}`);
  return parsed.move;
}

/** Check a move on a board; `rack` as a string (`?` = blank), null to skip the rack check. */
export function check(
  board: Board,
  text: string,
  rack: string | null = null,
  tileSet: TileSet = ro,
  opts?: ResolveOptions,
): Result<ResolvedPlacement> {
  const parsed = parseFrscMove(text, tileSet);
  if (!parsed.ok) return parsed;
  if (parsed.move.kind !== 'place') throw new Error(`not a placement: ${text}`);
  return resolvePlacement(board, parsed.move, rack === null ? null : [...rack], tileSet, opts);
}

/** The board after the given moves, each checked without racks. */
export function boardAfter(moves: readonly string[], tileSet: TileSet = ro): Board {
  return moves.reduce((board, text) => {
    const r = check(board, text, null, tileSet);
    if (!r.ok) throw new Error(`${text}: ${r.code}`);
    return withTiles(board, r.tiles);
  }, emptyBoard());
}

/** Narrow a result to its error (fails the test if it succeeded). */
export function errorOf<T>(result: Result<T>): EngineError {
  if (result.ok) throw new Error('expected a refusal, the move was accepted');
  return result;
}

/** A full dealt sequence starting with `prefix` (`?` = blank), the rest in tile-set order. */
export function sequenceStarting(prefix: string, tileSet: TileSet = ro): string {
  const left = new Map(tileSet.tiles.map((t) => [t.letter, t.count]));
  for (const ch of prefix) {
    const n = left.get(ch) ?? 0;
    if (n === 0) throw new Error(`too many ${ch} in ${prefix}`);
    left.set(ch, n - 1);
  }
  return prefix + [...left].map(([letter, n]) => letter.repeat(n)).join('');
}
