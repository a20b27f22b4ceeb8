import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAppDatabase } from '../../src/app-database';
import { migrations } from '../../src/database/migrations';
import { PGLITE_TEMPLATE_DIR, pgliteTemplateMatches } from '../../src/database/pglite-template';

describe('a new embedded database from the build’s template', () => {
  let dataDir: string;

  beforeAll(() => {
    if (!pgliteTemplateMatches()) throw new Error(`no current template in ${PGLITE_TEMPLATE_DIR}: run \`npm run build\``);
  });

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'corr-scrabble-template-'));
  });

  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('opens with every migration already applied, and keeps its own rows across a restart', async () => {
    const pglite = join(dataDir, 'pglite');
    const first = await openAppDatabase({ kind: 'pglite', dataDir: pglite });
    try {
      expect(first.migrations).toEqual([]);
      const rows: { name: string }[] = await first.database.run((m) => m.query('SELECT name FROM migrations ORDER BY id'));
      expect(rows.map((r) => r.name)).toEqual(migrations.map((m) => new m().name));
      await first.database.transaction((m) =>
        m.query(`INSERT INTO platform_state (key, value, updated_at) VALUES ('mine', '"kept"'::jsonb, now())`),
      );
    } finally {
      await first.close();
    }
    expect(existsSync(join(pglite, 'PG_VERSION'))).toBe(true);

    // The second open finds a database and must not seed over it.
    const second = await openAppDatabase({ kind: 'pglite', dataDir: pglite });
    try {
      expect(second.migrations).toEqual([]);
      const kept: { value: string }[] = await second.database.run((m) => m.query(`SELECT value FROM platform_state WHERE key = 'mine'`));
      expect(kept).toEqual([{ value: 'kept' }]);
    } finally {
      await second.close();
    }
  });

  it('an in-memory database loads the template: no migration left to run, and each one is its own', async () => {
    const first = await openAppDatabase({ kind: 'pglite', dataDir: 'memory://' });
    try {
      expect(first.migrations).toEqual([]);
      await first.database.transaction((m) =>
        m.query(`INSERT INTO platform_state (key, value, updated_at) VALUES ('mine', '"kept"'::jsonb, now())`),
      );
    } finally {
      await first.close();
    }
    const second = await openAppDatabase({ kind: 'pglite', dataDir: 'memory://' });
    try {
      const rows: unknown[] = await second.database.run((m) => m.query(`SELECT value FROM platform_state WHERE key = 'mine'`));
      expect(rows).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
