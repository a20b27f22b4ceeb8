// Bytes to text with the charset fallback of docs/mail-rules.md 8: the declared charset, then utf-8,
// windows-1250, iso-8859-2, iso-8859-16. Romanian mail from older clients is often sent
// in windows-1250 without a label (and with ş/ţ cedilla for ș/ț), so a charset is taken
// only when it decodes the bytes cleanly. (A byte windows-1250 cannot read is a C1 control
// in iso-8859-2/16, so after it those two rarely win; they matter most when declared.)
import * as iconv from 'iconv-lite';

/** docs/mail-rules.md 8: what is tried after the declared charset, in order. */
export const FALLBACK_CHARSETS = ['utf-8', 'windows-1250', 'iso-8859-2', 'iso-8859-16'] as const;

/**
 * Charsets never decoded from even when declared: UTF-7 turns `+ADw-script+AD4-` into
 * `<script>` (mailparser refuses it for the same reason); base64/hex are transfer encodings.
 */
const REFUSED = /^(?:(?:cs)?unicode11)?utf7(?:imap)?$|^base64$|^hex$|^binary$/;

export interface DecodedText {
  readonly text: string;
  /** The charset that decoded the bytes cleanly (lower case), or `utf-8` for the lenient last resort. */
  readonly charset: string;
  /** The declared charset could not be used: unknown, refused, or the bytes did not fit it. */
  readonly fellBack: boolean;
  /** A charset was declared that iconv-lite does not know (or that is refused). */
  readonly unknownDeclared: boolean;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const utf8Lenient = new TextDecoder('utf-8');

function canonical(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function isAscii(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b >= 0x80) return false;
  return true;
}

// A single-byte charset never fails outright: U+FFFD marks a byte it has no letter for,
// and C1 controls (U+0080–U+009F) are what iso-8859-x makes of windows-125x punctuation.
const UNDECODED = /[\uFFFD\u0080-\u009F]/;

/** The text if `charset` decodes every byte to a real character, else undefined. */
function decodeStrictly(bytes: Uint8Array, charset: string): string | undefined {
  if (canonical(charset) === 'utf8') {
    try {
      return utf8.decode(bytes);
    } catch {
      return undefined;
    }
  }
  const text = iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), charset);
  return UNDECODED.test(text) ? undefined : text;
}

/** Whether a declared charset can be decoded from at all. */
export function isUsableCharset(charset: string): boolean {
  return !REFUSED.test(canonical(charset)) && iconv.encodingExists(charset);
}

/**
 * Decode text bytes (docs/mail-rules.md 8). Never throws: when no charset fits, utf-8 with
 * replacement characters is the last resort. The result is not yet NFC-normalised.
 */
export function decodeBytes(bytes: Uint8Array, declared?: string | false | null): DecodedText {
  const label = declared ? declared.trim() : '';
  const unknownDeclared = label !== '' && !isUsableCharset(label);
  const candidates = label !== '' && !unknownDeclared ? [label, ...FALLBACK_CHARSETS] : [...FALLBACK_CHARSETS];
  // ASCII reads the same in every candidate but UTF-16/32: skip the work for the usual case.
  if (isAscii(bytes) && !/^utf(?:16|32)/.test(canonical(candidates[0]))) {
    return {
      text: Buffer.from(bytes).toString('latin1'),
      charset: candidates[0].toLowerCase(),
      fellBack: unknownDeclared,
      unknownDeclared,
    };
  }
  const tried = new Set<string>();
  for (const charset of candidates) {
    if (tried.has(canonical(charset))) continue;
    tried.add(canonical(charset));
    const text = decodeStrictly(bytes, charset);
    if (text !== undefined) {
      const fellBack = label === '' ? false : canonical(charset) !== canonical(label);
      return { text, charset: charset.toLowerCase(), fellBack, unknownDeclared };
    }
  }
  return { text: utf8Lenient.decode(bytes), charset: 'utf-8', fellBack: label !== '', unknownDeclared };
}
