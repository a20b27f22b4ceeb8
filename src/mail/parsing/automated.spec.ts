import { verpAddress } from '../../notifications/mail-addresses';
import { automatedEvidence, classifyInbound, detectBounce, parseDeliveryStatus, parseVerp } from './automated';
import type { InboundMessage } from './decode';
import { decodedFixture } from './testing/fixtures';

const REPLY_ADDRESS = 'moves@scrabble.example';
const OPTIONS = { ownAddresses: ['moves@scrabble.example', 'arbitru@scrabble.example'], replyAddress: REPLY_ADDRESS };

/** A person's mail, changed by `patch`: each sign of docs/mail-rules.md 6 is tested on its own. */
async function personWith(patch: Partial<InboundMessage>): Promise<InboundMessage> {
  return { ...(await decodedFixture('gmail-alternative-en.eml')), ...patch };
}

describe('automatedEvidence (docs/mail-rules.md 6)', () => {
  it('finds nothing in a person’s reply', async () => {
    expect(automatedEvidence(await personWith({}))).toEqual([]);
  });

  it('X-Auto-Response-Suppress alone is no sign: Outlook sets it on ordinary mail', async () => {
    const m = await decodedFixture('display-name-address.eml');
    expect(m.headers.get('x-auto-response-suppress')).toEqual(['All']);
    expect(automatedEvidence(m)).toEqual([]);
  });

  it.each<[string, Partial<InboundMessage>, string]>([
    ['Auto-Submitted: auto-replied', { autoSubmitted: 'auto-replied' }, 'auto-submitted'],
    ['Auto-Submitted: auto-generated', { autoSubmitted: 'auto-generated; owner-email=x@y' }, 'auto-submitted'],
    ['X-Autoreply', { xAutoreply: 'yes' }, 'x-autoreply'],
    ['X-Autorespond', { xAutorespond: 'Vacation' }, 'x-autorespond'],
    ['Precedence: bulk', { precedence: 'bulk' }, 'precedence'],
    ['Precedence: junk', { precedence: 'Junk' }, 'precedence'],
    ['Precedence: list', { precedence: 'list' }, 'precedence'],
    ['a no-reply sender', { from: { address: 'no-reply@example.com', name: '' } }, 'system-sender'],
    ['a mailer-daemon sender', { from: { address: 'MAILER-DAEMON@example.com'.toLowerCase(), name: '' } }, 'system-sender'],
    ['the null envelope sender', { returnPath: '' }, 'null-sender'],
    ['“Out of Office” in the subject', { subject: 'Out of Office: [CN 2027] Popescu – Ionescu' }, 'out-of-office-subject'],
    ['“Automatic reply:”', { subject: 'Automatic reply: Re: [CN 2027]' }, 'out-of-office-subject'],
    ['“Răspuns automat:”', { subject: 'Răspuns automat: [CN 2027]' }, 'out-of-office-subject'],
    ['“În afara biroului”', { subject: 'RE: În afara biroului până pe 20.01' }, 'out-of-office-subject'],
    ['“Absent:”', { subject: 'Absent: [CN 2027]' }, 'out-of-office-subject'],
  ])('%s', async (_name, patch, sign) => {
    expect(automatedEvidence(await personWith(patch)).map((e) => e.sign)).toEqual([sign]);
  });

  it('Auto-Submitted: no is a person', async () => {
    expect(automatedEvidence(await personWith({ autoSubmitted: 'no' }))).toEqual([]);
  });

  it('an out-of-office reply in Romanian (subject only) and in English (Exchange headers)', async () => {
    expect(automatedEvidence(await decodedFixture('out-of-office-ro.eml')).map((e) => e.sign)).toEqual(['out-of-office-subject']);
    expect(automatedEvidence(await decodedFixture('out-of-office-en.eml')).map((e) => e.sign)).toEqual([
      'auto-submitted',
      'null-sender',
      'out-of-office-subject',
    ]);
  });
});

