// `sweep [--date YYYY-MM-DD]`: the daily sweep run once by hand (docs/sweep.md), on the database
// the environment names, with the platform's own services. It does what the worker would
// do on its next run — the same exactly-once records, so running it beside a live
// platform, or twice, sends nothing twice — and prints what it did.
import { Clock } from '../common/clock';
import type { Settings } from '../config/settings';
import { SweepService } from '../thinking-time/sweep.service';
import { ThinkingTimeModule } from '../thinking-time/thinking-time.module';
import { serviceCommand } from './cli-services';
import { jsonLine, type CommandIo } from './command';
import { sweepDay, sweepSummary } from './sweep-summary';

/**
 * The sweep by hand, on the services of a running context: the day checked, the run made
 * without a heartbeat (a command run by hand says nothing of the platform's uptime), the
 * summary printed as one JSON line. Exit 1 when a game could not be swept.
 */
export async function runSweep(
  io: Pick<CommandIo, 'out' | 'err'>,
  sweep: SweepService,
  clock: Clock,
  settings: Pick<Settings, 'timeZone'>,
  date?: string,
): Promise<number> {
  const day = sweepDay(date, clock.now(), settings.timeZone);
  const report = await sweep.runOnce({ day, heartbeat: false });
  const summary = sweepSummary(day, report);
  for (const c of summary.competitions)
    if (c.failed > 0) io.err(`competition ${c.competitionId}: ${c.failed} game(s) could not be swept; run again\n`);
  io.out(jsonLine(summary));
  return summary.competitions.some((c) => c.failed > 0) ? 1 : 0;
}

export const sweepCommand = serviceCommand({
  name: 'sweep',
  usage: 'sweep [--date YYYY-MM-DD]',
  summary: 'run the daily sweep once now, or through a past day (catching up as after downtime); prints the actions done by stage',
  options: { date: 'value' },
  features: [ThinkingTimeModule],
  // The worker is never started here: this run is the one.
  env: { SWEEP_WORKER: 'off', MAIL_WORKERS: 'off' },
  printRefusals: false,
  run: ({ options }, get, io, settings) => runSweep(io, get(SweepService), get(Clock), settings, options.date),
});
