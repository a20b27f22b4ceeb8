// `npm run bench:sweep` (docs/scale.md): the daily sweep over a championship's games in play,
// day after day, first over about 5,000 games (10 round-robin groups of 32, started through
// the services), then over ten times as many (the same games copied in bulk with SQL into the
// same competition). Each simulated day a share of the games changes (`--changed`, their
// version bumped as a move or a holiday would) and a smaller share has an action due
// (`--due`: their sheet dated 16 days back, so a first-move reminder falls today, with its
// mails and its transaction). Beside each day's sweep, in the same run, the baseline: the bare
// indexed SELECT of the day's games due or changed, on its own connection. The first day of
// each size is the sweep planning every game (no plan yet) and is reported apart.
// Usage: node dist/bench/sweep.bench.js [--days D] [--changed F] [--due F] [--copies N]
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server: the bench makes
// and drops a scratch database of its own there. Prints one JSON object; nothing is asserted.
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Pool } from 'pg';
import { createApp } from '../app.factory';
import { openAppDatabase } from '../app-database';
import { actorOf, UsersService } from '../auth/users.service';
import { ManualClock } from '../common/clock';
import { CompetitionSetupService } from '../competitions/competition-setup.service';
import { GroupsService } from '../competitions/groups.service';
import { RegistrationService } from '../competitions/registration.service';
import { parseSettings } from '../config/settings';
import { Database } from '../database/database';
import { CompetitionStartService } from '../games/actions/competition-start.service';
import { addDays, type LocalDate } from '../common/calendar';
import { SweepService } from '../thinking-time/sweep.service';
import { ThinkingTimeRepository, type SweptGame } from '../thinking-time/thinking-time.repository';
import {
  createScratchDatabase,
  DEFAULT_DATABASE_URL,
  numberOption,
  percentile,
  printReport,
  round,
  runBench,
  startProfile,
  tearDown,
  playersCsv,
  type Profile,
} from './bench-support';

const DAYS = numberOption('days', 10);
const CHANGED = numberOption('changed', 0.15);
const DUE = numberOption('due', 0.002);
/** The large size: the first games and this many copies of them. */
const COPIES = numberOption('copies', 9);
/** `--profile`: a V8 CPU profile of the sweeps of the measured days (first size), written to sweep-days.cpuprofile.json (one per day). */
const PROFILE = process.argv.includes('--profile');
const GROUPS = 10;
const PLAYERS = GROUPS * 32;
const TZ = 'Europe/Bucharest';
const START: LocalDate = '2027-02-01';

/** The sweep's own selection of the day's games, bare: ids only, on a connection of its own. */
const DUE_SQL = `SELECT g.id FROM game g LEFT JOIN sweep_plan p ON p.game_id = g.id
  WHERE g.competition_id = $1 AND g.status = 'playing'
    AND (p.game_id IS NULL OR p.next_on <= $2 OR p.game_version <> g.version OR p.basis <> $3)`;

