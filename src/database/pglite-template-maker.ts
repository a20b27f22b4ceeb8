import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { join } from 'node:path';
import { DATA_DIR_LOCK_FILE } from './data-dir-lock';
import { openDatabase } from './open-database';
import { currentTemplateKey, PGLITE_TEMPLATE_DIR, pgliteTemplateMatches, TEMPLATE_DUMP } from './pglite-template';

/**
 * Makes the embedded database's template if the one in place does not match (scripts/build.js,
 * after tsc): initdb and every migration in a scratch directory, then renamed into place, so a
 * build cut short leaves no half template. Returns whether it made one.
 */
export async function makePgliteTemplate(templateDir = PGLITE_TEMPLATE_DIR): Promise<boolean> {
  const key = currentTemplateKey();
  if (pgliteTemplateMatches(templateDir, key)) return false;
  const scratch = `${templateDir}.making-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  try {
    const opened = await openDatabase({ kind: 'pglite', dataDir: join(scratch, 'data') }, [], { seed: false });
    await opened.close();
    // The lock is the running process's, not part of a database.
    rmSync(join(scratch, 'data', DATA_DIR_LOCK_FILE), { force: true });
    const made = await PGlite.create({ dataDir: join(scratch, 'data') });
    try {
      const dump = await made.dumpDataDir('none');
      writeFileSync(join(scratch, TEMPLATE_DUMP), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await made.close();
    }
    writeFileSync(join(scratch, 'template.json'), JSON.stringify(key));
    rmSync(templateDir, { recursive: true, force: true });
    renameSync(scratch, templateDir);
    return true;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
