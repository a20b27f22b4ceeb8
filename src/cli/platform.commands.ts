import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonLine } from './command';
import { withDatabase } from './database-command';
import { defineCommand } from './define-command';

export const versionCommand = defineCommand({
  name: 'version',
  usage: 'version',
  summary: 'the platform version and the Node.js it runs on',
  async run(_args, io) {
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
    io.out(jsonLine({ name: 'corr-scrabble', version: pkg.version, node: process.version }));
  },
});

export const migrateCommand = defineCommand({
  name: 'migrate',
  usage: 'migrate',
  summary: 'apply pending database migrations (the platform also does it at start)',
  async run(_args, io) {
    // Printed once the database is closed: what was applied, for good.
    const applied = await withDatabase(io, async (_db, migrations) => migrations);
    io.out(jsonLine({ applied }));
  },
});
