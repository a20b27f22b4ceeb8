// `npm run bench:web` (docs/scale.md): a logged-in player's game page and its move preview
// under 50 concurrent clients for 20 s each (autocannon, in a child process of its own:
// load-generator.ts), against the whole application listening on a loopback port; the
// baseline is `/health` measured the same way in the same run. Prints one JSON object: p50/p99 latency and requests per second of each.
// Usage: node dist/bench/web.bench.js [--connections N] [--duration S] [--moves N] [--only health|page|preview]
// PostgreSQL from DATABASE_URL, as bench:championship. Not a test: nothing is asserted.
import 'reflect-metadata';
import { cpus, tmpdir } from 'node:os';
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { In } from 'typeorm';
import { createApp } from '../app.factory';
import { LoginLinks } from '../auth/login-links.service';
import { User } from '../auth/user.entity';
import { actorOf, UsersService } from '../auth/users.service';
import { ManualClock } from '../common/clock';
import { CompetitionSetupService } from '../competitions/competition-setup.service';
import { RegistrationService } from '../competitions/registration.service';
import { GroupsService } from '../competitions/groups.service';
import { CompetitionStartService } from '../games/actions/competition-start.service';
import { PlayerEmail } from '../players/player-email.entity';
import { Sequence } from '../competitions/sequence.entity';
import { parseSettings } from '../config/settings';
import { Database } from '../database/database';
import { openAppDatabase } from '../app-database';
import { applyMove, replayGame } from '../engine';
import { randomMove, seededRandom } from '../engine/testing/random-game';
import { Game } from '../games/entities/game.entity';
import { MovesService } from '../games/actions/moves.service';
import { createScratchDatabase, DEFAULT_DATABASE_URL, numberOption, printReport, round, runBench, tearDown } from './bench-support';
import type { LoadJob, LoadSummary } from './load-generator';

const CONNECTIONS = numberOption('connections', 50);
const DURATION = numberOption('duration', 20);
/** Moves played before measuring: a game page in mid-game, with its history and clocks. */
const MOVES = numberOption('moves', 20);
const ONLY = ((i) => (i >= 0 ? process.argv[i + 1] : undefined))(process.argv.indexOf('--only'));

