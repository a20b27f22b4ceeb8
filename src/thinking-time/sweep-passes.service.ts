import { Injectable, Logger } from '@nestjs/common';

/** A feature's own pass over its rows, run by every sweep after the case notices: it answers how many mails it wrote. */
export type SweepPass = (now: Date) => Promise<number>;

/**
 * The passes other features add to the sweep (docs/architecture.md, the sweep): a feature above
 * the games (a tournament in rounds) registers its pass here at start, so the sweep runs it without
 * importing that feature. Each pass is idempotent on its own keys; one that fails is logged and
 * left to the next run, never stopping the sweep.
 */
@Injectable()
export class SweepPasses {
  private readonly logger = new Logger('SweepPasses');
  private readonly passes = new Map<string, SweepPass>();

  register(name: string, pass: SweepPass): void {
    this.passes.set(name, pass);
  }

  async run(now: Date): Promise<Record<string, number>> {
    const wrote: Record<string, number> = {};
    for (const [name, pass] of this.passes) {
      try {
        wrote[name] = await pass(now);
      } catch (error) {
        this.logger.warn({ pass: name, err: error }, 'a sweep pass failed; the next run tries again');
      }
    }
    return wrote;
  }
}
