// docs/mail-rules.md 4: the one-click link of a move held after a DMARC failure: the mail's id
// and an HMAC over it, so the link names one mail and cannot be guessed.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Settings } from '../../config/settings';

type LinkSettings = Pick<Settings, 'publicUrl' | 'secret'>;

function confirmationCode(settings: LinkSettings, inboundMailId: string): string {
  return createHmac('sha256', settings.secret).update(`mail-confirm/v1\n${inboundMailId}`).digest('hex').slice(0, 32);
}

export function confirmationUrl(settings: LinkSettings, inboundMailId: string): string {
  return `${settings.publicUrl}/mail/confirm/${inboundMailId}/${confirmationCode(settings, inboundMailId)}`;
}

export function confirmationVerifies(settings: LinkSettings, inboundMailId: string, code: string): boolean {
  const expected = Buffer.from(confirmationCode(settings, inboundMailId));
  const given = Buffer.from(code);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
