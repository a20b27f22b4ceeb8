import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { migrations } from './migrations';

/**
 * A fresh embedded database costs PGlite's initdb (about 5 s of WebAssembly) and every migration.
 * The build prepares both once, in dist/pglite-template (pglite-template-maker.ts); a new DATA_DIR starts as a copy of it
 * (a few hundred ms). The template is used only while it matches this PGlite and this list of
 * migrations, so an upgrade or a new migration falls back to initdb until the next build.
 */
export const PGLITE_TEMPLATE_DIR = join(__dirname, '..', '..', 'dist', 'pglite-template');

export interface TemplateKey {
  readonly pglite: string;
  readonly migrations: string[];
}

/** The file PostgreSQL writes first in a data directory: without it, the directory holds no database. */
const PG_VERSION = 'PG_VERSION';
/** The same database as one tar file, which an in-memory PGlite loads instead of running initdb. */
export const TEMPLATE_DUMP = 'data.tar';

export function currentTemplateKey(): TemplateKey {
  // dist/index.cjs → the package's own package.json (not exported, so read from disk).
  const pglitePackage = join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(pglitePackage, 'utf8')) as { version: string };
  return { pglite: version, migrations: migrations.map((m) => m.name) };
}

/** Whether `dir` holds a whole template made for this PGlite and these migrations (the build's cheap check). */
export function pgliteTemplateMatches(dir = PGLITE_TEMPLATE_DIR, key = currentTemplateKey()): boolean {
  try {
    const kept = readFileSync(join(dir, 'template.json'), 'utf8');
    return kept === JSON.stringify(key) && existsSync(join(dir, 'data', PG_VERSION)) && existsSync(join(dir, TEMPLATE_DUMP));
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
  if (!pgliteTemplateMatches(templateDir)) return false;
  const data = join(templateDir, 'data');
  mkdirSync(dataDir, { recursive: true });
  for (const entry of readdirSync(data)) {
    if (entry !== PG_VERSION) cpSync(join(data, entry), join(dataDir, entry), { recursive: true, force: true });
  }
  cpSync(join(data, PG_VERSION), join(dataDir, PG_VERSION));
  return true;
}

let dumpRead: { dir: string; bytes: Buffer } | undefined;

/**
 * The template as a dump for an in-memory database (`memory://`: the tests' databases, a
 * rehearsal), or undefined without a matching template. Read once per process: a test file
 * opens several databases.
 */
export function pgliteTemplateDump(templateDir = PGLITE_TEMPLATE_DIR): Blob | undefined {
  if (!pgliteTemplateMatches(templateDir)) return undefined;
  if (dumpRead?.dir !== templateDir) dumpRead = { dir: templateDir, bytes: readFileSync(join(templateDir, TEMPLATE_DUMP)) };
  return new Blob([dumpRead.bytes]);
}
