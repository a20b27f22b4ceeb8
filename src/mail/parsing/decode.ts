// Raw inbound mail (bytes as stored, docs/mail-rules.md 11) to a normalised message: the headers the
// pipeline reads, the text and HTML parts decoded with the charset fallback of docs/mail-rules.md 8 and
// normalised to NFC, and the attachments by size only (docs/mail-rules.md 13: ignored). Hostile or
// broken MIME never throws: the result is a typed refusal or a message that lists its defects.
import type { Transform } from 'node:stream';
import { Splitter } from '@zone-eu/mailsplit';
import type { MimeNode } from '@zone-eu/mailsplit/lib/types';
import libmime from 'libmime';
import { decode as decodeQuotedPrintable } from 'libqp';
import { parseAddressHeader } from 'mailparser';
import { normalizeEmail } from '../../auth/core/email-address';
import { decodeBytes } from './charset';

/** docs/mail-rules.md 13: the size cap; the transport checks it before fetching, this is the backstop. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export interface MailAddress {
  /** Lower case, as addresses are compared (docs/rules.md §6: a player's registered addresses). */
  readonly address: string;
  /** The display name, decoded; may itself look like an address and means nothing. */
  readonly name: string;
}

export interface Attachment {
  readonly contentType: string;
  readonly filename?: string;
  /** Bytes as transmitted (still transfer-encoded): docs/mail-rules.md 13, attachments are never read. */
  readonly size: number;
}

/**
 * Something wrong or unusual in the message. Structural ones make the message `malformed`;
 * the charset ones only say which fallback of docs/mail-rules.md 8 was taken.
 */
export type MessageDefectCode =
  | 'NO_FROM'
  | 'SEVERAL_FROM'
  | 'NO_DATE'
  | 'BAD_DATE'
  | 'NO_MESSAGE_ID'
  | 'CONTROL_CHARACTERS'
  | 'MISSING_BOUNDARY'
  | 'UNTERMINATED_MULTIPART'
  | 'BAD_BASE64'
  | 'UNKNOWN_TRANSFER_ENCODING'
  | 'UNKNOWN_CHARSET'
  | 'CHARSET_MISMATCH'
  | 'UNDECLARED_CHARSET';

export interface MessageDefect {
  readonly code: MessageDefectCode;
  /** The header or MIME part concerned (`subject`, `1.2 text/plain`), or the charset named. */
  readonly where?: string;
}

const INFORMATIONAL: ReadonlySet<MessageDefectCode> = new Set([
  'NO_MESSAGE_ID',
  'UNKNOWN_CHARSET',
  'CHARSET_MISMATCH',
  'UNDECLARED_CHARSET',
]);

export interface InboundMessage {
  /** The first From mailbox; absent when there is none (defect NO_FROM). */
  readonly from?: MailAddress;
  readonly to: readonly MailAddress[];
  readonly cc: readonly MailAddress[];
  readonly replyTo: readonly MailAddress[];
  /** Envelope recipients as the receiving server recorded them (lower case). */
  readonly deliveredTo: readonly string[];
  readonly originalTo: readonly string[];
  /** Envelope sender; `''` for the null sender `<>` that bounces and auto-replies use (RFC 3834). */
  readonly returnPath?: string;
  /** Without angle brackets. */
  readonly messageId?: string;
  readonly inReplyTo: readonly string[];
  /** Newest first (docs/mail-rules.md 1: the fallback when a client drops the plus part). */
  readonly references: readonly string[];
  readonly subject: string;
  /** The sender's Date header: informative only (docs/rules.md §5 counts the day our server received it). */
  readonly date?: Date;
  readonly autoSubmitted?: string;
  readonly xAutoreply?: string;
  readonly xAutorespond?: string;
  readonly precedence?: string;
  /** Every Authentication-Results header, top (newest) first; docs/mail-rules.md 4 reads the operator's own only. */
  readonly authenticationResults: readonly string[];
  readonly contentType: { readonly value: string; readonly params: Readonly<Record<string, string>> };
  /** All headers by lower-case name, decoded, in order of appearance. */
  readonly headers: ReadonlyMap<string, readonly string[]>;
  /** Inline text/plain parts, joined; `\n` line ends, NFC. */
  readonly text?: string;
  /** Inline text/html parts, joined; NFC. */
  readonly html?: string;
  /** A multipart/report's machine-readable delivery status (docs/mail-rules.md 7). */
  readonly deliveryStatus?: string;
  /** The header block of the returned message in a report, when it has one. */
  readonly returnedHeaders?: string;
  readonly attachments: readonly Attachment[];
  readonly size: number;
  readonly defects: readonly MessageDefect[];
  /** Some structural defect was found: the message is a best effort. */
  readonly malformed: boolean;
}

