// `rehearsal advance --to DATE` and `rehearsal clock`: the rehearsal clock by
// hand, with the platform's own services, on the database the environment names.
import { SYSTEM_ACTOR } from '../auth/core/actor';
import { RehearsalModule } from '../rehearsal/rehearsal.module';
import { RehearsalService } from '../rehearsal/rehearsal.service';
import { serviceCommand } from './cli-services';
import { BadInputError, jsonLine } from './command';

const ENV = { SWEEP_WORKER: 'off', MAIL_WORKERS: 'off' };

export const rehearsalAdvanceCommand = serviceCommand({
  name: 'rehearsal advance',
  usage: 'rehearsal advance --to DATE',
  summary:
    'move the rehearsal clock (REHEARSAL_CLOCK=on) forward to DATE (YYYY-MM-DD or an ISO instant), running the daily sweep of every day passed',
  options: { to: 'value' },
  features: [RehearsalModule],
  env: ENV,
  input({ options }) {
    if (options.to === undefined)
      throw new BadInputError('--to DATE is required (YYYY-MM-DD or an ISO instant such as 2027-03-01T09:00:00Z)');
    return options.to;
  },
  async run(to, get, io) {
    io.out(jsonLine(await get(RehearsalService).advance(SYSTEM_ACTOR, to)));
  },
});

export const rehearsalClockCommand = serviceCommand({
  name: 'rehearsal clock',
  usage: 'rehearsal clock',
  summary: "print the rehearsal clock: the platform's now and today",
  options: {},
  features: [RehearsalModule],
  env: ENV,
  async run(_args, get, io) {
    io.out(jsonLine(get(RehearsalService).read()));
  },
});
