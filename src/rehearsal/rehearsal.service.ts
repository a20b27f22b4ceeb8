import { Inject, Injectable, Logger } from '@nestjs/common';
import { hasRole, type Actor } from '../auth/core/actor';
import { Refusal } from '../common/refusal';
import { Clock, RehearsalClock } from '../common/clock';
import { SETTINGS, type Settings } from '../config/settings';
import { Database } from '../database/database';
import { Mutex } from '../database/mutex';
import { formatDayRo, isLocalDate, localDate, type LocalDate } from '../common/calendar';
import { SweepService } from '../thinking-time/sweep.service';
import { UptimeRepository } from '../thinking-time/uptime.repository';
import { RehearsalClockRepository } from './rehearsal-clock.repository';
import { localInstant, rehearsalSteps } from './rehearsal-steps';

export interface RehearsalClockView {
  readonly rehearsal: true;
  /** The platform's now. */
  readonly now: string;
  /** Its day in the platform's time zone (TZ_DEFAULT). */
  readonly today: LocalDate;
  /** How far ahead of real time, in ms. */
  readonly offsetMs: number;
}

export interface RehearsalAdvance extends RehearsalClockView {
  /** The sweep runs made on the way, one per day passed and one at the target. */
  readonly sweeps: number;
  /** The actions those runs did, by stage (reminder, escalation, closing-date, …). */
  readonly stages: Readonly<Record<string, number>>;
  readonly resultsSettled: number;
}

const notOn = () =>
  new Refusal(
    'REHEARSAL_OFF',
    {
      ro: 'Ceasul de repetiție nu este pornit pe această platformă (REHEARSAL_CLOCK=on).',
      en: 'The rehearsal clock is not on for this platform (REHEARSAL_CLOCK=on).',
      pl: 'Zegar próbny nie jest włączony na tej platformie (REHEARSAL_CLOCK=on).',
    },
    404,
  );

/**
 * The rehearsal clock: only an admin moves it, only forward, and every daily
 * sweep of the days passed runs on the way, in order, as the scheduler would have run it
 * (rehearsal-steps.ts). The jump is not downtime: the uptime span is stretched to each
 * step before the clock reaches it, so no heartbeat sees an outage.
 */
@Injectable()
export class RehearsalService {
  private readonly logger = new Logger('Rehearsal');
  private readonly mutex = new Mutex();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    @Inject(SETTINGS) private readonly settings: Pick<Settings, 'timeZone'>,
    private readonly sweep: SweepService,
    private readonly uptime: UptimeRepository,
    private readonly rehearsalClocks: RehearsalClockRepository,
  ) {}

  /** Whether this platform runs on the rehearsal clock. */
  get on(): boolean {
    return this.clock instanceof RehearsalClock;
  }

  /** The banner's day, or null off rehearsal. */
  today(): LocalDate | null {
    return this.on ? localDate(this.clock.now(), this.settings.timeZone) : null;
  }

  read(): RehearsalClockView {
    const clock = this.rehearsalClock();
    const now = clock.now();
    return { rehearsal: true, now: now.toISOString(), today: localDate(now, this.settings.timeZone), offsetMs: clock.offset };
  }

  /** Moves the clock to `to` (an ISO instant, or a day YYYY-MM-DD: its noon in TZ_DEFAULT), running each day's sweep on the way. */
  advance(actor: Actor, to: string): Promise<RehearsalAdvance> {
    const clock = this.rehearsalClock();
    if (actor.kind !== 'system' && !hasRole(actor, 'admin')) {
      throw new Refusal(
        'FORBIDDEN',
        {
          ro: 'Doar un administrator mută ceasul de repetiție.',
          en: 'Only an admin moves the rehearsal clock.',
          pl: 'Zegar próbny przestawia tylko administrator.',
        },
        403,
      );
    }
    const target = parseTarget(to, this.settings.timeZone);
    return this.mutex.run(async () => {
      const now = clock.now();
      if (target.getTime() < now.getTime()) {
        const today = formatDayRo(localDate(now, this.settings.timeZone));
        throw new Refusal(
          'REHEARSAL_BACKWARDS',
          {
            ro: `Ceasul de repetiție nu merge înapoi: azi este ${today}, ${now.toISOString()}.`,
            en: `The rehearsal clock never goes back: today is ${today}, ${now.toISOString()}.`,
            pl: `Zegar próbny nigdy nie cofa się: dziś jest ${today}, ${now.toISOString()}.`,
          },
          409,
          { now: now.toISOString() },
        );
      }
      const stages: Record<string, number> = {};
      let resultsSettled = 0;
      const steps = rehearsalSteps(now, target, this.settings.timeZone);
      for (const step of steps) {
        await this.db.transaction(async () => {
          // The heartbeat's own lock: no beat sees the clock past the span it is stretched to.
          await this.uptime.lockBeats();
          const latest = await this.uptime.latestSpan();
          if (latest && latest.toAt.getTime() < step.getTime()) await this.uptime.stretchSpan(latest.id, step);
          clock.moveTo(new Date(Math.max(step.getTime(), clock.now().getTime())));
          await this.rehearsalClocks.keepOffset(clock.offset, new Date());
        });
        const report = await this.sweep.runOnce({ heartbeat: false });
        for (const c of report.competitions)
          for (const [stage, n] of Object.entries(c.stages)) stages[stage] = (stages[stage] ?? 0) + (n ?? 0);
        resultsSettled += report.resultsSettled;
        const failed = report.competitions.reduce((sum, c) => sum + c.failed, 0);
        if (failed > 0)
          this.logger.warn(`rehearsal step ${step.toISOString()}: ${failed} game(s) could not be swept; the next run takes them up`);
      }
      this.logger.log(`rehearsal clock moved to ${clock.now().toISOString()} in ${steps.length} sweep run(s)`);
      return { ...this.read(), sweeps: steps.length, stages, resultsSettled };
    });
  }

  private rehearsalClock(): RehearsalClock {
    if (!(this.clock instanceof RehearsalClock)) throw notOn();
    return this.clock;
  }
}

/** An ISO instant with its offset or Z (`2027-03-01T09:00:00Z`), or a day (`2027-03-01`: its noon in the time zone). */
function parseTarget(value: unknown, timeZone: string): Date {
  const text = typeof value === 'string' ? value.trim() : '';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const instant =
    day && isLocalDate(text)
      ? localInstant(text, timeZone, 12, 0)
      : /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(text)
        ? new Date(text)
        : new Date(Number.NaN);
  if (Number.isNaN(instant.getTime())) {
    throw new Refusal(
      'BAD_INPUT',
      {
        ro: `Data „${text}” nu este o clipă ISO (ex. 2027-03-01T09:00:00Z) sau o zi (2027-03-01).`,
        en: `"${text}" is not an ISO instant (e.g. 2027-03-01T09:00:00Z) or a day (2027-03-01).`,
        pl: `„${text}” nie jest chwilą ISO (np. 2027-03-01T09:00:00Z) ani dniem (2027-03-01).`,
      },
      400,
      { fields: ['to'] },
    );
  }
  return instant;
}
