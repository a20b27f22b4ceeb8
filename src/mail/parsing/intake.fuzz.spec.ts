// Fuzzing the mail intake: the command parser, the MIME decoder and what
// reads a decoded message (bounce and auto-reply detection, quote stripping) answer every
// input with a value or a typed refusal and never throw. Mails are built from the pieces
// that break parsers: broken boundaries, bad transfer encodings, unknown charsets, nesting,
// encoded words, NULs and lone surrogates.
import fc from 'fast-check';
import { getTileSet, TILE_SET_IDS } from '../../engine/tile-sets';
import { automatedEvidence, classifyInbound, detectBounce, parseDeliveryStatus, parseVerp } from './automated';
import { describeCommandRefusal } from './command-texts';
import { parseCommand } from './commands';
import { decodeMessage, type InboundMessage } from './decode';
import { extractReply, htmlToReplyText, isReplyMarker, stripQuotes } from './quotes';

const REPLY = 'moves@scrabble.example';
const nasty = fc.constantFrom(
  '\u0000',
  '\ud800',
  '\udfff',
  '\ufeff',
  '\u200b',
  '\r',
  '\r\n',
  '\n\n',
  '\t',
  '=',
  '=?',
  '?=',
  '"',
  '<',
  '>',
  ';',
  '\\',
  '😀',
  'Ș',
  'ţ',
);
const text = (maxLength: number) =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.array(fc.oneof(nasty, fc.string({ maxLength: 6 })), { maxLength: 8 }).map((p) => p.join('')),
  );

// ------------------------------------------------------------------ commands

const commandWord = fc.constantFrom(
  'h8',
  '8h:',
  'H8',
  'p8',
  'CASA',
  'c(as)a',
  'PAS',
  'pass',
  'CONTEST',
  'contestez',
  'RECUNOSC',
  'admit',
  'APEL',
  'appeal',
  'A:',
  'B:',
  'A',
  'B',
  'a:',
  'CONCEDIU',
  'holiday',
  'GÂNDESC',
  'thinking',
  'REMIZĂ',
  'draw',
  'ÎNTRERUPERE',
  'REFUZ',
  'ABANDON',
  'RECLAM TIMP',
  'claim time',
  'RĂSPUNS',
  'answer',
  'SITUAȚIA',
  'position',
  'CONFIRM',
  'OBIECȚIE',
  'DIGEST',
  'STARE',
  'status',
  'ON',
  'OFF',
  'DA',
  'NU',
  '01.02.2027',
  '31.02.2027',
  '2027-02-01',
  '1/2/2027',
  '-',
  '–',
  '15',
  '0',
  '-3',
  '366',
  '99999999999999999999',
  'Bună ziua,',
  'Hi Ion!',
  ',',
  '!',
  ':',
  '(',
  ')',
  'Ț',
  'ș',
);
const commandLine = fc.oneof(
  fc.array(commandWord, { maxLength: 6 }).map((w) => w.join(' ')),
  text(40),
);

describe('mail command parser, fuzzed', () => {
  it('answers any lines with a command or a typed refusal that can be described in both languages', () => {
    fc.assert(
      fc.property(fc.array(commandLine, { maxLength: 8 }), fc.constantFrom(...TILE_SET_IDS), (lines, id) => {
        const result = parseCommand(lines, { tileSet: getTileSet(id) });
        if (result.ok) {
          expect(typeof result.command.kind).toBe('string');
        } else {
          expect(['NO_COMMAND', 'BAD_MOVE', 'INCOMPLETE', 'BAD_ARGUMENT', 'SEVERAL_COMMANDS']).toContain(result.code);
          expect(describeCommandRefusal(result, 'ro')).not.toBe('');
          expect(describeCommandRefusal(result, 'en')).not.toBe('');
        }
      }),
      { numRuns: 3000 },
    );
  });
});

// ------------------------------------------------------------------ MIME

const headerName = fc.constantFrom(
  'From',
  'To',
  'Cc',
  'Reply-To',
  'Delivered-To',
  'X-Original-To',
  'Return-Path',
  'Message-ID',
  'In-Reply-To',
  'References',
  'Subject',
  'Date',
  'Auto-Submitted',
  'X-Autoreply',
  'X-Autorespond',
  'Precedence',
  'Authentication-Results',
  'Content-Type',
  'Content-Transfer-Encoding',
  'Content-Disposition',
  'MIME-Version',
  'X-Failed-Recipients',
  'List-Id',
  'X-Whatever',
);
const headerValue = fc.oneof(
  text(60),
  fc.constantFrom(
    'Ion <ion@example.ro>',
    '<>',
    '"Ion, Popescu" <ion@example.ro>, bad@',
    '=?utf-8?B?SW9u?= <ion@example.ro>',
    '=?utf-8?Q?=C8=98tefan?=',
    '=?x-unknown?B?////?=',
    '=?utf-8?B?',
    'undisclosed-recipients:;',
    `${REPLY.replace('@', '+bounce-abc@')}`,
    `moves+g1-t2-x@scrabble.example`,
    '<a@b> <c@d>',
    'auto-replied',
    'bulk',
    'yes',
    'Mon, 32 Foo 2027 25:61:61 +9999',
    'Tue, 12 Jan 2027 09:02:33 +0200',
    'mx.example; spf=pass smtp.mailfrom=example.ro; dkim=fail',
    'text/plain; charset=utf-8',
    'text/plain; charset="x-nonsense"',
    'text/plain; charset=windows-1250',
    'text/html',
    'text/html; charset=iso-8859-2',
    'multipart/alternative; boundary=B1',
    'multipart/mixed; boundary="B2"',
    'multipart/report; report-type=delivery-status; boundary=B3',
    'multipart/mixed',
    'multipart/alternative; boundary=',
    'message/rfc822',
    'message/delivery-status',
    'text/rfc822-headers',
    'application/octet-stream; name=a.bin',
    'base64',
    'quoted-printable',
    '7bit',
    '8bit',
    'binary',
    'x-uuencode',
    'attachment; filename="a.txt"',
    'inline',
  ),
);
const header = fc.tuple(headerName, headerValue).map(([n, v]) => `${n}: ${v}`);
const bodyText = fc.oneof(
  text(200),
  fc.constantFrom(
    'h8 CASA',
    'SGVsbG8gd29ybGQ=',
    'SGVsbG8#$%',
    '=C8=98tefan=\r\n',
    '=ZZ=',
    '=\r\n=\r\n',
    '<div>h8 CASA</div><blockquote>> old</blockquote>',
    '<html><body><p>PAS',
    '> h8 CASA\n> PAS',
    '-- \nIon',
    'On Tue, Ion wrote:\n> x',
    'Final-Recipient: rfc822; ion@example.ro\nAction: failed\nStatus: 5.1.1',
    'Reporting-MTA: dns; mx\n\nFinal-Recipient: rfc822;\nStatus: 9.9.9.9',
    'From: a@b\nSubject: x\n\nbody',
    '--B1\r\n',
    '--B1--',
    '--B2\r\nContent-Type: text/plain\r\n\r\nx\r\n--B2--',
  ),
);

