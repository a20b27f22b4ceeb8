import { BadInputError, Command, jsonLine } from '../cli/command';
import { runWithServices } from '../competitions/cli-services';
import { isEmailAddress, normalizeEmail } from './email-address';
import { UsersService } from './users.service';

/** How an operator lets an arbiter (or themselves) in before the web login exists. */
export const adminApiKeyCommand: Command = {
  name: 'admin api-key',
  usage: 'admin api-key EMAIL',
  summary: 'print a fresh API key for the user with that address (an admin is created when nobody has it)',
  async run(io) {
    if (io.args.length !== 1) throw new BadInputError('usage: admin api-key EMAIL');
    // Checked before the database is opened: a typo costs nothing.
    if (!isEmailAddress(normalizeEmail(io.args[0]))) throw new BadInputError(`"${io.args[0]}" is not an e-mail address`);
    return runWithServices(io, async (get) => {
      const issued = await get(UsersService).issueApiKeyForEmail(io.args[0]);
      io.out(jsonLine({ userId: issued.userId, email: normalizeEmail(io.args[0]), roles: issued.roles, created: issued.created, key: issued.key }));
      return 0;
    });
  },
};
