// `npm run bench:championship` (docs/scale.md): a round robin of 100 players — 4,950 games
// started together (groups of 32 at most through the groups service, the games across
// groups through the games service's startGames) — played to the end with random legal moves through the games service,
// several submissions in flight as on a real server, with the daily sweep run on each of
// 100 simulated days; then the bare one-row INSERT transaction rate on the same database in
// the same run, and the ratio of the two. Prints one JSON object on stdout.
// Usage: node dist/bench/championship.bench.js [--players N] [--days D] [--concurrency C]
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server: the bench makes
// and drops a scratch database of its own there. Not a test: nothing is asserted.
import 'reflect-metadata';
import { cpus } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';
import { In } from 'typeorm';
import { createApp } from '../app.factory';
import type { UserActor } from '../auth/core/actor';
import { actorOf, UsersService } from '../auth/users.service';
import { ManualClock } from '../common/clock';
import { CompetitionSetupService } from '../competitions/competition-setup.service';
import { RegistrationService } from '../competitions/registration.service';
import { GroupsService } from '../competitions/groups.service';
import { CompetitionStartService } from '../games/actions/competition-start.service';
import { Competition } from '../competitions/competition.entity';
import { Registration } from '../competitions/registration.entity';
import { Sequence } from '../competitions/sequence.entity';
import { parseSettings } from '../config/settings';
import { Database } from '../database/database';
import { openAppDatabase } from '../app-database';
import { applyMove, replayGame, type GameState } from '../engine';
import { randomMove, seededRandom } from '../engine/testing/random-game';
import { Game } from '../games/entities/game.entity';
import { MovesService, type GamePairing } from '../games/actions/moves.service';
import { User } from '../auth/user.entity';
import { addDays, type LocalDate } from '../common/calendar';
import { SweepService } from '../thinking-time/sweep.service';
import { PhaseProfiler } from './phase-profiler';
import { sqlCeilingSampler, type CapturedMove, type CapturedStatement, type ReplayLanes, type SqlCeilingSampler } from './sql-ceiling';
import { prepared } from '../database/prepared-statements';
import {
  bareInsertRate,
  postgresCpuMicrosBetween,
  postgresCpuSample,
  connectionOf,
  createScratchDatabase,
  DEFAULT_DATABASE_URL,
  inParallel,
  numberOption,
  percentile,
  printReport,
  progressBar,
  round,
  runBench,
  storageOf,
  WalMeter,
  tearDown,
  playersCsv,
} from './bench-support';

const PLAYERS = numberOption('players', 100);
const DAYS = numberOption('days', 100);
/** Submissions in flight at once: a busy server's request handlers, under the pool of 10. */
const CONCURRENCY = numberOption('concurrency', 8);
/** Chance that a game moves on a given day: most games end within the simulated days. */
const PACE = numberOption('pace', 0.45);
/** `--profile-sweep`: a CPU profile of the sweeps only; the functions where they spend most in the report. */
const PROFILE_SWEEP = process.argv.includes('--profile-sweep');
/** `--profile-moves`: the same of the moves only. */
const PROFILE_MOVES = process.argv.includes('--profile-moves');
/** `--trace`: print the SQL statements of the 100th move on stderr. */
const TRACE = process.argv.includes('--trace');
/** `--sql-ceiling`: between the days, what the moves' own statements reach with nothing of the platform around them (sql-ceiling.ts). */
const SQL_CEILING = process.argv.includes('--sql-ceiling');
const TZ = 'Europe/Bucharest';
const START: LocalDate = '2027-02-01';

