import { AddressInfo } from 'node:net';
import { ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { freePort } from './ports';
import { hangAfter } from './hang';

export interface DeliveredMail {
  /** The SMTP envelope: the VERP sender, the real recipients, and the body's type declared in MAIL FROM (`8BITMIME`), if any. */
  readonly envelope: { readonly from: string; readonly to: string[]; readonly body?: string };
  readonly raw: Buffer;
  readonly parsed: ParsedMail;
  /** A header's value as written on the wire (unfolded), or undefined. */
  header(name: string): string | undefined;
}

/** How the sink misbehaves: refuse the TCP connection, or answer 421 (try later) to every session. */
export type Outage = 'refuse' | 'tempfail';

export interface SmtpSink {
  readonly port: number;
  /** smtp://127.0.0.1:port — what SMTP_URL is set to. */
  readonly url: string;
  readonly delivered: DeliveredMail[];
  /** Resolves once `count` mails in all were delivered (or rejects after the timeout). */
  waitFor(count: number, timeoutMs?: number): Promise<DeliveredMail[]>;
  down(outage: Outage): Promise<void>;
  up(): Promise<void>;
  /** Sessions refused or failed while down: proof that the sender tried. */
  readonly refusedAttempts: number;
  stop(): Promise<void>;
}

/** Header lines of a raw message, unfolded, before the first blank line. */
function rawHeaders(raw: Buffer): Map<string, string> {
  const text = raw.toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const block = (end < 0 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      const name = line.slice(0, colon).trim().toLowerCase();
      if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
    }
  }
  return headers;
}

/**
 * An in-process SMTP server speaking real SMTP on a loopback port (no TLS, no auth),
 * keeping every delivered message parsed; it can go down and come back on the same port.
 */
export async function startSmtpSink(options: { readonly parse?: boolean } = {}): Promise<SmtpSink> {
  // A benchmark's sink stands for a server on another machine: its parsing is not the platform's work.
  const parse = options.parse ?? true;
  const delivered: DeliveredMail[] = [];
  const waiters: Array<() => void> = [];
  let outage: Outage | undefined;
  let refusedAttempts = 0;
  const port = await freePort();

  const tempfail = () => Object.assign(new Error('Service not available, try again later'), { responseCode: 421 });
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      size: 64 * 1024 * 1024,
      onConnect(_session, callback) {
        if (outage === 'tempfail') {
          refusedAttempts++;
          return callback(tempfail());
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          // A receiving server keeps the message; no test reads the text part rendered as HTML.
          const parsing = parse
            ? simpleParser(raw, { skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true })
            : Promise.resolve(undefined);
          parsing.then(
            (parsed) => {
              const headers = rawHeaders(raw);
              delivered.push({
                envelope: {
                  from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                  to: session.envelope.rcptTo.map((r) => r.address),
                  ...bodyOf(session.envelope.mailFrom),
                },
                raw,
                get parsed(): ParsedMail {
                  if (!parsed) throw new Error('this sink was started with parse: false; it keeps the raw messages only');
                  return parsed;
                },
                header: (name) => headers.get(name.toLowerCase()),
              });
              for (const wake of waiters.splice(0)) wake();
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });

  // A client that drops mid-session (the platform SIGKILLed by the fault tests) makes smtp-server
  // emit the socket's error on the server; like a real server, the sink drops that connection and
  // serves on, instead of an unhandled 'error' failing the suite after its tests passed.
  const serving = (s: SMTPServer) => s.on('error', () => undefined);
  let server = serving(create());
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  await listen();
  if ((server.server.address() as AddressInfo).port !== port) throw new Error('smtp sink bound to an unexpected port');

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    delivered,
    get refusedAttempts() {
      return refusedAttempts;
    },
    waitFor: (count, timeoutMs = hangAfter(20_000)) =>
      new Promise((resolve, reject) => {
        const deadline = setTimeout(() => reject(new Error(`expected ${count} delivered mails, got ${delivered.length}`)), timeoutMs);
        const check = () => {
          if (delivered.length >= count) {
            clearTimeout(deadline);
            resolve(delivered.slice());
          } else waiters.push(check);
        };
        check();
      }),
    down: async (mode) => {
      outage = mode;
      if (mode === 'refuse') await close();
    },
    up: async () => {
      const wasRefusing = outage === 'refuse';
      outage = undefined;
      if (wasRefusing) {
        server = serving(create());
        await listen();
      }
    },
    stop: async () => {
      if (outage !== 'refuse') await close();
    },
  };
}

/** The BODY parameter of MAIL FROM (RFC 6152), as smtp-server hands it over. */
function bodyOf(from: false | SMTPServerAddress): { body?: string } {
  const body = from && from.args ? (from.args as Record<string, string | undefined>).BODY : undefined;
  return body === undefined ? {} : { body };
}
