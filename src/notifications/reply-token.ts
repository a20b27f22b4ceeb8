// Reply tokens (docs/mail-rules.md 1-2): the plus part of a reply address, naming the game and the
// turn in clear and carrying an HMAC over game, player and turn. Pure: no clock, no I/O.
import { createHmac, createSecretKey, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';
import { BoundedMap } from '../common/bounded-map';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** 100 bits of the game's uuid: never ambiguous in practice, and it leaves room for the MAC. */
const GAME_CHARS = 20;
/** 130 bits of HMAC-SHA256 (docs/mail-rules.md 1: at least 128). */
const MAC_CHARS = 26;
/** RFC 5321 §4.5.3.1.1. */
const MAX_LOCAL_PART = 64;
/** The largest turn a token can name: keeps every token within the local-part budget. */
const MAX_TURN = 9999;

export const TOKEN_PATTERN = new RegExp(`g([a-z2-7]{${GAME_CHARS}})-t([1-9][0-9]{0,3})-([a-z2-7]{${MAC_CHARS}})`);

export interface ReplyContext {
  readonly gameId: string;
  readonly playerId: string;
  /** The game's turn when the mail was written (Game.turn): an older one is stale (docs/mail-rules.md 2). */
  readonly turn: number;
}

/** What a token says in clear, before anything is verified. */
export interface ParsedToken {
  /** Base32 of the first 100 bits of the game's uuid. */
  readonly gamePrefix: string;
  readonly turn: number;
  readonly mac: string;
  readonly token: string;
}

function base32(bytes: Buffer, chars: number): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < chars) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (out.length < chars && bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out.slice(0, chars);
}

function uuidBytes(uuid: string): Buffer {
  const hex = uuid.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) throw new Error(`not a uuid: ${uuid}`);
  return Buffer.from(hex, 'hex');
}

export function gamePrefix(gameId: string): string {
  return base32(uuidBytes(gameId), GAME_CHARS);
}

/**
 * The uuid range a game prefix names (its 100 bits, then all zeros / all ones), so the
 * game is found by an index range scan: `id BETWEEN low AND high`.
 */
