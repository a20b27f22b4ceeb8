#!/usr/bin/env node
// `npm test`: every tier in turn, each watched for a hang (not timed against a budget), then one summary line.
// `node scripts/test.js unit` (or lint, integration-postgres, integration-pglite, mail, browser, faults) runs one tier;
// further arguments go to jest (a path filter, -t "name").
'use strict';
const { spawn } = require('node:child_process');
const { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const jest = join(root, 'node_modules', 'jest', 'bin', 'jest.js');

/**
 * A tier is taken for hung, and stopped, only once it has printed nothing and its processes
 * have used no CPU for this long: a slow or loaded machine keeps working, so it is never stopped.
 */
const quietMinutes = (() => {
  const raw = process.env.TEST_QUIET_MINUTES;
  const minutes = raw === undefined || raw === '' ? 10 : Number(raw);
  if (!Number.isFinite(minutes) || minutes <= 0) {
    process.stderr.write(`TEST_QUIET_MINUTES="${raw}": expected a positive number of minutes (default 10)\n`);
    process.exit(2);
  }
  return minutes;
})();
const SAMPLE_MS = 5_000;
/** Less CPU than this in a sample (0.5 % of a core) is a process tree waiting on nothing: timers, an idle pool. */
const BUSY_SHARE = 0.005;

/** The tiers with a database: jest needs the VM-modules flag for PGlite's WebAssembly import. */
const onDatabase = (TEST_DB) => ({ TEST_DB, NODE_OPTIONS: '--experimental-vm-modules --no-warnings' });

/** The shape of the code (docs/architecture.md): folder graph and layers, ESLint, Prettier. */
const lintChecks = [
  { name: 'architecture', args: [join(root, 'scripts', 'check-architecture.js')] },
  { name: 'eslint', args: [join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), 'src', 'test', 'scripts', '--max-warnings=0'] },
  { name: 'prettier', args: [join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs'), '--check', '--log-level=warn', '.'] },
];

const tiers = [
  { name: 'lint', checks: lintChecks, env: {} },
  { name: 'unit', project: 'unit', env: {} },
  { name: 'integration-postgres', project: 'integration', env: onDatabase('postgres') },
  { name: 'integration-pglite', project: 'integration', env: onDatabase('pglite') },
  { name: 'mail', project: 'mail', env: onDatabase('postgres') },
  { name: 'browser', project: 'browser', env: onDatabase('postgres') },
  { name: 'faults', project: 'faults', env: onDatabase('postgres') },
];

/** CPU ticks (user + system, own and reaped children's) of every live process under `pid`, itself included. */
function treeTicks(pid) {
  const parents = new Map();
  const ticks = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parents.set(Number(entry), Number(fields[1]));
    ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
  }
  const tree = new Map();
  const wanted = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent] of parents) {
      if (!wanted.has(child) && wanted.has(parent)) {
        wanted.add(child);
        grew = true;
      }
    }
  }
  for (const p of wanted) if (ticks.has(p)) tree.set(p, ticks.get(p));
  return tree;
}

/** CPU time of the tree since the last sample, in ticks (100 a second on Linux); a new process counts as busy. */
function cpuSince(pid, last) {
  const now = treeTicks(pid);
  let used = 0;
  for (const [p, t] of now) used += last.has(p) ? Math.max(0, t - last.get(p)) : Infinity;
  return { used, now };
}

/**
 * Runs one command of a tier with its output passed through, under the quiet watchdog.
 * `where()` says which test files were running, for the message should it be stopped.
 */
