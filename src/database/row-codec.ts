// An entity's row as one JSON array, read and written without TypeORM's query building and
// hydration (those were a quarter of a move's CPU). The SQL is built once from
// the entity's metadata; a value is read as PostgreSQL's JSON gives it and turned into what
// TypeORM would hydrate (dates as Date, calendar days as strings, numbers beyond JSON's as text).
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import type { EntityMetadata } from 'typeorm/metadata/EntityMetadata';
import type { ObjectLiteral } from 'typeorm';
import { JsonText } from '../common/json';

/** PostgreSQL functions take 100 arguments at most: a wider row is split into several arrays. */
const MAX_ARGUMENTS = 100;

const READ_AS_IS = new Set(['uuid', 'text', 'integer', 'boolean', 'jsonb', 'json', 'date']);

export class RowCodec<T extends ObjectLiteral> {
  readonly columns: readonly ColumnMetadata[];
  private readonly target: new () => T;
  private readonly dates: readonly boolean[];

  constructor(readonly metadata: EntityMetadata) {
    this.columns = metadata.columns.filter((c) => !c.isVirtual);
    for (const c of this.columns) {
      const type = String(c.type);
      if (!READ_AS_IS.has(type) && type !== 'timestamptz' && type !== 'bigint')
        throw new Error(`RowCodec: ${metadata.tableName}.${c.databaseName} has type ${type}, which it does not read`);
      if (c.transformer || c.embeddedMetadata)
        throw new Error(`RowCodec: ${metadata.tableName}.${c.databaseName} has a transformer or is embedded`);
    }
    this.target = metadata.target as new () => T;
    this.dates = this.columns.map((c) => String(c.type) === 'timestamptz');
  }

  get table(): string {
    return `"${this.metadata.tableName}"`;
  }

  /** The row under `alias` as a JSON value (an array of its columns, or of arrays when wide). */
  select(alias: string): string {
    const expressions = this.columns.map((c) => {
      const column = `"${alias}"."${c.databaseName}"`;
      // JSON numbers are doubles: a bigint travels as text, as pg gives it.
      return String(c.type) === 'bigint' ? `${column}::text` : column;
    });
    if (expressions.length <= MAX_ARGUMENTS) return `json_build_array(${expressions.join(', ')})`;
    const parts: string[] = [];
    for (let i = 0; i < expressions.length; i += MAX_ARGUMENTS)
      parts.push(`json_build_array(${expressions.slice(i, i + MAX_ARGUMENTS).join(', ')})`);
    return `json_build_array(${parts.join(', ')})`;
  }

  /** `select` of every row of a subquery's `alias`, in `order`, as one JSON array ('[]' for none). */
  aggregate(alias: string, order: string): string {
    return `coalesce(json_agg(${this.select(alias)} ORDER BY ${order}), '[]'::json)`;
  }

  /**
   * A value as TypeORM sends it for `column`: JSON columns as their text (a JsonText's as it is), the rest as they are
   * (pg writes a Date, a calendar day is already its text). The constructor admits no other type.
   */
  persistent(column: ColumnMetadata, value: unknown): unknown {
    if (value === null) return null;
    const type = String(column.type);
    if (type !== 'jsonb' && type !== 'json') return value;
    return value instanceof JsonText ? value.text : JSON.stringify(value);
  }

  /** The entity from what `select` gave. */
  decode(value: unknown): T {
    const flat = this.columns.length <= MAX_ARGUMENTS ? (value as unknown[]) : (value as unknown[][]).flat();
    const entity = new this.target() as Record<string, unknown>;
    this.columns.forEach((c, i) => {
      const raw = flat[i];
      entity[c.propertyName] = raw !== null && this.dates[i] ? new Date(raw as string) : raw;
    });
    return entity as T;
  }

  decodeAll(values: unknown): T[] {
    return (values as unknown[]).map((v) => this.decode(v));
  }

  /**
   * The parameters of a row to write, in `columns` order, as TypeORM would send them; a column
   * left undefined takes its default (`undefined` here, DEFAULT in the SQL), and a literal
   * default is set on the entity too, so the object in memory is the row in the table.
   */
  values(entity: T): unknown[] {
    const row = entity as Record<string, unknown>;
    return this.columns.map((c) => {
      let value = row[c.propertyName];
      if (value === undefined && c.default !== undefined && typeof c.default !== 'function') {
        value = c.default;
        row[c.propertyName] = value;
      }
      return value === undefined ? undefined : this.persistent(c, value);
    });
  }
}
