/**
 * The only source of "now". Thinking days, reminders and deadlines depend on it, so
 * tests move it by days instead of waiting.
 */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that stands still until told to move: for tests and simulations. */
export class ManualClock extends Clock {
  private current: number;

  constructor(start: Date | string) {
    super();
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(instant: Date | string): void {
    this.current = new Date(instant).getTime();
  }

  advance({ days = 0, hours = 0, minutes = 0 }: { days?: number; hours?: number; minutes?: number }): void {
    this.current += ((days * 24 + hours) * 60 + minutes) * 60_000;
  }
}

/**
 * The rehearsal clock (the idea of Stripe's test clocks): real time shifted by an
 * offset that only moves forward, so an arbiter trains on a season without waiting months.
 * It starts at the real now (offset 0); the offset is kept in platform_state by the
 * rehearsal service (src/rehearsal/) so a restart keeps the rehearsal's day.
 */
export class RehearsalClock extends Clock {
  constructor(private offsetMs = 0) {
    super();
    if (!Number.isFinite(offsetMs) || offsetMs < 0)
      throw new RangeError(`a rehearsal offset is a whole, non-negative number of ms: ${offsetMs}`);
  }

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  get offset(): number {
    return this.offsetMs;
  }

  /** Moves the clock to `instant`; never back (the caller refuses that first, this is the last guard). */
  moveTo(instant: Date): void {
    const offset = instant.getTime() - Date.now();
    if (offset < this.offsetMs) throw new RangeError('the rehearsal clock never goes back');
    this.offsetMs = offset;
  }
}
