// Racks come from the dealt sequence (docs/rules.md §2): RED holds tiles 1–7, BLUE 8–14, and a
// mover refills from the next untaken tiles in order. No exchanges, so no randomness.
import type { Bilingual } from './messages';
import { RACK_SIZE, foldWord, tileCount, totalTiles, upperLetter } from './tile-sets';
import type { TileSet } from './types';

/** A tile in hand with its place in the sequence (0-based), which the game sheet marks. */
export interface RackTile {
  /** Upper-case letter, or `?` for a blank. */
  readonly letter: string;
  readonly position: number;
}

/** Kept in sequence order, so that "letters used" come out in sequence order (docs/rules.md §3). */
export type Rack = readonly RackTile[];

/** The rack as letters (`?` = blank), in sequence order. */
export function rackLetters(rack: Rack): string[] {
  return rack.map((t) => t.letter);
}

/**
 * Read a dealt sequence: 100 tiles (the tile set's exact distribution), `?` for a blank;
 * whitespace is ignored (sheets print it in groups), diacritics folded, any case.
 */
export function parseSequence(
  tileSet: TileSet,
  text: string,
): { readonly ok: true; readonly tiles: readonly string[] } | { readonly ok: false; readonly message: Bilingual } {
  const tiles = [...foldWord(tileSet, text).replace(/\s+/g, '')].map(upperLetter);
  const counts = new Map<string, number>();
  for (const t of tiles) counts.set(t, (counts.get(t) ?? 0) + 1);
  for (const [letter, n] of counts) {
    if (n > tileCount(tileSet, letter)) {
      return {
        ok: false,
        message: {
          ro: `Secvența are ${n} × ${letter}, setul de piese ${tileSet.name} are ${tileCount(tileSet, letter)}.`,
          en: `The sequence has ${n} × ${letter}; the ${tileSet.name} tile set has ${tileCount(tileSet, letter)}.`,
          pl: `Sekwencja ma ${n} × ${letter}, a zestaw płytek ${tileSet.name} ma ${tileCount(tileSet, letter)}.`,
        },
      };
    }
  }
  // With no letter in excess, the right length means exactly the tile set's distribution.
  const expected = totalTiles(tileSet);
  if (tiles.length !== expected) {
    return {
      ok: false,
      message: {
        ro: `Secvența are ${tiles.length} piese în loc de ${expected}.`,
        en: `The sequence has ${tiles.length} tiles instead of ${expected}.`,
        pl: `Sekwencja ma ${tiles.length} płytek zamiast ${expected}.`,
      },
    };
  }
  return { ok: true, tiles };
}

/** Fill `rack` up to seven from the sequence, starting at `next`, the first untaken tile. */
export function refillRack(rack: Rack, sequence: readonly string[], next: number): { rack: Rack; next: number; drawn: readonly number[] } {
  const drawn: number[] = [];
  let at = next;
  while (rack.length + drawn.length < RACK_SIZE && at < sequence.length) drawn.push(at++);
  if (drawn.length === 0) return { rack, next, drawn };
  // Positions only grow, so appending keeps the rack in sequence order.
  return { rack: [...rack, ...drawn.map((position) => ({ letter: sequence[position], position }))], next: at, drawn };
}

/** The opening racks (docs/rules.md §2): RED tiles 1–7, BLUE tiles 8–14. */
export function openingRacks(sequence: readonly string[]): { red: Rack; blue: Rack; next: number } {
  const red = refillRack([], sequence, 0);
  const blue = refillRack([], sequence, red.next);
  return { red: red.rack, blue: blue.rack, next: blue.next };
}

/**
 * Take the given rack tiles (letters, `?` = blank) out of the rack. For a letter held twice
 * the earlier tile in the sequence goes first, so the result does not depend on word order.
 * Returns undefined when the rack lacks one of them.
 */
export function takeFromRack(rack: Rack, letters: readonly string[]): { kept: Rack; used: Rack } | undefined {
  const kept = [...rack];
  const used: RackTile[] = [];
  for (const letter of letters) {
    const at = kept.findIndex((t) => t.letter === letter);
    if (at < 0) return undefined;
    used.push(kept[at]);
    kept.splice(at, 1);
  }
  used.sort((a, b) => a.position - b.position);
  return { kept, used };
}
