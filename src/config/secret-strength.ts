// How strong SECRET is, estimated from the string alone (issue 12 §6). SECRET signs reply
// addresses, sessions, CSRF tokens and calendar feeds: it needs 256 bits, like the one the
// platform generates (32 random bytes, 64 hex digits).

/** The smallest usual alphabet a secret is drawn from, and its size; anything else counts as printable ASCII. */
const ALPHABETS: readonly (readonly [RegExp, number])[] = [
  [/^[0-9]+$/, 10],
  [/^(?:[0-9a-f]+|[0-9A-F]+)$/, 16],
  [/^[a-z]+$/, 26],
  [/^[a-z0-9]+$/, 36],
  [/^[A-Za-z0-9]+$/, 62],
  [/^(?:[A-Za-z0-9+/]+|[A-Za-z0-9_-]+)$/, 64],
  [/^[\x20-\x7e]+$/, 95],
];

export const SECRET_MIN_BITS = 256;
/** A random string shows at least this share of the per-character entropy its alphabet allows (≥ 0.3 bit to spare in 10⁶ trials). */
const MIN_VARIETY = 0.7;

export interface SecretEstimate {
  /** length × log2(alphabet): what a string of this length and alphabet can hold at most. */
  readonly bits: number;
  /** The string's own Shannon entropy per character, from its character counts. */
  readonly bitsPerChar: number;
  /** The share of log2(min(alphabet, length)) a random string reaches; below it the string is too repetitive. */
  readonly varietyNeeded: number;
  /** A repetition of a shorter block (`abcabc…`). */
  readonly periodic: boolean;
}

export function estimateSecret(secret: string): SecretEstimate {
  // Base64 padding carries nothing.
  const s = /^[A-Za-z0-9+/]+=+$/.test(secret) ? secret.replace(/=+$/, '') : secret;
  const chars = [...s];
  const length = chars.length;
  const alphabet = ALPHABETS.find(([pattern]) => pattern.test(s))?.[1] ?? 95;
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bitsPerChar = 0;
  for (const n of counts.values()) bitsPerChar -= (n / length) * Math.log2(n / length);
  return {
    bits: length === 0 ? 0 : length * Math.log2(alphabet),
    bitsPerChar,
    varietyNeeded: length === 0 ? 0 : MIN_VARIETY * Math.log2(Math.min(alphabet, length)),
    periodic: length > 1 && (s + s).indexOf(s, 1) < length,
  };
}

/** Why the secret is too weak to sign with (one English line), or null when it will do. */
export function secretWeakness(secret: string): string | null {
  const hint = 'generate one with `openssl rand -hex 32`';
  if (secret.trim() === '') return `it is empty; ${hint}`;
  const e = estimateSecret(secret);
  if (e.bits < SECRET_MIN_BITS)
    return `about ${Math.floor(e.bits)} bits, at least ${SECRET_MIN_BITS} are needed (64 hex digits or 43 base64 characters); ${hint}`;
  if (e.periodic || e.bitsPerChar < e.varietyNeeded)
    return `too repetitive to be random (${e.bitsPerChar.toFixed(1)} bits per character); ${hint}`;
  return null;
}