describe('bounces (docs/mail-rules.md 7)', () => {
  it('reads a delivery-status report: the failed recipient, status, our VERP address and the returned mail', async () => {
    // The fixture's VERP address is signed with this secret (mail-addresses.ts verpAddress).
    expect(
      detectBounce(await decodedFixture('dsn-bounce.eml'), {
        replyAddress: REPLY_ADDRESS,
        secret: 'a-test-secret-of-at-least-32-characters!',
      }),
    ).toEqual({
      via: 'delivery-status',
      verpRecipient: 'ion@example.ro',
      recipients: [
        {
          address: 'ion@example.ro',
          action: 'failed',
          status: '5.1.1',
          diagnostic: '550 5.1.1 <ion@example.ro>: Recipient address rejected: User unknown',
        },
      ],
      permanent: true,
      originalMessageId: '5b0c7c1e-6c1f-4a8e-9d3e-0d9b1c2a3f4e@scrabble.example',
    });
  });

  it('a delay report is not permanent', () => {
    expect(parseDeliveryStatus('Reporting-MTA: dns; mx\n\nFinal-Recipient: rfc822;<a@b.ro>\nAction: delayed\nStatus: 4.4.7\n')).toEqual([
      { address: 'a@b.ro', action: 'delayed', status: '4.4.7' },
    ]);
  });

  it('recognises mail to our VERP address without a report, and a mailer-daemon with X-Failed-Recipients', async () => {
    const secret = 'a-test-secret-of-at-least-32-characters!';
    const verp = verpAddress(secret, REPLY_ADDRESS, 'ana@example.org');
    expect(parseVerp(verp, REPLY_ADDRESS, secret)).toBe('ana@example.org');
    expect(parseVerp(verp, REPLY_ADDRESS)).toBeUndefined();
    expect(parseVerp('moves@scrabble.example', REPLY_ADDRESS, secret)).toBeUndefined();
    const plain = await personWith({ to: [{ address: verp, name: '' }], contentType: { value: 'text/plain', params: {} } });
    expect(detectBounce(plain, { replyAddress: REPLY_ADDRESS, secret })).toEqual({
      via: 'verp',
      verpRecipient: 'ana@example.org',
      recipients: [],
      permanent: true,
    });
    // An unsigned bounce address is no bounce of ours: classified as forged, before anything else is read.
    const forged = await personWith({
      to: [{ address: verp.replace(/-[0-9a-f]{20}@/, '@'), name: '' }],
      contentType: { value: 'text/plain', params: {} },
    });
    expect(classifyInbound(forged, { ...OPTIONS, replyAddress: REPLY_ADDRESS, secret })).toEqual({
      kind: 'forged-bounce',
      address: verp.replace(/-[0-9a-f]{20}@/, '@'),
    });
    const exim = await personWith({
      from: { address: 'mailer-daemon@mx.example', name: '' },
      headers: new Map([['x-failed-recipients', ['ion@example.ro']]]),
      contentType: { value: 'text/plain', params: {} },
    });
    expect(detectBounce(exim)).toMatchObject({ via: 'system-sender', recipients: [{ address: 'ion@example.ro', action: 'failed' }] });
    expect(detectBounce(await personWith({}), { replyAddress: REPLY_ADDRESS })).toBeUndefined();
  });
});

describe('classifyInbound: own address (5), then bounce (7), then auto-reply (6)', () => {
  it('never answers our own mail', async () => {
    expect(classifyInbound(await personWith({ from: { address: 'moves+gabc@scrabble.example', name: '' } }), OPTIONS)).toEqual({
      kind: 'own',
    });
  });

  it('a bounce is a bounce, though it is automated too', async () => {
    expect(classifyInbound(await decodedFixture('dsn-bounce.eml'), OPTIONS).kind).toBe('bounce');
  });

  it('auto-replies and persons', async () => {
    expect(classifyInbound(await decodedFixture('out-of-office-en.eml'), OPTIONS).kind).toBe('automated');
    expect(classifyInbound(await decodedFixture('gmail-alternative-en.eml'), OPTIONS)).toEqual({ kind: 'person' });
  });
});
