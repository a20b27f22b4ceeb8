import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, jsonLine } from './command';
import { withDatabase } from './database-command';

export const versionCommand: Command = {
  name: 'version',
  usage: 'version',
  summary: 'the platform version and the Node.js it runs on',
  async run(io) {
    const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
    io.out(jsonLine({ name: 'corr-scrabble', version: pkg.version, node: process.version }));
    return 0;
  },
};

export const migrateCommand: Command = {
  name: 'migrate',
  usage: 'migrate',
  summary: 'apply pending database migrations (the platform also does it at start)',
  async run(io) {
    const applied = await withDatabase(io, async (_db, migrations) => migrations);
    io.out(jsonLine({ applied }));
    return 0;
  },
};
