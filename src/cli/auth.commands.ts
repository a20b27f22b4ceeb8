import { SYSTEM_ACTOR } from '../auth/core/actor';
import { ApiKeysService } from '../auth/api-keys.service';
import { isEmailAddress, normalizeEmail } from '../auth/core/email-address';
import { LoginLinks } from '../auth/login-links.service';
import { API_KEY_LIFETIME_DAYS, UsersService } from '../auth/users.service';
import { SystemClock } from '../common/clock';
import { parseSettings } from '../config/settings';
import { Notifications } from '../notifications/notifications.service';
import { serviceCommand } from './cli-services';
import { BadInputError, jsonLine } from './command';
import { databaseCommand } from './database-command';

const API_KEY_USAGE = 'admin api-key EMAIL [--label TEXT] [--days N]';

/** How an operator lets an arbiter (or themselves) use the API; the key lives a year unless --days says otherwise. */
export const adminApiKeyCommand = serviceCommand({
  name: 'admin api-key',
  usage: API_KEY_USAGE,
  summary: 'print a fresh API key for the user with that address, and when it expires (an admin is created when nobody has it)',
  options: { label: 'value', days: 'value' },
  input({ options, positionals }) {
    if (positionals.length !== 1) throw new BadInputError(`usage: ${API_KEY_USAGE}`);
    const [email] = positionals;
    // Checked before the database is opened: a typo costs nothing.
    if (!isEmailAddress(normalizeEmail(email))) throw new BadInputError(`"${email}" is not an e-mail address`);
    const days = options.days === undefined ? API_KEY_LIFETIME_DAYS : Number(options.days);
    if (!Number.isInteger(days) || days < 1 || days > 1830) throw new BadInputError('--days takes a whole number of days from 1 to 1830');
    return { email, label: options.label ?? 'cli', days };
  },
  async run({ email, label, days }, get, io) {
    const issued = await get(UsersService).issueApiKeyForEmail(email, label, days);
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
  },
});

/** Every key (or one user's), never the key itself: id, owner, label, dates, state. */
export const adminApiKeyListCommand = serviceCommand({
  name: 'admin api-key list',
  usage: 'admin api-key list [--email EMAIL]',
  summary: "list API keys (every user's, or one user's): id, owner, label, created, expires, last used, revoked, state",
  options: { email: 'value' },
  input({ options, positionals }) {
    if (positionals.length) throw new BadInputError('usage: admin api-key list [--email EMAIL]');
    if (options.email !== undefined && !isEmailAddress(normalizeEmail(options.email)))
      throw new BadInputError(`"${options.email}" is not an e-mail address`);
    return options.email;
  },
  async run(email, get, io) {
    const keys = await get(ApiKeysService).list(SYSTEM_ACTOR, email === undefined ? { all: true } : { email });
    io.out(jsonLine({ keys }));
  },
});

/** The key stops working at once (401 "revoked"); repeating it changes nothing. */
export const adminApiKeyRevokeCommand = serviceCommand({
  name: 'admin api-key revoke',
  usage: 'admin api-key revoke ID',
  summary: 'revoke an API key by its id (from admin api-key list): it stops working at once',
  options: {},
  input({ positionals }) {
    if (positionals.length !== 1) throw new BadInputError('usage: admin api-key revoke ID');
    return positionals[0];
  },
  async run(id, get, io) {
    const key = await get(ApiKeysService).revoke(SYSTEM_ACTOR, id);
    io.out(jsonLine({ key }));
  },
});

/**
 * A fresh magic login link on stdout, for the admin of ADMIN_EMAIL or the user with
 * --email; an address nobody has becomes an admin, as with `admin api-key`. The link is
 * `${PUBLIC_URL}/login/<token>`, good for 15 minutes, once.
 */
export const adminLoginLinkCommand = databaseCommand({
  name: 'admin login-link',
  usage: 'admin login-link [--email EMAIL]',
  summary: 'print a fresh login link (15 minutes, single use) for the admin, or for the user with that address',
  options: { email: 'value' },
  input({ options, positionals }, io) {
    if (positionals.length) throw new BadInputError('usage: admin login-link [--email EMAIL]');
    const settings = parseSettings(io.env);
    const email = options.email ?? settings.adminEmail;
    if (options.email !== undefined && !isEmailAddress(normalizeEmail(email)))
      throw new BadInputError(`"${email}" is not an e-mail address`);
    return { settings, email };
  },
  // Plain construction: no Nest application for one row and one line (the repositories are built by auth: delivery imports none).
  async run({ settings, email }, db, io) {
    const clock = new SystemClock();
    const links = LoginLinks.standalone(db, clock, settings, Notifications.on(db, clock, settings));
    const link = await links.linkForCli(email);
    io.err(
      `${link.created ? 'Created the admin' : 'Login link for'} ${link.email} (${link.roles.join(', ')}); it works once, within 15 minutes.\n`,
    );
    io.out(`${link.url}\n`);
  },
});
