import { sha256Hex } from './hash';

// Ids are UUIDs: a text that is not one names nothing, and is answered without asking the
// database (where comparing it with a uuid column would raise, not answer).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is written as a UUID (any version, either case). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A UUID (version 8, RFC 9562: the application's own bits) derived from a key: the same key
 * always gives the same id, so a row keyed by what it is about is written once.
 */
export function uuidOf(key: string): string {
  const h = sha256Hex(key);
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
