// `bench:championship --sql-ceiling` (docs/scale.md): what a move's own SQL reaches with no
// platform around it. The statements of real moves, captured as the platform sent them (one
// move per game, nothing else in flight), are sent again by as many clients as the bench keeps
// moves in flight, each on its own game, with fresh keys each time so that every replay writes
// new rows as a move does: BEGIN, the lock statement, the writes, COMMIT. The rate, against the
// bare insert transactions sampled between its windows, is the highest ratio the move's
// statements allow on this machine and this driver, whatever the platform does in Node.
// Two leaner moves are replayed the same way, as the floor under any platform's move here: the
// same writes after a lock that reads only the version, and the least a move writes (the move,
// the game's new state, its audit entry, one outbox row) after that lock.
import { randomUUID } from 'node:crypto';
import { Pool, type PoolClient, type PoolConfig } from 'pg';
import { prepared, PreparingClient } from '../database/prepared-statements';
import { firstError, sent } from '../database/transaction-pipeline';
import { bareInsertRate, postgresCpuMicrosBetween, postgresCpuSample, round } from './bench-support';

/** One statement as the platform sent it. */
export interface CapturedStatement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

/** The statements one move sent, in order, on one game. */
export interface CapturedMove {
  readonly gameId: string;
  readonly statements: readonly CapturedStatement[];
}

/** A placeholder's place in a write: the table and column its value goes to. */
interface Slot {
  readonly table: string;
  readonly column: string;
  readonly index: number;
}

/** The columns whose values must be new on every replay: keys and unique indexes of the rows a move writes. */
const FRESH_UUID = new Set(['id']);
const FRESH_TEXT = new Set(['message_id', 'idempotency_key']);
/** The move's number on its line (UQ_move_line_number): counted up from far past any game's end. */
const FRESH_NUMBER = new Set(['move.number']);

/** What a replay sends between BEGIN and COMMIT. */
export type ReplayShape = 'platform' | 'leanLock' | 'minimal';

/** A lock that reads nothing but the game's version: an action holding every other row it needs. */
export const LEAN_LOCK_SQL = 'SELECT "version" FROM "game" WHERE "id" = $1 FOR UPDATE';

/**
 * The captured move as `shape` sends it: as the platform did; with the lean lock; or with the
 * lean lock and only the first row of each table's insert (the move, one outbox row, the
 * audit entry) besides the game's new state.
 */
export function shapedMove(move: CapturedMove, shape: ReplayShape): CapturedMove {
  if (shape === 'platform') return move;
  const statements = move.statements.map((s) => {
    if (/^SELECT\b/.test(s.sql) && /FOR UPDATE/.test(s.sql)) return { sql: LEAN_LOCK_SQL, parameters: [move.gameId] };
    if (shape === 'minimal' && /^(WITH|INSERT)\b/.test(s.sql)) return firstRowsOnly(s);
    return s;
  });
  return { gameId: move.gameId, statements };
}

/** A write with every multi-row insert cut to its first row, its placeholders numbered again. */
function firstRowsOnly(write: CapturedStatement): CapturedStatement {
  const cut = write.sql.replace(/(INSERT INTO "?[\w.]+"? \([^)]*\) VALUES )(\([^)]*\))(?:, \([^)]*\))+/g, '$1$2');
  const parameters: unknown[] = [];
  const renumbered = new Map<number, number>();
  const sql = cut.replace(/\$(\d+)/g, (_, digits: string) => {
    const old = Number(digits);
    if (!renumbered.has(old)) {
      parameters.push(write.parameters[old - 1]);
      renumbered.set(old, parameters.length);
    }
    return `$${renumbered.get(old)}`;
  });
  return { sql, parameters };
}

/**
 * The statements to send for replay `i` of a captured move. The lock statement keeps its game
 * and asks for the version the captured write leaves, so a replay reads what the move read
 * (the rows its cache already held are not sent again); the writes get fresh keys.
 */
export function replayOf(move: CapturedMove): (i: number) => CapturedStatement[] {
  const lock = move.statements.find((s) => /^SELECT\b/.test(s.sql) && /FOR UPDATE/.test(s.sql));
  const writes = move.statements.filter((s) => /^(WITH|INSERT|UPDATE)\b/.test(s.sql));
  if (!lock || writes.length === 0) throw new Error(`the captured move of game ${move.gameId} has no lock statement or no write`);
  const slots = writes.map((w) => slotsOf(w.sql));
  const version = writes
    .flatMap((w, k) => slots[k].filter((s) => s.table === 'game' && s.column === 'version').map((s) => w.parameters[s.index]))
    .at(-1);
  // The whole lock statement names the version whose rows the caller holds ($2); the one of a caller holding the rows and head names none.
  const versioned = /"version" = \$2/.test(lock.sql);
  return (i) => [
    { sql: lock.sql, parameters: lock.parameters.map((p, k) => (versioned && k === 1 && version !== undefined ? version : p)) },
    ...writes.map((w, k) => {
      const parameters = [...w.parameters];
      for (const slot of slots[k]) {
        const value = parameters[slot.index];
        if (FRESH_UUID.has(slot.column)) parameters[slot.index] = randomUUID();
        else if (FRESH_TEXT.has(slot.column) && typeof value === 'string') parameters[slot.index] = `${value}.${i}`;
        else if (FRESH_NUMBER.has(`${slot.table}.${slot.column}`)) parameters[slot.index] = 1_000_000 + i;
      }
      return { sql: w.sql, parameters };
    }),
  ];
}

