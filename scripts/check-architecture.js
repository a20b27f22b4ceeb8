#!/usr/bin/env node
// The shape of the tree, checked in `npm test` (the lint tier), so the layering is a rule of the
// build and not of memory (docs/architecture.md). dependency-cruiser reads every import of src/
// against .dependency-cruiser.cjs (no file cycle, no I/O or clock in pure code, no repository
// from delivery code); then this script checks the folder graph: two feature folders that import
// each other both ways are a defect. The pairs that still do are listed in
// scripts/architecture-known-pairs.json, to be burnt down: a new pair fails, and so does a listed
// pair that is gone but still listed (remove it, so it cannot come back unnoticed).
'use strict';
const { execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const cli = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

function cruise() {
  const out = execFileSync(process.execPath, [cli, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
    cwd: root,
    maxBuffer: 256 * 1024 * 1024,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out);
}

/**
 * The node of the folder graph a file belongs to: its top-level folder of src/ (`src/games/x.ts`
 * → games; `src/main.ts` → main), except that a feature's pure core (`<feature>/core/`, and the
 * game engine) is a node of its own: it sits below every feature, so a feature may lean on another
 * feature's rules without leaning on its services.
 */
function folderOf(path) {
  const parts = path.split('/');
  if (parts.length > 3 && (parts[2] === 'core' || (parts[1] === 'games' && parts[2] === 'engine'))) return `${parts[1]}/${parts[2]}`;
  return parts.length > 2 ? parts[1] : parts[1].replace(/\.ts$/, '');
}

/** Feature folder pairs "a <-> b" (a < b) where a imports b and b imports a, with a sample import each way. */
function twoWayPairs(modules) {
  const edges = new Map();
  for (const m of modules) {
    if (!m.source.startsWith('src/')) continue;
    for (const d of m.dependencies) {
      if (!d.resolved || !d.resolved.startsWith('src/')) continue;
      const a = folderOf(m.source);
      const b = folderOf(d.resolved);
      if (a === b) continue;
      const key = `${a}>${b}`;
      if (!edges.has(key)) edges.set(key, `${m.source} → ${d.resolved}`);
    }
  }
  const pairs = new Map();
  for (const [key, sample] of edges) {
    const [a, b] = key.split('>');
    if (a < b && edges.has(`${b}>${a}`)) pairs.set(`${a} <-> ${b}`, [sample, edges.get(`${b}>${a}`)]);
  }
  return pairs;
}

function main() {
  let result;
  try {
    result = cruise();
  } catch {
    process.stderr.write('architecture: dependency-cruiser could not read the tree (its message is above)\n');
    process.exitCode = 1;
    return;
  }
  const problems = [];
  for (const v of result.summary.violations) {
    const via = v.cycle ? ` (cycle: ${v.cycle.map((c) => c.name).join(' → ')})` : '';
    problems.push(`${v.rule.name}: ${v.from} → ${v.to}${via}`);
  }
  const known = new Set(JSON.parse(readFileSync(join(__dirname, 'architecture-known-pairs.json'), 'utf8')).pairs);
  const pairs = twoWayPairs(result.modules);
  for (const [pair, [ab, ba]] of pairs) {
    if (!known.has(pair)) problems.push(`two-way folders: ${pair} (new): ${ab} and ${ba}`);
  }
  for (const pair of known) {
    if (!pairs.has(pair))
      problems.push(`two-way folders: ${pair} no longer imports both ways: remove it from scripts/architecture-known-pairs.json`);
  }
  const modules = result.summary.totalCruised;
  if (problems.length) {
    process.stderr.write(
      `architecture: ${problems.length} problem(s) in ${modules} modules\n${problems.map((p) => `  ${p}`).join('\n')}\n`,
    );
    process.exitCode = 1;
    return;
  }
  process.stdout.write(
    `architecture: ${modules} modules, no cycle, pure code free of I/O, ${pairs.size} two-way folder pairs left (all known)\n`,
  );
}

main();
