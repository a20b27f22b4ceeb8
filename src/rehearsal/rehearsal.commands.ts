// `rehearsal advance --to DATE` and `rehearsal clock` (issue 14): the rehearsal clock by
// hand, with the platform's own services, on the database the environment names.
import { BadInputError, jsonLine, type Command } from '../cli/command';
import { parseOptions } from '../cli/options';
import { SYSTEM_ACTOR } from '../auth/actor';
import { printRefusal, withServices } from '../competitions/cli-services';
import { RehearsalModule } from './rehearsal.module';
import { RehearsalService } from './rehearsal.service';

const ENV = { SWEEP_WORKER: 'off', MAIL_WORKERS: 'off' };

export const rehearsalAdvanceCommand: Command = {
  name: 'rehearsal advance',
  usage: 'rehearsal advance --to DATE',
  summary: 'move the rehearsal clock (REHEARSAL_CLOCK=on) forward to DATE (YYYY-MM-DD or an ISO instant), running the daily sweep of every day passed',
  async run(io) {
    const { options } = parseOptions(io.args, { to: 'value' });
    if (options.to === undefined) throw new BadInputError('--to DATE is required (YYYY-MM-DD or an ISO instant such as 2027-03-01T09:00:00Z)');
    return withServices(
      io,
      async (get) => {
        try {
          io.out(jsonLine(await get(RehearsalService).advance(SYSTEM_ACTOR, options.to!)));
          return 0;
        } catch (error) {
          return printRefusal(io, error);
        }
      },
      { features: [RehearsalModule], env: ENV },
    );
  },
};

export const rehearsalClockCommand: Command = {
  name: 'rehearsal clock',
  usage: 'rehearsal clock',
  summary: "print the rehearsal clock: the platform's now and today",
  async run(io) {
    parseOptions(io.args, {});
    return withServices(
      io,
      async (get) => {
        try {
          io.out(jsonLine(get(RehearsalService).read()));
          return 0;
        } catch (error) {
          return printRefusal(io, error);
        }
      },
      { features: [RehearsalModule], env: ENV },
    );
  },
};
