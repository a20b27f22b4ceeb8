// The dealt sequence (docs/rules.md §2): the 100 tiles of the tile set in one fixed order, dealt
// by the platform (crypto-random) or typed in by the arbiter, committed by its SHA-256.
// Pure except for the default random source, which callers may replace in tests.
import { randomInt as cryptoRandomInt } from 'node:crypto';
import { sha256Hex } from '../../common/hash';
import { Refusal } from '../../common/refusal';
import {
  BLANK,
  foldWord,
  getTileSet,
  tileCount,
  totalTiles,
  upperLetter,
  type Bilingual,
  type TileSet,
  type TileSetId,
} from '../../engine';
import { badInput } from './bad-input';
import { GROUP_NAMES } from './groups';

/**
 * A sequence is stored and hashed as its tiles written one character each, in order,
 * upper case, `?` for a blank, NFC, no separators: "AEI?…" (100 characters). The
 * published SHA-256 is of that string's UTF-8 bytes, so anyone can check it with
 * `printf %s "$TILES" | sha256sum`.
 */
export type SequenceText = string;

/** Every tile of the set once, in the set's order: what a sequence must be a permutation of. */
export function fullBag(tileSet: TileSet): string[] {
  return tileSet.tiles.flatMap((t) => Array.from({ length: t.count }, () => t.letter));
}

/** `randomInt(max)` returns an integer in [0, max). node:crypto's is the default (docs/rules.md §2: nobody can predict it). */
export type RandomInt = (max: number) => number;

/** Fisher–Yates over the whole bag, each swap drawn from a cryptographic source. */
export function dealRandomSequence(tileSetId: TileSetId, randomInt: RandomInt = cryptoRandomInt): SequenceText {
  const tiles = fullBag(getTileSet(tileSetId));
  for (let i = tiles.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [tiles[i], tiles[j]] = [tiles[j], tiles[i]];
  }
  return tiles.join('');
}

export function sequenceSha256(tiles: SequenceText): string {
  return sha256Hex(tiles.normalize('NFC'));
}

/** The tiles of a stored sequence, one per element (Polish letters are one code point each). */
export function sequenceTiles(tiles: SequenceText): string[] {
  return Array.from(tiles);
}

/** Why a typed sequence is not the tile set's 100 tiles. */
export type SequenceProblem =
  | { readonly kind: 'unknown'; readonly char: string; readonly position: number }
  | { readonly kind: 'count'; readonly letter: string; readonly found: number; readonly expected: number };

export type TypedSequenceResult =
  | { readonly ok: true; readonly tiles: SequenceText }
  | { readonly ok: false; readonly problems: readonly SequenceProblem[]; readonly message: Bilingual };

/** Separators an arbiter may type between tiles: spaces, line breaks, commas, semicolons, dashes, dots. */
const SEPARATORS = /[\s,;.\-–|/]+/gu;

/**
 * Reads a sequence typed by the arbiter and checks it is exactly the tile set's tiles
 * (docs/rules.md §2). Case is ignored (a sequence names tiles, never blanks' letters), Romanian
 * diacritics are folded (docs/rules.md §1), `?` is the blank. A refusal names each letter with
 * too many or too few tiles, and each character that is no tile at all.
 */
export function parseTypedSequence(tileSetId: TileSetId, typed: string): TypedSequenceResult {
  const tileSet = getTileSet(tileSetId);
  const chars = Array.from(foldWord(tileSet, typed.replace(SEPARATORS, '')));
  const problems: SequenceProblem[] = [];
  const found = new Map<string, number>();
  const tiles: string[] = [];
  chars.forEach((ch, i) => {
    const letter = ch === BLANK ? BLANK : upperLetter(ch);
    if (tileCount(tileSet, letter) === 0) {
      problems.push({ kind: 'unknown', char: ch, position: i + 1 });
      return;
    }
    found.set(letter, (found.get(letter) ?? 0) + 1);
    tiles.push(letter);
  });
  for (const { letter, count } of tileSet.tiles) {
    const n = found.get(letter) ?? 0;
    if (n !== count) problems.push({ kind: 'count', letter, found: n, expected: count });
  }
  if (problems.length === 0 && tiles.length === totalTiles(tileSet)) return { ok: true, tiles: tiles.join('') };
  return { ok: false, problems, message: describeProblems(problems, chars.length, totalTiles(tileSet)) };
}

