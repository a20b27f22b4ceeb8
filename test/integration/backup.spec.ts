import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { INestApplication } from '@nestjs/common';
import { createApp } from '../../src/app.factory';
import { runCli } from '../../src/cli';
import { ManualClock } from '../../src/common/clock';
import { Database } from '../../src/database/database';
import { openAppDatabase } from '../../src/app-database';
import { MovesService } from '../../src/games/actions/moves.service';
import { Game } from '../../src/games/entities/game.entity';
import { Move } from '../../src/games/entities/move.entity';
import { nextRandomMove, playerOf, seededRandom, startChampionship } from '../support/games';
import { testSettings, startTestApp } from '../support/test-app';
import { assertTestDatabaseName, connectAdmin, databaseUrl, TEST_DATABASE_PREFIX, TEST_DB } from '../support/test-database';

/** A few games with moves in them: what a backup must carry. */
async function playSomeGames(app: INestApplication): Promise<{ games: number; moves: number }> {
  const ch = await startChampionship(app, { players: 4 });
  const movesService = app.get(MovesService);
  const random = seededRandom(8);
  for (const game of ch.games) {
    const history: string[] = [];
    for (let i = 0; i < 6; i++) {
      const move = nextRandomMove(ch, history, random);
      const color = history.length % 2 === 0 ? 'red' : 'blue';
      const actor = playerOf(ch, game, color);
      await (move === 'PAS' || move === 'pass' ? movesService.pass(actor, game.id) : movesService.submitMove(actor, game.id, { move }));
      history.push(move);
    }
  }
  return app.get(Database).run(async (m) => ({ games: await m.count(Game, {}), moves: await m.count(Move, {}) }));
}

/** `check` through the CLI, in this process, on the database `env` names. */
async function check(
  env: Record<string, string>,
): Promise<{ status: number; report: { games: number; moves: number; problems: unknown[] }; err: string }> {
  let out = '';
  let err = '';
  const status = await runCli(['check'], {
    stdin: Readable.from([]),
    out: (s) => (out += s),
    err: (s) => (err += s),
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
  });
  return { status, report: JSON.parse(out.trim()), err };
}

function run(command: string, args: readonly string[], input?: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    if (input) input.pipe(child.stdin!);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(stderr) : reject(new Error(`${command} exited ${code}: ${stderr}`))));
  });
}

/**
 * The backup procedures of docs/operations.md (Backups), done as the guide says: on
 * PostgreSQL `pg_dump` restored with `psql` into a new database; on the embedded database
 * the directory copied while the platform is stopped. The copy then passes `check`.
 */
describe(`backup and restore (${TEST_DB})`, () => {
  if (TEST_DB === 'postgres') {
    it('restores a pg_dump into a new database that `check` finds clean, with every game and move', async () => {
      const t = await startTestApp({ clock: new ManualClock('2027-02-01T09:00:00Z') });
      const name = `${TEST_DATABASE_PREFIX}f_${process.env.CORR_SCRABBLE_TEST_RUN}_restore_${randomBytes(4).toString('hex')}`;
      assertTestDatabaseName(name);
      const admin = await connectAdmin();
      try {
        const played = await playSomeGames(t.app);
        const source = (t.settings.database as { url: string }).url;
        // The platform keeps running while it is dumped: pg_dump reads one consistent snapshot.
        // To a file, as the guide does, so that a failed dump fails here with its own words.
        const file = join(mkdtempSync(join(tmpdir(), 'dump-')), 'corr-scrabble.sql');
        await run('pg_dump', ['--no-owner', '--no-privileges', '--file', file, '--dbname', source]);
        await admin.query(`CREATE DATABASE "${name}"`);
        await run('psql', ['--quiet', '--set', 'ON_ERROR_STOP=1', '--file', file, '--dbname', databaseUrl(name)]);

        const restored = await check({ DATABASE_URL: databaseUrl(name), DATA_DIR: mkdtempSync(join(tmpdir(), 'restore-')) });
        expect(restored).toMatchObject({ status: 0, err: '' });
        expect(restored.report).toMatchObject({ games: played.games, moves: played.moves, problems: [] });
        // Opening the copy finds its schema complete: no migration is left to run.
        const opened = await openAppDatabase({ kind: 'postgres', url: databaseUrl(name) });
        expect(opened.migrations).toEqual([]);
        await opened.close();
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
        await t.close();
      }
    });
  } else {
    it('copies the embedded directory of a stopped platform to one that `check` finds clean, with every game and move', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'backup-pglite-'));
      try {
        const dataDir = join(dir, 'live');
        const database = { kind: 'pglite' as const, dataDir: join(dataDir, 'pglite') };
        const opened = await openAppDatabase(database);
        const app = await createApp({
          settings: { ...testSettings(), dataDir, database },
          database: opened,
          clock: new ManualClock('2027-02-01T09:00:00Z'),
        });
        await app.init();
        const played = await playSomeGames(app);
        // Stop, then copy: the directory is only consistent with no process writing it.
        await app.close();
        expect(existsSync(join(database.dataDir, 'corr-scrabble.lock'))).toBe(false);
        cpSync(dataDir, join(dir, 'copy'), { recursive: true });

        const restored = await check({ DATA_DIR: join(dir, 'copy') });
        expect(restored).toMatchObject({ status: 0, err: '' });
        expect(restored.report).toEqual({ games: played.games, moves: played.moves, problems: [] });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