export function gameIdRange(prefix: string): { low: string; high: string } {
  let bits = '';
  for (const ch of prefix) bits += BASE32.indexOf(ch).toString(2).padStart(5, '0');
  const hex = (fill: string) => {
    const all = (bits + fill.repeat(128)).slice(0, 128);
    const h = BigInt(`0b${all}`).toString(16).padStart(32, '0');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  return { low: hex('0'), high: hex('1') };
}

/** The secret as a key, made once: an HMAC from a string key derives it again on every call. */
const keys = new BoundedMap<string, KeyObject>(16);
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

function mac(secret: string, { gameId, playerId, turn }: ReplyContext): string {
  const digest = createHmac('sha256', keyOf(secret))
    .update(`reply-token/v1\n${gameId.toLowerCase()}\n${playerId.toLowerCase()}\n${turn}`)
    .digest();
  return base32(digest, MAC_CHARS);
}

export function replyToken(secret: string, context: ReplyContext): string {
  if (!Number.isInteger(context.turn) || context.turn < 1 || context.turn > MAX_TURN) {
    throw new Error(`a reply token names a turn from 1 to ${MAX_TURN}, not ${context.turn}`);
  }
  return `g${gamePrefix(context.gameId)}-t${context.turn}-${mac(secret, context)}`;
}

/** `moves@example.org` + token → `moves+<token>@example.org` (docs/mail-rules.md 1: plus addressing). */
export function replyAddress(secret: string, baseAddress: string, context: ReplyContext): string {
  const at = baseAddress.lastIndexOf('@');
  const local = `${baseAddress.slice(0, at)}+${replyToken(secret, context)}`;
  if (local.length > MAX_LOCAL_PART) {
    throw new Error(`the reply address ${baseAddress} leaves no room for a token: its local part must be at most 9 characters`);
  }
  return `${local}@${baseAddress.slice(at + 1)}`.toLowerCase();
}

/**
 * A Message-ID for one of our mails that carries the reply token (docs/mail-rules.md 1: the fallback
 * when a client drops the plus part), unique by a random suffix. The outbox rows fix it at insert.
 */
export function tokenMessageId(secret: string, domain: string, context: ReplyContext): string {
  // 62 random bits of a v4 uuid, whose entropy Node draws in batches (a randomBytes call of its own costs more than the HMAC).
  return `<${replyToken(secret, context)}.${randomUUID().replace(/-/g, '').slice(16)}@${domain}>`;
}

export function parseToken(text: string): ParsedToken | undefined {
  const match = TOKEN_PATTERN.exec(text.toLowerCase());
  if (!match) return undefined;
  return { token: match[0], gamePrefix: match[1], turn: Number(match[2]), mac: match[3] };
}

/** Whether a parsed token was made by us for this game, player and the turn it names. */
export function verifyToken(secret: string, parsed: ParsedToken, gameId: string, playerId: string): boolean {
  if (gamePrefix(gameId) !== parsed.gamePrefix) return false;
  const expected = Buffer.from(mac(secret, { gameId, playerId, turn: parsed.turn }));
  const given = Buffer.from(parsed.mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The headers a token may arrive in, in the order they are trusted. */
export interface TokenSources {
  /** To, Cc, Delivered-To, X-Original-To: the addresses the mail was sent to. */
  readonly recipients: readonly string[];
  /** The Message-IDs the mail answers, newest first: In-Reply-To, then References from the last (docs/mail-rules.md 1). */
  readonly thread?: readonly string[];
}

/**
 * Finds the token: first in a recipient address on our reply domain and local part, then
 * in the Message-IDs the mail answers, newest first.
 */
export function findToken(baseAddress: string, sources: TokenSources): { parsed: ParsedToken; from: 'address' | 'thread' } | undefined {
  const at = baseAddress.lastIndexOf('@');
  const local = baseAddress.slice(0, at).toLowerCase();
  const domain = baseAddress.slice(at + 1).toLowerCase();
  for (const recipient of sources.recipients) {
    const address = recipient.trim().toLowerCase();
    if (!address.endsWith(`@${domain}`) || !address.startsWith(`${local}+`)) continue;
    const parsed = parseToken(address.slice(local.length + 1, address.length - domain.length - 1));
    if (parsed) return { parsed, from: 'address' };
  }
  for (const id of sources.thread ?? []) {
    if (!id.toLowerCase().endsWith(`@${domain}`) && !id.toLowerCase().endsWith(`@${domain}>`)) continue;
    const parsed = parseToken(id);
    if (parsed) return { parsed, from: 'thread' };
  }
  return undefined;
}

/** What stands where a token's MAC was, for a reader who is not its addressee. */
export const REDACTED_MAC = '…';

const TOKENS = new RegExp(TOKEN_PATTERN.source, 'gi');

/**
 * The text with every reply token's MAC removed (`g<game>-t<turn>-…`): a token is a capability,
 * whoever holds it and writes from its owner's address plays for them (docs/mail-rules.md 1, 3).
 * Listings, pages, exports and logs show it to its addressee alone (docs/web.md, Security model).
 */
export function withoutReplyTokens(text: string): string {
  return text.replace(TOKENS, (_token: string, game: string, turn: string) => `g${game}-t${turn}-${REDACTED_MAC}`);
}

/** The same, through every string of a JSON value (a mail's payload holds reply addresses and links). */
export function jsonWithoutReplyTokens<T>(value: T): T {
  if (typeof value === 'string') return withoutReplyTokens(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => jsonWithoutReplyTokens(item)) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, jsonWithoutReplyTokens(item)])) as T;
  }
  return value;
}

/** An error as it may be logged or stored for others: its message and stack without reply tokens. */
export function errorWithoutReplyTokens(error: Error): Error {
  const copy = new Error(withoutReplyTokens(error.message));
  copy.name = error.name;
  if (error.stack) copy.stack = withoutReplyTokens(error.stack);
  return copy;
}
