// Each table is written by one repository, its owner (docs/architecture.md "Who writes each
// table"): every other feature changes it by calling that repository. The check reads the
// source of every `*.repository.ts`: TypeORM writes naming an entity (insert, update, delete,
// save, upsert, increment, the deferred and batched inserts of database/insert-rows.ts, the
// query builder's insert, update and delete) and raw INSERT, UPDATE and DELETE statements.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { filesUnder } from './common/testing/source-files';

const SRC = join(__dirname);

/**
 * The tables still written by more than one repository, each with every writer it has. An
 * entry must list its writers exactly: a new writer, or one gone, fails the check.
 */
const SHARED_TABLES: Record<string, { writers: readonly string[]; why: string }> = {
  // The outbox: the features write its rows through notifications/ in their own transactions;
  // the sender (mail/) marks them sent, digested or failed. Two layers, one row each.
  outbound_mail: {
    writers: ['notifications/outbox.repository.ts', 'mail/outbox/outbound-delivery.repository.ts'],
    why: 'written below every feature, sent above them',
  },
  // A player's language is set with their user's (login-links.service.ts): auth sits below
  // competitions, whose players repository owns the row, so it cannot call it.
  player: {
    writers: ['competitions/players.repository.ts', 'auth/user.repository.ts'],
    why: "the user's language, written by auth",
  },
  // A key-value table of database/: each key is one feature's (the rehearsal clock's offset, each
  // mailbox's cursor), written only by that feature's repository.
  platform_state: {
    writers: ['rehearsal/rehearsal-clock.repository.ts', 'mail/inbound-mail.repository.ts'],
    why: 'one owner per key',
  },
};

/** Source without comments (a comment may name a table it does not write). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** Entity class → table, from the `@Entity('table')` of every entity file. */
export function entityTables(root = SRC): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of filesUnder(root, '.entity.ts')) {
    for (const m of withoutComments(readFileSync(file, 'utf8')).matchAll(/@Entity\(\s*'([a-z_]+)'[^)]*\)[\s\S]*?export\s+class\s+(\w+)/g))
      tables.set(m[2], m[1]);
  }
  return tables;
}

const ENTITY_WRITES = [
  /\.(?:insert|update|delete|save|upsert|increment|decrement|softDelete|restore|clear)\(\s*([A-Z]\w*)\s*[,)]/g,
  /\b(?:insertRows|deferRows|deferUpdate)\(\s*[\w.]+\s*,\s*([A-Z]\w*)/g,
  /\.into\(\s*([A-Z]\w*)/g,
  /\.delete\(\)\s*\.from\(\s*([A-Z]\w*)/g,
  /getRepository\(\s*([A-Z]\w*)\s*\)\s*\.(?:insert|update|delete|save|upsert|increment|decrement)\(/g,
];
const SQL_WRITES = [/\bINSERT\s+INTO\s+"?([a-z_]+)"?/g, /\bUPDATE\s+"?([a-z_]+)"?\s+SET\b/g, /\bDELETE\s+FROM\s+"?([a-z_]+)"?/g];

/** The tables a repository's source writes. */
export function tablesWritten(text: string, tables: ReadonlyMap<string, string>): Set<string> {
  const source = withoutComments(text);
  const written = new Set<string>();
  for (const pattern of ENTITY_WRITES) {
    for (const m of source.matchAll(pattern)) {
      const table = tables.get(m[1]);
      if (table) written.add(table);
    }
  }
  for (const pattern of SQL_WRITES) for (const m of source.matchAll(pattern)) written.add(m[1]);
  return written;
}

/** Table → the repositories (paths under src/) that write it. */
export function writersByTable(root = SRC): Map<string, string[]> {
  const tables = entityTables(root);
  const writers = new Map<string, string[]>();
  for (const file of filesUnder(root, '.repository.ts').sort()) {
    for (const table of tablesWritten(readFileSync(file, 'utf8'), tables)) {
      writers.set(table, [...(writers.get(table) ?? []), relative(root, file)]);
    }
  }
  return writers;
}

describe('one writer per table', () => {
  it('reads the writes a repository makes, in each form the code uses', () => {
    const tables = new Map([
      ['Game', 'game'],
      ['Offer', 'offer'],
      ['Case', 'arbiter_case'],
      ['Move', 'move'],
    ]);
    const source = `
      await this.m.update(Game, { id }, { version });
      await insertRows(this.m, Offer, offer);
      await this.m.createQueryBuilder().insert().into(Case).values(row).execute();
      // await this.m.delete(Move, { id }); a comment writes nothing
      const found = await this.m.findOneBy(Move, { id });
      await this.m.query('UPDATE "sweep_plan" SET "next_on" = $1', [day]);
      await this.m.query('INSERT INTO "web_session" (a) VALUES ($1) ON CONFLICT (a) DO UPDATE SET a = 1', [a]);
      await this.m.query('SELECT 1 FROM "game" WHERE "id" = $1 FOR UPDATE', [id]);`;
    expect([...tablesWritten(source, tables)].sort()).toEqual(['arbiter_case', 'game', 'offer', 'sweep_plan', 'web_session']);
  });

  it('finds each table written by one repository, its owner', () => {
    const writers = writersByTable();
    expect(writers.get('game')).toEqual(['games/persistence/game.repository.ts']);
    const shared = Object.fromEntries(
      [...writers].filter(([table, files]) => files.length > 1 || table in SHARED_TABLES).map(([table, files]) => [table, files]),
    );
    const allowed = Object.fromEntries(Object.entries(SHARED_TABLES).map(([table, { writers }]) => [table, [...writers].sort()]));
    expect(shared).toEqual(allowed);
  });
});
