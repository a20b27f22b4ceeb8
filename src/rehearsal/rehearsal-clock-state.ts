import type { EntityManager } from 'typeorm';
import { RehearsalClock } from '../common/clock';
import type { Database } from '../database/database';
import { PlatformState } from '../database/platform-state.entity';

/** The platform_state key holding the rehearsal clock's offset from real time. */
export const REHEARSAL_STATE_KEY = 'rehearsal-clock';

interface StoredOffset {
  readonly offsetMs: number;
}

/** The rehearsal clock as it was left: offset 0 (the real now) the first time, the kept offset after a restart. */
export async function loadRehearsalClock(db: Database): Promise<RehearsalClock> {
  const row = await db.run((m) => m.findOneBy(PlatformState, { key: REHEARSAL_STATE_KEY }));
  const offset = (row?.value as StoredOffset | undefined)?.offsetMs;
  return new RehearsalClock(typeof offset === 'number' && offset > 0 ? offset : 0);
}

/** Keeps the offset; never smaller than the one kept (the clock never goes back, whoever writes last). */
export async function saveRehearsalOffset(m: EntityManager, offsetMs: number, at: Date): Promise<void> {
  await m.query(
    `INSERT INTO "platform_state" ("key", "value", "updated_at") VALUES ($1, $2, $3)
     ON CONFLICT ("key") DO UPDATE SET "value" = CASE WHEN ("platform_state"."value"->>'offsetMs')::float8 > (EXCLUDED."value"->>'offsetMs')::float8
       THEN "platform_state"."value" ELSE EXCLUDED."value" END, "updated_at" = EXCLUDED."updated_at"`,
    [REHEARSAL_STATE_KEY, JSON.stringify({ offsetMs } satisfies StoredOffset), at],
  );
}
