#!/usr/bin/env node
// `npm test`: every tier in turn, each with its own time budget, then one summary line.
// `node scripts/test.js unit` (or lint, integration-postgres, integration-pglite, mail, browser, faults) runs one tier;
// further arguments go to jest (a path filter, -t "name").
'use strict';
const { spawn } = require('node:child_process');
const { mkdirSync, readFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const jest = join(root, 'node_modules', 'jest', 'bin', 'jest.js');

/** The tiers with a database: jest needs the VM-modules flag for PGlite's WebAssembly import. */
const onDatabase = (TEST_DB) => ({ TEST_DB, NODE_OPTIONS: '--experimental-vm-modules --no-warnings' });

/** The shape of the code (docs/architecture.md): folder graph and layers, ESLint, Prettier. */
const lintChecks = [
  { name: 'architecture', args: [join(root, 'scripts', 'check-architecture.js')] },
  { name: 'eslint', args: [join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'), 'src', 'test', 'scripts', '--max-warnings=0'] },
  { name: 'prettier', args: [join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs'), '--check', '--log-level=warn', '.'] },
];

/** Budgets are for this machine's size (2 cores); a tier past its budget fails. */
const tiers = [
  { name: 'lint', checks: lintChecks, budgetMin: 5, env: {} },
  { name: 'unit', project: 'unit', budgetMin: 5, env: {} },
  { name: 'integration-postgres', project: 'integration', budgetMin: 10, env: onDatabase('postgres') },
  { name: 'integration-pglite', project: 'integration', budgetMin: 18, env: onDatabase('pglite') },
  { name: 'mail', project: 'mail', budgetMin: 6, env: onDatabase('postgres') },
  { name: 'browser', project: 'browser', budgetMin: 8, env: onDatabase('postgres') },
  { name: 'faults', project: 'faults', budgetMin: 6, env: onDatabase('postgres') },
];

/** A tier of commands rather than tests: each check that exits 0 counts as one passed. */
async function runChecks(tier) {
  const started = Date.now();
  process.stderr.write(`\n=== ${tier.name} (budget ${tier.budgetMin} min)\n`);
  let passed = 0;
  let failed = 0;
  for (const check of tier.checks) {
    const code = await new Promise((resolve) => {
      const child = spawn(process.execPath, check.args, {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, ...tier.env },
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), tier.budgetMin * 60_000);
      child.on('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    if (code === 0) passed++;
    else {
      failed++;
      process.stderr.write(`${tier.name}: ${check.name} failed\n`);
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stderr.write(`${tier.name}: ${passed} passed, ${failed} failed in ${seconds}s\n`);
  return { passed, failed };
}

function runTier(tier, extraArgs) {
  if (tier.checks) return runChecks(tier);
  const out = join(root, 'test-output', `${tier.name}.json`);
  rmSync(out, { force: true });
  // Two workers on two cores: the integration files wait on the database much of the time.
  const args = [jest, '--selectProjects', tier.project, '--maxWorkers=2', '--json', `--outputFile=${out}`, ...extraArgs];
  const started = Date.now();
  process.stderr.write(`\n=== ${tier.name} (budget ${tier.budgetMin} min)\n`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...tier.env },
    });
    let overBudget = false;
    const timer = setTimeout(() => {
      overBudget = true;
      process.stderr.write(`\n${tier.name}: over its ${tier.budgetMin}-minute budget, stopped\n`);
      child.kill('SIGKILL');
    }, tier.budgetMin * 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      let passed = 0;
      let failed = 0;
      try {
        const report = JSON.parse(readFileSync(out, 'utf8'));
        passed = report.numPassedTests;
        failed = report.numFailedTests + report.numRuntimeErrorTestSuites;
      } catch {
        failed = 1;
      }
      // A tier that ran no test, or broke outside a test, is a failure, never a silent pass.
      if ((code !== 0 || overBudget || passed === 0) && failed === 0) failed = 1;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stderr.write(`${tier.name}: ${passed} passed, ${failed} failed in ${seconds}s\n`);
      resolve({ passed, failed });
    });
  });
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