/** Cookies as a browser keeps them: the last value of each name. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  get header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Logs in through the login link's own page and form, as a player does; returns the session's cookies. */
async function logIn(base: string, link: string): Promise<string> {
  const jar = new CookieJar();
  const path = new URL(link).pathname;
  const form = await fetch(`${base}${path}`, { redirect: 'manual' });
  jar.take(form);
  const html = await form.text();
  const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!csrf) throw new Error(`no CSRF field on the login page (${form.status})`);
  const done = await fetch(`${base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header },
    body: new URLSearchParams({ _csrf: csrf, next: '/' }).toString(),
  });
  if (done.status !== 303) throw new Error(`login answered ${done.status}: ${(await done.text()).slice(0, 300)}`);
  jar.take(done);
  return jar.header;
}

/** With the server's own CPU a request (user + system of this process, the load generator being another). */
type Measured = LoadSummary & { readonly serverCpuMsPerRequest: number };

/** Runs autocannon in a child node process, so the server under test has this process to itself. */
function loadFromChild(job: LoadJob): Promise<LoadSummary> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(__dirname, 'load-generator.js'), JSON.stringify(job)],
      { maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`load generator failed: ${stderr || error.message}`));
        resolve(JSON.parse(stdout) as LoadSummary);
      },
    );
  });
}

async function measure(url: string, cookie?: string): Promise<Measured> {
  // Each request checked once before the load: a redirect to /login would measure the wrong page.
  const probe = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  if (probe.status !== 200) throw new Error(`${url} answered ${probe.status}`);
  const cpu = process.cpuUsage();
  const result = await loadFromChild({ url, connections: CONNECTIONS, duration: DURATION, headers: cookie ? { cookie } : {} });
  const used = process.cpuUsage(cpu);
  const serverCpuMsPerRequest = round((used.user + used.system) / 1000 / Math.max(1, result.requests), 3);
  return { ...result, requestsPerSecond: round(result.requestsPerSecond, 1), serverCpuMsPerRequest };
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  const scratch = await createScratchDatabase(serverUrl, 'web');
  const dataDir = mkdtempSync(join(tmpdir(), 'corr-scrabble-bench-'));
  let app: INestApplication | undefined;
  try {
    const clock = new ManualClock('2027-02-01T09:00:00Z');
    const settings = parseSettings({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch.url,
      SECRET: 'b3f9c1e07a5d42e8916c0d4fa2b7e5c38d61f0a9e4b27c5d13a8f6e09c4d7b21',
      LOG_LEVEL: 'error',
      PUBLIC_URL: 'http://127.0.0.1',
    });
    const opened = await openAppDatabase(settings.database);
    app = await createApp({ settings, database: opened, clock });
    await app.listen(0, '127.0.0.1');
    const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const db = app.get(Database);

    // One game of a two-player competition, some moves into it.
    const users = app.get(UsersService);
    const setup = app.get(CompetitionSetupService);
    const registration = app.get(RegistrationService);
    const grouping = app.get(GroupsService);
    const arbiter = await db.transaction(async () =>
      actorOf(
        await users.createUser({ displayName: 'Arbitrul', roles: ['arbiter'], emails: ['arbitru@bench.example.org'], verified: true }),
      ),
    );
    const created = await setup.create(arbiter, {
      name: 'Bench on the web',
      shortName: 'WEB',
      startDate: '2027-02-01',
      closingDate: '2027-12-31',
    });
    await registration.importPlayers(
      arbiter,
      created.id,
      'name,email,club,language,previous_coefficient,previous_rank\nAna Popescu,ana@bench.example.org,,ro,,\nIon Ionescu,ion@bench.example.org,,ro,,\n',
    );
    await grouping.makeGroups(arbiter, created.id, { count: 1 });
    await app.get(CompetitionStartService).start(arbiter, created.id);
    const { game, sequence, actors, redAddress } = await db.run(async (m) => {
      const game = await m.findOneByOrFail(Game, { competitionId: created.id });
      const sequence = await m.findOneByOrFail(Sequence, { competitionId: created.id });
      const people = await m.find(User, { where: { playerId: In([game.redPlayerId, game.bluePlayerId]) } });
      const red = await m.findOneByOrFail(PlayerEmail, { playerId: game.redPlayerId });
      return { game, sequence, actors: new Map(people.map((u) => [u.playerId!, actorOf(u)])), redAddress: red.address };
    });
    const movesService = app.get(MovesService);
    const opening = replayGame({ tileSet: 'ro', sequence: sequence.tiles }, []);
    if (!opening.ok) throw new Error('the opening does not replay');
    let state = opening.state;
    const random = seededRandom(5);
    for (let i = 0; i < MOVES && !state.over; i++) {
      const move = randomMove(state, random, { passProbability: 0 });
      const actor = actors.get(state.toMove === 'red' ? game.redPlayerId : game.bluePlayerId)!;
      const result = await movesService.submitMove(actor, game.id, { move });
      const applied = applyMove(state, move);
      if (!applied.ok) throw new Error(`model refused ${move}`);
      state = applied.state;
      if (result.status !== 'playing') break;
    }
    // A move the player to move could send now, for the preview.
    const candidate = randomMove(state, random, { passProbability: 0 });
    const mover = state.toMove === 'red' ? game.redPlayerId : game.bluePlayerId;
    const moverAddress =
      mover === game.redPlayerId ? redAddress : (await db.run((m) => m.findOneByOrFail(PlayerEmail, { playerId: mover }))).address;
    const { url: link } = await app.get(LoginLinks).linkForCli(moverAddress);
    const cookie = await logIn(base, link);
    // What each view sends: the bytes are a good part of a page's cost (the socket's writes).
    const pageBytes = (await (await fetch(`${base}/games/${game.id}`, { headers: { cookie } })).arrayBuffer()).byteLength;

    // --only page (or health, preview): one measurement, e.g. under `node --cpu-prof`; the others read as zero.
    const skipped: Measured = { p50Ms: 0, p99Ms: 0, requestsPerSecond: 0, requests: 0, errors: 0, non2xx: 0, serverCpuMsPerRequest: 0 };
    const wanted = (name: string) => ONLY === undefined || ONLY === name;
    const health = wanted('health') ? await measure(`${base}/health`) : skipped;
    const page = wanted('page') ? await measure(`${base}/games/${game.id}`, cookie) : skipped;
    const preview = wanted('preview')
      ? await measure(`${base}/games/${game.id}/preview?notation=${encodeURIComponent(candidate)}`, cookie)
      : skipped;
    const report = {
      benchmark: 'web',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', node: process.version },
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      movesPlayed: state.movesPlayed,
      health,
      gamePage: { ...page, bytes: pageBytes, ratioToHealth: round(page.requestsPerSecond / (health.requestsPerSecond || NaN), 3) },
      preview: { ...preview, notation: candidate, ratioToHealth: round(preview.requestsPerSecond / (health.requestsPerSecond || NaN), 3) },
      targetGamePageP99Ms: 100,
      loadGenerator: 'a child process of its own (load-generator.ts)',
      sharedMachine: 'other processes may compete for the CPU: compare the ratios, not the absolute figures',
    };
    printReport(report);
  } finally {
    await tearDown(app, scratch, dataDir);
  }
}

runBench(main);
