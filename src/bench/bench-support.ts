// Shared pieces of the benchmarks (`npm run bench:*`): a scratch PostgreSQL database of
// their own, latency percentiles, a progress line, and the bare durable-write baseline.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { Client, Pool } from 'pg';

const LOCAL_SOCKET_DIR = '/var/run/postgresql';

/**
 * The local server with trust auth for `postgres`, as the test suite's, through its Unix socket
 * when it has one: a platform on the database's machine should connect so (on this 2-core VM a
 * statement over TCP loopback cost 2.5× the CPU of one over the socket), and the baselines use
 * the same connection, so the ratios compare like with like.
 */
export const DEFAULT_DATABASE_URL = existsSync(`${LOCAL_SOCKET_DIR}/.s.PGSQL.5432`)
  ? `postgres://postgres@localhost/test?host=${encodeURIComponent(LOCAL_SOCKET_DIR)}`
  : 'postgres://postgres@127.0.0.1:5432/test';

/** How a benchmark reached the server, for its report. */
export function connectionOf(url: string): string {
  const socket = new URL(url).searchParams.get('host');
  return socket?.startsWith('/') ? `unix socket ${socket}` : `tcp ${new URL(url).host}`;
}

export interface ScratchDatabase {
  readonly url: string;
  readonly name: string;
  drop(): Promise<void>;
}