/** Counts the SQL statements TypeORM sends (the profile of a move: statements, not guesses). */
class QueryCounter {
  count = 0;
  /** When set, the statements are also kept here (`--trace`: one move's SQL, printed). */
  trace: string[] | null = null;
  /** When set, the statements with their parameters (`--sql-ceiling`: moves to replay). */
  capture: CapturedStatement[] | null = null;
  constructor(private readonly inner: TypeOrmLogger) {}
  install(database: Database): void {
    // The logger TypeORM calls is a plain object: it counts into this instance.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const counter = this;
    const inner = this.inner;
    (database.dataSource as unknown as { logger: TypeOrmLogger }).logger = {
      logQuery: (...args) => {
        counter.count++;
        counter.capture?.push({ sql: String(args[0]), parameters: [...((args[1] as unknown[] | undefined) ?? [])] });
        counter.trace?.push(
          `${String(args[0]).replace(/\s+/g, ' ').slice(0, 120)} [${JSON.stringify(args[1] ?? []).length} bytes of parameters]`,
        );
        return inner.logQuery(...args);
      },
      logQueryError: (...args) => inner.logQueryError(...args),
      logQuerySlow: (...args) => inner.logQuerySlow(...args),
      logSchemaBuild: (...args) => inner.logSchemaBuild(...args),
      logMigration: (...args) => inner.logMigration(...args),
      log: (...args) => inner.log(...args),
    };
  }
}

