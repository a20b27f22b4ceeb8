import { Injectable } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { SweepService } from './sweep.service';

/** docs/style.md: a cron handler is one line calling a method that is safe to run twice. */
@Injectable()
export class SweepCron {
  constructor(private readonly sweep: SweepService) {}

  /** Hourly at :05, so 00:05 in every whole-hour time zone; each competition's own day decides what is due. */
  @Cron('5 * * * *', { name: 'thinking-time-sweep' })
  run(): Promise<void> {
    return this.sweep.wake();
  }
}
