#!/usr/bin/env node
// The shape of the tree, checked in `npm test` (the lint tier), so the layering is a rule of the
// build and not of memory (docs/architecture.md). dependency-cruiser reads every import of src/
// against .dependency-cruiser.cjs (no file cycle, no I/O or clock in pure code, no repository
// from delivery code, mail's adapters among it: its DELIVERY); then this script checks the folder
// graph: it must be a DAG. Two folders that import each other both ways, or any longer loop of
// folders, is a defect, printed with one import of each edge so the fix starts from a file.
'use strict';
const { execFileSync } = require('node:child_process');
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
 * → games; `src/main.ts` → main), except that a feature's pure core (`<feature>/core/`) is a node
 * of its own: it sits below every feature, so a feature may lean on another feature's rules
 * without leaning on its services. The game engine is a top-level folder (`src/engine/`) already.
 */
function folderOf(path) {
  const parts = path.split('/');
  if (parts.length > 3 && parts[2] === 'core') return `${parts[1]}/${parts[2]}`;
  return parts.length > 2 ? parts[1] : parts[1].replace(/\.ts$/, '');
}

/** The folder graph: for each edge "a>b" (a imports b), one sample import. */
function folderEdges(modules) {
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
  return edges;
}

/** The folders that sit on a loop, one group per loop (Tarjan's strongly connected components of more than one folder). */
function folderLoops(edges) {
  const next = new Map();
  for (const key of edges.keys()) {
    const [a, b] = key.split('>');
    if (!next.has(a)) next.set(a, []);
    next.get(a).push(b);
  }
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const loops = [];
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) loops.push(component.sort());
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return loops;
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
  const edges = folderEdges(result.modules);
  const loops = folderLoops(edges);
  for (const loop of loops) {
    const inside = [...edges].filter(([key]) => key.split('>').every((f) => loop.includes(f)));
    problems.push(
      `folders importing in a loop: ${loop.join(', ')}\n${inside.map(([key, sample]) => `      ${key.replace('>', ' → ')}: ${sample}`).join('\n')}`,
    );
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
    `architecture: ${modules} modules, no file cycle, pure code free of I/O, the folder graph a DAG (${new Set([...edges.keys()].flatMap((k) => k.split('>'))).size} folders, ${edges.size} edges)\n`,
  );
}

main();
