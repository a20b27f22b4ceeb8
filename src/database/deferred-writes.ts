// Writes a transaction sends together: a move's row, its audit entry, its
// mails, its receipt and the game's new state were five statements, each a round trip and a
// socket write; kept here until the transaction's next statement or its commit, they go as one
// (a data-modifying WITH, each part seeing the same snapshot and the constraints checked at the
// statement's end). Whatever reads or writes next in the transaction runs after them, so it sees
// them, as if each had been sent when it was made. Only writes whose caller needs neither a
// result nor to catch its error are deferred: an error surfaces at the flush, and rolls back the
// whole transaction as it would have.
import type { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { prepared } from './prepared-statements';
import { RowCodec } from './row-codec';

/** PostgreSQL's protocol counts a statement's parameters in 16 bits. */
const MAX_PARAMETERS = 65_535;
/** Statements up to this many parameters (a move's: about 65) are kept prepared. */
const PREPARED_PARAMETERS = 200;

export type Query = (sql: string, parameters?: unknown[]) => Promise<unknown>;

/** A statement of the pending writes, ready to send. */
export interface PendingStatement {
  readonly sql: string;
  readonly parameters: unknown[];
}

interface PendingUpdate {
  readonly codec: RowCodec<ObjectLiteral>;
  readonly id: string;
  readonly values: Readonly<Record<string, unknown>>;
}

export class DeferredWrites {
  /** Rows to insert by table, in the order the tables were first written. */
  private readonly inserts = new Map<RowCodec<ObjectLiteral>, ObjectLiteral[]>();
  private readonly updates: PendingUpdate[] = [];

  /** `query`: the transaction's own, not the wrapper that flushes before each statement. */
  constructor(private readonly query: Query) {}

  get empty(): boolean {
    return this.inserts.size === 0 && this.updates.length === 0;
  }

  insert<T extends ObjectLiteral>(codec: RowCodec<T>, rows: readonly T[]): void {
    if (rows.length === 0) return;
    const pending = this.inserts.get(codec as RowCodec<ObjectLiteral>);
    if (pending) pending.push(...rows);
    else this.inserts.set(codec as RowCodec<ObjectLiteral>, [...rows]);
  }

  /**
   * An update of one row by its id. False when it cannot join the pending writes — the row is
   * already updated, or its table has rows pending insertion, which one statement's update would
   * not see: the caller flushes first.
   */
  update<T extends ObjectLiteral>(codec: RowCodec<T>, id: string, values: Partial<T>): boolean {
    const c = codec as RowCodec<ObjectLiteral>;
    if (this.inserts.has(c) || this.updates.some((u) => u.codec === c && u.id === id)) return false;
    this.updates.push({ codec: c, id, values });
    return true;
  }

  discard(): void {
    this.inserts.clear();
    this.updates.length = 0;
  }

  /** Sends everything pending, in as few statements as the parameters allow. */
  async flush(): Promise<void> {
    for (const { sql, parameters } of this.drain()) await this.query(sql, parameters);
  }

  /** Everything pending as the statements that write it, in order, taken from the queue (a caller sends them). */
  drain(): PendingStatement[] {
    const statements: PendingStatement[] = [];
    while (!this.empty) {
      const { sql, parameters } = this.nextStatement();
      // An action's writes are few shapes, kept planned; a start's hundreds of rows are not.
      statements.push({ sql: parameters.length <= PREPARED_PARAMETERS ? prepared(sql) : sql, parameters });
    }
    return statements;
  }

  /** The next statement: as many pending parts as fit in one statement's parameters, taken from the queue. */
  private nextStatement(): { sql: string; parameters: unknown[] } {
    const parameters: unknown[] = [];
    const parts: string[] = [];
    const placeholder = (value: unknown): string => {
      if (value === undefined) return 'DEFAULT';
      parameters.push(value);
      return `$${parameters.length}`;
    };
    for (const [codec, rows] of this.inserts) {
      const width = codec.columns.length;
      const room = Math.floor((MAX_PARAMETERS - parameters.length) / width);
      if (room < 1) break;
      const taken = rows.splice(0, room);
      const values = taken.map((row) => `(${codec.values(row).map(placeholder).join(', ')})`);
      const columns = codec.columns.map((c) => `"${c.databaseName}"`).join(', ');
      parts.push(`INSERT INTO ${codec.table} (${columns}) VALUES ${values.join(', ')}`);
      if (rows.length > 0) break;
      this.inserts.delete(codec);
    }
    while (this.updates.length > 0) {
      const next = this.updates[0];
      if (parameters.length + Object.keys(next.values).length + 1 > MAX_PARAMETERS && parts.length > 0) break;
      this.updates.shift();
      const set = Object.entries(next.values).map(([property, value]) => {
        const column = next.codec.columns.find((c) => c.propertyName === property);
        if (!column) throw new Error(`DeferredWrites: ${next.codec.table} has no column for ${property}`);
        return `"${column.databaseName}" = ${placeholder(next.codec.persistent(column, value))}`;
      });
      parts.push(`UPDATE ${next.codec.table} SET ${set.join(', ')} WHERE "id" = ${placeholder(next.id)}`);
    }
    if (parts.length === 1) return { sql: parts[0], parameters };
    // Every part runs exactly once and to completion, referenced or not (PostgreSQL's WITH).
    const head = parts.slice(0, -1).map((p, i) => `w${i} AS (${p})`);
    return { sql: `WITH ${head.join(', ')} ${parts.at(-1)!}`, parameters };
  }
}

/** Each open transaction's pending writes, by its manager (database.ts opens and flushes them). */
const pendingOf = new WeakMap<EntityManager, DeferredWrites>();

export function openDeferredWrites(manager: EntityManager, query: Query): DeferredWrites {
  const writes = new DeferredWrites(query);
  pendingOf.set(manager, writes);
  return writes;
}

/** The pending writes of the transaction `manager` belongs to; none outside a transaction. */
export function deferredWritesOf(manager: EntityManager): DeferredWrites | undefined {
  return pendingOf.get(manager);
}

const codecs = new WeakMap<DataSource, Map<unknown, RowCodec<ObjectLiteral>>>();

/** The codec of an entity (built once per data source). */
export function codecOf<T extends ObjectLiteral>(dataSource: DataSource, target: EntityTarget<T>): RowCodec<T> {
  let byTarget = codecs.get(dataSource);
  if (!byTarget) codecs.set(dataSource, (byTarget = new Map()));
  let codec = byTarget.get(target);
  if (!codec) byTarget.set(target, (codec = new RowCodec(dataSource.getMetadata(target))));
  return codec as RowCodec<T>;
}
