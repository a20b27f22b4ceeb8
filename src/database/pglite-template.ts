import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DATA_DIR_LOCK_FILE } from './data-dir-lock';
import { migrations } from './migrations';

/**
 * A fresh embedded database costs PGlite's initdb (about 5 s of WebAssembly) and every migration.
 * The build prepares both once, in dist/pglite-template; a new DATA_DIR starts as a copy of it
 * (a few hundred ms). The template is used only while it matches this PGlite and this list of
 * migrations, so an upgrade or a new migration falls back to initdb until the next build.
 */
export const PGLITE_TEMPLATE_DIR = join(__dirname, '..', '..', 'dist', 'pglite-template');

interface TemplateKey {
  readonly pglite: string;
  readonly migrations: string[];
}

/** The file PostgreSQL writes first in a data directory: without it, the directory holds no database. */
const PG_VERSION = 'PG_VERSION';

function currentKey(): TemplateKey {
  // dist/index.cjs → the package's own package.json (not exported, so read from disk).
  const pglitePackage = join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(pglitePackage, 'utf8')) as { version: string };
  return { pglite: version, migrations: migrations.map((m) => m.name) };
}

function templateMatches(dir: string, key: TemplateKey): boolean {
  try {
    const kept = readFileSync(join(dir, 'template.json'), 'utf8');
    return kept === JSON.stringify(key) && existsSync(join(dir, 'data', PG_VERSION));
  } catch {
    return false;
  }
}

/**
 * Seeds an empty PGlite data directory from the template, when there is a matching one.
 * Called under the directory's lock. PG_VERSION is copied last: a copy cut short leaves a
 * directory without it, which the next start seeds again instead of opening half a database.
 */
export function seedPgliteDataDir(dataDir: string, templateDir = PGLITE_TEMPLATE_DIR): boolean {
  if (existsSync(join(dataDir, PG_VERSION))) return false;
  if (!templateMatches(templateDir, currentKey())) return false;
  const data = join(templateDir, 'data');
  mkdirSync(dataDir, { recursive: true });
  for (const entry of readdirSync(data)) {
    if (entry !== PG_VERSION) cpSync(join(data, entry), join(dataDir, entry), { recursive: true, force: true });
  }
  cpSync(join(data, PG_VERSION), join(dataDir, PG_VERSION));
  return true;
}

/**
 * Makes the template if the one in place does not match (run by scripts/build.js after tsc):
 * initdb and every migration in a scratch directory, then renamed into place.
 * Returns whether it made one.
 */
export async function preparePgliteTemplate(templateDir = PGLITE_TEMPLATE_DIR): Promise<boolean> {
  const key = currentKey();
  if (templateMatches(templateDir, key)) return false;
  // Loaded here only: the build's check above must not pay for TypeORM.
  const { openDatabase } = await import('./open-database');
  const scratch = `${templateDir}.making-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  try {
    const opened = await openDatabase({ kind: 'pglite', dataDir: join(scratch, 'data') }, [], { seed: false });
    await opened.close();
    // The lock is the running process's, not part of a database.
    rmSync(join(scratch, 'data', DATA_DIR_LOCK_FILE), { force: true });
    writeFileSync(join(scratch, 'template.json'), JSON.stringify(key));
    rmSync(templateDir, { recursive: true, force: true });
    renameSync(scratch, templateDir);
    return true;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