/** Where each placeholder of a write goes, read from the shapes the deferred writes make (database/deferred-writes.ts). */
export function slotsOf(sql: string): Slot[] {
  const slots: Slot[] = [];
  const unquote = (name: string) => name.replace(/"/g, '');
  for (const insert of sql.matchAll(/INSERT INTO ("?[\w.]+"?) \(([^)]*)\) VALUES ((?:\([^)]*\)(?:, )?)+)/g)) {
    const columns = insert[2].split(', ').map(unquote);
    for (const tuple of insert[3].matchAll(/\(([^)]*)\)/g)) {
      tuple[1].split(', ').forEach((value, c) => {
        const placeholder = /^\$(\d+)$/.exec(value);
        if (placeholder) slots.push({ table: unquote(insert[1]), column: columns[c], index: Number(placeholder[1]) - 1 });
      });
    }
  }
  for (const update of sql.matchAll(/UPDATE ("?[\w.]+"?) SET (.*?) WHERE "id" = \$\d+/g)) {
    for (const set of update[2].matchAll(/"(\w+)" = \$(\d+)/g)) {
      slots.push({ table: unquote(update[1]), column: set[1], index: Number(set[2]) - 1 });
    }
  }
  return slots;
}

export interface ReplayFigures {
  readonly movesPerSecond: number;
  /** Each window's rate, in the order they were sampled: the spread behind the average. */
  readonly windowRates: readonly number[];
  readonly bareInsertsPerSecond: number;
  readonly ratio: number;
  readonly postgresCpuMsPerMove: number | null;
  /** Node's CPU a replay costs: the driver's and the socket's share of a move, with nothing of the platform (replayOf's keys included). */
  readonly nodeCpuMsPerMove: number;
}

export interface SqlCeiling extends ReplayFigures {
  readonly windows: number;
  /** The same statements sent through the platform's unit of work (`stack`), with none of its logic. */
  readonly throughStack?: ReplayFigures;
  /** The same writes after the lean lock. */
  readonly leanLock: ReplayFigures;
  /** The lean lock and the least a move writes: the move, the game's state, the audit entry, one outbox row. */
  readonly minimal: ReplayFigures;
}

/**
 * How a replay is sent: one lane per captured move, each sending its replays one transaction
 * after another (BEGIN, the statements, COMMIT), as one request handler would.
 */
export interface ReplayLanes {
  lane(): Promise<ReplayLane>;
  end(): Promise<void>;
}

export interface ReplayLane {
  transaction(statements: readonly CapturedStatement[]): Promise<void>;
  release(): void;
}

/**
 * Bare lanes: a node-postgres client each, marked statements prepared once per connection as the
 * platform sends them, and waited for as the platform waits (database/transaction-pipeline.ts):
 * BEGIN goes with the first statement (the lock, whose answer a move needs), the rest with COMMIT.
 */
