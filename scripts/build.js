#!/usr/bin/env node
'use strict';
// `npm run build`, `npm start` and every script that needs dist/. An up-to-date dist/ costs one
// walk of src/ (no compiler): every source has its output, none is newer than tsc's build
// info (dist/.tsbuildinfo) and that build reported no error. Otherwise tsc's build mode (tsconfig.build.json) compiles what
// changed; it trusts its build info and would not notice an output deleted by hand, so a missing
// output forces a full build and a partial dist/ is never started.
// Then the embedded database's template (src/database/pglite-template.ts), made again only when
// PGlite or the migrations change: without it a new DATA_DIR still starts, by initdb.
const { execFileSync } = require('node:child_process');
const { existsSync, readFileSync, readdirSync, statSync } = require('node:fs');
const { join, relative } = require('node:path');

const root = join(__dirname, '..');
const src = join(root, 'src');
const dist = join(root, 'dist');
const buildInfo = join(dist, '.tsbuildinfo');

/** The newest source or config mtime, and the first source whose output is missing. */
function survey() {
  let newest = Math.max(statSync(join(root, 'tsconfig.json')).mtimeMs, statSync(join(root, 'tsconfig.build.json')).mtimeMs);
  let missing;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts')) {
        newest = Math.max(newest, statSync(path).mtimeMs);
        const output = join(dist, relative(src, path)).replace(/\.ts$/, '.js');
        if (!missing && !existsSync(output)) missing = output;
      }
    }
  };
  walk(src);
  return { newest, missing };
}

/**
 * Whether the last build left something to report or to emit: tsc then writes these keys in its
 * build info, and a build with type errors must fail every time, as before, not only the first.
 */
function leftUnfinished() {
  const info = JSON.parse(readFileSync(buildInfo, 'utf8'));
  return [
    'errors',
    'semanticDiagnosticsPerFile',
    'emitDiagnosticsPerFile',
    'affectedFilesPendingEmit',
    'changeFileSet',
    'checkPending',
  ].some((key) => key in info);
}

const built = existsSync(buildInfo) ? statSync(buildInfo).mtimeMs : undefined;
const { newest, missing } = survey();
if (built === undefined || missing || newest > built || leftUnfinished()) {
  const force = built !== undefined && missing !== undefined;
  if (force) process.stderr.write(`build: ${relative(root, missing)} is missing, building everything again\n`);
  const tsc = require.resolve('typescript/bin/tsc');
  try {
    execFileSync(
      process.execPath,
      [tsc, '-b', join(root, 'tsconfig.build.json'), ...(force ? ['--force'] : []), ...process.argv.slice(2)],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
  } catch (error) {
    process.exit(typeof error.status === 'number' ? error.status : 1);
  }
}

// The check reads two small files; TypeORM and PGlite are loaded only to make a template.
if (!require(join(dist, 'database', 'pglite-template.js')).pgliteTemplateMatches()) {
  require(join(dist, 'database', 'pglite-template-maker.js'))
    .makePgliteTemplate()
    .then((made) => {
      if (made) process.stderr.write('build: prepared the embedded database template in dist/pglite-template\n');
    })
    .catch((error) => {
      process.stderr.write(`build: no embedded database template (a new DATA_DIR starts by initdb): ${error.message}\n`);
    });
}
