import { mkdirSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { PGliteDriver } from 'typeorm-pglite';
import type { DatabaseSettings } from '../config/settings';
import { migrations } from './migrations';
import { PreparingClient } from './prepared-statements';

/** The entity classes the data source maps; the list lives above the features (`src/entities.ts`). */
export type EntityClasses = readonly (new (...args: never[]) => unknown)[];

/** One TypeORM data source, on PostgreSQL or the embedded PGlite. Schema by migrations only. */
export function createDataSource(db: DatabaseSettings, entities: EntityClasses, { template }: { template?: Blob } = {}): DataSource {
  const common = {
    type: 'postgres' as const,
    entities: [...entities],
    migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    // Refusals such as a duplicate key are expected and handled; the caller logs what matters.
    logging: false,
  };
  if (db.kind === 'postgres') {
    return new DataSource({
      ...common,
      url: db.url,
      // Bounded so that a burst of moves queues here instead of exhausting the server.
      poolSize: 10,
      // The hot statements go by name, planned once per connection (prepared-statements.ts); a
      // transaction's statements go one behind another without waiting (transaction-pipeline.ts).
      extra: { connectionTimeoutMillis: 10_000, Client: PreparingClient, pipeline: true },
    });
  }
  if (db.dataDir !== 'memory://') mkdirSync(db.dataDir, { recursive: true });
  return new DataSource({
    ...common,
    // An in-memory database loads the build's prepared one rather than running initdb (pglite-template.ts).
    driver: new PGliteDriver(template ? { dataDir: db.dataDir, loadDataDir: template } : { dataDir: db.dataDir }).driver,
  });
}
