// How strong SECRET is, estimated from the string alone (docs/web.md, Security model). SECRET signs reply
// addresses, sessions, CSRF tokens and calendar feeds: it needs 256 bits, like the one the
// platform generates (32 random bytes, 64 hex digits).
//
// The estimate is the length of the shortest description of the string in a small language a
// guesser would try first (docs/web.md, the SECRET rule): the string cut into pieces, each
// piece either characters drawn from one usual alphabet (its length × log2 of the alphabet's
// size), or a run of evenly spaced characters (`abcd`, `13579`, `zyx`, `aaaa`), or a walk
// along a keyboard row or column (`qwerty`, `1qaz`), or a copy of an earlier stretch. Each
// piece costs a few bits more for saying where it ends and what it is. A random string has
// no shorter description than its own characters, so 32 random bytes keep their 256 bits
// whatever readable prefix they carry, while an alphabet in order, a repeated chunk or a
// keyboard walk describes itself in a few dozen bits.

/**
 * The usual alphabets, by size: a piece of characters is priced at the smallest that holds them
 * all (alphabetOf): digits 10; hex digits of one case 16; letters of one case 26, with digits
 * 36; letters (both cases) and digits 62; base64 or base64url 64; printable ASCII 95; anything
 * beyond, generously, 256.
 */
const ALPHABET_SIZES = [10, 16, 26, 36, 62, 64, 95, 256] as const;

/** Keyboard rows and columns (US layout, both shifts): a walk along one, either way, is one guess among few. */
const KEYBOARD_LINES = [
  '`1234567890-=',
  'qwertyuiop[]\\',
  "asdfghjkl;'",
  'zxcvbnm,./',
  '~!@#$%^&*()_+',
  'QWERTYUIOP{}|',
  'ASDFGHJKL:"',
  'ZXCVBNM<>?',
  ...['1qaz', '2wsx', '3edc', '4rfv', '5tgb', '6yhn', '7ujm', '8ik,', '9ol.', '0p;/'].flatMap((c) => [c, c.toUpperCase()]),
];
const KEYBOARD_BITS = Math.log2(2 * KEYBOARD_LINES.reduce((n, line) => n + line.length, 0));
/** A run's first character (any printable) and its step (−8 … 8, 0 repeating one character). */
const MAX_STEP = 8;
const RUN_BITS = Math.log2(95) + Math.log2(2 * MAX_STEP + 1);
/**
 * Shorter runs and walks, and shorter copies, are left to the alphabets: chance makes them in
 * random strings often enough to cost a random secret its margin (a few bits a time).
 */
const MIN_RUN = 4;
const MIN_COPY = 5;
/** Longer secrets are judged by their beginning: the estimate is quadratic in the length, and this is ample. */
export const SECRET_ANALYSED_CHARS = 512;

export const SECRET_MIN_BITS = 256;
/**
 * A new alphabet in the reading of the capacity costs this much: only a part that saves more
 * (a readable prefix before hex digits) is read apart, never a chance stretch of one case.
 */
const ALPHABET_SWITCH_BITS = 32;
/**
 * The shortest description may fall this far below 256 bits before the secret is refused: a
 * random secret has one shorter than 256 − t bits with probability under 2^−t (Kraft's
 * inequality: there are too few short descriptions to go round), so 32 random bytes are
 * refused by chance less than once in 2^16 × 2^9 (the description's own overhead).
 */
const PATTERN_ALLOWANCE_BITS = 16;

export interface SecretEstimate {
  /** What the secret can hold: its characters at log2 of their alphabet's size, a readable part read apart. */
  readonly bits: number;
  /** The shortest description found: runs, keyboard walks and copies priced as such. */
  readonly randomBits: number;
}

export function estimateSecret(secret: string): SecretEstimate {
  // Base64 padding carries nothing.
  const s = /^[A-Za-z0-9+/]+=+$/.test(secret) ? secret.replace(/=+$/, '') : secret;
  const chars = [...s].slice(0, SECRET_ANALYSED_CHARS);
  if (chars.length === 0) return { bits: 0, randomBits: 0 };
  return { bits: describe(chars, false).characterBits, randomBits: describe(chars, true).bits };
}

// The kinds of character the alphabets tell apart, as bits of a mask.
const DIGIT = 1;
const LOWER_HEX = 2;
const LOWER = 4;
const UPPER_HEX = 8;
const UPPER = 16;
const BASE64_SIGN = 32;
const BASE64URL_SIGN = 64;
const PRINTABLE = 128;
const OTHER = 256;

function kindOf(c: string): number {
  if (/[0-9]/.test(c)) return DIGIT;
  if (/[a-f]/.test(c)) return LOWER_HEX;
  if (/[g-z]/.test(c)) return LOWER;
  if (/[A-F]/.test(c)) return UPPER_HEX;
  if (/[G-Z]/.test(c)) return UPPER;
  if (c === '+' || c === '/') return BASE64_SIGN;
  if (c === '-' || c === '_') return BASE64URL_SIGN;
  return /[\x20-\x7e]/.test(c) ? PRINTABLE : OTHER;
}

