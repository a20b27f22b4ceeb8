// Mail no person wrote (docs/mail-rules.md 5–7): our own mail coming back, bounces, auto-replies. Such
// mail plays nothing and is never answered; a bounce is recorded against the player and
// raises a case for the arbiter (docs/rules.md §5: a player who cannot be reached).
import { isOwnAddress, readVerp, verpRecipient } from '../../notifications/mail-addresses';
import type { InboundMessage } from './decode';

/** Which header or trait showed a mail was sent by a machine (docs/mail-rules.md 6). */
export type AutomatedSign =
  'auto-submitted' | 'x-autoreply' | 'x-autorespond' | 'precedence' | 'system-sender' | 'null-sender' | 'out-of-office-subject';

export interface AutomatedEvidence {
  readonly sign: AutomatedSign;
  /** The header value or address that showed it. */
  readonly value: string;
}

// Local parts of addresses no person reads (docs/mail-rules.md 6: mailer-daemon / no-reply senders).
const SYSTEM_LOCAL = /^(?:mailer-daemon|postmaster|no-?reply|do-?not-?reply|bounces?|auto-?reply|autoresponder|daemon)(?:[+-].*)?$/i;

// Out-of-office subjects (docs/mail-rules.md 6), folded (no diacritics, lower case). The distinctive
// phrases count anywhere (a client puts them before or after the original subject); the
// short ones only at the start, as clients write them ("Absent: …", "Automatic reply: …").
const OUT_OF_OFFICE_ANYWHERE = [
  'out of office',
  'out of the office',
  'automatic reply',
  'auto reply',
  'auto-reply',
  'autoreply',
  'vacation reply',
  'away from the office',
  'raspuns automat',
  'in afara biroului',
  'absent din birou',
  'sunt in concediu',
  'mesaj automat',
];
const OUT_OF_OFFICE_START = /^(?:absent|away|on vacation|in concediu|concediu|plecat|ooo)\b/;

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

function isOutOfOfficeSubject(subject: string): boolean {
  const folded = fold(subject).replace(/^(?:(?:re|fw|fwd|aw|tr)\s*:\s*)+/, '');
  return OUT_OF_OFFICE_ANYWHERE.some((phrase) => folded.includes(phrase)) || OUT_OF_OFFICE_START.test(folded);
}

function localPart(address: string): string {
  return address.slice(0, address.lastIndexOf('@'));
}

/**
 * Every sign that a machine sent the mail (docs/mail-rules.md 6); empty for a person's mail.
 * `X-Auto-Response-Suppress` is not looked at: Outlook sets it on ordinary mail too.
 */
export function automatedEvidence(message: InboundMessage): AutomatedEvidence[] {
  const evidence: AutomatedEvidence[] = [];
  const autoSubmitted = message.autoSubmitted?.split(';')[0].trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') evidence.push({ sign: 'auto-submitted', value: message.autoSubmitted! });
  if (message.xAutoreply !== undefined) evidence.push({ sign: 'x-autoreply', value: message.xAutoreply });
  if (message.xAutorespond !== undefined) evidence.push({ sign: 'x-autorespond', value: message.xAutorespond });
  const precedence = message.precedence?.trim().toLowerCase();
  if (precedence && /^(?:bulk|junk|list|auto_reply)$/.test(precedence)) evidence.push({ sign: 'precedence', value: message.precedence! });
  if (message.from && SYSTEM_LOCAL.test(localPart(message.from.address)))
    evidence.push({ sign: 'system-sender', value: message.from.address });
  // RFC 3834: automatic responses go to the null sender, and people's mail never comes from it.
  if (message.returnPath === '') evidence.push({ sign: 'null-sender', value: '<>' });
  if (isOutOfOfficeSubject(message.subject)) evidence.push({ sign: 'out-of-office-subject', value: message.subject });
  return evidence;
}

/** One recipient a delivery-status report speaks of (RFC 3464). */
export interface BounceRecipient {
  readonly address: string;
  /** `failed`, `delayed`, `delivered`, `relayed` or `expanded`. */
  readonly action?: string;
  /** Enhanced status code, e.g. `5.1.1`. */
  readonly status?: string;
  readonly diagnostic?: string;
}

export interface Bounce {
  /** What recognised it: a delivery-status report, our VERP address, or a mailer-daemon sender. */
  readonly via: 'delivery-status' | 'verp' | 'system-sender';
  /** The recipient our VERP envelope sender names (mail-addresses.ts `verpAddress`). */
  readonly verpRecipient?: string;
  readonly recipients: readonly BounceRecipient[];
  /** Delivery failed for good (a `failed` action or a 5.x.x status); a delay report is not. */
  readonly permanent: boolean;
  /** The Message-ID of the returned mail, when the report quotes its headers: one of our outbox rows. */
  readonly originalMessageId?: string;
}

/** RFC 3464 fields are `Name: type; value`; the value is what counts. */
function fieldValue(value: string): string {
  const semicolon = value.indexOf(';');
  return (semicolon >= 0 ? value.slice(semicolon + 1) : value).trim();
}

