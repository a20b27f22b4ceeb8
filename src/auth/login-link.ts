// Magic login links, the pure part: tokens, their hashes, their state at an instant.
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../common/hash';

/** A link is good for 15 minutes, once. */
export const LOGIN_LINK_TTL_MINUTES = 15;
export const LOGIN_LINK_TTL_MS = LOGIN_LINK_TTL_MINUTES * 60_000;

/** Links mailed to one address per hour, whoever asks (the per-client limit is LOGIN_RATE_LIMIT). */
export const LOGIN_LINKS_PER_ADDRESS_PER_HOUR = 5;
export const LOGIN_LINK_ADDRESS_WINDOW_MS = 60 * 60_000;

/** 256 random bits, base64url: 43 characters that survive any mail client's line wrapping as one word. */
export function newLoginToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored: a copy of the table cannot be turned back into links. */
export function hashLoginToken(token: string): string {
  return sha256Hex(token);
}

/** A token as links carry it; anything else is not looked up at all. */
export function isLoginTokenShape(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

export type LoginLinkState = 'valid' | 'used' | 'expired' | 'unknown';

export function loginLinkState(link: { readonly expiresAt: Date; readonly usedAt: Date | null } | null, now: Date): LoginLinkState {
  if (!link) return 'unknown';
  if (link.usedAt) return 'used';
  return now.getTime() < link.expiresAt.getTime() ? 'valid' : 'expired';
}

/**
 * Whether the login form should look the address up: one @, no spaces. Looser than
 * isEmailAddress on purpose: the default first admin is `admin@localhost`, and an address
 * is only looked up here, never stored.
 */
export function isLoginAddress(address: string): boolean {
  return /^[^\s@<>]+@[^\s@<>]+$/.test(address) && address.length <= 320;
}

export function loginUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/login/${token}`;
}

/**
 * Where to go after logging in: only a path of this site (`/games/…`), never `//evil.example`
 * or `https://…`, so a crafted login link cannot send a user elsewhere.
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  // Never back to a login link (spent) or to logout; /login and /login/sent are harmless.
  if (/[\u0000-\u001f\\]/.test(next) || /^\/login\/(?!sent(?:[?#]|$))/.test(next) || next.startsWith('/logout')) return '/';
  return next.length > 500 ? '/' : next;
}
