#!/usr/bin/env node
// `npm run migration:generate -- <name>`: migrates a scratch database on the PostgreSQL
// server, compares it with the entities and writes the difference as a new migration
// in src/database/migrations/ (then add it to migrations/index.ts and review it).
'use strict';
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { Client } = require('pg');
const { createDataSource } = require('../dist/database/data-source');
const { entities } = require('../dist/entities');

const serverUrl = process.env.MIGRATION_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function pascal(name) {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
}

async function main() {
  const name = process.argv[2];
  if (!name || !/^[a-z0-9-]+$/.test(name)) {
    process.stderr.write('usage: npm run migration:generate -- <kebab-case-name>\n');
    process.exit(2);
  }
  const scratch = `corr_scrabble_migration_test_${process.pid}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${scratch}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${scratch}`;
  const dataSource = createDataSource({ kind: 'postgres', url: url.toString() }, entities);
  try {
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    const { upQueries, downQueries } = await dataSource.driver.createSchemaBuilder().log();
    if (upQueries.length === 0) {
      process.stdout.write('The entities match the migrations: nothing to generate.\n');
      return;
    }
    const timestamp = Date.now();
    const className = `${pascal(name)}${timestamp}`;
    const line = (q) =>
      `    await queryRunner.query(${JSON.stringify(q.query)}${q.parameters?.length ? `, ${JSON.stringify(q.parameters)}` : ''});`;
    const file = join(__dirname, '..', 'src', 'database', 'migrations', `${timestamp}-${name}.ts`);
    writeFileSync(
      file,
      `import { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
${upQueries.map(line).join('\n')}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${downQueries.reverse().map(line).join('\n')}
  }
}
`,
    );
    process.stdout.write(`Wrote ${file}\nAdd ${className} to src/database/migrations/index.ts and review it.\n`);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await admin.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error) => {
  process.stderr.write(`migration:generate failed: ${error.message}\n`);
  process.exit(1);
});
