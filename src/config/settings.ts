import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { secretWeakness } from './secret-strength';

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `expected a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

const timeZone = z.string().refine(
  (value) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'expected an IANA time zone such as Europe/Bucharest' },
);

const email = z.string().regex(/^[^\s@<>]+@[^\s@<>]+$/, 'expected an e-mail address such as joc@example.org');

/** Every setting the platform reads, from the environment, once, at boot. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'expected a port number' })
    .int('expected a whole port number')
    .min(1, 'expected a port from 1 to 65535')
    .max(65535, 'expected a port from 1 to 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  TZ_DEFAULT: timeZone.default('Europe/Bucharest'),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  IMAP_URL: url(['imap:', 'imaps:']).optional(),
  IMAP_MAILBOX: z.string().min(1).default('INBOX'),
  MAIL_FROM: email.default('corr-scrabble@localhost'),
  MAIL_REPLY_ADDRESS: email.default('moves@localhost'),
  /** The first admin, created at first start when no user is an admin. */
  ADMIN_EMAIL: email.default('admin@localhost'),
  /** Behind a reverse proxy: Express's `trust proxy` (a hop count, `loopback`, addresses), so the rate limit sees clients, not the proxy. */
  TRUST_PROXY: z.string().min(1).optional(),
  /** Login-link requests accepted per client address and minute (the login is rate limited). */
  LOGIN_RATE_LIMIT: z.coerce
    .number({ message: 'expected a number' })
    .int('expected a whole number')
    .min(1, 'expected at least 1')
    .default(5),
  /** docs/mail-rules.md 4: the authserv-id of the provider's Authentication-Results headers to trust. */
  MAIL_AUTHSERV_ID: z.string().min(1).optional(),
  /** docs/mail-rules.md 17: the hour (0-23, in each competition's time zone) the daily digest goes out. */
  MAIL_DIGEST_HOUR: z.coerce
    .number({ message: 'expected a number' })
    .int('expected a whole number')
    .min(0, 'expected 0 to 23')
    .max(23, 'expected 0 to 23')
    .default(7),
  /** The outbox sender and the IMAP inbox loops; tests of other features leave them off. */
  MAIL_WORKERS: z.enum(['on', 'off']).optional(),
  /** The daily sweep's worker (docs/sweep.md); tests of other features leave it off and sweep by hand. */
  SWEEP_WORKER: z.enum(['on', 'off']).optional(),
  /** The worker computing the games' analyses; tests run it by hand. */
  ANALYSIS_WORKER: z.enum(['on', 'off']).optional(),
  /**
   * The games whose last committed state an instance keeps for the next action
   * (games/persistence/game-action-cache.ts). Fewer than the games being played, and a move reloads and
   * replays its whole game: a championship's games are played in turn, each evicted before its next move.
   * A kept game costs up to about 0.2 MB of heap (docs/scale.md); 5,000 hold a 100-player round robin.
   */
  GAME_CACHE_GAMES: z.coerce
    .number({ message: 'expected a number' })
    .int('expected a whole number')
    .min(0, 'expected 0 or more')
    .default(5_000),
  /** At least 256 bits by the estimate of secret-strength.ts. */
  SECRET: z
    .string()
    .superRefine((value, ctx) => {
      const weakness = secretWeakness(value);
      if (weakness) ctx.addIssue({ code: 'custom', message: weakness });
    })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The platform's clock moved forward by an admin, for rehearsing a season (src/rehearsal/). */
  REHEARSAL_CLOCK: z.enum(['on', 'off']).default('off'),
});

export type DatabaseSettings = { readonly kind: 'postgres'; readonly url: string } | { readonly kind: 'pglite'; readonly dataDir: string };

export interface Settings {
  readonly env: 'development' | 'production' | 'test';
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly database: DatabaseSettings;
  readonly publicUrl: string;
  readonly timeZone: string;
  readonly smtpUrl?: string;
  readonly imapUrl?: string;
  readonly imapMailbox: string;
  readonly mailFrom: string;
  readonly mailReplyAddress: string;
  /** The address of the admin created at first start, and of `admin login-link` without --email. */
  readonly adminEmail: string;
  /** Login-link requests per client address and minute. */
  readonly loginRateLimit: number;
  /** Express's `trust proxy` when a reverse proxy stands in front; absent: the socket's address is the client's. */
  readonly trustProxy?: string | number | boolean;
  readonly mailAuthservId?: string;
  /** The hour of the daily digest, in the competition's time zone. */
  readonly mailDigestHour: number;
  /** Whether this instance runs the outbox sender and the inbox (default: on, off under NODE_ENV=test). */
  readonly mailWorkers: boolean;
  /** Whether this instance offers to run the daily sweep (default: on, off under NODE_ENV=test); one instance leads. */
  readonly sweepWorker: boolean;
  /** Whether this instance offers to compute the games' analyses (default: on, off under NODE_ENV=test); one instance leads. */
  readonly analysisWorker: boolean;
  /** How many games' committed state an instance keeps between actions (GAME_CACHE_GAMES). */
  readonly gameCacheGames: number;
  /** Signs reply tokens and sessions; shared by every instance. */
  readonly secret: string;
  readonly logLevel: string;
  /** The rehearsal clock (REHEARSAL_CLOCK=on): only on a rehearsal or test database, mail to files only. */
  readonly rehearsalClock?: boolean;
}

/** Settings whose value must never reach a console or a log, even when refused. */
const REDACTED = new Set(['SECRET']);

export class SettingsError extends Error {
  constructor(
    readonly variable: string,
    readonly reason: string,
    readonly value: unknown,
  ) {
    super(`Invalid setting ${variable}${REDACTED.has(variable) ? '' : `=${JSON.stringify(value ?? '')}`}: ${reason}`);
  }
}

type Env = Record<string, string | undefined>;

/** Validates the environment; the first bad value is reported by its variable name. */
export function parseSettings(env: Env): Settings {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue.path[0]);
    throw new SettingsError(variable, issue.message, present[variable]);
  }
  const s = parsed.data;
  const dataDir = resolve(s.DATA_DIR);
  const rehearsalClock = s.REHEARSAL_CLOCK === 'on';
  if (rehearsalClock) {
    const refused = rehearsalDatabaseRefusal(s.DATABASE_URL);
    if (refused) throw new SettingsError('REHEARSAL_CLOCK', refused, s.REHEARSAL_CLOCK);
  }
  return {
    env: s.NODE_ENV,
    port: s.PORT,
    host: s.HOST,
    dataDir,
    database: s.DATABASE_URL ? { kind: 'postgres', url: s.DATABASE_URL } : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
    publicUrl: (s.PUBLIC_URL ?? `http://localhost:${s.PORT}`).replace(/\/+$/, ''),
    timeZone: s.TZ_DEFAULT,
    // A rehearsal writes its mail to files only: nobody real is written to about a season that is not.
    smtpUrl: rehearsalClock ? undefined : s.SMTP_URL,
    imapUrl: s.IMAP_URL,
    imapMailbox: s.IMAP_MAILBOX,
    mailFrom: s.MAIL_FROM,
    mailReplyAddress: s.MAIL_REPLY_ADDRESS,
    adminEmail: s.ADMIN_EMAIL.trim().toLowerCase(),
    loginRateLimit: s.LOGIN_RATE_LIMIT,
    trustProxy: trustProxy(s.TRUST_PROXY),
    mailAuthservId: s.MAIL_AUTHSERV_ID,
    mailDigestHour: s.MAIL_DIGEST_HOUR,
    mailWorkers: s.MAIL_WORKERS ? s.MAIL_WORKERS === 'on' : s.NODE_ENV !== 'test',
    sweepWorker: s.SWEEP_WORKER ? s.SWEEP_WORKER === 'on' : s.NODE_ENV !== 'test',
    analysisWorker: s.ANALYSIS_WORKER ? s.ANALYSIS_WORKER === 'on' : s.NODE_ENV !== 'test',
    gameCacheGames: s.GAME_CACHE_GAMES,
    secret: s.SECRET ?? keptSecret(dataDir),
    logLevel: s.LOG_LEVEL,
    rehearsalClock,
  };
}

