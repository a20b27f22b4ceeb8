import { chmodSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTransport, Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { eightBitHtml, eightBitText } from './eight-bit-body';

/** A composed message for one recipient, with its SMTP envelope (VERP sender). */
export type OutgoingMessage = Mail.Options & { readonly envelope: { readonly from: string; readonly to: string } };

/** Where mail goes: an SMTP server, or `.eml` files for the embedded default. */
export interface MailTransport {
  readonly kind: 'smtp' | 'files';
  /** Resolves once the message is accepted; `key` names the message for idempotent writes. */
  send(message: OutgoingMessage, key: string): Promise<void>;
  /** The sender's pass is over: connections kept open for it are closed (a new pass opens new ones). */
  release(): void;
  close(): void;
}

/**
 * nodemailer's error codes for a connection that broke (a pooled socket the server closed,
 * a reset mid-DATA, a timeout): the server never answered 250 for the message, so sending
 * it again on a fresh socket cannot double it. A 4xx/5xx answer is the server's own verdict.
 */
const BROKEN_CONNECTION_CODES: ReadonlySet<string> = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'ECONNRESET', 'EPIPE']);

export function isBrokenConnection(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  return responseCode === undefined && code !== undefined && BROKEN_CONNECTION_CODES.has(code);
}

/**
 * The message as it goes out: its text and HTML as 8-bit parts where they can be (eight-bit-body.ts),
 * declared to a server that offers 8BITMIME (`BODY=8BITMIME`, RFC 6152); a part that cannot be
 * 8-bit stays quoted-printable.
 */
export function onTheWire(message: OutgoingMessage): OutgoingMessage {
  // An empty body stays a string: nodemailer leaves its part out, as before.
  const text = typeof message.text === 'string' && message.text ? (eightBitText(message.text) ?? message.text) : message.text;
  const html = typeof message.html === 'string' && message.html ? (eightBitHtml(message.html) ?? message.html) : message.html;
  return { ...message, text, html, envelope: { ...message.envelope, use8BitMime: true } as OutgoingMessage['envelope'] };
}

/** SMTP connections kept open and shared by the sender's concurrent recipients. */
export const SMTP_POOL_CONNECTIONS = 4;

export function smtpTransport(url: string): MailTransport {
  // A pool of connections reused across messages: the handshake was most of a message's
  // time. A socket that breaks fails only the message on it, which the sender requeues
  // (OutboxSender: the outbox row is the unit of idempotency).
  // Open only for a pass: an idle pooled socket would outlive a server's outage or restart.
  const parsed = new URL(url);
  const open = (): Transporter =>
    createTransport({
      pool: true,
      maxConnections: SMTP_POOL_CONNECTIONS,
      maxMessages: 1_000,
      host: parsed.hostname,
      port: Number(parsed.port) || (parsed.protocol === 'smtps:' ? 465 : 587),
      secure: parsed.protocol === 'smtps:',
      auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  let transporter: Transporter | undefined;
  const release = () => {
    transporter?.close();
    transporter = undefined;
  };
  return {
    kind: 'smtp',
    send: async (message) => {
      await (transporter ??= open()).sendMail(onTheWire(message));
    },
    release,
    close: release,
  };
}

/** The files hold live login links, so only the platform's own user may read them. */
export const MAIL_DIRECTORY_MODE = 0o700;
export const MAIL_FILE_MODE = 0o600;

/**
 * Without SMTP_URL: each message is written, exactly as it would go on the wire, to
 * DATA_DIR/outbox/<key>.eml; a retry rewrites the same file, so a mail appears once.
 */
export function fileTransport(directory: string): MailTransport {
  const transporter: Transporter = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    send: async (message, key) => {
      const info = (await transporter.sendMail(onTheWire(message))) as { message: Buffer };
      mkdirSync(directory, { recursive: true, mode: MAIL_DIRECTORY_MODE });
      // chmod as well: mkdir's and open's modes pass through the umask, and the folder may predate this.
      chmodSync(directory, MAIL_DIRECTORY_MODE);
      const file = join(directory, `${key}.eml`);
      writeFileSync(`${file}.tmp`, info.message, { mode: MAIL_FILE_MODE });
      chmodSync(`${file}.tmp`, MAIL_FILE_MODE);
      renameSync(`${file}.tmp`, file);
    },
    release: () => undefined,
    close: () => transporter.close(),
  };
}