export type DecodeRefusal =
  | { readonly ok: false; readonly code: 'MALFORMED'; readonly reason: 'empty' | 'no-headers' | 'unparseable'; readonly detail?: string }
  | { readonly ok: false; readonly code: 'TOO_LARGE'; readonly size: number; readonly limit: number };

export type DecodeResult = { readonly ok: true; readonly message: InboundMessage } | DecodeRefusal;

export interface DecodeOptions {
  /** Default {@link MAX_MESSAGE_BYTES}. */
  readonly maxBytes?: number;
}

interface Leaf {
  readonly node: MimeNode;
  readonly chunks: Buffer[];
  size: number;
}

/** Parts whose content is read; anything else is counted, never kept. */
const READ_TYPES = new Set([
  'text/plain',
  'text/html',
  'message/delivery-status',
  'message/global-delivery-status',
  'text/rfc822-headers',
  'message/rfc822',
  'message/global',
]);
/** Enough of a returned message to read its headers (docs/mail-rules.md 7). */
const RETURNED_MESSAGE_BYTES = 64 * 1024;

/** mailsplit walks the MIME tree (the splitter mailparser is built on); bodies stay raw. */
function split(raw: Buffer): Promise<{ root: MimeNode | undefined; nodes: MimeNode[]; leaves: Map<MimeNode, Leaf> }> {
  return new Promise((resolve, reject) => {
    const splitter = new Splitter({ ignoreEmbedded: true });
    const nodes: MimeNode[] = [];
    const leaves = new Map<MimeNode, Leaf>();
    splitter.on('data', (chunk) => {
      if (chunk.type === 'node') {
        nodes.push(chunk);
        if (!chunk.multipart) leaves.set(chunk, { node: chunk, chunks: [], size: 0 });
        return;
      }
      if (chunk.type !== 'body') return;
      const leaf = leaves.get(chunk.node);
      if (!leaf) return;
      leaf.size += chunk.value.length;
      const keep = READ_TYPES.has(String(chunk.node.contentType)) && chunk.node.disposition !== 'attachment';
      const cap = chunk.node.rfc822 ? RETURNED_MESSAGE_BYTES : Infinity;
      if (keep && leaf.size - chunk.value.length < cap) leaf.chunks.push(chunk.value);
    });
    // The splitter's typings name only 'data'; it is a Transform stream like any other.
    const stream = splitter as unknown as Transform;
    stream.on('error', reject);
    stream.on('end', () => resolve({ root: nodes[0], nodes, leaves }));
    stream.end(raw);
  });
}

// C0 controls but tab, and DEL: NUL cannot even be stored in a PostgreSQL text column.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

class DefectLog {
  readonly list: MessageDefect[] = [];
  add(code: MessageDefectCode, where?: string): void {
    if (!this.list.some((d) => d.code === code && d.where === where)) this.list.push(where === undefined ? { code } : { code, where });
  }
}

/** Bytes of a header or body as text, noting the docs/mail-rules.md 8 fallback taken. */
function bytesToText(bytes: Uint8Array, declared: string | false, where: string, defects: DefectLog): string {
  const decoded = decodeBytes(bytes, declared);
  if (decoded.unknownDeclared) defects.add('UNKNOWN_CHARSET', `${where}: ${String(declared)}`);
  else if (decoded.fellBack) defects.add('CHARSET_MISMATCH', `${where}: ${String(declared)} → ${decoded.charset}`);
  else if (!declared && decoded.charset !== 'utf-8' && bytes.some((b) => b >= 0x80)) {
    defects.add('UNDECLARED_CHARSET', `${where}: ${decoded.charset}`);
  }
  return decoded.text;
}

function stripControls(text: string, where: string, defects: DefectLog, keepLineBreaks: boolean): string {
  const cleaned = text.replace(CONTROL, '');
  if (cleaned !== text) defects.add('CONTROL_CHARACTERS', where);
  return keepLineBreaks ? cleaned : cleaned.replace(/[\r\n]+/g, ' ');
}

interface HeaderField {
  readonly key: string;
  /** Unfolded, charset-decoded, encoded words still encoded (address headers parse those). */
  readonly raw: string;
  /** Encoded words decoded, controls removed, NFC, trimmed. */
  readonly value: string;
}

function decodeWords(text: string): string {
  try {
    return libmime.decodeWords(text);
  } catch {
    return text; // an encoded word in an unknown charset stays as written
  }
}

function readHeaders(node: MimeNode, defects: DefectLog): HeaderField[] {
  if (!node.headers) return [];
  return node.headers.getList().flatMap(({ key, line }): HeaderField[] => {
    const colon = line.indexOf(':');
    if (!key || colon < 0) return [];
    // mailsplit hands header lines over as latin1 strings: back to bytes for docs/mail-rules.md 8.
    const bytes = Buffer.from(line.slice(colon + 1).replace(/\r?\n(?=[ \t])/g, ''), 'latin1');
    const raw = bytesToText(bytes, false, key, defects);
    const value = stripControls(decodeWords(raw), key, defects, false).normalize('NFC').trim();
    return [{ key, raw: stripControls(raw, key, defects, false), value }];
  });
}

