// Fuzzing the notation parser: whatever a player types, the parser and the
// move application answer with a result — a move or a typed engine error — and never throw.
import fc from 'fast-check';
import { parseFrscMove, parseGcgPlay } from './notation';
import { applyMove, newGame, replayGame } from './replay';
import { randomLegalGame } from './testing/random-game';
import { getTileSet, TILE_SET_IDS } from './tile-sets';

const tileSetArb = fc.constantFrom(...TILE_SET_IDS).map(getTileSet);

/** Pieces a move is made of, with the characters players mistype most, to reach deep paths. */
const piece = fc.oneof(
  fc.constantFrom('h8', '8h', 'H8', 'p8', 'a1', '15o', 'o15', '0a', 'a0', 'a16', '16a', 'ș8', '8ș', 'h', '8', ':', ' : ', ' ', '\t', '\n'),
  fc.constantFrom('(', ')', '((', '))', '()', '?', '.', '-', '+', '*', '#', '/', '\\'),
  fc.constantFrom('CASA', 'casa', 'C(AS)A', 'ȘȚĂÂÎ', 'ŞŢ', 'şţ', 'ĄĆĘŁŃÓŚŹŻ', 'ąćęłńóśźż', 'QU', 'ch', 'ß', 'ﬁ', 'İ', 'ı'),
  fc.constantFrom('PAS', 'pass', 'Pas', 'PASS 0', '12', '-3', '1e9', '99999999999999999999', 'NaN', 'Infinity'),
  fc.constantFrom('\u0301', '\u0302', '\u0306', '\u0327', '\u200b', '\ufeff', '\u00a0', '\ud800', '\udc00', '😀', '\u0000'),
  fc.string({ maxLength: 4 }),
  fc.string({ unit: 'grapheme', maxLength: 4 }),
);
const notationArb = fc.oneof(
  fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 200 }),
);

function isTypedResult(result: unknown): boolean {
  const r = result as { ok?: unknown; code?: unknown };
  return r.ok === true || (r.ok === false && typeof r.code === 'string');
}

describe('notation parser, fuzzed', () => {
  it('parseFrscMove answers every input with a move or a typed error', () => {
    fc.assert(
      fc.property(tileSetArb, notationArb, (tileSet, text) => {
        expect(isTypedResult(parseFrscMove(text, tileSet))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('parseGcgPlay answers every coordinate and word with a move or a typed error', () => {
    fc.assert(
      fc.property(tileSetArb, notationArb, notationArb, (tileSet, coord, word) => {
        expect(isTypedResult(parseGcgPlay(coord, word, tileSet))).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it('applying any text as the next move of a game in progress gives a result, never an exception', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom(...TILE_SET_IDS),
        fc.nat(40),
        notationArb,
        (seed, id, cut, text) => {
          const tileSet = getTileSet(id);
          const game = randomLegalGame(seed, tileSet);
          const replay = replayGame({ tileSet, sequence: game.sequence }, game.moves.slice(0, cut % (game.moves.length + 1)));
          const state = replay.ok ? replay.state : newGame({ tileSet, sequence: game.sequence });
          expect(isTypedResult(applyMove(state, text))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