/** The instant a wall clock in `timeZone` shows `time` (HH:MM) on `day`. */
function instantAt(day: LocalDate, time: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  let instant = wall;
  for (let i = 0; i < 2; i++) {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(instant))
      .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
    instant += wall - Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}Z`);
  }
  return new Date(instant);
}

function cpuMicrosSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

interface Live {
  readonly game: Game;
  state: GameState;
  over: boolean;
  /** The move the bench's model chose for the game's next submission, before the timed window. */
  next?: string;
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const scratch = await createScratchDatabase(serverUrl, 'championship');
  const dataDir = mkdtempSync(join(tmpdir(), 'corr-scrabble-bench-'));
  const clock = new ManualClock(instantAt('2027-01-20', '10:00', TZ).toISOString());
  let app: INestApplication | undefined;
  const bar = progressBar('championship');
  try {
    const settings = parseSettings({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      SECRET: 'b3f9c1e07a5d42e8916c0d4fa2b7e5c38d61f0a9e4b27c5d13a8f6e09c4d7b21',
      LOG_LEVEL: 'error',
      TZ_DEFAULT: TZ,
      ...(process.env.GAME_CACHE_GAMES && { GAME_CACHE_GAMES: process.env.GAME_CACHE_GAMES }),
    });
    const opened = await openAppDatabase(settings.database);
    app = await createApp({ settings, database: opened, clock });
    await app.init();
    const db = app.get(Database);
    const counter = new QueryCounter(db.dataSource.logger);
    counter.install(db);
    const movesService = app.get(MovesService);
    const sweep = app.get(SweepService);
    const setup = app.get(CompetitionSetupService);
    const registration = app.get(RegistrationService);
    const grouping = app.get(GroupsService);
    const users = app.get(UsersService);

    // Set-up: one arbiter, the players, one group (a round robin), started.
    const setupStarted = Date.now();
    const arbiter = await db.transaction(async () =>
      actorOf(
        await users.createUser({ displayName: 'Arbitrul', roles: ['arbiter'], emails: ['arbitru@bench.example.org'], verified: true }),
      ),
    );
    const starter = app.get(CompetitionStartService);
    /** A competition of the first `players` of the bench's list in `groups` groups, started. */
    const startedCompetition = async (name: string, shortName: string, players: number, groups: number) => {
      const created = await setup.create(arbiter, { name, shortName, startDate: START, closingDate: addDays(START, 364), timeZone: TZ });
      await registration.importPlayers(arbiter, created.id, playersCsv(players));
      await grouping.makeGroups(arbiter, created.id, { count: groups });
      await starter.start(arbiter, created.id);
      return created;
    };
    // The groups service makes groups of at most 32: a larger round robin is its groups
    // started by the service, and every game between two groups added through the games
    // service's startGames (as the start does), so that each player meets every other once.
    const groupCount = Math.ceil(PLAYERS / 32);
    const created = await startedCompetition('Bench championship', 'BENCH', PLAYERS, groupCount);
    if (groupCount > 1) {
      await db.transaction(async (m) => {
        const competition = await m.findOneByOrFail(Competition, { id: created.id });
        const sequence = await m.findOneByOrFail(Sequence, { competitionId: created.id });
        const registrations = await m.find(Registration, { where: { competitionId: created.id }, order: { playerId: 'ASC' } });
        const pairings: GamePairing[] = [];
        registrations.forEach((a, i) =>
          registrations.slice(i + 1).forEach((b, j) => {
            if (a.groupId === b.groupId) return;
            const [red, blue] = (i + j) % 2 === 0 ? [a, b] : [b, a];
            pairings.push({ groupId: red.groupId!, red: red.playerId, blue: blue.playerId, round: 1000 + (pairings.length % 100) });
          }),
        );
        await movesService.startGames(m, { competition, sequence, pairings });
      });
    }
    /** A started competition's games, each at its sequence's opening, and the players who move in them. */
    const gamesOf = (competitionId: string) =>
      db.run(async (m) => {
        const list = await m.find(Game, { where: { competitionId }, order: { round: 'ASC', id: 'ASC' } });
        const { tileSet } = await m.findOneByOrFail(Competition, { id: competitionId });
        const sequence = await m.findOneByOrFail(Sequence, { competitionId });
        const people = await m.find(User, { where: { playerId: In(list.flatMap((g) => [g.redPlayerId, g.bluePlayerId])) } });
        const opening = replayGame({ tileSet, sequence: sequence.tiles }, []);
        if (!opening.ok) throw new Error('the opening position does not replay');
        return {
          list,
          live: list.map((game): Live => ({ game, state: opening.state, over: false })),
          actors: new Map<string, UserActor>(people.map((u) => [u.playerId!, actorOf(u)])),
        };
      });
    const { list, live, actors } = await gamesOf(created.id);
    // --sql-ceiling: the replays write rows into the games whose moves they replay, so those games
    // are a competition's of their own, one group of twice as many players as moves in flight,
    // taken out of the sweep once their moves are captured (below).
    const ceilingGames = SQL_CEILING
      ? await (async () => {
          const ceiling = await startedCompetition('Bench ceiling', 'CEIL', 2 * CONCURRENCY, 1);
          const games = await gamesOf(ceiling.id);
          for (const [playerId, actor] of games.actors) actors.set(playerId, actor);
          return { competitionId: ceiling.id, live: games.live.slice(0, CONCURRENCY) };
        })()
      : undefined;
    const setupSeconds = (Date.now() - setupStarted) / 1000;

    const random = seededRandom(2027);
    const latencies: number[] = [];
    let moves = 0;
    let refused = 0;
    let moveSeconds = 0;
    let moveQueries = 0;
    /** The bench's own model of each game (choosing a random legal move, applying it): the client's work, not the platform's. */
    let modelMicros = 0;

    /** The move the model chose for the player to move, through the service as a request would. */
    const playOne = async (g: Live): Promise<void> => {
      const move = g.next!;
      const color = g.state.toMove;
      const actor = actors.get(color === 'red' ? g.game.redPlayerId : g.game.bluePlayerId)!;
      const traced = TRACE && moves === 100 && counter.trace === null;
      if (traced) counter.trace = [];
      const started = process.hrtime.bigint();
      try {
        const result = /^(pas|pass)$/i.test(move)
          ? await movesService.pass(actor, g.game.id)
          : await movesService.submitMove(actor, g.game.id, { move });
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        if (traced) {
          process.stderr.write(`\nthe statements of one move (others in flight may be mixed in):\n${counter.trace!.join('\n')}\n`);
          counter.trace = [];
        }
        moves++;
        if (result.status !== 'playing') g.over = true;
      } catch (error) {
        refused++;
        g.over = true;
        g.next = undefined;
        if (refused <= 3) process.stderr.write(`\nrefused in game ${g.game.id}: ${(error as Error).message}\n`);
      }
    };

    /**
     * The bench's model (a random legal move for each game of `batch`, then the move applied to
     * its own state) runs outside the timed windows: it is the client's work, not the platform's,
     * and a real server's clients do it on their own machines (docs/scale.md, "The benchmarks").
     */
    const model = {
      choose(batch: readonly Live[]): void {
        const cpu = process.cpuUsage();
        for (const g of batch) g.next = randomMove(g.state, random, { passProbability: 0.03 });
        modelMicros += cpuMicrosSince(cpu);
      },
      apply(batch: readonly Live[]): void {
        const cpu = process.cpuUsage();
        for (const g of batch) {
          if (g.next === undefined) continue;
          const applied = applyMove(g.state, g.next);
          if (!applied.ok) throw new Error(`model refused ${g.next}: ${applied.code}`);
          g.state = applied.state;
          g.next = undefined;
        }
        modelMicros += cpuMicrosSince(cpu);
      },
    };

    let moveCpuMicros = 0;
    let moveSystemMicros = 0;
    let movePgMicros: number | null = 0;
    const scratchName = scratch.name;
    const moveProfiler = PROFILE_MOVES ? await PhaseProfiler.start() : undefined;
    const wal = await WalMeter.open(scratch.url);
    let moveWalBytes = 0;
    const timedMoves = async (batch: Live[], work: (g: Live) => Promise<void>, concurrency = CONCURRENCY) => {
      const q = counter.count;
      const walBefore = await wal.position();
      // PostgreSQL's CPU is read from /proc before Node's own is: the reading is the bench's work, not the moves'.
      const pg = postgresCpuSample(scratchName);
      await moveProfiler?.resume();
      const cpu = process.cpuUsage();
      const started = process.hrtime.bigint();
      await inParallel(batch, concurrency, work);
      moveSeconds += Number(process.hrtime.bigint() - started) / 1e9;
      const used = process.cpuUsage(cpu);
      const pgUsed = postgresCpuMicrosBetween(pg, postgresCpuSample(scratchName));
      movePgMicros = movePgMicros === null || pgUsed === null ? null : movePgMicros + pgUsed;
      await moveProfiler?.pause();
      moveWalBytes += await wal.since(walBefore);
      moveCpuMicros += used.user + used.system;
      moveSystemMicros += used.system;
      moveQueries += counter.count - q;
    };

    // The baseline is sampled through the run, between the days, so that it sees the same
    // neighbours on a shared machine as the moves do.
    const insertSamples: number[] = [];
    let insertCount = 0;
    let insertPgMicros: number | null = 0;
    let insertWalBytes = 0;
    const sampleInserts = async () => {
      const sample = await bareInsertRate(scratch.url, { concurrency: CONCURRENCY, seconds: 2 });
      insertSamples.push(sample.perSecond);
      insertCount += sample.count;
      insertWalBytes += sample.walBytes;
      insertPgMicros = insertPgMicros === null || sample.postgresCpuMicros === null ? null : insertPgMicros + sample.postgresCpuMicros;
    };
    await sampleInserts();

    // The captured statements through the platform's own unit of work too: what its stack costs around them.
    const throughStack: ReplayLanes = {
      lane: async () => ({
        transaction: (statements) =>
          db.transaction(async (m) => {
            for (const s of statements) await m.query(prepared(s.sql), [...s.parameters]);
          }),
        release: () => undefined,
      }),
      end: async () => undefined,
    };

    // --sql-ceiling: one move in each of the ceiling's games, one at a time, nothing else in
    // flight: its statements as the platform sent them, replayed between the days as the bare
    // inserts are sampled.
    const captured: CapturedMove[] = [];
    let ceiling: SqlCeilingSampler | undefined;
    if (ceilingGames) {
      const capture = async (g: Live) => {
        counter.capture = [];
        await playOne(g);
        captured.push({ gameId: g.game.id, statements: counter.capture.filter((s) => s.parameters.includes(g.game.id)) });
        counter.capture = null;
      };
      clock.set(instantAt(START, '00:01', TZ));
      model.choose(ceilingGames.live);
      await timedMoves(ceilingGames.live, capture, 1);
      // The replays write moves, mail and state into these games from now on: no one plays them
      // again, and the sweep, which reads only started competitions, never reads them.
      await db.run((m) => m.query(`UPDATE "competition" SET "status" = 'finished' WHERE "id" = $1`, [ceilingGames.competitionId]));
      ceiling = sqlCeilingSampler(scratch.url, scratch.name, captured, { seconds: 2 }, throughStack);
    }

    // The simulated days: players move just after midnight, the sweep runs at 00:05.
    const sweepSeconds: number[] = [];
    let sweepCpuMicros = 0;
    let sweepQueries = 0;
    const profiler = PROFILE_SWEEP ? await PhaseProfiler.start() : undefined;
    let playingAtSweep = 0;
    for (let d = 0; d < DAYS; d++) {
      const day = addDays(START, d);
      clock.set(instantAt(day, '00:01', TZ));
      const today = live.filter((g) => !g.over && random() < PACE);
      model.choose(today);
      await timedMoves(today, playOne);
      model.apply(today);
      clock.set(instantAt(day, '00:05', TZ));
      playingAtSweep += live.filter((g) => !g.over).length;
      const q = counter.count;
      const cpu = process.cpuUsage();
      await profiler?.resume();
      const started = process.hrtime.bigint();
      await sweep.runOnce();
      sweepSeconds.push(Number(process.hrtime.bigint() - started) / 1e9);
      await profiler?.pause();
      const used = process.cpuUsage(cpu);
      sweepCpuMicros += used.user + used.system;
      sweepQueries += counter.count - q;
      if ((d + 1) % 20 === 0) {
        await sampleInserts();
        await ceiling?.sample();
      }
      bar(d + 1, DAYS, `days · ${moves} moves · ${live.filter((g) => !g.over).length} games playing`);
    }

    // Whatever is still playing is played to the end on the next day.
    clock.set(instantAt(addDays(START, DAYS), '00:01', TZ));
    const rest = live.filter((g) => !g.over);
    for (let left = rest; left.length > 0; left = left.filter((g) => !g.over)) {
      model.choose(left);
      await timedMoves(left, playOne);
      model.apply(left);
      bar(rest.length - left.filter((g) => !g.over).length, rest.length, 'games finished after the simulated days');
    }

    await sampleInserts();
    const bareInsertsPerSecond = insertSamples.reduce((a, b) => a + b, 0) / insertSamples.length;
    const movesPerSecond = moves / moveSeconds;
    latencies.sort((a, b) => a - b);
    const sortedSweeps = [...sweepSeconds].sort((a, b) => a - b);
    // What a championship leaves on disk: the capacity figures of docs/scale.md. With
    // --sql-ceiling the replays' rows share the tables: it is a plain run's figure.
    const stored = SQL_CEILING
      ? undefined
      : await storageOf(scratch.url, ['game', 'move', 'game_line', 'outbound_mail', 'audit', 'action_receipt', 'timeline_action']);
    const heapMB = round(process.memoryUsage().heapUsed / 2 ** 20, 0);
    const gameHotShare = await wal.hotUpdateShare('game');
    // A run shorter than a sample's 20 days samples the replays once, at its end.
    if (ceiling && ceiling.windows === 0) await ceiling.sample();
    const ceilingFigures = await ceiling?.end();
    await wal.close();
    const report = {
      benchmark: 'championship',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version },
      connection: connectionOf(serverUrl),
      players: PLAYERS,
      games: list.length,
      concurrency: CONCURRENCY,
      setupSeconds: round(setupSeconds, 1),
      moves,
      refused,
      movesPerSecond: round(movesPerSecond, 1),
      submitLatencyMs: { p50: round(percentile(latencies, 0.5)), p99: round(percentile(latencies, 0.99)) },
      queriesPerMove: round(moveQueries / Math.max(1, moves), 1),
      // The platform's CPU: the process's during the moves, less the bench's own model of the games.
      nodeCpuMsPerMove: round(moveCpuMicros / 1000 / Math.max(1, moves), 2),
      nodeCpuMsPerMoveTarget: 0.6,
      kernelCpuMsPerMove: round(moveSystemMicros / 1000 / Math.max(1, moves), 2),
      benchModelCpuMsPerMove: round(modelMicros / 1000 / Math.max(1, moves), 2),
      ...(moveProfiler && { moveProfileInclusive: moveProfiler.topInclusive(40), moveProfile: await moveProfiler.top(25) }),
      // What the database's own processes spent (this machine's, from /proc): a move against a bare insert.
      postgresCpuMsPerMove: movePgMicros === null ? null : round(movePgMicros / 1000 / Math.max(1, moves), 3),
      postgresCpuMsPerBareInsert: insertPgMicros === null ? null : round(insertPgMicros / 1000 / Math.max(1, insertCount), 3),
      // What each had to make durable: the log a move writes against a bare insert's.
      walBytesPerMove: Math.round(moveWalBytes / Math.max(1, moves)),
      walBytesPerBareInsert: Math.round(insertWalBytes / Math.max(1, insertCount)),
      gameUpdatesInPlace: gameHotShare === null ? null : round(gameHotShare, 3),
      bareInsertsPerSecond: round(bareInsertsPerSecond, 1),
      bareInsertSamples: insertSamples.map((x) => Math.round(x)),
      ratio: round(movesPerSecond / bareInsertsPerSecond, 3),
      ratioTarget: 0.25,
      ...(ceilingFigures && {
        sqlCeiling: ceilingFigures,
        // The platform's moves against the least a move can write, replayed between the days of the same run (docs/scale.md).
        ratioToMinimal: round(movesPerSecond / ceilingFigures.minimal.movesPerSecond, 3),
        ratioToMinimalTarget: 0.5,
      }),
      sweep: {
        days: DAYS,
        secondsPerDay: round(sweepSeconds.reduce((a, b) => a + b, 0) / Math.max(1, DAYS), 3),
        maxSecondsPerDay: round(sortedSweeps.at(-1) ?? 0, 3),
        p50SecondsPerDay: round(percentile(sortedSweeps, 0.5), 3),
        averageGamesPlaying: Math.round(playingAtSweep / Math.max(1, DAYS)),
        nodeCpuSecondsPerDay: round(sweepCpuMicros / 1e6 / Math.max(1, DAYS), 3),
        queriesPerDay: Math.round(sweepQueries / Math.max(1, DAYS)),
        ...(profiler && { profile: await profiler.top(12) }),
        targetSecondsPerDay: 2,
      },
      // The platform's and the bench's heap after the run, with the games' committed state kept for their next action.
      nodeHeapMB: heapMB,
      gameCacheGames: settings.gameCacheGames,
      ...(stored && {
        storage: {
          databaseMB: round(stored.databaseBytes / 2 ** 20, 1),
          rows: Object.fromEntries(Object.entries(stored.tables).map(([t, v]) => [t, v.rows])),
          bytesPerRow: Object.fromEntries(Object.entries(stored.tables).map(([t, v]) => [t, v.rows ? round(v.bytes / v.rows, 0) : null])),
          // Everything the games wrote (games, lines, moves, mail, audit, receipts, the sweep's actions) over the moves played.
          bytesPerMove: round(Object.values(stored.tables).reduce((a, v) => a + v.bytes, 0) / Math.max(1, moves), 0),
        },
      }),
      sharedMachine: 'other processes may compete for the CPU: compare the ratio, not the absolute figures',
    };
    printReport(report);
  } finally {
    await tearDown(app, scratch, dataDir);
  }
}

runBench(main);