/** One series and its sequence (docs/rules.md §2); `tiles` typed by the arbiter, or dealt at random when absent. */
export interface SeriesInput {
  readonly label: string;
  readonly tiles?: string;
}

export interface DealtSeries {
  readonly label: string;
  readonly tiles: SequenceText;
  readonly source: 'random' | 'typed';
}

/**
 * The series' sequences (docs/rules.md §2): typed ones checked against the tile set, the others
 * dealt at random; by default one series "1". Labels are distinct, of 1–20 characters, at most 26
 * of them (as many as group names). The first typed sequence that is not the tile set refuses them all.
 */
export function dealSeries(
  tileSetId: TileSetId,
  series: readonly SeriesInput[] | undefined,
  randomInt: RandomInt = cryptoRandomInt,
): DealtSeries[] | Refusal {
  const wanted = series && series.length ? series : [{ label: '1' }];
  const labels = wanted.map((s) => s.label.trim());
  if (labels.some((l) => !l || l.length > 20) || new Set(labels).size !== labels.length || labels.length > GROUP_NAMES.length) {
    return badInput({
      ro: 'Fiecare serie are o etichetă proprie de 1–20 de caractere (cel mult 26 de serii).',
      en: 'Each series has its own label of 1–20 characters (at most 26 series).',
      pl: 'Każda seria ma własną etykietę o długości 1–20 znaków (najwyżej 26 serii).',
    });
  }
  const dealt: DealtSeries[] = [];
  for (const [i, s] of wanted.entries()) {
    if (s.tiles === undefined) {
      dealt.push({ label: labels[i], tiles: dealRandomSequence(tileSetId, randomInt), source: 'random' });
      continue;
    }
    const typed = parseTypedSequence(tileSetId, s.tiles);
    if (!typed.ok) {
      return new Refusal(
        'BAD_SEQUENCE',
        {
          ro: `Seria ${labels[i]}: ${typed.message.ro}`,
          en: `Series ${labels[i]}: ${typed.message.en}`,
          pl: `Seria ${labels[i]}: ${typed.message.pl}`,
        },
        400,
        { series: labels[i], problems: typed.problems },
      );
    }
    dealt.push({ label: labels[i], tiles: typed.tiles, source: 'typed' });
  }
  return dealt;
}

function describeProblems(problems: readonly SequenceProblem[], typed: number, total: number): Bilingual {
  const ro: string[] = [];
  const en: string[] = [];
  const pl: string[] = [];
  for (const p of problems) {
    if (p.kind === 'unknown') {
      ro.push(`„${p.char}” (poziția ${p.position}) nu este o piesă a acestui set`);
      en.push(`"${p.char}" (position ${p.position}) is not a tile of this set`);
      pl.push(`„${p.char}” (pozycja ${p.position}) nie jest płytką tego zestawu`);
    } else {
      const name =
        p.letter === BLANK ? { ro: 'jokeri (?)', en: 'blanks (?)', pl: 'blanki (?)' } : { ro: p.letter, en: p.letter, pl: p.letter };
      const diff = p.found - p.expected;
      ro.push(`${name.ro}: ${p.found} în loc de ${p.expected} (${Math.abs(diff)} ${diff > 0 ? 'în plus' : 'lipsă'})`);
      en.push(`${name.en}: ${p.found} instead of ${p.expected} (${Math.abs(diff)} too ${diff > 0 ? 'many' : 'few'})`);
      pl.push(`${name.pl}: ${p.found} zamiast ${p.expected} (${Math.abs(diff)} ${diff > 0 ? 'za dużo' : 'za mało'})`);
    }
  }
  return {
    ro: `Secvența trebuie să conțină exact cele ${total} de piese ale setului; are ${typed} caractere. ${ro.join('; ')}.`,
    en: `The sequence must hold exactly the set's ${total} tiles; it has ${typed} characters. ${en.join('; ')}.`,
    pl: `Sekwencja musi zawierać dokładnie ${total} płytek zestawu; ma ${typed} znaków. ${pl.join('; ')}.`,
  };
}
