// `npm run bench:engine`: replays 10,000 random legal games and prints one
// JSON line — moves per second, peak memory — with a baseline measured in the same run on
// the same moves (parsing their notation only), so that the figure reads on any machine as
// a ratio. Not a test: nothing is asserted but that every game replays.
// Usage: node dist/engine/bench/engine.bench.js [GAMES]
import { parseFrscMove } from '../notation';
import { replayGame } from '../replay';
import { randomLegalGame } from '../testing/random-game';
import { TILE_SET_IDS, getTileSet } from '../tile-sets';
import type { TileSet } from '../types';
import { timed, type Timing } from './timing';

interface BenchGame {
  readonly tileSet: TileSet;
  readonly sequence: string;
  readonly moves: readonly string[];
}

/** Games measured before the clock starts, so that the JIT has compiled the hot paths. */
const WARM_UP_GAMES = 200;

const progress = process.stderr.isTTY
  ? (label: string, done: number, total: number) => {
      if (done % 250 === 0 || done === total) process.stderr.write(`\r${label}: ${done}/${total}${done === total ? '\n' : ''}`);
    }
  : () => undefined;

/** Every tile set in turn, deterministic per index. */
function generate(count: number): BenchGame[] {
  const games: BenchGame[] = [];
  for (let i = 0; i < count; i++) {
    const tileSet = getTileSet(TILE_SET_IDS[i % TILE_SET_IDS.length]);
    games.push({ tileSet, ...randomLegalGame(i, tileSet) });
    progress('generating', i + 1, count);
  }
  return games;
}

/** The baseline: only reading each move's notation, the least any replay must do. */
function parseAll(games: readonly BenchGame[]): number {
  let placements = 0;
  for (const game of games) {
    for (const move of game.moves) {
      const parsed = parseFrscMove(move, game.tileSet);
      if (!parsed.ok) throw new Error(`${move}: ${parsed.code}`);
      if (parsed.move.kind === 'place') placements++;
    }
  }
  return placements;
}

/** The measured work: the platform's replay of each game, every intermediate state and record. */
function replayAll(games: readonly BenchGame[], label?: string): number {
  let points = 0;
  for (const [i, game] of games.entries()) {
    const replay = replayGame({ tileSet: game.tileSet, sequence: game.sequence }, game.moves);
    if (!replay.ok) throw new Error(`game ${i}: move ${replay.n} refused: ${replay.code}`);
    points += replay.state.scores.red + replay.state.scores.blue;
    if (label) progress(label, i + 1, games.length);
  }
  return points;
}

function main(): void {
  const count = Number(process.argv[2] ?? 10_000);
  if (!Number.isSafeInteger(count) || count < 1) throw new Error(`GAMES must be a positive whole number, not ${process.argv[2]}`);

  let games: BenchGame[] = [];
  const generation = timed(() => (games = generate(count)));
  const moves = games.reduce((sum, g) => sum + g.moves.length, 0);

  const warmUp = games.slice(0, WARM_UP_GAMES);
  parseAll(warmUp);
  replayAll(warmUp);
  const baseline = timed(() => parseAll(games));
  const replay = timed(() => replayAll(games, 'replaying'));

  const round = (n: number, digits: number) => Number(n.toFixed(digits));
  const report = (t: Timing) => ({
    movesPerSecond: Math.round(moves / t.seconds),
    movesPerCpuSecond: Math.round(moves / t.cpuSeconds),
    seconds: round(t.seconds, 3),
    cpuSeconds: round(t.cpuSeconds, 3),
  });
  process.stdout.write(
    `${JSON.stringify({
      games: count,
      moves,
      ...report(replay),
      // The process's peak resident set, game generation included (kilobytes from the OS).
      peakRssMiB: round(process.resourceUsage().maxRSS / 1024, 1),
      baseline: { measures: 'parseFrscMove of every move, nothing else', ...report(baseline) },
      // How many times the cost of merely reading the moves a full replay is (CPU time).
      ratio: round(replay.cpuSeconds / baseline.cpuSeconds, 1),
      generationSeconds: round(generation.seconds, 1),
      node: process.version,
    })}\n`,
  );
}

main();
