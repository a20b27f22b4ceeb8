import { randomBytes } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';

let counter = 0;
/** A fresh Message-ID, as a mail client would make it. */
export function newMessageId(domain = 'client.example.org'): string {
  return `<${Date.now().toString(36)}.${++counter}.${randomBytes(4).toString('hex')}@${domain}>`;
}

/** A well-formed message built the way a mail client builds it (MIME by nodemailer's composer). */
export async function composeMail(options: Mail.Options & { headers?: Record<string, string> }): Promise<Buffer> {
  const composer = new MailComposer({ messageId: newMessageId(), date: new Date('2027-02-01T10:00:00Z'), ...options });
  return new Promise((resolve, reject) => composer.compile().build((error, message) => (error ? reject(error) : resolve(message))));
}

/** A message written by hand, line by line, for the shapes a composer refuses to make. */
export function handWritten(headers: Record<string, string>, body: string): Buffer {
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  return Buffer.from(`${head}\r\n\r\n${body.replace(/\r?\n/g, '\r\n')}`, 'latin1');
}
