import { Injectable } from '@nestjs/common';
import { CasesService } from '../arbiter/cases.service';
import { Clock } from '../common/clock';
import type { JsonObject } from '../common/json';
import type { Competition } from '../competitions/competition.entity';
import { Database } from '../database/database';
import { addDays, compareDays, localDate, toLocalDate, type LocalDate } from '../common/calendar';
import { downtimeCredits } from './core/downtime-credits';
import { ThinkingTimeRepository } from './thinking-time.repository';
import { UptimeRepository } from './uptime.repository';
import { GameTimeRepository } from '../games/persistence/game-time.repository';
import { CompetitionsRepository } from '../competitions/competitions.repository';

/** How often the platform says it is up (the sweep worker's tick). */
export const HEARTBEAT_MS = 5 * 60_000;
/** A silence longer than this between two beats means the platform was down in between. */
export const UPTIME_GAP_MS = 3 * HEARTBEAT_MS;
/** The case proposing credits for an outage (docs/rules.md §5: the arbiter credits such days). */
export const DOWNTIME_CASE = 'downtime-credit';

/** One player's proposed credit in one game. */
export interface DowntimeCredit {
  readonly gameId: string;
  readonly playerId: string;
  readonly color: 'red' | 'blue';
  readonly days: number;
  /** The game's competition and its days down (in its time zone); older cases name only the case's. */
  readonly competitionId?: string;
  readonly from?: LocalDate;
  readonly to?: LocalDate;
}

/** One game of an outage case, as the arbiter reads it: who plays and the days each player is owed. */
export interface DowntimeGame {
  readonly gameId: string;
  readonly competitionId: string;
  readonly competition: string;
  readonly red: string;
  readonly blue: string;
  readonly from: LocalDate;
  readonly to: LocalDate;
  readonly days: { readonly red: number; readonly blue: number };
}

export interface Outage {
  readonly from: Date;
  readonly to: Date;
  /** The cases opened: one per competition whose clocks ran, as the arbiter rules per competition. */
  readonly caseIds: readonly string[];
}

/**
 * The platform's own downtime is not the players' thinking time (docs/sweep.md). Each
 * beat stretches the current uptime span; a beat after a silence starts a new span, and
 * the whole days between the two (in each competition's time zone) are days on which the
 * platform could not receive moves (docs/sweep.md, Downtime credits). The outage is recorded once, keyed by
 * its start (PlatformOutage), and one case per competition names its dates and every game whose clocks ran,
 * with the days to credit per player, for the arbiter to grant or refuse
 * (TimeControlsService). Each competition gets its own case, under its own name: the
 * arbiter rules per competition, and no arbiter reads another's games.
 */
@Injectable()
export class HeartbeatService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly cases: CasesService,
    private readonly uptime: UptimeRepository,
    private readonly time: ThinkingTimeRepository,
    private readonly competitions: CompetitionsRepository,
    private readonly gameTime: GameTimeRepository,
  ) {}

  /** Records that the platform is up now; returns the outage that just ended, if any. */
  beat(): Promise<Outage | null> {
    const now = this.clock.now();
    return this.db.transaction(async () => {
      // One beat at a time across instances, so an outage is noticed (and its case opened) once.
      await this.uptime.lockBeats();
      const latest = await this.uptime.latestSpan();
      if (latest && now.getTime() <= latest.toAt.getTime()) return null;
      if (latest && now.getTime() - latest.toAt.getTime() <= UPTIME_GAP_MS) {
        await this.uptime.stretchSpan(latest.id, now);
        return null;
      }
      await this.uptime.startSpan(now);
      if (!latest) return null;
      // The outage's start is unique: one already recorded (and its case opened) is not opened again.
      const outageId = await this.uptime.recordOutage(latest.toAt, now);
      if (outageId === null) return { from: latest.toAt, to: now, caseIds: [] };
      return { from: latest.toAt, to: now, caseIds: await this.proposeCredits(outageId, latest.toAt, now) };
    });
  }

  /**
   * The days of an outage are the whole calendar days between the last beat and this one:
   * on the days it went down and came back up the platform did receive moves. The credit
   * per player is what the core counted as their thinking days then (downtimeCredits).
   */
  private async proposeCredits(outageId: string, from: Date, to: Date): Promise<string[]> {
    const opened: string[] = [];
    for (const competition of await this.competitions.started()) {
      const days = downDays(competition, from, to);
      if (!days) continue;
      const games: DowntimeGame[] = [];
      const credits: DowntimeCredit[] = [];
      const inPlay = await this.gameTime.gamesInPlay(competition.id, { withPlayers: true });
      const timelines = await this.time.timelinesOf(competition, inPlay);
      for (const game of inPlay) {
        const ran = downtimeCredits(timelines.get(game.id)!, days.from, days.to);
        if (ran.red === 0 && ran.blue === 0) continue;
        games.push({
          gameId: game.id,
          competitionId: competition.id,
          competition: competition.shortName || competition.name,
          red: game.redPlayer?.name ?? '',
          blue: game.bluePlayer?.name ?? '',
          ...days,
          days: { red: ran.red, blue: ran.blue },
        });
        for (const color of ['red', 'blue'] as const) {
          if (ran[color] === 0) continue;
          const playerId = color === 'red' ? game.redPlayerId : game.bluePlayerId;
          credits.push({ gameId: game.id, playerId, color, days: ran[color], competitionId: competition.id, ...days });
        }
      }
      if (!games.length) continue;
      // As the arbiter reads them: by the players' names.
      games.sort((a, b) => a.red.localeCompare(b.red, 'ro') || a.blue.localeCompare(b.blue, 'ro'));
      const payload: JsonObject = {
        outageId,
        outage: { from: from.toISOString(), to: to.toISOString() },
        days: { ...days },
        games: games.map((g) => ({ ...g, days: { ...g.days } })),
        credits: credits.map((c) => ({ ...c })),
      };
      // Keyed by the outage's start and the competition: the same outage seen again opens nothing.
      const id = await this.cases.openOnce(`${from.toISOString()}:${competition.id}`, {
        competitionId: competition.id,
        kind: DOWNTIME_CASE,
        payload,
      });
      if (id) opened.push(id);
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
