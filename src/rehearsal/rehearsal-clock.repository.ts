// Where the rehearsal clock's offset from real time is kept between restarts (platform_state),
// in the unit of work the caller opened.
import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import { PlatformState } from '../database/platform-state.entity';

/** The platform_state key holding the rehearsal clock's offset from real time. */
export const REHEARSAL_STATE_KEY = 'rehearsal-clock';

interface StoredOffset {
  readonly offsetMs: number;
}

@Injectable()
export class RehearsalClockRepository {
  constructor(private readonly db: Database) {}

  private get m() {
    return this.db.manager;
  }

  /** The offset kept, if any. */
  async keptOffset(): Promise<number | undefined> {
    const row = await this.m.findOneBy(PlatformState, { key: REHEARSAL_STATE_KEY });
    const offset = (row?.value as StoredOffset | undefined)?.offsetMs;
    return typeof offset === 'number' ? offset : undefined;
  }

  /** Keeps the offset; never smaller than the one kept (the clock never goes back, whoever writes last). */
  async keepOffset(offsetMs: number, at: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO "platform_state" ("key", "value", "updated_at") VALUES ($1, $2, $3)
     ON CONFLICT ("key") DO UPDATE SET "value" = CASE WHEN ("platform_state"."value"->>'offsetMs')::float8 > (EXCLUDED."value"->>'offsetMs')::float8
       THEN "platform_state"."value" ELSE EXCLUDED."value" END, "updated_at" = EXCLUDED."updated_at"`,
      [REHEARSAL_STATE_KEY, JSON.stringify({ offsetMs } satisfies StoredOffset), at],
    );
  }
}
