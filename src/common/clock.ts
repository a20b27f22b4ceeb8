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
