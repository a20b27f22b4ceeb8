import { BadInputError, Command, jsonLine } from '../cli/command';
import { withDatabase } from '../cli/database-command';
import { parseOptions } from '../cli/options';
import { SystemClock } from '../common/clock';
import { parseSettings } from '../config/settings';
import { runWithServices } from '../competitions/cli-services';
import { Notifications } from '../mail/notifications';
import { isEmailAddress, normalizeEmail } from './email-address';
import { LoginLinks } from './login-links.service';
import { SYSTEM_ACTOR } from './actor';
import { ApiKeysService } from './api-keys.service';
import { API_KEY_LIFETIME_DAYS, UsersService } from './users.service';

const API_KEY_USAGE = 'admin api-key EMAIL [--label TEXT] [--days N]';

/** How an operator lets an arbiter (or themselves) use the API; the key lives a year unless --days says otherwise. */
export const adminApiKeyCommand: Command = {
  name: 'admin api-key',
  usage: API_KEY_USAGE,
  summary: 'print a fresh API key for the user with that address, and when it expires (an admin is created when nobody has it)',
  async run(io) {
    const { options, positionals } = parseOptions(io.args, { label: 'value', days: 'value' });
    if (positionals.length !== 1) throw new BadInputError(`usage: ${API_KEY_USAGE}`);
    const [email] = positionals;
    // Checked before the database is opened: a typo costs nothing.
    if (!isEmailAddress(normalizeEmail(email))) throw new BadInputError(`"${email}" is not an e-mail address`);
    const days = options.days === undefined ? API_KEY_LIFETIME_DAYS : Number(options.days);
    if (!Number.isInteger(days) || days < 1 || days > 1830) throw new BadInputError('--days takes a whole number of days from 1 to 1830');
    return runWithServices(io, async (get) => {
      const issued = await get(UsersService).issueApiKeyForEmail(email, options.label ?? 'cli', days);
      io.err(`API key ${issued.id} for ${normalizeEmail(email)}: it expires on ${issued.expiresAt.toISOString()}; it is shown only now.\n`);
      io.out(
        jsonLine({
          id: issued.id,
          userId: issued.userId,
          email: normalizeEmail(email),
          roles: issued.roles,
          created: issued.created,
          key: issued.key,
          expiresAt: issued.expiresAt.toISOString(),
        }),
      );
      return 0;
    });
  },
};

/** Issue 12 §4: every key (or one user's), never the key itself: id, owner, label, dates, state. */
export const adminApiKeyListCommand: Command = {
  name: 'admin api-key list',
  usage: 'admin api-key list [--email EMAIL]',
  summary: "list API keys (every user's, or one user's): id, owner, label, created, expires, last used, revoked, state",
  async run(io) {
    const { options, positionals } = parseOptions(io.args, { email: 'value' });
    if (positionals.length) throw new BadInputError('usage: admin api-key list [--email EMAIL]');
    if (options.email !== undefined && !isEmailAddress(normalizeEmail(options.email))) throw new BadInputError(`"${options.email}" is not an e-mail address`);
    return runWithServices(io, async (get) => {
      const keys = await get(ApiKeysService).list(SYSTEM_ACTOR, options.email === undefined ? { all: true } : { email: options.email });
      io.out(jsonLine({ keys }));
      return 0;
    });
  },
};

/** Issue 12 §4: the key stops working at once (401 "revoked"); repeating it changes nothing. */
export const adminApiKeyRevokeCommand: Command = {
  name: 'admin api-key revoke',
  usage: 'admin api-key revoke ID',
  summary: 'revoke an API key by its id (from admin api-key list): it stops working at once',
  async run(io) {
    const { positionals } = parseOptions(io.args, {});
    if (positionals.length !== 1) throw new BadInputError('usage: admin api-key revoke ID');
    return runWithServices(io, async (get) => {
      const key = await get(ApiKeysService).revoke(SYSTEM_ACTOR, positionals[0]);
      io.out(jsonLine({ key }));
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
