// The fixed sequence of an attempt (docs/rules.md §14): typed by the organiser, or dealt from a
// seed with the competitions' dealing, so that anyone given the seed deals the same tiles.
import { seededRandom } from '../../common/seeded-random';
import { sha256Hex } from '../../common/hash';
import type { Refusal } from '../../common/refusal';
import { dealRandomSequence, parseTypedSequence, sequenceSha256 } from '../../competitions/core/sequence-dealing';
import type { TileSetId } from '../../engine';
import { refuse } from './record-texts';

const MAX_SEED = 200;

/** The 32-bit start of the seeded generator: the first bytes of the seed's SHA-256, so any text is a seed. */
export function seedNumber(seed: string): number {
  return parseInt(sha256Hex(seed.normalize('NFC')).slice(0, 8), 16);
}

/** Fisher–Yates over the bag (competitions/core/sequence-dealing.ts), each swap from the seeded generator. */
export function sequenceFromSeed(tileSetId: TileSetId, seed: string): string {
  const next = seededRandom(seedNumber(seed));
  return dealRandomSequence(tileSetId, (max) => Math.floor(next() * max));
}

/** The sequence an announcement fixes: exactly one of a seed or a typed sequence; the refusal names what is wrong (400). */
export function fixSequence(
  tileSetId: TileSetId,
  input: { seed?: string; sequence?: string },
): { tiles: string; seed: string | null; hash: string } | Refusal {
  const seed = input.seed?.trim() ?? '';
  const typed = input.sequence?.trim() ?? '';
  if ((seed === '') === (typed === '') || seed.length > MAX_SEED)
    return refuse(
      'BAD_SEQUENCE',
      400,
      `Dați fie o sămânță (cel mult ${MAX_SEED} de caractere), fie secvența de piese.`,
      `Give either a seed (at most ${MAX_SEED} characters) or the tile sequence.`,
      `Podaj albo ziarno losowania (najwyżej ${MAX_SEED} znaków), albo sekwencję płytek.`,
    );
  if (seed !== '') {
    const tiles = sequenceFromSeed(tileSetId, seed);
    return { tiles, seed, hash: sequenceSha256(tiles) };
  }
  const parsed = parseTypedSequence(tileSetId, typed);
  if (!parsed.ok)
    return refuse('BAD_SEQUENCE', 400, parsed.message.ro, parsed.message.en, `Sekwencja nie jest kompletem płytek: ${parsed.message.pl}`);
  return { tiles: parsed.tiles, seed: null, hash: sequenceSha256(parsed.tiles) };
}
