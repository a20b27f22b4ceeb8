// One digest for what the platform stores instead of a secret (login tokens, session ids,
// API keys) and for what it compares by content (stored mail, dealt sequences, decisions).
import { createHash } from 'node:crypto';

/** SHA-256 of `data` as 64 lower-case hex digits; a text is hashed as its UTF-8 bytes. */
export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
