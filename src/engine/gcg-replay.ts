// GCG score checking: a parsed GCG game replayed on the board and each recorded score compared (gcg.ts parses).

import { emptyBoard, withTiles, type Board } from './board';
import { parseGcgPlay } from './notation';
import { isTileSetId } from './tile-sets';
import type { TileSet, TileSetId } from './types';
import { resolvePlacement, type ResolvedPlacement, type ResolveOptions } from './validate';
import { atLine, decodeGcg, parseGcg, type GcgEvent, type GcgGame, type GcgHeader, type GcgResult } from './gcg';

// ---------------------------------------------------------------------------------------
// Checking

/** The rules of the tournaments GCG files come from, where a play may score 0 (unlike docs/rules.md §3). */
export const GCG_RULES: ResolveOptions = { allowZeroScore: true };

export interface GcgMismatch {
  readonly line: number;
  /** GCG coordinate and word, as in the file. */
  readonly coord: string;
  readonly word: string;
  readonly fileScore: number;
  readonly computedScore: number;
}

/** One event of a replayed file with the board it was played on. */
export interface GcgStep {
  readonly event: GcgEvent;
  /** The board before the event (a withdrawn play already taken back). */
  readonly board: Board;
  /** A placement, resolved on that board. */
  readonly placement?: ResolvedPlacement;
}

export interface GcgCheck {
  readonly game: GcgGame;
  /** Plays checked, withdrawn ones excluded. */
  readonly placements: number;
  /** Plays (withdrawn ones included) whose computed score differs from the file's. */
  readonly mismatches: readonly GcgMismatch[];
  /** The board after the last event. */
  readonly board: Board;
  /** Every event in file order, with its board: what an analysis of each turn starts from. */
  readonly steps: readonly GcgStep[];
}

/**
 * Decodes, parses and replays a GCG file, checking every play's score against the file
 * (docs/rules.md §3). GCG racks may be partial, so racks are not checked; nor are the
 * rules of this platform that GCG games need not follow (a play may score 0).
 */
export function checkGcg(bytes: Uint8Array, tileSet: TileSet): GcgResult<GcgCheck> {
  const decoded = decodeGcg(bytes);
  if (!decoded.ok) return decoded;
  const parsed = parseGcg(decoded.text);
  if (!parsed.ok) return parsed;
  return replayGcg(parsed.game, tileSet);
}

/** {@link checkGcg} for a parsed game. A play the board refuses is an error naming its line. */
export function replayGcg(game: GcgGame, tileSet: TileSet): GcgResult<GcgCheck> {
  let board = emptyBoard();
  // The board before the latest play, which a withdrawal (`--`) restores.
  let beforePlay = board;
  let placements = 0;
  const mismatches: GcgMismatch[] = [];
  const steps: GcgStep[] = [];
  for (const event of game.events) {
    if (event.type === 'withdrawn') {
      // parseGcg guarantees a withdrawal follows the play it takes back.
      steps.push({ event, board });
      board = beforePlay;
      placements--;
      continue;
    }
    if (event.type !== 'place') {
      steps.push({ event, board });
      continue;
    }
    const written = parseGcgPlay(event.coord, event.word, tileSet);
    if (!written.ok) return atLine(written, event.line);
    const resolved = resolvePlacement(board, written.move, null, tileSet, GCG_RULES);
    if (!resolved.ok) return atLine(resolved, event.line);
    if (resolved.scored.score !== event.score) {
      mismatches.push({
        line: event.line,
        coord: event.coord,
        word: event.word,
        fileScore: event.score,
        computedScore: resolved.scored.score,
      });
    }
    steps.push({ event, board, placement: resolved });
    beforePlay = board;
    board = withTiles(board, resolved.tiles);
    placements++;
  }
  return { ok: true, game, placements, mismatches, board, steps };
}

const TILE_SET_NAMES: ReadonlyMap<string, TileSetId> = new Map([
  ['romanian', 'ro'],
  ['english', 'en'],
  ['polish', 'pl'],
]);

/**
 * The tile set a file names in `#tile-set` or `#tile-distribution` (an id such as `ro`, or
 * Macondo's distribution names `english`, `polish`), if any: callers fall back to a default.
 */
export function gcgTileSetId(header: GcgHeader): TileSetId | undefined {
  for (const value of [header.tileSet, header.tileDistribution]) {
    const key = value?.trim().toLowerCase();
    if (!key) continue;
    if (isTileSetId(key)) return key;
    const named = TILE_SET_NAMES.get(key);
    if (named) return named;
  }
  return undefined;
}
