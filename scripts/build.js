#!/usr/bin/env node
'use strict';
// `npm run build` and every script that needs dist/: tsc's build mode with its build info
// (tsconfig.build.json), so an up-to-date dist/ costs a check of timestamps, not a compile.
// tsc -b trusts dist/.tsbuildinfo and does not notice an output deleted by hand: an output
// missing for any source forces a full build, so a partial dist/ is never started.
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync } = require('node:fs');
const { join, relative } = require('node:path');

const root = join(__dirname, '..');
const src = join(root, 'src');
const dist = join(root, 'dist');

function missingOutput(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const missing = missingOutput(path);
      if (missing) return missing;
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts')) {
      const output = join(dist, relative(src, path)).replace(/\.ts$/, '.js');
      if (!existsSync(output)) return output;
    }
  }
  return undefined;
}

const missing = existsSync(join(dist, '.tsbuildinfo')) ? missingOutput(src) : undefined;
const tsc = require.resolve('typescript/bin/tsc');
const args = [tsc, '-b', join(root, 'tsconfig.build.json'), ...(missing ? ['--force'] : []), ...process.argv.slice(2)];
if (missing) process.stderr.write(`build: ${relative(root, missing)} is missing, building everything again\n`);
try {
  execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
} catch (error) {
  process.exit(typeof error.status === 'number' ? error.status : 1);
}
