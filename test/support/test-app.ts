import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { createApp } from '../../src/app.factory';
import { Clock, ManualClock } from '../../src/common/clock';
import { parseSettings, Settings } from '../../src/config/settings';
import { Database } from '../../src/database/database';
import { openAppDatabase } from '../../src/app-database';
import { OpenedDatabase } from '../../src/database/open-database';
import { createTestDatabase, TEST_DB, TestDatabase } from './test-database';

export interface TestApp {
  readonly app: INestApplication;
  readonly settings: Settings;
  readonly database: Database;
  readonly clock: ManualClock;
  close(): Promise<void>;
}

/** Settings for a test: a private data directory, no mail servers, a fixed secret. */
export function testSettings(overrides: Record<string, string> = {}): Settings {
  return parseSettings({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'corr-scrabble-test-')),
    SECRET: '24304a8992024b1c947ff961040e72d7b091cfdaf64e8c76dbbd51c10a829426',
    LOG_LEVEL: 'warn',
    ...overrides,
  });
}

/** This file's own migrated database, opened. */
export async function openTestDatabase(): Promise<{ opened: OpenedDatabase; testDb: TestDatabase }> {
  const testDb = await createTestDatabase();
  const opened = await openAppDatabase(testDb.settings);
  return { opened, testDb };
}

/** The whole application on this file's own database, with a clock the test moves. */
export async function startTestApp({
  clock = new ManualClock('2027-01-10T09:00:00Z'),
  settings: overrides = {},
}: { clock?: Clock; settings?: Partial<Omit<Settings, 'database'>> } = {}): Promise<TestApp> {
  const { opened, testDb } = await openTestDatabase();
  const settings = { ...testSettings(), ...overrides, database: testDb.settings };
  const app = await createApp({ settings, database: opened, clock });
  await app.init();
  return {
    app,
    settings,
    database: opened.database,
    clock: clock as ManualClock,
    close: async () => {
      await app.close();
      await testDb.drop();
    },
  };
}

/**
 * Another instance of the platform on the same database as `t`: its own application (caches,
 * workers); on PostgreSQL its own connections, on PGlite the one embedded database every
 * instance of a process shares.
 */
export async function startSecondInstance(t: TestApp): Promise<{ app: INestApplication; opened?: OpenedDatabase }> {
  const opened = TEST_DB === 'postgres' ? await openAppDatabase(t.settings.database) : undefined;
  const database = opened ?? { database: t.database, migrations: [], close: async () => undefined };
  const app = await createApp({ settings: t.settings, database, clock: t.clock });
  await app.init();
  return { app, opened };
}
