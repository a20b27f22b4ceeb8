// Refusal messages in the three languages the platform speaks (docs/rules.md §3: a refused move
// is explained clearly). Each code has one template; the details name the square or letter.
import { lowerLetter } from './tile-sets';
import type { EngineError, EngineErrorCode } from './types';

export type { Bilingual } from '../common/bilingual';
import type { Bilingual } from '../common/bilingual';

/** What exactly is wrong with a move's writing (BAD_NOTATION). */
export type NotationProblem =
  | { readonly kind: 'empty' }
  | { readonly kind: 'coordinate'; readonly coord: string }
  | { readonly kind: 'no-word' }
  | { readonly kind: 'character'; readonly char: string }
  | { readonly kind: 'parentheses' }
  | { readonly kind: 'trailing'; readonly text: string }
  | { readonly kind: 'letter'; readonly letter: string }
  | { readonly kind: 'duplicate-square'; readonly square: string };

/** The details each error code's message needs. */
export interface ErrorDetails {
  GAME_OVER: Record<string, never>;
  BAD_NOTATION: { readonly text: string; readonly problem: NotationProblem };
  /** `square` is the first square off the board (the start itself, or past the edge). */
  OFF_BOARD: { readonly square: string; readonly atStart: boolean };
  FIRST_MOVE_NOT_ON_CENTER: Record<string, never>;
  NOT_CONNECTED: Record<string, never>;
  INCOMPLETE_WORD: { readonly square: string; readonly letter: string; readonly side: 'before' | 'after' };
  /** `found` is the tile on the square, or null when the word says a tile is there but it is empty. */
  WORD_MISMATCH: { readonly square: string; readonly written: string; readonly found: string | null };
  NO_NEW_TILES: Record<string, never>;
  WORD_TOO_SHORT: { readonly word: string };
  /** `rack` as the mover holds it; `noSuchTile` when the tile set has no such tile at all (Romanian K). */
  TILES_NOT_IN_RACK: {
    readonly square: string;
    readonly letter: string;
    readonly blank: boolean;
    readonly rack: string;
    readonly noSuchTile: boolean;
  };
  ZERO_SCORE_PLACEMENT: Record<string, never>;
  NOT_IN_LINE: Record<string, never>;
  GAP: { readonly square: string };
}

function notationProblem(p: NotationProblem): Required<Bilingual> {
  switch (p.kind) {
    case 'empty':
      return { ro: 'mutarea lipsește', en: 'the move is empty', pl: 'brak ruchu' };
    case 'coordinate':
      return {
        ro: `„${p.coord}” nu este o coordonată (scrieți de exemplu h8 pentru orizontal sau 8h pentru vertical)`,
        en: `"${p.coord}" is not a coordinate (write e.g. h8 for across or 8h for down)`,
        pl: `„${p.coord}” nie jest współrzędną (napisz np. h8 dla ruchu poziomego albo 8h dla pionowego)`,
      };
    case 'no-word':
      return {
        ro: 'după coordonată trebuie scris cuvântul',
        en: 'the word must follow the coordinate',
        pl: 'po współrzędnej trzeba napisać wyraz',
      };
    case 'character':
      return {
        ro: `caracterul „${p.char}” nu poate apărea într-un cuvânt`,
        en: `the character "${p.char}" cannot appear in a word`,
        pl: `znak „${p.char}” nie może wystąpić w wyrazie`,
      };
    case 'parentheses':
      return {
        ro: 'parantezele nu sunt închise corect; ele cuprind doar literele aflate deja pe tablă, de exemplu C(AS)A',
        en: 'the parentheses do not match; they enclose only letters already on the board, e.g. C(AS)A',
        pl: 'nawiasy nie są poprawnie zamknięte; obejmują tylko litery leżące już na planszy, np. K(OT)A',
      };
    case 'trailing':
      return {
        ro: `după cuvânt urmează text neașteptat: „${p.text}”`,
        en: `unexpected text after the word: "${p.text}"`,
        pl: `nieoczekiwany tekst po wyrazie: „${p.text}”`,
      };
    case 'letter':
      return {
        ro: `litera „${p.letter}” nu face parte din alfabetul jocului`,
        en: `the letter "${p.letter}" is not in this game's alphabet`,
        pl: `litery „${p.letter}” nie ma w alfabecie tej gry`,
      };
    case 'duplicate-square':
      return {
        ro: `două piese pe același pătrat ${p.square}`,
        en: `two tiles on the same square ${p.square}`,
        pl: `dwie płytki na tym samym polu ${p.square}`,
      };
  }
}

