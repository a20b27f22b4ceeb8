import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePort } from './ports';
import { hangAfter } from './hang';

/** Who the private Dovecot runs its parts as, and whom the mailbox belongs to. */
interface Identities {
  loginUser: string;
  internalUser: string;
  uid: number;
  gid: number;
}

/**
 * docs/design.md "Facts checked": as root, the login and internal services must not run
 * as root and the userdb must not map to uid 0, so the mailbox belongs to `nobody`.
 * Not as root, everything runs as the current user.
 */
function identities(): Identities {
  const me = userInfo();
  if (me.uid !== 0) return { loginUser: me.username, internalUser: me.username, uid: me.uid, gid: me.gid };
  const id = (flag: string) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim());
  return { loginUser: 'dovenull', internalUser: 'dovecot', uid: id('-u'), gid: id('-g') };
}

function waitForGreeting(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect({ host: '127.0.0.1', port });
      let greeting = '';
      const retry = () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`Dovecot did not greet on 127.0.0.1:${port}`));
        else setTimeout(attempt, 50);
      };
      socket.on('data', (chunk) => {
        greeting += chunk.toString();
        // The first greeting can be "Waiting for authentication process"; the ready one names the capabilities.
        if (/\* OK \[CAPABILITY/.test(greeting)) {
          socket.destroy();
          resolve();
        }
      });
      socket.on('error', retry);
      // A greeting slow to come is waited for, not taken for a refusal, however loaded the machine.
      socket.setTimeout(hangAfter(1_000), retry);
    };
    attempt();
  });
}

export interface PrivateDovecot {
  readonly port: number;
  readonly user: string;
  readonly password: string;
  /** imap://user:password@127.0.0.1:port — what IMAP_URL is set to. */
  readonly url: string;
  /** A new logged-in client, for the test's own look at the mailboxes (close it after). */
  client(): Promise<ImapFlow>;
  /** Delivers a raw message into a mailbox, as the MTA would; returns its UID. */
  append(raw: string | Buffer, mailbox?: string): Promise<number>;
  /** Message-IDs (or, without one, the subjects) of the messages in a mailbox, in UID order. */
  messageIds(mailbox: string): Promise<string[]>;
  uidValidity(mailbox: string): Promise<bigint>;
  /** What a rebuilt or migrated mail store does: the same messages under a new UIDVALIDITY. */
  setUidValidity(mailbox: string, value: number): void;
  /** Drops every IMAP connection of the user, as a server restart or a network cut does. */
  kick(): void;
  /** Stops the server and starts it again on the same port and store, as an operator's restart does. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A private Dovecot for one test file: its own config, state and mail store in a
 * temporary directory, IMAP without TLS on a free loopback port, one user. The system's
 * Dovecot service (if any) is neither started nor touched.
 */
export async function startDovecot(): Promise<PrivateDovecot> {
  if (spawnSync('sh', ['-c', 'command -v dovecot'], { stdio: 'ignore' }).status !== 0) {
    throw new Error('dovecot is missing: apt-get install -y dovecot-imapd (npm test installs it when run as root)');
  }
  const who = identities();
  const dir = mkdtempSync(join(tmpdir(), 'corr-scrabble-dovecot-'));
  // The mail user (nobody) must traverse the directory to reach its mail store.
  chmodSync(dir, 0o755);
  const mail = join(dir, 'mail');
  for (const sub of ['run', 'state', 'mail']) mkdirSync(join(dir, sub));
  if (userInfo().uid === 0) chownSync(mail, who.uid, who.gid);
  const port = await freePort();
  const user = 'moves';
  const password = 'dovecot-test-password';
  const config = join(dir, 'dovecot.conf');
  writeFileSync(join(dir, 'passwd'), `${user}:{PLAIN}${password}:${who.uid}:${who.gid}::${join(mail, user)}\n`);
  writeFileSync(
    config,
    `protocols = imap
listen = 127.0.0.1
base_dir = ${join(dir, 'run')}
state_dir = ${join(dir, 'state')}
log_path = ${join(dir, 'dovecot.log')}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain
default_login_user = ${who.loginUser}
default_internal_user = ${who.internalUser}
first_valid_uid = 1
mail_location = maildir:${mail}/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${join(dir, 'passwd')}
}
userdb {
  driver = passwd-file
  args = ${join(dir, 'passwd')}
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`,
  );
  let stderr = '';
  const launch = () => {
    const process: ChildProcess = spawn('dovecot', ['-F', '-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
    process.stderr!.on('data', (d) => (stderr += d));
    return { process, exited: new Promise<void>((resolve) => process.once('exit', () => resolve())) };
  };
  let { process: child, exited } = launch();
  try {
    await waitForGreeting(port, hangAfter(15_000));
  } catch (error) {
    child.kill('SIGKILL');
    const log = (() => {
      try {
        return readFileSync(join(dir, 'dovecot.log'), 'utf8');
      } catch {
        return '';
      }
    })();
    throw new Error(`${(error as Error).message}\n${stderr}\n${log}`);
  }

  const client = async () => {
    const c = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user, pass: password }, logger: false });
    await c.connect();
    return c;
  };
  const withClient = async <T>(work: (c: ImapFlow) => Promise<T>): Promise<T> => {
    const c = await client();
    try {
      return await work(c);
    } finally {
      await c.logout().catch(() => c.close());
    }
  };
  const doveadm = (...args: string[]) => execFileSync('doveadm', ['-c', config, ...args], { encoding: 'utf8' });

  return {
    port,
    user,
    password,
    url: `imap://${user}:${password}@127.0.0.1:${port}`,
    client,
    append: (raw, mailbox = 'INBOX') =>
      withClient(async (c) => {
        const result = await c.append(mailbox, typeof raw === 'string' ? Buffer.from(raw) : raw);
        if (!result || result.uid === undefined) throw new Error(`append to ${mailbox} failed`);
        return result.uid;
      }),
    messageIds: (mailbox) =>
      withClient(async (c) => {
        const exists = (await c.list()).some((m) => m.path === mailbox);
        if (!exists) return [];
        const lock = await c.getMailboxLock(mailbox);
        try {
          const all = await c.fetchAll('1:*', { envelope: true, uid: true }, { uid: true }).catch(() => []);
          return all.map((m) => m.envelope?.messageId ?? m.envelope?.subject ?? '');
        } finally {
          lock.release();
        }
      }),
    uidValidity: (mailbox) =>
      withClient(async (c) => {
        const status = await c.status(mailbox, { uidValidity: true });
        if (!status || status.uidValidity === undefined) throw new Error(`no STATUS for ${mailbox}`);
        return BigInt(status.uidValidity);
      }),
    setUidValidity: (mailbox, value) => void doveadm('mailbox', 'update', '-u', user, '--uid-validity', String(value), mailbox),
    kick: () => void doveadm('kick', user),
    restart: async () => {
      child.kill('SIGTERM');
      await exited;
      ({ process: child, exited } = launch());
      await waitForGreeting(port, hangAfter(15_000));
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
