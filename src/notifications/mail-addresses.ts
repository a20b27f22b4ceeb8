// Our own addresses and the VERP bounce address (docs/mail-rules.md 5, 7, 18). Pure.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { normalizeEmail } from '../auth/core/email-address';

function split(address: string): { local: string; domain: string } {
  const at = address.lastIndexOf('@');
  return { local: address.slice(0, at).toLowerCase(), domain: address.slice(at + 1).toLowerCase() };
}

export function domainOf(address: string): string {
  return split(address).domain;
}

const BOUNCE_TAG = 'bounce-';
/** 80 bits of HMAC-SHA256: enough that a forged bounce address is never guessed. */
const VERP_MAC_CHARS = 20;

/** The MAC of a VERP address: over the recipient, with the server SECRET, as reply tokens are signed (docs/mail-rules.md 1). */
function verpMac(secret: string, recipient: string): string {
  return createHmac('sha256', secret)
    .update(`verp/v1\n${normalizeEmail(recipient)}`)
    .digest('hex')
    .slice(0, VERP_MAC_CHARS);
}

/**
 * The envelope sender of a mail to `recipient`: the inbox's own mailbox with the recipient
 * and its MAC in the plus part (`moves+bounce-ana=example.org-<20 hex>@our.org`), so a
 * bounce that quotes nothing still names who could not be reached (docs/mail-rules.md 7, 18), and
 * nobody but us can make one that names a player.
 */
export function verpAddress(secret: string, replyAddress: string, recipient: string): string {
  const { local, domain } = split(replyAddress);
  return `${local}+${BOUNCE_TAG}${normalizeEmail(recipient).replace('@', '=')}-${verpMac(secret, recipient)}@${domain}`;
}

/** What a bounce-tagged address of ours says: the recipient it names and whether its MAC verifies. */
export interface VerpReading {
  readonly recipient: string | undefined;
  readonly signed: boolean;
}

/** Reads `address` as one of our VERP addresses; undefined when it is not bounce-tagged at all. */
export function readVerp(secret: string, replyAddress: string, address: string): VerpReading | undefined {
  const { local, domain } = split(replyAddress);
  const target = split(normalizeEmail(address));
  const prefix = `${local}+${BOUNCE_TAG}`;
  if (target.domain !== domain || !target.local.startsWith(prefix)) return undefined;
  const m = new RegExp(`^(.+)=([^=]+)-([0-9a-f]{${VERP_MAC_CHARS}})$`).exec(target.local.slice(prefix.length));
  if (!m) return { recipient: undefined, signed: false };
  const recipient = `${m[1]}@${m[2]}`;
  const expected = Buffer.from(verpMac(secret, recipient));
  const given = Buffer.from(m[3]);
  return { recipient, signed: expected.length === given.length && timingSafeEqual(expected, given) };
}

/** The recipient a VERP address encodes, when `address` is one of ours and its MAC verifies. */
export function verpRecipient(secret: string, replyAddress: string, address: string): string | undefined {
  const reading = readVerp(secret, replyAddress, address);
  return reading?.signed ? reading.recipient : undefined;
}

/** docs/mail-rules.md 5: the sender address, the inbox's mailbox and any plus form of either. */
export function isOwnAddress(ownAddresses: readonly string[], address: string): boolean {
  const target = split(normalizeEmail(address));
  return ownAddresses.some((own) => {
    const { local, domain } = split(own);
    return target.domain === domain && (target.local === local || target.local.startsWith(`${local}+`));
  });
}
