import { RehearsalClock } from '../common/clock';
import type { Database } from '../database/database';
import { RehearsalClockRepository } from './rehearsal-clock.repository';

/**
 * The rehearsal clock as it was left: offset 0 (the real now) the first time, the kept offset after a restart.
 * Read before the application exists (its Clock is made from it), so the repository is made here by hand.
 */
export async function loadRehearsalClock(db: Database): Promise<RehearsalClock> {
  const offset = await db.run(() => new RehearsalClockRepository(db).keptOffset());
  return new RehearsalClock(offset !== undefined && offset > 0 ? offset : 0);
}
