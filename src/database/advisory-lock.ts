import { createHash } from 'node:crypto';

/**
 * A stable 64-bit advisory-lock key for a name, so every instance and every
 * version of the code agrees on it (hashtext() is not guaranteed stable across
 * PostgreSQL major versions).
 */
export function advisoryLockKey(name: string): string {
  const digest = createHash('sha256').update(`corr-scrabble:${name}`).digest();
  return digest.readBigInt64BE(0).toString();
}