const TEMPLATES: { [C in EngineErrorCode]: (d: ErrorDetails[C]) => Required<Bilingual> } = {
  GAME_OVER: () => ({
    ro: 'Partida s-a încheiat: nu se mai pot face mutări.',
    en: 'The game is over: no more moves can be made.',
    pl: 'Partia się zakończyła: nie można już wykonywać ruchów.',
  }),
  BAD_NOTATION: ({ text, problem }) => {
    const why = notationProblem(problem);
    return {
      ro: `Mutarea „${text}” nu poate fi citită: ${why.ro}. Scrieți coordonata și cuvântul întreg, de exemplu „h8 CASA”, sau „PAS”.`,
      en: `The move "${text}" cannot be read: ${why.en}. Write the coordinate and the whole word, e.g. "h8 CASA", or "PASS".`,
      pl: `Nie można odczytać ruchu „${text}”: ${why.pl}. Napisz współrzędną i cały wyraz, np. „h8 KOTA”, albo „PAS”.`,
    };
  },
  OFF_BOARD: ({ square, atStart }) =>
    atStart
      ? {
          ro: `Pătratul ${square} nu este pe tablă: rândurile sunt a–o, coloanele 1–15.`,
          en: `Square ${square} is not on the board: rows are a–o, columns 1–15.`,
          pl: `Pola ${square} nie ma na planszy: wiersze to a–o, kolumny 1–15.`,
        }
      : {
          ro: `Cuvântul iese de pe tablă (la ${square}).`,
          en: `The word runs off the board (at ${square}).`,
          pl: `Wyraz wychodzi poza planszę (na ${square}).`,
        },
  FIRST_MOVE_NOT_ON_CENTER: () => ({
    ro: 'Prima mutare trebuie să acopere pătratul central h8.',
    en: 'The first move must cover the centre square h8.',
    pl: 'Pierwszy ruch musi przykryć środkowe pole h8.',
  }),
  NOT_CONNECTED: () => ({
    ro: 'Cuvântul trebuie să atingă cel puțin o piesă aflată deja pe tablă.',
    en: 'The word must touch at least one tile already on the board.',
    pl: 'Wyraz musi stykać się z co najmniej jedną płytką leżącą już na planszy.',
  }),
  INCOMPLETE_WORD: ({ square, letter, side }) =>
    side === 'before'
      ? {
          ro: `Cuvântul nu este scris întreg: chiar înaintea lui, pe ${square}, se află litera ${letter}, care face parte din el. Scrieți cuvântul de la prima lui literă.`,
          en: `The word is not written whole: just before it, on ${square}, is the letter ${letter}, which belongs to it. Write the word from its first letter.`,
          pl: `Wyraz nie jest zapisany w całości: tuż przed nim, na ${square}, leży litera ${letter}, która do niego należy. Zapisz wyraz od pierwszej litery.`,
        }
      : {
          ro: `Cuvântul nu este scris întreg: imediat după el, pe ${square}, se află litera ${letter}, care îl continuă. Scrieți cuvântul până la ultima lui literă.`,
          en: `The word is not written whole: right after it, on ${square}, is the letter ${letter}, which continues it. Write the word up to its last letter.`,
          pl: `Wyraz nie jest zapisany w całości: tuż za nim, na ${square}, leży litera ${letter}, która go przedłuża. Zapisz wyraz do ostatniej litery.`,
        },
  WORD_MISMATCH: ({ square, written, found }) =>
    found === null
      ? {
          ro: `Pe ${square} nu se află nicio piesă, dar mutarea indică litera ${written} ca fiind deja pe tablă.`,
          en: `There is no tile on ${square}, but the move gives ${written} as already on the board.`,
          pl: `Na ${square} nie ma płytki, a ruch podaje literę ${written} jako leżącą już na planszy.`,
        }
      : {
          ro: `Pe ${square} se află deja litera ${found}, nu ${written}.`,
          en: `Square ${square} already holds ${found}, not ${written}.`,
          pl: `Na ${square} leży już litera ${found}, a nie ${written}.`,
        },
  NO_NEW_TILES: () => ({
    ro: 'Mutarea nu așază nicio piesă nouă: toate literele cuvântului sunt deja pe tablă.',
    en: 'The move places no new tile: every letter of the word is already on the board.',
    pl: 'Ruch nie kładzie żadnej nowej płytki: wszystkie litery wyrazu leżą już na planszy.',
  }),
  WORD_TOO_SHORT: ({ word }) => ({
    ro: `„${word}” are o singură literă în direcția scrisă; un cuvânt are cel puțin două litere (prima mutare: cel puțin două piese).`,
    en: `"${word}" is a single letter in the direction written; a word has at least two letters (the first move: at least two tiles).`,
    pl: `„${word}” ma tylko jedną literę w zapisanym kierunku; wyraz ma co najmniej dwie litery (pierwszy ruch: co najmniej dwie płytki).`,
  }),
  TILES_NOT_IN_RACK: ({ square, letter, blank, rack, noSuchTile }) => {
    const held =
      rack === ''
        ? { ro: 'suportul este gol', en: 'the rack is empty', pl: 'stojak jest pusty' }
        : { ro: `suportul: ${rack}`, en: `rack: ${rack}`, pl: `stojak: ${rack}` };
    if (blank) {
      return {
        ro: `Pentru ${lowerLetter(letter)} pe ${square} trebuie un joker (literă mică), dar nu mai aveți joker pe suport (${held.ro}).`,
        en: `${lowerLetter(letter)} on ${square} needs a blank (lower case), but no blank is left on your rack (${held.en}).`,
        pl: `${lowerLetter(letter)} na ${square} wymaga blanka (mała litera), ale na stojaku nie ma już blanka (${held.pl}).`,
      };
    }
    if (noSuchTile) {
      return {
        ro: `Litera ${letter} (pe ${square}) nu are piesă proprie în acest set; ea se poate juca doar cu un joker, scrisă cu literă mică: ${lowerLetter(letter)}.`,
        en: `The letter ${letter} (on ${square}) has no tile of its own in this set; only a blank can stand for it, written in lower case: ${lowerLetter(letter)}.`,
        pl: `Litera ${letter} (na ${square}) nie ma własnej płytki w tym zestawie; może ją zastąpić tylko blank, zapisany małą literą: ${lowerLetter(letter)}.`,
      };
    }
    return {
      ro: `Litera ${letter} (pe ${square}) nu se află pe suportul dumneavoastră (${held.ro}). Un joker se scrie cu literă mică.`,
      en: `The letter ${letter} (on ${square}) is not on your rack (${held.en}). A blank is written in lower case.`,
      pl: `Litery ${letter} (na ${square}) nie ma na Twoim stojaku (${held.pl}). Blank zapisuje się małą literą.`,
    };
  },
  ZERO_SCORE_PLACEMENT: () => ({
    ro: 'Mutarea ar valora 0 puncte; zero puncte se pot obține doar prin „PAS”.',
    en: 'The move would score 0 points; only a pass may score zero.',
    pl: 'Ruch byłby wart 0 punktów; zero punktów daje tylko pauza („PAS”).',
  }),
  NOT_IN_LINE: () => ({
    ro: 'Piesele noi trebuie așezate toate pe același rând sau pe aceeași coloană.',
    en: 'The new tiles must all lie in one row or one column.',
    pl: 'Wszystkie nowe płytki muszą leżeć w jednym wierszu albo w jednej kolumnie.',
  }),
  GAP: ({ square }) => ({
    ro: `Între piesele noi rămâne un pătrat gol (${square}): cuvântul trebuie să fie continuu.`,
    en: `An empty square (${square}) is left between the new tiles: the word must be unbroken.`,
    pl: `Między nowymi płytkami zostaje puste pole (${square}): wyraz musi być ciągły.`,
  }),
};

/** The typed refusal for `code`, with its messages in Romanian, English and Polish. */
export function engineError<C extends EngineErrorCode>(code: C, details: ErrorDetails[C]): EngineError {
  return { ok: false, code, message: TEMPLATES[code](details) };
}