/** A new empty database on the server `serverUrl` names, dropped by `drop()` (and on Ctrl-C). */
export async function createScratchDatabase(serverUrl: string, label: string): Promise<ScratchDatabase> {
  const name = `corr_scrabble_bench_${label}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    const client = new Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  process.once('SIGINT', () => {
    void drop().finally(() => process.exit(130));
  });
  return { url: url.toString(), name, drop };
}

/** The value below which `p` of the sorted samples fall (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

export const round = (x: number, digits = 2) => Number(x.toFixed(digits));

/** A one-line progress bar on stderr, only when it is a terminal. */
export function progressBar(label: string): (done: number, total: number, extra?: string) => void {
  if (!process.stderr.isTTY) return () => undefined;
  let last = 0;
  return (done, total, extra = '') => {
    const now = Date.now();
    if (done !== total && now - last < 200) return;
    last = now;
    const width = 30;
    const filled = total > 0 ? Math.round((done / total) * width) : width;
    process.stderr.write(
      `\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${extra}\x1b[K${done === total ? '\n' : ''}`,
    );
  };
}

/** The first word of the title of PostgreSQL's processes that serve the whole server, not one session. */
const SERVER_PROCESSES = new Set([
  'checkpointer',
  'background',
  'walwriter',
  'autovacuum',
  'logical',
  'archiver',
  'startup',
  'walreceiver',
  'walsender',
]);

/** CPU ticks by process id of this machine's PostgreSQL processes that work for one database. */
export type PostgresCpuSample = Map<number, number>;

/**
 * The CPU used so far by this machine's PostgreSQL processes that work for `database` (its
 * backends) or for the whole server (WAL writer, checkpointer, autovacuum, …), read from
 * /proc; null where there is none to read (another host, no procfs). Lets a benchmark say
 * what the database spent on a move against what it spends on a bare insert.
 */
export function postgresCpuSample(database: string): PostgresCpuSample | null {
  const sample: PostgresCpuSample = new Map();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    let title: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    // "postgres: [<cluster>: ]<user> <database> <client> <state>" for a backend, another database's
    // not ours; "postgres: [<cluster>: ]checkpointer" and the like work for every database.
    const words = title
      .replace(/\0/g, ' ')
      .replace(/^postgres: (\S+: )?/, '')
      .split(' ');
    if (!SERVER_PROCESSES.has(words[0]) && words[1] !== database) continue;
    // utime and stime are the 14th and 15th fields, the 12th and 13th after the command.
    const fields = stat.slice(close + 2).split(' ');
    sample.set(Number(pid), Number(fields[11]) + Number(fields[12]));
  }
  return sample.size > 0 ? sample : null;
}

/**
 * The CPU (µs) PostgreSQL spent between two samples: each process's growth, a process born
 * meanwhile counted whole. A process that ended meanwhile takes its last ticks with it, so the
 * figure is a floor, never negative.
 */
export function postgresCpuMicrosBetween(before: PostgresCpuSample | null, after: PostgresCpuSample | null): number | null {
  if (before === null || after === null) return null;
  let ticks = 0;
  for (const [pid, used] of after) ticks += Math.max(0, used - (before.get(pid) ?? 0));
  // USER_HZ is 100 on Linux whatever the kernel's tick.
  return ticks * 10_000;
}

/**
 * The floor cost of a durable write on this database: one-row INSERT transactions
 * (BEGIN, INSERT, COMMIT: one WAL flush each), from `concurrency` connections at once,
 * for about `seconds`. Returns transactions per second.
 */
export async function bareInsertRate(
  url: string,
  { concurrency, seconds }: { concurrency: number; seconds: number },
): Promise<{ perSecond: number; count: number; postgresCpuMicros: number | null; walBytes: number }> {
  const pool = new Pool({ connectionString: url, max: concurrency });
  const wal = await WalMeter.open(url);
  try {
    await pool.query(
      `CREATE TABLE IF NOT EXISTS bench_insert (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now(), payload text NOT NULL)`,
    );
    const deadline = Date.now() + seconds * 1000;
    let count = 0;
    const database = new URL(url).pathname.slice(1);
    const pgBefore = postgresCpuSample(database);
    const walBefore = await wal.position();
    const started = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        const client = await pool.connect();
        try {
          while (Date.now() < deadline) {
            await client.query('BEGIN');
            await client.query('INSERT INTO bench_insert (payload) VALUES ($1)', [`row ${count}`]);
            await client.query('COMMIT');
            count++;
          }
        } finally {
          client.release();
        }
      }),
    );
    const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
    const pgAfter = postgresCpuSample(database);
    const walBytes = await wal.since(walBefore);
    return { perSecond: count / elapsed, count, postgresCpuMicros: postgresCpuMicrosBetween(pgBefore, pgAfter), walBytes };
  } finally {
    await wal.close();
    await pool.end();
  }
}

/**
 * The server's write-ahead log position, on a connection of its own: what a phase wrote is what
 * the database had to make durable for it (its rows, their index entries, full pages after a
 * checkpoint). Other databases of the server write into the same log.
 */
export class WalMeter {
  private constructor(private readonly client: Client) {}

  static async open(url: string): Promise<WalMeter> {
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    await client.connect();
    return new WalMeter(client);
  }

  async position(): Promise<string> {
    const r = await this.client.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
    return r.rows[0].lsn;
  }

  /** The log's bytes written since `position`. */
  async since(position: string): Promise<number> {
    const r = await this.client.query<{ bytes: string }>(
      'SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1::pg_lsn)::bigint AS bytes',
      [position],
    );
    return Number(r.rows[0].bytes);
  }

  /** The share of a table's updates that PostgreSQL made in place (HOT: no index entry written), as its statistics count them so far. */
  async hotUpdateShare(table: string): Promise<number | null> {
    const r = await this.client.query<{ updates: string; hot: string }>(
      'SELECT n_tup_upd AS updates, n_tup_hot_upd AS hot FROM pg_stat_user_tables WHERE relname = $1',
      [table],
    );
    const row = r.rows[0];
    return row && Number(row.updates) > 0 ? Number(row.hot) / Number(row.updates) : null;
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}

/** What the rows of a table take on disk with their indexes and TOAST, and how many there are. */
export interface TableStorage {
  readonly rows: number;
  readonly bytes: number;
}

/**
 * The database's size and each named table's, read after a `VACUUM ANALYZE` so that dead rows
 * of updated games do not count (docs/scale.md reads its figures from these).
 */
export async function storageOf(
  url: string,
  tables: readonly string[],
): Promise<{ databaseBytes: number; tables: Record<string, TableStorage> }> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query('VACUUM ANALYZE');
    const size = await client.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes');
    const out: Record<string, TableStorage> = {};
    for (const table of tables) {
      const r = await client.query<{ rows: string; bytes: string }>(
        `SELECT (SELECT count(*) FROM "${table}") AS rows, pg_total_relation_size($1::regclass) AS bytes`,
        [`"${table}"`],
      );
      out[table] = { rows: Number(r.rows[0].rows), bytes: Number(r.rows[0].bytes) };
    }
    return { databaseBytes: Number(size.rows[0].bytes), tables: out };
  } finally {
    await client.end();
  }
}

/** Runs `work` for every item with at most `concurrency` in flight. */
export async function inParallel<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** Command-line `--name value` (or `--name=value`) as a number. */
export function numberOption(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    if (args[i] === `--${name}` && args[i + 1] !== undefined) return Number(args[i + 1]);
    if (args[i].startsWith(`--${name}=`)) return Number(args[i].slice(name.length + 3));
  }
  return fallback;
}

/** The report on stdout, as one JSON object. */
export function printReport(report: object): void {
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

/** After a run, whatever happened: the app closed, the scratch database dropped, the data directory removed. */
export async function tearDown(
  app: { close(): Promise<void> } | undefined,
  scratch: Pick<ScratchDatabase, 'drop' | 'name'>,
  dataDir: string,
): Promise<void> {
  await app?.close().catch(() => undefined);
  await scratch.drop().catch((error: unknown) => process.stderr.write(`could not drop ${scratch.name}: ${(error as Error).message}\n`));
  rmSync(dataDir, { recursive: true, force: true });
}

/** Runs a benchmark's main; a failure prints its stack and sets the exit code. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  });
}

/**
 * A players' list of `n` for the registration import, as the benchmarks register their
 * championships: every fourth player English unless `language` sets one for all.
 */
export function playersCsv(n: number, { language }: { language?: 'ro' | 'en' | 'pl' } = {}): string {
  const lines = ['name,email,club,language,previous_coefficient,previous_rank'];
  for (let i = 1; i <= n; i++) {
    const spoken = language ?? (i % 4 === 0 ? 'en' : 'ro');
    lines.push(`Player ${i},player${i}@bench.example.org,Club ${(i % 7) + 1},${spoken},1.${String(5000 - i).padStart(4, '0')},${i}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A CPU profile of chosen stretches of a bench (`--profile FILE`). */
export interface Profile {
  resume(): Promise<unknown>;
  pause(): Promise<unknown>;
  /** Writes the profiles of the stretches, as a JSON list, to `file`. */
  stop(file: string): Promise<void>;
}

/** The V8 profiler of this process, sampling every `intervalMicros` between start and stop, each stop giving that stretch's profile. */
export interface ProfilerSession {
  start(): Promise<unknown>;
  stop(): Promise<unknown>;
  disconnect(): void;
}

export async function profilerSession(intervalMicros: number): Promise<ProfilerSession> {
  const session = new Session();
  session.connect();
  const post = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: intervalMicros });
  return {
    start: () => post('Profiler.start'),
    stop: async () => ((await post('Profiler.stop')) as { profile: unknown }).profile,
    disconnect: () => session.disconnect(),
  };
}

/** The V8 profiler of this process, sampling only between resume and pause: one profile per stretch, written together. */
export async function startProfile(what: string): Promise<Profile> {
  const session = await profilerSession(500);
  const profiles: unknown[] = [];
  return {
    resume: () => session.start(),
    pause: async () => profiles.push(await session.stop()),
    stop: async (file) => {
      session.disconnect();
      writeFileSync(file, JSON.stringify(profiles));
      process.stderr.write(`profiles of ${what}: ${file}\n`);
    },
  };
}
