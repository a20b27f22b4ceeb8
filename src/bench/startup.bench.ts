// `npm run bench:startup` (docs/scale.md): `npm start` spawned as a user runs it (build up to
// date, the embedded database, no DATABASE_URL), timed from the spawn to the first `/health` 200,
// on a new temporary DATA_DIR and again on a second start of the same one; and the time until a
// bad setting (PORT, SMTP_URL) is refused. Baselines of the same run: an empty Node process
// (`node -e ""`) and `npm run build` on the up-to-date dist, so the figures read on a loaded
// machine. Prints one JSON object: the median and every sample of each, and the ratios.
// Usage: node dist/bench/startup.bench.js [--runs N]. Not a test: nothing is asserted.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGLITE_TEMPLATE_DIR } from '../database/pglite-template';
import { numberOption, printReport, round, runBench } from './bench-support';

const RUNS = numberOption('runs', 3);
const ROOT = join(__dirname, '..', '..');
/** A start that has not answered by then is reported as failed, not waited for. */
const GIVE_UP_MS = 120_000;

type Env = Record<string, string | undefined>;

/** The environment a user's shell would pass: this one's, without settings that would change the start. */
function userEnv(extra: Env): Env {
  const env: Env = { ...process.env };
  for (const name of ['DATABASE_URL', 'PORT', 'DATA_DIR', 'SMTP_URL', 'IMAP_URL', 'NODE_ENV', 'SECRET', 'REHEARSAL_CLOCK'])
    delete env[name];
  return { ...env, ...extra };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface Exited {
  readonly ms: number;
  readonly code: number | null;
  readonly stderr: string;
}

/** Runs a command to its end, in its own process group; the wall time from spawn to exit. */
function timeToExit(command: string, args: string[], env: Env): Promise<Exited> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ ms: performance.now() - started, code, stderr }));
  });
}

/**
 * `npm start` in its own process group, timed from the spawn to the first `/health` 200; then
 * the whole group is stopped (npm, its shell, the platform) and waited for.
 */
async function timeToHealth(dataDir: string): Promise<number> {
  const port = await freePort();
  const env = userEnv({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
  const started = performance.now();
  const child = spawn('npm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let exited = false;
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  child.once('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`npm start stopped before answering /health:\n${stderr}`);
      if (performance.now() - started > GIVE_UP_MS) throw new Error(`no /health answer within ${GIVE_UP_MS} ms:\n${stderr}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2_000) }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    if (!exited && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    await closed;
  }
}

function summary(samples: number[]): { medianMs: number; samplesMs: number[] } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { medianMs: round(sorted[Math.floor((sorted.length - 1) / 2)], 0), samplesMs: samples.map((s) => round(s, 0)) };
}

async function main(): Promise<void> {
  const load = { before: loadavg().map((l) => round(l)) };
  const nodeProcess: number[] = [];
  const buildCheck: number[] = [];
  const firstStart: number[] = [];
  const secondStart: number[] = [];
  const refusals: Record<string, { samples: number[]; code: number | null; message: string }> = {};
  const bad: Record<string, Env> = { PORT: { PORT: '99999' }, SMTP_URL: { SMTP_URL: 'http://mail.example.org' } };

  for (let run = 0; run < RUNS; run++) {
    process.stderr.write(`run ${run + 1}/${RUNS}\n`);
    nodeProcess.push((await timeToExit(process.execPath, ['-e', ''], userEnv({}))).ms);
    const build = await timeToExit('npm', ['run', '--silent', 'build'], userEnv({}));
    if (build.code !== 0) throw new Error(`npm run build failed:\n${build.stderr}`);
    buildCheck.push(build.ms);
    const dataDir = mkdtempSync(join(tmpdir(), 'corr-scrabble-startup-'));
    try {
      firstStart.push(await timeToHealth(dataDir));
      secondStart.push(await timeToHealth(dataDir));
      for (const [name, setting] of Object.entries(bad)) {
        const refused = await timeToExit('npm', ['start'], userEnv({ DATA_DIR: dataDir, ...setting }));
        const line = refused.stderr.split('\n').find((l) => l.startsWith('corr-scrabble:')) ?? refused.stderr.trim();
        const entry = (refusals[name] ??= { samples: [], code: refused.code, message: line });
        entry.samples.push(refused.ms);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const node = summary(nodeProcess).medianMs;
  const ratio = (ms: number) => round(ms / node, 1);
  const first = summary(firstStart);
  const second = summary(secondStart);
  printReport({
    benchmark: 'startup',
    runs: RUNS,
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model,
      node: process.version,
      load: { ...load, after: loadavg().map((l) => round(l)) },
    },
    pgliteTemplate: existsSync(join(PGLITE_TEMPLATE_DIR, 'template.json')),
    baseline: { nodeProcess: summary(nodeProcess), npmRunBuildUpToDate: summary(buildCheck) },
    firstStartToHealth: { ...first, ratioToNodeProcess: ratio(first.medianMs) },
    secondStartToHealth: { ...second, ratioToNodeProcess: ratio(second.medianMs) },
    refusal: Object.fromEntries(
      Object.entries(refusals).map(([name, r]) => {
        const s = summary(r.samples);
        return [name, { ...s, ratioToNodeProcess: ratio(s.medianMs), exitCode: r.code, message: r.message }];
      }),
    ),
  });
}

runBench(main);