/**
 * The rehearsal clock moves the platform's days forward for good: only on the embedded
 * database, or on a PostgreSQL database whose name says it is a rehearsal or a test.
 */
export function rehearsalDatabaseRefusal(databaseUrl: string | undefined): string | null {
  if (databaseUrl === undefined) return null;
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  if (/rehearsal|test/i.test(name)) return null;
  return `the rehearsal clock runs only on the embedded database or on a PostgreSQL database whose name contains "rehearsal" or "test" (this one is "${name}")`;
}

/** `1` (hops), `true`, or addresses and names (`loopback, 10.0.0.0/8`) as Express takes them. */
function trustProxy(value: string | undefined): string | number | boolean | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}

/**
 * Without SECRET, one is generated once and kept in DATA_DIR so tokens survive restarts.
 * A kept one is held to the same standard: an emptied or hand-written weak file stops the start.
 */
function keptSecret(dataDir: string): string {
  const file = join(dataDir, 'secret');
  const secret = readOrCreateSecret(file);
  const weakness = secretWeakness(secret);
  if (weakness)
    throw new SettingsError(
      'SECRET',
      `the secret kept in ${file} is not usable: ${weakness} (or delete the file to have one generated)`,
      undefined,
    );
  return secret;
}

function readOrCreateSecret(file: string): string {
  const dataDir = dirname(file);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process created it first: theirs is the secret.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return readFileSync(file, 'utf8').trim();
  }
}

export const SETTINGS = Symbol('SETTINGS');
