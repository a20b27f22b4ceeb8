/**
 * `attachment` with the file's real name (docs/web.md, Security model): an ASCII `filename` every browser reads
 * (diacritics dropped, anything odd replaced) and the UTF-8 `filename*` of RFC 6266 / RFC 5987
 * that modern ones prefer, so "Cupa Iașiului 2027.csv" arrives as such.
 */
export function attachmentDisposition(fileName: string, fallback = 'download'): string {
  const name = safeFileName(fileName) || fallback;
  const ascii = asciiFileName(name) || fallback;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(name)}`;
}

/** No path, no control or bidi characters, no quotes: a name, nothing a file system or a header could misread. */
export function safeFileName(name: string): string {
  return name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .replace(/[/\\:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 150);
}

function asciiFileName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ._()-]+/g, '_')
    .replace(/_+/g, '_')
    .trim();
}

/** encodeURIComponent leaves ' ( ) * alone; RFC 5987's attr-char does not allow them. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