function addresses(fields: readonly HeaderField[], key: string): MailAddress[] {
  const values = fields.filter((f) => f.key === key).map((f) => f.raw);
  if (values.length === 0) return [];
  return parseAddressHeader(values, { flatten: true })
    .value.filter((a) => a.address && /^[^\s@]+@[^\s@]+$/.test(a.address))
    .map((a) => ({ address: normalizeEmail(a.address!), name: a.name.normalize('NFC').trim() }));
}

/** Message-IDs of a header: the `<…>` tokens, or bare words when a client left out the brackets. */
function messageIds(value: string | undefined): string[] {
  if (!value) return [];
  const bracketed = [...value.matchAll(/<([^<>\s]+)>/g)].map((m) => m[1]);
  return bracketed.length > 0 ? bracketed : value.split(/[\s,]+/).filter((id) => id.includes('@'));
}

/** Envelope addresses (Delivered-To, X-Original-To, Return-Path): `<a@b>` or bare. */
function envelopeAddress(value: string): string {
  const m = /<([^<>]*)>/.exec(value);
  return normalizeEmail(m ? m[1] : value);
}

const BASE64_TEXT = /^[A-Za-z0-9+/]*={0,2}$/;

/** Undo the transfer encoding of a kept part; bad base64 is decoded as far as it goes. */
function transferDecode(leaf: Leaf, where: string, defects: DefectLog): Buffer {
  const body = Buffer.concat(leaf.chunks);
  const encoding = String(leaf.node.encoding || '');
  switch (encoding) {
    case 'base64': {
      const compact = body.toString('latin1').replace(/\s+/g, '');
      if (!BASE64_TEXT.test(compact) || compact.length % 4 === 1) defects.add('BAD_BASE64', where);
      return Buffer.from(compact.replace(/[^A-Za-z0-9+/]/g, ''), 'base64');
    }
    case 'quoted-printable':
      return decodeQuotedPrintable(body.toString('latin1'));
    case '':
    case '7bit':
    case '8bit':
    case 'binary':
      return body;
    default:
      defects.add('UNKNOWN_TRANSFER_ENCODING', `${where}: ${encoding}`);
      return body;
  }
}

function partName(node: MimeNode, index: number): string {
  return `${index + 1} ${String(node.contentType || 'text/plain')}`;
}

/** A returned message's header block (text/rfc822-headers, or the head of message/rfc822). */
function headerBlock(text: string): string {
  const end = text.search(/\r?\n\r?\n/);
  return (end < 0 ? text : text.slice(0, end)).replace(/\r\n/g, '\n');
}

/** MIME structure defects: a multipart without boundary, or whose closing delimiter never comes. */
function checkStructure(raw: Buffer, nodes: readonly MimeNode[], defects: DefectLog): void {
  nodes.forEach((node, i) => {
    if (!node.multipart || !node.headers) return;
    const boundary = libmime.parseHeaderValue(node.headers.getFirst('content-type')).params.boundary;
    if (!boundary) defects.add('MISSING_BOUNDARY', partName(node, i));
    else if (raw.indexOf(`--${boundary.trimEnd()}--`, 0, 'latin1') < 0) defects.add('UNTERMINATED_MULTIPART', partName(node, i));
  });
}

/**
 * Decode one raw message. Resolves, never rejects: `{ok:false}` when nothing usable can be
 * read (empty, no header at all, MIME the splitter refuses, over the size cap), otherwise the
 * message with its `defects` (`malformed` when any is structural).
 */
export async function decodeMessage(raw: Uint8Array, options: DecodeOptions = {}): Promise<DecodeResult> {
  const limit = options.maxBytes ?? MAX_MESSAGE_BYTES;
  if (!(raw instanceof Uint8Array) || raw.length === 0) return { ok: false, code: 'MALFORMED', reason: 'empty' };
  if (raw.length > limit) return { ok: false, code: 'TOO_LARGE', size: raw.length, limit };
  const buffer = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  try {
    const { root, nodes, leaves } = await split(buffer);
    if (!root) return { ok: false, code: 'MALFORMED', reason: 'no-headers' };
    const defects = new DefectLog();
    const fields = readHeaders(root, defects);
    if (fields.length === 0) return { ok: false, code: 'MALFORMED', reason: 'no-headers' };
    checkStructure(buffer, nodes, defects);
    return { ok: true, message: assemble(buffer, root, fields, [...leaves.values()], nodes, defects) };
  } catch (err) {
    return { ok: false, code: 'MALFORMED', reason: 'unparseable', detail: err instanceof Error ? err.message : String(err) };
  }
}

