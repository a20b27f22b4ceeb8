import { BadInputError, Command, jsonLine } from '../cli/command';
import { withDatabase } from '../cli/database-command';
import { parseOptions } from '../cli/options';
import { SystemClock } from '../common/clock';
import { parseSettings } from '../config/settings';
import { runWithServices } from '../competitions/cli-services';
import { Notifications } from '../mail/notifications';
import { isEmailAddress, normalizeEmail } from './email-address';
import { LoginLinks } from './login-links.service';
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

/**
 * A fresh magic login link on stdout (issue 7), for the admin of ADMIN_EMAIL or the user with
 * --email; an address nobody has becomes an admin, as with `admin api-key`. The link is
 * `${PUBLIC_URL}/login/<token>`, good for 15 minutes, once.
 */
export const adminLoginLinkCommand: Command = {
  name: 'admin login-link',
  usage: 'admin login-link [--email EMAIL]',
  summary: 'print a fresh login link (15 minutes, single use) for the admin, or for the user with that address',
  async run(io) {
    const { options, positionals } = parseOptions(io.args, { email: 'value' });
    if (positionals.length) throw new BadInputError('usage: admin login-link [--email EMAIL]');
    const settings = parseSettings(io.env);
    const email = options.email ?? settings.adminEmail;
    if (options.email !== undefined && !isEmailAddress(normalizeEmail(email))) throw new BadInputError(`"${email}" is not an e-mail address`);
    return withDatabase(io, async (db) => {
      // Plain construction: no Nest application for one row and one line.
      const clock = new SystemClock();
      const users = new UsersService(db, clock);
      const links = new LoginLinks(db, clock, settings, users, new Notifications(clock, settings));
      const link = await links.linkForCli(email);
      io.err(`${link.created ? 'Created the admin' : 'Login link for'} ${link.email} (${link.roles.join(', ')}); it works once, within 15 minutes.\n`);
      io.out(`${link.url}\n`);
      return 0;
    });
  },
};
