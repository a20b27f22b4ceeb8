import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CasesService } from '../arbiter/cases.service';
import { Clock } from '../common/clock';
import type { JsonObject } from '../common/json';
import { Competition } from '../competitions/competition.entity';
import { advisoryLockKey } from '../database/advisory-lock';
import { Database } from '../database/database';
import { insertRows } from '../database/insert-rows';
import { Game } from '../games/game.entity';
import { addDays, compareDays, localDate, toLocalDate, type LocalDate } from './calendar';
import { downtimeCredits } from './downtime-credits';
import { loadTimelines } from './thinking-time.repository';
import { UptimeSpan } from './uptime-span.entity';

/** How often the platform says it is up (the sweep worker's tick). */
export const HEARTBEAT_MS = 5 * 60_000;
/** A silence longer than this between two beats means the platform was down in between. */
export const UPTIME_GAP_MS = 3 * HEARTBEAT_MS;
/** The case proposing credits for an outage (RULES.md §5: the arbiter credits such days). */
export const DOWNTIME_CASE = 'downtime-credit';

/** One player's proposed credit in one game. */
export interface DowntimeCredit {
  readonly gameId: string;
  readonly playerId: string;
  readonly color: 'red' | 'blue';
  readonly days: number;
}

export interface Outage {
  readonly from: Date;
  readonly to: Date;
  /** The cases opened, one per competition whose clocks ran while the platform was down. */
  readonly caseIds: readonly string[];
}

/**
 * The platform's own downtime is not the players' thinking time (issue 6 item 4). Each
 * beat stretches the current uptime span; a beat after a silence starts a new span, and
 * the whole days between the two (in each competition's time zone) are days on which the
 * platform could not receive moves: ONE case per competition proposes to credit every
 * player whose clock ran on them, for the arbiter to confirm (TimeControlsService).
 */
@Injectable()
export class HeartbeatService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly cases: CasesService,
  ) {}

  /** Records that the platform is up now; returns the outage that just ended, if any. */
  beat(): Promise<Outage | null> {
    const now = this.clock.now();
    return this.db.transaction(async (m) => {
      // One beat at a time across instances, so an outage is noticed (and its case opened) once.
      await m.query('SELECT pg_advisory_xact_lock($1)', [advisoryLockKey('heartbeat')]);
      const [latest] = await m.find(UptimeSpan, { order: { toAt: 'DESC' }, take: 1 });
      if (latest && now.getTime() <= latest.toAt.getTime()) return null;
      if (latest && now.getTime() - latest.toAt.getTime() <= UPTIME_GAP_MS) {
        await m.update(UptimeSpan, { id: latest.id }, { toAt: now });
        return null;
      }
      await insertRows(m, UptimeSpan, m.create(UptimeSpan, { id: randomUUID(), fromAt: now, toAt: now }));
      if (!latest) return null;
      return { from: latest.toAt, to: now, caseIds: await this.proposeCredits(m, latest.toAt, now) };
    });
  }

  /**
   * The days of an outage are the whole calendar days between the last beat and this one:
   * on the days it went down and came back up the platform did receive moves. The credit
   * per player is what the core counted as their thinking days then (downtimeCredits).
   */
  private async proposeCredits(m: EntityManager, from: Date, to: Date): Promise<string[]> {
    const opened: string[] = [];
    const competitions = await m.find(Competition, { where: { status: 'started' }, order: { id: 'ASC' } });
    for (const competition of competitions) {
      const days = downDays(competition, from, to);
      if (!days) continue;
      const games = await m.find(Game, { where: { competitionId: competition.id, status: 'playing' }, order: { id: 'ASC' } });
      const timelines = await loadTimelines(m, competition, games);
      const credits: DowntimeCredit[] = games.flatMap((game) => {
        const ran = downtimeCredits(timelines.get(game.id)!, days.from, days.to);
        return (['red', 'blue'] as const)
          .filter((color) => ran[color] > 0)
          .map((color) => ({ gameId: game.id, playerId: color === 'red' ? game.redPlayerId : game.bluePlayerId, color, days: ran[color] }));
      });
      if (credits.length === 0) continue;
      const payload: JsonObject = { outage: { from: from.toISOString(), to: to.toISOString() }, days: { ...days }, credits: credits.map((c) => ({ ...c })) };
      opened.push((await this.cases.open(m, { competitionId: competition.id, kind: DOWNTIME_CASE, payload })).id);
    }
    return opened;
  }
}

/** The whole days strictly between two instants, within the competition's play, in its time zone. */
function downDays(competition: Competition, from: Date, to: Date): { from: LocalDate; to: LocalDate } | null {
  const first = latest(addDays(localDate(from, competition.timeZone), 1), toLocalDate(competition.startDate));
  const last = earliest(addDays(localDate(to, competition.timeZone), -1), toLocalDate(competition.closingDate));
  return compareDays(first, last) <= 0 ? { from: first, to: last } : null;
}

const latest = (a: LocalDate, b: LocalDate) => (compareDays(a, b) >= 0 ? a : b);
const earliest = (a: LocalDate, b: LocalDate) => (compareDays(a, b) <= 0 ? a : b);