function bareLanes(url: string, size: number): ReplayLanes {
  const pool = new Pool({ connectionString: url, max: size, Client: PreparingClient, pipeline: true } as PoolConfig);
  // The lanes stay open through a run: an idle one whose connection ends (the scratch database
  // dropped after a run that failed) must not end the process before the run's own error is told.
  pool.on('error', () => undefined);
  return {
    async lane() {
      const client: PoolClient = await pool.connect();
      /** The statements sent one behind another; the first error among them, once all are answered. */
      const together = (statements: readonly { sql: string; parameters?: readonly unknown[] }[]) =>
        firstError(statements.map((s) => sent(client.query(s.sql, s.parameters ? [...s.parameters] : undefined))));
      return {
        async transaction(statements) {
          const [first, ...rest] = statements.map((s) => ({ sql: prepared(s.sql), parameters: s.parameters }));
          try {
            await together([{ sql: 'BEGIN' }, ...(first ? [first] : [])]);
            await together([...rest, { sql: 'COMMIT' }]);
          } catch (error) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw error;
          }
        },
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

/**
 * The captured moves replayed in each shape (one client each, on its game), a window of
 * `seconds` of each shape at every `sample()`, each followed by a window of bare insert
 * transactions on the same database. A bench samples it between its own timed stretches, as it
 * samples bare inserts, so that the replays see the same neighbours on a shared machine as the
 * moves do (checkpoints, autovacuum, the machine's own speed): a block of windows after the run
 * measured the replays against whatever the server was doing then. With `stack`, the captured
 * statements are also sent through it: the platform's own unit of work (TypeORM's transaction,
 * the async context, the deferred writes) around the move's statements and nothing of its logic.
 * The replays write rows into their games: those games must be out of play and out of the sweep.
 */
export function sqlCeilingSampler(
  url: string,
  database: string,
  moves: readonly CapturedMove[],
  { seconds }: { seconds: number },
  stack?: ReplayLanes,
): SqlCeilingSampler {
  // Replay numbers go on across the shapes and windows: the keys each writes stay fresh.
  const counter = { next: 0 };
  const replaysOf = (lanes: ReplayLanes, shape: ReplayShape): ShapeReplays => ({
    lanes,
    plans: moves.map((m) => replayOf(shapedMove(m, shape))),
    totals: { replays: 0, replaySeconds: 0, nodeMicros: 0, pgMicros: 0, inserts: 0, insertSeconds: 0, rates: [] },
  });
  const platform = replaysOf(bareLanes(url, moves.length), 'platform');
  const throughStack = stack && replaysOf(stack, 'platform');
  const leanLock = replaysOf(bareLanes(url, moves.length), 'leanLock');
  const minimal = replaysOf(bareLanes(url, moves.length), 'minimal');
  const all = [platform, ...(throughStack ? [throughStack] : []), leanLock, minimal];
  let windows = 0;
  return {
    get windows() {
      return windows;
    },
    async sample() {
      // Each sample starts with the next shape: the first window after a day's sweep ran slower
      // in the runs of docs/scale.md, so no shape is always the one to meet what follows a sweep.
      const first = windows % all.length;
      for (const shape of [...all.slice(first), ...all.slice(0, first)]) await replayWindow(shape, { seconds, url, database }, counter);
      windows++;
    },
    async end() {
      for (const shape of all) await shape.lanes.end();
      return {
        ...figuresOf(platform.totals),
        windows,
        ...(throughStack && { throughStack: figuresOf(throughStack.totals) }),
        leanLock: figuresOf(leanLock.totals),
        minimal: figuresOf(minimal.totals),
      };
    },
  };
}

export interface SqlCeilingSampler {
  /** The windows sampled so far. */
  readonly windows: number;
  /** One window of each shape in turn, each followed by its window of bare inserts, the first shape rotating. */
  sample(): Promise<void>;
  /** The lanes closed, and the figures of every window sampled. */
  end(): Promise<SqlCeiling>;
}

/** What one shape's windows added up to. */
interface ReplayTotals {
  replays: number;
  replaySeconds: number;
  nodeMicros: number;
  pgMicros: number | null;
  inserts: number;
  insertSeconds: number;
  /** Each window's replays a second, in order. */
  readonly rates: number[];
}

interface ShapeReplays {
  readonly lanes: ReplayLanes;
  readonly plans: readonly ((i: number) => CapturedStatement[])[];
  readonly totals: ReplayTotals;
}

async function replayWindow(
  { lanes, plans, totals }: ShapeReplays,
  { seconds, url, database }: { seconds: number; url: string; database: string },
  counter: { next: number },
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  const pg = postgresCpuSample(database);
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  let replays = 0;
  await Promise.all(
    plans.map(async (plan) => {
      const lane = await lanes.lane();
      try {
        while (Date.now() < deadline) {
          await lane.transaction(plan(counter.next++));
          replays++;
        }
      } finally {
        lane.release();
      }
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const node = process.cpuUsage(cpu);
  const used = postgresCpuMicrosBetween(pg, postgresCpuSample(database));
  totals.replays += replays;
  totals.replaySeconds += elapsed;
  totals.rates.push(round(replays / elapsed, 0));
  totals.nodeMicros += node.user + node.system;
  totals.pgMicros = totals.pgMicros === null || used === null ? null : totals.pgMicros + used;
  const bare = await bareInsertRate(url, { concurrency: plans.length, seconds });
  totals.inserts += bare.count;
  totals.insertSeconds += bare.count / bare.perSecond;
}

function figuresOf(t: ReplayTotals): ReplayFigures {
  const movesPerSecond = t.replays / t.replaySeconds;
  const bareInsertsPerSecond = t.inserts / t.insertSeconds;
  return {
    movesPerSecond: round(movesPerSecond, 1),
    windowRates: [...t.rates],
    bareInsertsPerSecond: round(bareInsertsPerSecond, 1),
    ratio: round(movesPerSecond / bareInsertsPerSecond, 3),
    postgresCpuMsPerMove: t.pgMicros === null ? null : round(t.pgMicros / 1000 / Math.max(1, t.replays), 3),
    nodeCpuMsPerMove: round(t.nodeMicros / 1000 / Math.max(1, t.replays), 3),
  };
}