/** The per-recipient blocks of a message/delivery-status body. */
export function parseDeliveryStatus(text: string): BounceRecipient[] {
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .replace(/\n[ \t]+/g, ' ')
    .split(/\n\s*\n/);
  return blocks.flatMap((block): BounceRecipient[] => {
    const fields = new Map<string, string>();
    for (const line of block.split('\n')) {
      const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
      if (m && !fields.has(m[1].toLowerCase())) fields.set(m[1].toLowerCase(), m[2].trim());
    }
    const recipient = fields.get('final-recipient') ?? fields.get('original-recipient');
    if (recipient === undefined) return [];
    const action = fields.get('action')?.toLowerCase();
    const status = fields.get('status')?.split(/\s/)[0];
    const diagnostic = fields.get('diagnostic-code');
    return [
      {
        address: fieldValue(recipient).replace(/^<|>$/g, '').toLowerCase(),
        ...(action && { action }),
        ...(status && { status }),
        ...(diagnostic && { diagnostic: fieldValue(diagnostic) }),
      },
    ];
  });
}

function returnedMessageId(headers: string | undefined): string | undefined {
  const m = headers && /^message-id:\s*<([^<>\s]+)>/im.exec(headers.replace(/\n[ \t]+/g, ' '));
  return m ? m[1] : undefined;
}

/**
 * Our VERP envelope sender, as docs/mail-rules.md 18 has the outbox use it: `parseVerp(address,
 * replyAddress, secret)` is the recipient it encodes (`moves+bounce-ana=example.org-<mac>@our.org`
 * names ana@example.org) when its MAC verifies, or undefined for any other address. Without
 * the secret nothing verifies. The format is mail-addresses.ts's.
 */
export function parseVerp(address: string, replyAddress: string, secret?: string): string | undefined {
  return secret === undefined ? undefined : verpRecipient(secret, replyAddress, address);
}

/** Where a bounce may name our VERP address: the envelope and header recipients. */
export function recipientAddresses(message: InboundMessage): string[] {
  return [...message.deliveredTo, ...message.originalTo, ...message.to.map((a) => a.address), ...message.cc.map((a) => a.address)];
}

/**
 * docs/mail-rules.md 7: a bounce, recognised before any move is looked for. A delivery-status report
 * (multipart/report), mail to our VERP address, or a mailer-daemon / postmaster sender
 * quoting failed recipients (`X-Failed-Recipients`, as Exim writes it).
 */
export function detectBounce(
  message: InboundMessage,
  options: { readonly replyAddress?: string; readonly secret?: string } = {},
): Bounce | undefined {
  const verp =
    options.replyAddress === undefined
      ? undefined
      : recipientAddresses(message)
          .map((a) => parseVerp(a, options.replyAddress!, options.secret))
          .find((r) => r !== undefined);
  const report = message.contentType.value === 'multipart/report' && message.deliveryStatus !== undefined;
  const recipients = report ? parseDeliveryStatus(message.deliveryStatus!) : [];
  const systemSender = message.from !== undefined && /^(?:mailer-daemon|postmaster)$/i.test(localPart(message.from.address));
  if (!report && verp === undefined && !systemSender) return undefined;
  if (!report) {
    for (const address of (message.headers.get('x-failed-recipients') ?? []).flatMap((v) => v.split(','))) {
      if (address.trim() !== '') recipients.push({ address: address.trim().toLowerCase(), action: 'failed' });
    }
  }
  const permanent = report ? recipients.some((r) => r.action === 'failed' || r.status?.startsWith('5')) : true; // a bounce without a report is a failure notice: nobody sends one to say "delayed"
  const originalMessageId = returnedMessageId(message.returnedHeaders);
  return {
    via: report ? 'delivery-status' : verp !== undefined ? 'verp' : 'system-sender',
    ...(verp !== undefined && { verpRecipient: verp }),
    recipients,
    permanent,
    ...(originalMessageId !== undefined && { originalMessageId }),
  };
}

export interface ClassifyOptions {
  /** docs/mail-rules.md 5: our sender and inbox addresses (plus forms included). */
  readonly ownAddresses: readonly string[];
  /** The inbox's reply address, whose `+bounce-…` forms are the VERP envelope senders. */
  readonly replyAddress?: string;
  /** The server SECRET the VERP addresses are signed with: a bounce-tagged address whose MAC fails is forged. */
  readonly secret?: string;
}

export type InboundKind =
  | { readonly kind: 'own' }
  /** Mail to a `+bounce-` address of ours whose MAC does not verify: nobody but us makes those. */
  | { readonly kind: 'forged-bounce'; readonly address: string }
  | { readonly kind: 'bounce'; readonly bounce: Bounce }
  | { readonly kind: 'automated'; readonly evidence: readonly AutomatedEvidence[] }
  | { readonly kind: 'person' };

/**
 * Who wrote the mail, in the order docs/mail-rules.md asks: our own address (5) is never answered, a
 * bounce (7) is recognised before anything else is read, auto-replies (6) are dropped. Only
 * `person` mail goes on to the command parser.
 */
export function classifyInbound(message: InboundMessage, options: ClassifyOptions): InboundKind {
  if (message.from && isOwnAddress(options.ownAddresses, message.from.address)) return { kind: 'own' };
  if (options.replyAddress !== undefined && options.secret !== undefined) {
    const forged = recipientAddresses(message).find((a) => readVerp(options.secret!, options.replyAddress!, a)?.signed === false);
    if (forged !== undefined) return { kind: 'forged-bounce', address: forged };
  }
  const bounce = detectBounce(message, options);
  if (bounce) return { kind: 'bounce', bounce };
  const evidence = automatedEvidence(message);
  return evidence.length > 0 ? { kind: 'automated', evidence } : { kind: 'person' };
}
