// Our own addresses and the VERP bounce address (MAIL.md 5, 7, 18). Pure.
import { normalizeEmail } from '../auth/email-address';

function split(address: string): { local: string; domain: string } {
  const at = address.lastIndexOf('@');
  return { local: address.slice(0, at).toLowerCase(), domain: address.slice(at + 1).toLowerCase() };
}

export function domainOf(address: string): string {
  return split(address).domain;
}

const BOUNCE_TAG = 'bounce-';

/**
 * The envelope sender of a mail to `recipient`: the inbox's own mailbox with the recipient
 * encoded in the plus part (`moves+bounce-ana=example.org@our.org`), so a bounce that
 * quotes nothing still names who could not be reached (MAIL.md 7, 18).
 */
export function verpAddress(replyAddress: string, recipient: string): string {
  const { local, domain } = split(replyAddress);
  return `${local}+${BOUNCE_TAG}${normalizeEmail(recipient).replace('@', '=')}@${domain}`;
}

/** The recipient a VERP address encodes, when `address` is one of ours. */
export function verpRecipient(replyAddress: string, address: string): string | undefined {
  const { local, domain } = split(replyAddress);
  const target = split(normalizeEmail(address));
  const prefix = `${local}+${BOUNCE_TAG}`;
  if (target.domain !== domain || !target.local.startsWith(prefix)) return undefined;
  const encoded = target.local.slice(prefix.length);
  const eq = encoded.lastIndexOf('=');
  return eq > 0 ? `${encoded.slice(0, eq)}@${encoded.slice(eq + 1)}` : undefined;
}

/** MAIL.md 5: the sender address, the inbox's mailbox and any plus form of either. */
export function isOwnAddress(ownAddresses: readonly string[], address: string): boolean {
  const target = split(normalizeEmail(address));
  return ownAddresses.some((own) => {
    const { local, domain } = split(own);
    return target.domain === domain && (target.local === local || target.local.startsWith(`${local}+`));
  });
}