/** A MIME entity: headers, a blank line, and a body that may itself hold parts, to a small depth. */
const entity: fc.Arbitrary<string> = fc.letrec<{ entity: string }>((tie) => ({
  entity: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.tuple(fc.array(header, { maxLength: 10 }), bodyText).map(([hs, body]) => `${hs.join('\r\n')}\r\n\r\n${body}`),
    fc
      .tuple(
        fc.array(header, { maxLength: 6 }),
        fc.constantFrom('B1', 'B2', 'B3', ''),
        fc.array(tie('entity'), { maxLength: 3 }),
        fc.boolean(),
        bodyText,
      )
      .map(([hs, boundary, parts, closed, tail]) =>
        [
          ...hs,
          `Content-Type: multipart/mixed; boundary="${boundary}"`,
          '',
          ...parts.map((p) => `--${boundary}\r\n${p}`),
          closed ? `--${boundary}--` : '',
          tail,
        ].join('\r\n'),
      ),
  ),
})).entity;
const rawMail = fc.oneof(
  entity.map((m) => Buffer.from(m, 'utf8')),
  fc.tuple(entity, fc.uint8Array({ maxLength: 200 }), fc.nat()).map(([m, bytes, at]) => {
    // Raw bytes spliced in anywhere: invalid UTF-8, stray NULs, a cut in the middle.
    const base = Buffer.from(m, 'utf8');
    const i = base.length === 0 ? 0 : at % base.length;
    return Buffer.concat([base.subarray(0, i), Buffer.from(bytes), base.subarray(i)]);
  }),
);

/** Everything the pipeline does with a decoded message before the command parser. */
function readMessage(message: InboundMessage): void {
  const kind = classifyInbound(message, { ownAddresses: [REPLY, 'corr-scrabble@scrabble.example'], replyAddress: REPLY });
  expect(['own', 'bounce', 'automated', 'person']).toContain(kind.kind);
  automatedEvidence(message);
  detectBounce(message, { replyAddress: REPLY });
  if (message.deliveryStatus !== undefined) parseDeliveryStatus(message.deliveryStatus);
  for (const to of [...message.to, ...message.deliveredTo.map((address) => ({ address }))]) parseVerp(to.address, REPLY);
  const reply = extractReply(message);
  expect(Array.isArray(reply.lines)).toBe(true);
  const parsed = parseCommand(reply.lines);
  expect(typeof parsed.ok).toBe('boolean');
}

describe('MIME intake, fuzzed', () => {
  it('decodes any mail built from broken parts to a message or a typed refusal, and reading it never throws', async () => {
    await fc.assert(
      fc.asyncProperty(rawMail, async (raw) => {
        const result = await decodeMessage(raw);
        if (!result.ok) {
          expect(['MALFORMED', 'TOO_LARGE']).toContain(result.code);
          return;
        }
        readMessage(result.message);
      }),
      { numRuns: 400 },
    );
  });

  it('refuses a mail over the size limit with TOO_LARGE', async () => {
    await fc.assert(
      fc.asyncProperty(rawMail, fc.integer({ min: 1, max: 64 }), async (raw, limit) => {
        const result = await decodeMessage(raw, { maxBytes: limit });
        if (raw.length > limit) expect(result).toMatchObject({ ok: false, code: 'TOO_LARGE' });
      }),
      { numRuns: 100 },
    );
  });

  it('the text readers take any text', () => {
    fc.assert(
      fc.property(text(300), text(300), (plain, html) => {
        expect(typeof htmlToReplyText(html)).toBe('string');
        expect(Array.isArray(stripQuotes(plain).lines)).toBe(true);
        expect(Array.isArray(extractReply({ text: plain, html }).lines)).toBe(true);
        expect(Array.isArray(extractReply({ html }).lines)).toBe(true);
        expect(typeof isReplyMarker(plain)).toBe('boolean');
        expect(Array.isArray(parseDeliveryStatus(plain))).toBe(true);
        const verp = parseVerp(plain, REPLY);
        expect(verp === undefined || typeof verp === 'string').toBe(true);
      }),
      { numRuns: 800 },
    );
  });
});
