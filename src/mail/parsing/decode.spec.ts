import fc from 'fast-check';
import { decodeMessage, MAX_MESSAGE_BYTES } from './decode';
import { decodedFixture, rawFixture } from './testing/fixtures';

const codes = (message: { defects: readonly { code: string }[] }) => message.defects.map((d) => d.code);

function mail(headers: string, body: string): Buffer {
  return Buffer.from(`${headers.trim()}\r\n\r\n${body}`.replace(/\r?\n/g, '\r\n'), 'utf8');
}

describe('decodeMessage', () => {
  it('reads the headers the pipeline needs from a Gmail reply', async () => {
    const m = await decodedFixture('gmail-alternative-en.eml');
    expect(m.from).toEqual({ address: 'ion@example.ro', name: 'Ion Popescu' });
    expect(m.to.map((a) => a.address)).toEqual(['moves+gabcdefghijklmnopqrst-t14-abcdefghijklmnopqrstuvwxyz@scrabble.example']);
    expect(m.deliveredTo).toEqual(['moves+gabcdefghijklmnopqrst-t14-abcdefghijklmnopqrstuvwxyz@scrabble.example']);
    expect(m.messageId).toBe('CAF=gmail1@mail.gmail.com');
    expect(m.inReplyTo).toEqual(['gabcdefghijklmnopqrst-t14-abcdefghijklmnopqrstuvwxyz.00ff00ff00ff00ff@scrabble.example']);
    // docs/mail-rules.md 1: newest first.
    expect(m.references).toEqual([
      'gabcdefghijklmnopqrst-t14-abcdefghijklmnopqrstuvwxyz.00ff00ff00ff00ff@scrabble.example',
      'first-in-thread@scrabble.example',
    ]);
    expect(m.subject).toBe('Re: [CN 2027 · Group A] Popescu – Ionescu');
    expect(m.date?.toISOString()).toBe('2027-01-12T09:02:33.000Z');
    expect(m.contentType.value).toBe('multipart/alternative');
    expect(m.text).toContain('h8 CASA');
    expect(m.html).toContain('<div dir="ltr">h8 CASA</div>');
    expect(m.defects).toEqual([]);
    expect(m.malformed).toBe(false);
  });

  it('decodes quoted-printable, base64 and RFC 2047 encoded words', async () => {
    const gmail = await decodedFixture('gmail-html-only-ro.eml');
    expect(gmail.subject).toBe('Re: [CN 2027 · Grupa A] Popescu – Ionescu');
    expect(gmail.html).toContain('Scrieți mutarea deasupra acestui rând');
    const outlook = await decodedFixture('outlook-web-html-only.eml');
    expect(outlook.html).toContain('<div id="divRplyFwdMsg"');
  });

  it('joins format=flowed lines as Thunderbird means them', async () => {
    const m = await decodedFixture('thunderbird-bottom-post-ro.eml');
    expect(m.text).toContain('\nd4 MARE\n');
  });

  it('decodes an unlabelled windows-1250 body and headers with cedilla ş/ţ, in NFC', async () => {
    const m = await decodedFixture('windows-1250-unlabelled.eml');
    expect(m.text).toBe('h8 ŢARĂ\n\nMulţumesc, Ştefan\n');
    expect(m.from?.name).toBe('Ştefan Ţurcanu');
    expect(m.subject).toBe('Re: [CN 2027 - Grupa A] Ţurcanu - Ionescu');
    expect(codes(m)).toContain('UNDECLARED_CHARSET');
    expect(m.malformed).toBe(false);
  });

  it('falls back from an unknown declared charset (docs/mail-rules.md 8)', async () => {
    const m = await decodedFixture('unknown-charset.eml');
    expect(m.text).toBe('GÂNDESC 15 zile\n\nMulțumesc!\n');
    expect(m.defects).toEqual([{ code: 'UNKNOWN_CHARSET', where: '1 text/plain: x-roman-mac-unknown' }]);
  });

  it('normalises decomposed text to NFC', async () => {
    const decomposed = 'h8 S\u0326AH'; // S + combining comma below
    const r = await decodeMessage(
      mail('From: a@example.ro\nDate: Tue, 12 Jan 2027 10:00:00 +0200\nContent-Type: text/plain; charset=utf-8', decomposed),
    );
    expect(r.ok && r.message.text).toBe('h8 ȘAH');
  });

  it('takes the address, not a display name that looks like one', async () => {
    const m = await decodedFixture('display-name-address.eml');
    expect(m.from).toEqual({ address: 'evil@attacker.example', name: 'ion@example.ro' });
  });

  it('lists attachments by size only and reads none of them', async () => {
    const m = await decodedFixture('malformed-unterminated-boundary.eml');
    expect(m.attachments).toEqual([{ contentType: 'application/octet-stream', filename: 'poza.jpg', size: 78 }]);
    expect(m.text).toBe('REMIZA\n');
  });

  it('keeps a report’s delivery status and the returned headers', async () => {
    const m = await decodedFixture('dsn-bounce.eml');
    expect(m.deliveryStatus).toContain('Final-Recipient: rfc822; ion@example.ro');
    expect(m.returnedHeaders).toContain('Message-ID: <5b0c7c1e-6c1f-4a8e-9d3e-0d9b1c2a3f4e@scrabble.example>');
    expect(m.returnPath).toBe('');
    expect(m.autoSubmitted).toBe('auto-replied');
  });

  describe('malformed MIME is a best effort, flagged, never a throw', () => {
    it('an unterminated boundary', async () => {
      const m = await decodedFixture('malformed-unterminated-boundary.eml');
      expect(m.defects).toEqual([{ code: 'UNTERMINATED_MULTIPART', where: '1 multipart/mixed' }]);
      expect(m.malformed).toBe(true);
    });

    it('bad base64', async () => {
      const m = await decodedFixture('malformed-bad-base64.eml');
      expect(codes(m)).toContain('BAD_BASE64');
      expect(m.malformed).toBe(true);
      expect(m.text?.startsWith('ABANDON')).toBe(true);
    });

    it('no Date and no From', async () => {
      const m = await decodedFixture('malformed-no-date-no-from.eml');
      expect(m.from).toBeUndefined();
      expect(m.date).toBeUndefined();
      expect(codes(m)).toEqual(['NO_FROM', 'NO_DATE']);
      expect(m.text).toBe('PAS\n');
    });

    it('a NUL in the subject, which no database column could store', async () => {
      const m = await decodedFixture('malformed-nul-subject.eml');
      expect(m.subject).toBe('Re: [CN 2027] Popescu Ionescu');
      expect(m.defects).toEqual([{ code: 'CONTROL_CHARACTERS', where: 'subject' }]);
    });

    it('a multipart without a boundary', async () => {
      const r = await decodeMessage(
        mail('From: a@example.ro\nDate: Tue, 12 Jan 2027 10:00:00 +0200\nContent-Type: multipart/mixed', 'PAS\n'),
      );
      expect(r.ok && codes(r.message)).toContain('MISSING_BOUNDARY');
    });

    it('a date nobody can read', async () => {
      const r = await decodeMessage(mail('From: a@example.ro\nDate: the day after tomorrow', 'PAS\n'));
      expect(r.ok && codes(r.message)).toEqual(['BAD_DATE', 'NO_MESSAGE_ID']);
    });
  });

  it('refuses what has nothing to read', async () => {
    await expect(decodeMessage(Buffer.alloc(0))).resolves.toEqual({ ok: false, code: 'MALFORMED', reason: 'empty' });
  });

  it('refuses a message over the cap (docs/mail-rules.md 13)', async () => {
    const raw = rawFixture('gmail-alternative-en.eml');
    await expect(decodeMessage(raw, { maxBytes: 100 })).resolves.toEqual({ ok: false, code: 'TOO_LARGE', size: raw.length, limit: 100 });
    expect(MAX_MESSAGE_BYTES).toBe(10 * 1024 * 1024);
  });

  it('decodes an HTML body of more than 1 MB', async () => {
    const row = '<p>Ceva text de umplutură, cu diacritice: ăîșț.</p>\n';
    const html = `<div>h8 CASA</div>${row.repeat(Math.ceil(1_100_000 / row.length))}`;
    const r = await decodeMessage(
      mail('From: a@example.ro\nDate: Tue, 12 Jan 2027 10:00:00 +0200\nContent-Type: text/html; charset=utf-8', html),
    );
    expect(r.ok && r.message.html?.length).toBeGreaterThan(1_000_000);
  });

  describe('never throws', () => {
    it('on any bytes', async () => {
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), async (bytes) => {
          const r = await decodeMessage(bytes);
          expect(typeof r.ok).toBe('boolean');
        }),
        { numRuns: 200 },
      );
    });

    it('on MIME-shaped garbage', async () => {
      const line = fc.oneof(
        fc.constantFrom(
          'Content-Type: multipart/mixed; boundary=b',
          'Content-Type: multipart/alternative; boundary="b"',
          'Content-Type: text/plain; charset=x-unknown',
          'Content-Type: text/html; charset=windows-1250',
          'Content-Type: message/rfc822',
          'Content-Transfer-Encoding: base64',
          'Content-Transfer-Encoding: quoted-printable',
          'Content-Transfer-Encoding: x-uuencode',
          'Content-Disposition: attachment; filename="a.bin"',
          'From: =?utf-8?B?!!!?= <>',
          'Subject: =?x-unknown?Q?=FF=00?=',
          '--b',
          '--b--',
          '',
          '\u0000',
          'h8 CASA',
          '=?utf-8?Q?=C8=98?=',
          '====',
        ),
        fc.string({ maxLength: 40 }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(line, { maxLength: 40 }), async (lines) => {
          const r = await decodeMessage(Buffer.from(lines.join('\r\n'), 'utf8'));
          expect(typeof r.ok).toBe('boolean');
          if (r.ok) expect(r.message.subject).not.toMatch(/\u0000/);
        }),
        { numRuns: 300 },
      );
    });
  });
});