function watched(tier, args, where) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...(process.stderr.isTTY ? { FORCE_COLOR: '1' } : {}), ...process.env, ...tier.env },
    });
    let lastSign = performance.now();
    child.stdout.on('data', (d) => {
      lastSign = performance.now();
      process.stdout.write(d);
    });
    child.stderr.on('data', (d) => {
      lastSign = performance.now();
      process.stderr.write(d);
    });
    // Without /proc (not Linux) the CPU cannot be read: only output then shows life, and a tier is never stopped.
    const canSeeCpu = existsSync('/proc/self/stat');
    let ticks = canSeeCpu ? treeTicks(child.pid) : new Map();
    let stopped = false;
    const sampler = setInterval(() => {
      if (!canSeeCpu) return;
      const { used, now } = cpuSince(child.pid, ticks);
      if (used >= BUSY_SHARE * (SAMPLE_MS / 1000) * 100) lastSign = performance.now();
      if (performance.now() - lastSign < quietMinutes * 60_000) {
        ticks = now;
        return;
      }
      stopped = true;
      clearInterval(sampler);
      process.stderr.write(
        `\n${tier.name}: nothing printed and no CPU used for ${quietMinutes} min (TEST_QUIET_MINUTES): taken for hung and stopped; ${where()}\n`,
      );
      for (const p of [...now.keys()].reverse()) {
        try {
          process.kill(p, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }, SAMPLE_MS);
    child.on('exit', (code) => {
      clearInterval(sampler);
      resolve({ code, stopped });
    });
  });
}

const duration = (started) => {
  const s = Math.round((performance.now() - started) / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};

/** A tier of commands rather than tests: each check that exits 0 counts as one passed. */
async function runChecks(tier) {
  const started = performance.now();
  process.stderr.write(`\n=== ${tier.name}\n`);
  let passed = 0;
  let failed = 0;
  for (const check of tier.checks) {
    const { code } = await watched(tier, check.args, () => `it was running the check ${check.name}`);
    if (code === 0) passed++;
    else {
      failed++;
      process.stderr.write(`${tier.name}: ${check.name} failed\n`);
    }
  }
  process.stderr.write(`${tier.name}: ${passed} passed, ${failed} failed in ${duration(started)}\n`);
  return { passed, failed };
}

async function runTier(tier, extraArgs) {
  if (tier.checks) return runChecks(tier);
  const out = join(root, 'test-output', `${tier.name}.json`);
  const progress = join(root, 'test-output', `${tier.name}.progress.json`);
  rmSync(out, { force: true });
  rmSync(progress, { force: true });
  // Two workers on two cores: the integration files wait on the database much of the time.
  // (An array option takes the words after it: a path filter must follow a plain option.)
  const args = [
    jest,
    '--reporters=default',
    `--reporters=${join(root, 'test', 'support', 'progress-reporter.js')}`,
    '--selectProjects',
    tier.project,
    '--maxWorkers=2',
    '--json',
    `--outputFile=${out}`,
    ...extraArgs,
  ];
  const started = performance.now();
  process.stderr.write(`\n=== ${tier.name}\n`);
  const where = () => {
    try {
      const { running, lastFinished } = JSON.parse(readFileSync(progress, 'utf8'));
      return `running ${running.length ? running.join(', ') : 'no test file'} (last finished: ${lastFinished ?? 'none'})`;
    } catch {
      return 'no test file had started';
    }
  };
  const { code, stopped } = await watched({ ...tier, env: { ...tier.env, TEST_PROGRESS_FILE: progress } }, args, where);
  let passed = 0;
  let failed = 0;
  try {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests + report.numRuntimeErrorTestSuites;
  } catch {
    failed = 1;
  }
  // A tier that ran no test, was stopped, or broke outside a test, is a failure, never a silent pass.
  if ((code !== 0 || stopped || passed === 0) && failed === 0) failed = 1;
  process.stderr.write(`${tier.name}: ${passed} passed, ${failed} failed in ${duration(started)}\n`);
  return { passed, failed };
}

async function main() {
  mkdirSync(join(root, 'test-output'), { recursive: true });
  const [first, ...rest] = process.argv.slice(2);
  const chosen = tiers.filter((t) => t.name === first || (t.project !== undefined && t.project === first));
  const selected = chosen.length ? chosen : tiers;
  const extraArgs = chosen.length ? rest : process.argv.slice(2);
  let passed = 0;
  let failed = 0;
  for (const tier of selected) {
    const result = await runTier(tier, extraArgs);
    passed += result.passed;
    failed += result.failed;
  }
  process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  process.exitCode = failed === 0 ? 0 : 1;
}

void main();