function assemble(
  raw: Buffer,
  root: MimeNode,
  fields: readonly HeaderField[],
  leaves: readonly Leaf[],
  nodes: readonly MimeNode[],
  defects: DefectLog,
): InboundMessage {
  const headers = new Map<string, string[]>();
  for (const f of fields) headers.set(f.key, [...(headers.get(f.key) ?? []), f.value]);
  const first = (key: string): string | undefined => headers.get(key)?.[0];

  const fromAll = addresses(fields, 'from');
  if (fromAll.length === 0) defects.add('NO_FROM');
  if (fromAll.length > 1) defects.add('SEVERAL_FROM');

  const dateHeader = first('date');
  let date: Date | undefined;
  if (dateHeader === undefined) defects.add('NO_DATE');
  else {
    const parsed = new Date(dateHeader);
    if (Number.isNaN(parsed.getTime())) defects.add('BAD_DATE');
    else date = parsed;
  }

  const messageId = messageIds(first('message-id'))[0];
  if (messageId === undefined) defects.add('NO_MESSAGE_ID');
  const returnPath = first('return-path');

  const texts: string[] = [];
  const htmls: string[] = [];
  const attachments: Attachment[] = [];
  let deliveryStatus: string | undefined;
  let returnedHeaders: string | undefined;
  // docs/mail-rules.md 7: a returned message is read only inside a report; elsewhere it is a forward.
  const report = root.contentType === 'multipart/report';
  for (const leaf of leaves) {
    const { node } = leaf;
    const type = String(node.contentType || 'text/plain');
    const where = partName(node, nodes.indexOf(node));
    const returned = type === 'text/rfc822-headers' || node.rfc822 || type === 'message/global';
    const attached = node.disposition === 'attachment' || (Boolean(node.filename) && !type.startsWith('message/')) || (returned && !report);
    if (attached || !READ_TYPES.has(type)) {
      attachments.push({ contentType: type, ...(node.filename ? { filename: String(node.filename) } : {}), size: leaf.size });
      continue;
    }
    const bytes = transferDecode(leaf, where, defects);
    // Machine parts are ASCII or UTF-8 (RFC 3464, RFC 6533); only text parts fall back.
    const text =
      type.startsWith('text/') && type !== 'text/rfc822-headers'
        ? bytesToText(bytes, node.charset, where, defects)
        : bytes.toString('utf8');
    const clean = stripControls(text, where, defects, true).replace(/\r\n?/g, '\n').normalize('NFC');
    if (type === 'text/plain') texts.push(node.flowed ? libmime.decodeFlowed(clean, Boolean(node.delSp)) : clean);
    else if (type === 'text/html') htmls.push(clean);
    else if (type.includes('delivery-status')) deliveryStatus ??= clean;
    else returnedHeaders ??= headerBlock(clean);
    if (type !== 'text/rfc822-headers' && returned) attachments.push({ contentType: type, size: leaf.size });
  }

  const contentType = libmime.parseHeaderValue(first('content-type') ?? 'text/plain');
  const list = defects.list;
  return {
    ...(fromAll[0] && { from: fromAll[0] }),
    to: addresses(fields, 'to'),
    cc: addresses(fields, 'cc'),
    replyTo: addresses(fields, 'reply-to'),
    deliveredTo: (headers.get('delivered-to') ?? []).map(envelopeAddress),
    originalTo: (headers.get('x-original-to') ?? []).map(envelopeAddress),
    ...(returnPath !== undefined && { returnPath: envelopeAddress(returnPath) }),
    ...(messageId !== undefined && { messageId }),
    inReplyTo: messageIds(first('in-reply-to')),
    references: messageIds((headers.get('references') ?? []).join(' ')).reverse(),
    subject: first('subject') ?? '',
    ...(date && { date }),
    ...optional('autoSubmitted', first('auto-submitted')),
    ...optional('xAutoreply', first('x-autoreply')),
    ...optional('xAutorespond', first('x-autorespond')),
    ...optional('precedence', first('precedence')),
    authenticationResults: headers.get('authentication-results') ?? [],
    contentType: { value: String(contentType.value || 'text/plain').toLowerCase(), params: { ...contentType.params } },
    headers,
    ...optional('text', texts.length > 0 ? texts.join('\n') : undefined),
    ...optional('html', htmls.length > 0 ? htmls.join('\n') : undefined),
    ...optional('deliveryStatus', deliveryStatus),
    ...optional('returnedHeaders', returnedHeaders),
    attachments,
    size: raw.length,
    defects: list,
    malformed: list.some((d) => !INFORMATIONAL.has(d.code)),
  };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}
