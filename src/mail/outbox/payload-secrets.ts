// Links that act for their reader (docs/web.md, Security model): kept in an outbox row only until the mail
// is handed over, and never shown by an API answer or an export.
import type { JsonObject } from '../../common/json';

/**
 * The payload fields, per template, whose value is a capability: a login link, or the
 * one-click confirmation of a held move (docs/mail-rules.md 4). A template that mails such a link
 * lists its field here.
 */
export const SECRET_LINK_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'magic-link': ['url'],
  'move-confirmation-request': ['confirmUrl'],
  // Confirms an address added to a player.
  'address-confirmation': ['url'],
};

/** What stands where a link's secret part was: the reader still sees which page it named. */
export const REMOVED_SECRET = '…';

/** `https://site/login/TOKEN` → `https://site/login/…`: the last path segment is the secret. */
export function withoutSecretPart(link: string): string {
  return link.replace(/\/[^/?#]*([?#].*)?$/, `/${REMOVED_SECRET}`);
}

/** The payload with its links' secrets removed; the same object when it holds none. */
export function withoutSecrets(template: string, payload: JsonObject): JsonObject {
  const fields = SECRET_LINK_FIELDS[template]?.filter(
    (field) => typeof payload[field] === 'string' && payload[field] !== withoutSecretPart(payload[field]),
  );
  if (!fields?.length) return payload;
  return { ...payload, ...Object.fromEntries(fields.map((field) => [field, withoutSecretPart(payload[field] as string)])) };
}

/** Whether the payload still holds a usable link (the sender scrubs it when it hands the mail over). */
export function holdsSecrets(template: string, payload: JsonObject): boolean {
  return withoutSecrets(template, payload) !== payload;
}