/** The size of the smallest usual alphabet that holds every kind of character in the mask. */
function alphabetOf(mask: number): number {
  if (mask & OTHER) return 256;
  if (mask & PRINTABLE || (mask & BASE64_SIGN && mask & BASE64URL_SIGN)) return 95;
  if (mask & (BASE64_SIGN | BASE64URL_SIGN)) return 64;
  const lower = mask & (LOWER_HEX | LOWER);
  const upper = mask & (UPPER_HEX | UPPER);
  if (lower && upper) return 62;
  if (lower || upper) {
    if (!(mask & (LOWER | UPPER))) return 16;
    return mask & DIGIT ? 36 : 26;
  }
  return 10;
}

/**
 * Dynamic programming over where pieces end: best[i] is the cheapest description of the first
 * i characters. Without patterns, every piece is characters of one alphabet and each switch
 * costs ALPHABET_SWITCH_BITS: the capacity, counted without those switches (characterBits).
 * With patterns, each piece pays for saying what it is and where it ends.
 */
function describe(chars: readonly string[], patterns: boolean): { bits: number; characterBits: number } {
  const n = chars.length;
  const codes = chars.map((c) => c.codePointAt(0)!);
  const kinds = chars.map(kindOf);
  // What the piece is (one of the alphabets, a run, a walk or a copy) and where it ends.
  const pieceBits = patterns ? Math.log2(ALPHABET_SIZES.length + 3) + Math.log2(n + 1) : ALPHABET_SWITCH_BITS;
  const runEnd = patterns ? runEnds(codes) : [];
  const walkEnd = patterns ? walkEnds(chars) : [];
  const copyLength = patterns ? longestEarlierCopy(codes) : [];
  const best = new Float64Array(n + 1).fill(Infinity);
  const characterBits = new Float64Array(n + 1);
  best[0] = 0;
  for (let i = 1; i <= n; i++) {
    let mask = 0;
    for (let j = i - 1; j >= 0; j--) {
      mask |= kinds[j];
      const length = i - j;
      let cost = length * Math.log2(alphabetOf(mask));
      if (patterns && length >= MIN_RUN) {
        if (i <= runEnd[j]) cost = Math.min(cost, RUN_BITS);
        if (i <= walkEnd[j]) cost = Math.min(cost, KEYBOARD_BITS);
      }
      // A copy says where its original begins.
      if (patterns && length >= MIN_COPY && length <= copyLength[j]) cost = Math.min(cost, Math.log2(j));
      if (best[j] + pieceBits + cost < best[i]) {
        best[i] = best[j] + pieceBits + cost;
        characterBits[i] = characterBits[j] + cost;
      }
    }
  }
  // The first piece says nothing about a switch.
  return { bits: patterns ? best[n] : best[n] - pieceBits, characterBits: characterBits[n] };
}

/** For each start, where the longest run of evenly spaced code points from it ends. */
function runEnds(codes: readonly number[]): number[] {
  return codes.map((code, j) => {
    if (j + 1 >= codes.length) return j + 1;
    const step = codes[j + 1] - code;
    if (Math.abs(step) > MAX_STEP) return j + 1;
    let end = j + 2;
    while (end < codes.length && codes[end] - codes[end - 1] === step) end++;
    return end;
  });
}

/** For each start, where the longest walk along one keyboard line, either way, from it ends. */
function walkEnds(chars: readonly string[]): number[] {
  const lines = KEYBOARD_LINES.flatMap((line) => [line, [...line].reverse().join('')]);
  return chars.map((_, j) => {
    let end = j + 1;
    for (const line of lines) {
      for (let at = line.indexOf(chars[j]); at >= 0; at = line.indexOf(chars[j], at + 1)) {
        let k = 1;
        while (j + k < chars.length && line[at + k] === chars[j + k]) k++;
        end = Math.max(end, j + k);
      }
    }
    return end;
  });
}

/** For each start j, the longest stretch from j that also begins at an earlier position (it may overlap j: `abcabcabc`). */
function longestEarlierCopy(codes: readonly number[]): number[] {
  const n = codes.length;
  // common[k][j]: the length of the common prefix of the suffixes at k and j, kept one row at a time (k descending).
  const longest = new Array<number>(n).fill(0);
  let next = new Uint16Array(n + 1);
  for (let k = n - 1; k >= 0; k--) {
    const row = new Uint16Array(n + 1);
    for (let j = n - 1; j > k; j--) {
      if (codes[k] === codes[j]) {
        row[j] = next[j + 1] + 1;
        if (row[j] > longest[j]) longest[j] = row[j];
      }
    }
    next = row;
  }
  return longest;
}

/** Why the secret is too weak to sign with (one English line), or null when it will do. */
export function secretWeakness(secret: string): string | null {
  const hint = 'generate one with `openssl rand -hex 32`';
  if (secret.trim() === '') return `it is empty; ${hint}`;
  const e = estimateSecret(secret);
  if (e.bits < SECRET_MIN_BITS)
    return `about ${Math.floor(e.bits)} bits, at least ${SECRET_MIN_BITS} are needed (64 hex digits or 43 base64 characters); ${hint}`;
  if (e.randomBits < SECRET_MIN_BITS - PATTERN_ALLOWANCE_BITS)
    return `too predictable: about ${Math.floor(e.randomBits)} bits once its runs, repetitions, keyboard walks and readable parts are discounted, at least ${SECRET_MIN_BITS} are needed; ${hint}`;
  return null;
}