interface DayFigures {
  readonly day: LocalDate;
  readonly sweepMs: number;
  readonly baselineMs: number;
  readonly gamesRead: number;
  /** The baseline's rows: the same games as the sweep read, or the two selections differ. */
  readonly baselineRows: number;
  readonly actionsDone: number;
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const scratch = await createScratchDatabase(serverUrl, 'sweep');
  const dataDir = mkdtempSync(join(tmpdir(), 'corr-scrabble-bench-'));
  const clock = new ManualClock(`${START}T08:00:00Z`);
  let app: INestApplication | undefined;
  const bare = new Pool({ connectionString: scratch.url, max: 1 });
  try {
    const settings = parseSettings({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      SECRET: 'b3f9c1e07a5d42e8916c0d4fa2b7e5c38d61f0a9e4b27c5d13a8f6e09c4d7b21',
      LOG_LEVEL: 'error',
      TZ_DEFAULT: TZ,
    });
    app = await createApp({ settings, database: await openAppDatabase(settings.database), clock });
    await app.init();
    const db = app.get(Database);
    const sweep = app.get(SweepService);

    // The games the sweep reads each run, as its repository gives them.
    const repository = app.get(ThinkingTimeRepository);
    let gamesRead = 0;
    const gamesToSweep = repository.gamesToSweep.bind(repository);
    repository.gamesToSweep = async (...args: Parameters<ThinkingTimeRepository['gamesToSweep']>): Promise<SweptGame[]> => {
      const games = await gamesToSweep(...args);
      gamesRead += games.length;
      return games;
    };

    const setupStarted = Date.now();
    const arbiter = await db.transaction(async () =>
      actorOf(
        await app!
          .get(UsersService)
          .createUser({ displayName: 'Arbitrul', roles: ['arbiter'], emails: ['arbitru@bench.example.org'], verified: true }),
      ),
    );
    const created = await app
      .get(CompetitionSetupService)
      .create(arbiter, { name: 'Bench sweep', shortName: 'SWEEP', startDate: START, closingDate: addDays(START, 364), timeZone: TZ });
    await app.get(RegistrationService).importPlayers(arbiter, created.id, playersCsv(PLAYERS, { language: 'ro' }));
    await app.get(GroupsService).makeGroups(arbiter, created.id, { count: GROUPS });
    await app.get(CompetitionStartService).start(arbiter, created.id);
    const setupSeconds = (Date.now() - setupStarted) / 1000;
    const basis = JSON.stringify(
      (
        (await bare.query(
          'SELECT closing_date::text AS c, thinking_days AS t, reminder_days AS r, escalation_days AS e, time_zone AS z FROM competition WHERE id = $1',
          [created.id],
        )) as { rows: { c: string; t: number; r: number; e: number; z: string }[] }
      ).rows.map((r) => [r.c, r.t, r.r, r.e, r.z])[0],
    );

    let day = START;
    const actionsSoFar = async () =>
      Number(
        ((await bare.query(`SELECT count(*) AS n FROM timeline_action WHERE status = 'done'`)) as { rows: { n: string }[] }).rows[0].n,
      );

    /** One simulated day: the day's changes, the baseline SELECT, then the sweep, each timed. */
    const simulateDay = async (changes: boolean, profiler: Profile | null = null): Promise<DayFigures> => {
      day = addDays(day, 1);
      if (changes) {
        // Games with an action due today: a sheet dated 16 days back owes RED's first move a reminder.
        await bare.query(
          `UPDATE game SET started_on = $2::date - 16, version = version + 1 WHERE competition_id = $1 AND status = 'playing' AND random() < $3`,
          [created.id, day, DUE],
        );
        await bare.query(`UPDATE game SET version = version + 1 WHERE competition_id = $1 AND status = 'playing' AND random() < $2`, [
          created.id,
          CHANGED,
        ]);
      }
      clock.set(`${day}T08:00:00Z`);
      const baselineStarted = process.hrtime.bigint();
      const baselineRows = (await bare.query(DUE_SQL, [created.id, day, basis])).rowCount ?? 0;
      const baselineMs = Number(process.hrtime.bigint() - baselineStarted) / 1e6;
      const before = await actionsSoFar();
      gamesRead = 0;
      await profiler?.resume();
      const started = process.hrtime.bigint();
      await sweep.runOnce();
      const sweepMs = Number(process.hrtime.bigint() - started) / 1e6;
      await profiler?.pause();
      return {
        day,
        sweepMs: round(sweepMs, 1),
        baselineMs: round(baselineMs, 2),
        gamesRead,
        baselineRows,
        actionsDone: (await actionsSoFar()) - before,
      };
    };

    const size = async () =>
      Number(
        (
          (await bare.query(`SELECT count(*) AS n FROM game WHERE competition_id = $1 AND status = 'playing'`, [created.id])) as {
            rows: { n: string }[];
          }
        ).rows[0].n,
      );
    const measure = async (profile = false) => {
      const games = await size();
      // The first day plans every game: no game has a plan yet.
      const planning = await simulateDay(false);
      const days: DayFigures[] = [];
      const profiler = profile ? await startProfile('the sweep days') : null;
      for (let i = 0; i < DAYS; i++) days.push(await simulateDay(true, profiler));
      if (profiler) await profiler.stop('sweep-days.cpuprofile.json');
      const sweeps = days.map((d) => d.sweepMs).sort((a, b) => a - b);
      const baselines = days.map((d) => d.baselineMs).sort((a, b) => a - b);
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      return {
        gamesInPlay: games,
        planningDay: planning,
        sweepMsPerDay: { mean: round(mean(sweeps), 1), median: percentile(sweeps, 0.5), worst: sweeps[sweeps.length - 1] },
        baselineMsPerDay: { mean: round(mean(baselines), 2), median: percentile(baselines, 0.5) },
        ratio: round(mean(sweeps) / mean(baselines), 1),
        gamesReadPerDay: round(mean(days.map((d) => d.gamesRead)), 0),
        actionsDonePerDay: round(mean(days.map((d) => d.actionsDone)), 1),
        days,
      };
    };

    const small = await measure(PROFILE);

    // Ten times as many games: copies of the first ones (their lines, named per game, with them), in bulk.
    const copyStarted = Date.now();
    const columns = async (table: string) =>
      (
        (await bare.query(`SELECT column_name FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position`, [
          table,
        ])) as {
          rows: { column_name: string }[];
        }
      ).rows.map((r) => `"${r.column_name}"`);
    const gameColumns = (await columns('game')).filter((c) => c !== '"id"');
    const lineColumns = (await columns('game_line')).filter((c) => c !== '"game_id"');
    await bare.query(
      `CREATE TEMP TABLE game_copy AS SELECT g.id AS source, gen_random_uuid() AS id FROM game g, generate_series(1, $2::int) WHERE g.competition_id = $1 AND g.status = 'playing'`,
      [created.id, COPIES],
    );
    await bare.query(
      `INSERT INTO game ("id", ${gameColumns.join(', ')}) SELECT c.id, ${gameColumns.map((x) => `g.${x}`).join(', ')} FROM game_copy c JOIN game g ON g.id = c.source`,
    );
    await bare.query(
      `INSERT INTO game_line ("game_id", ${lineColumns.join(', ')}) SELECT c.id, ${lineColumns.map((x) => `l.${x}`).join(', ')} FROM game_copy c JOIN game_line l ON l.game_id = c.source`,
    );
    await bare.query('ANALYZE game; ANALYZE game_line; ANALYZE sweep_plan');
    const copySeconds = (Date.now() - copyStarted) / 1000;

    const large = await measure();
    printReport({
      benchmark: 'sweep',
      when: new Date().toISOString(),
      options: { days: DAYS, changedPerDay: CHANGED, duePerDay: DUE, copies: COPIES },
      setupSeconds: round(setupSeconds, 1),
      copySeconds: round(copySeconds, 1),
      small,
      large,
    });
  } finally {
    await bare.end().catch(() => undefined);
    await tearDown(app, scratch, dataDir);
  }
}

runBench(main);
