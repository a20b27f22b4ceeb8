import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { fileTransport, onTheWire } from './mail-transport';

describe('the file transport', () => {
  it('writes each mail 0600 in a 0700 folder, whatever the umask and the folder it found', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'corr-scrabble-files-')), 'outbox');
    mkdirSync(dir, { mode: 0o755 });
    const transport = fileTransport(dir);
    const umask = process.umask(0);
    try {
      const message = {
        from: 'a@example.org',
        to: 'b@example.org',
        subject: 'Link',
        text: 'https://x/login/secret',
        envelope: { from: 'a@example.org', to: 'b@example.org' },
      };
      await transport.send(message, 'one');
      await transport.send(message, 'one'); // a retry rewrites the same file
    } finally {
      process.umask(umask);
      transport.close();
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir)).toEqual(['one.eml']);
    expect(statSync(join(dir, 'one.eml')).mode & 0o777).toBe(0o600);
  });
});

describe('a message on the wire (docs/mail.md, "On the wire")', () => {
  const envelope = { from: 'moves@example.org', to: 'ana@example.org' };
  const written = async (message: Parameters<typeof onTheWire>[0]) => {
    const dir = mkdtempSync(join(tmpdir(), 'corr-scrabble-wire-'));
    const transport = fileTransport(dir);
    try {
      await transport.send(message, 'm');
    } finally {
      transport.close();
    }
    const raw = readFileSync(join(dir, 'm.eml'));
    return { raw: raw.toString('utf8'), parsed: await simpleParser(raw) };
  };

  it('carries its text and HTML as 8-bit UTF-8, read back as they were written, and asks for BODY=8BITMIME', async () => {
    const text = 'Bună ziua, Ștefania!\nTura 7: e rândul dumneavoastră.';
    const html = '<p style="margin:0;">Bună ziua, <strong>Ștefania</strong>!</p>';
    expect(onTheWire({ ...envelope, text, html, envelope }).envelope).toMatchObject({ ...envelope, use8BitMime: true });
    const { raw, parsed } = await written({ ...envelope, subject: 'Tura 7', text, html, envelope });
    expect(raw).toContain('Content-Transfer-Encoding: 8bit');
    expect(raw).not.toContain('quoted-printable');
    expect(raw).toContain('Bună ziua, Ștefania!');
    expect(parsed.text?.trim()).toBe(text);
    expect(parsed.html).toBe(html);
  });

  it('leaves a text with a line over 998 octets to quoted-printable, and an empty HTML body out', async () => {
    const text = `${'ă'.repeat(600)}\nTura 7.`;
    // As the composer sends it: quoted-printable for what cannot go 8-bit.
    const { raw, parsed } = await written({ ...envelope, subject: 'Tura 7', text, html: '', textEncoding: 'quoted-printable', envelope });
    expect(raw).toContain('Content-Transfer-Encoding: quoted-printable');
    expect(parsed.text?.trim()).toBe(text);
    expect(parsed.html).toBe(false);
    expect(raw).not.toContain('text/html');
  });
});
