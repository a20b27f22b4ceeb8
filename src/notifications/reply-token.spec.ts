import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import {
  errorWithoutReplyTokens,
  findToken,
  gameIdRange,
  jsonWithoutReplyTokens,
  parseToken,
  replyAddress,
  replyToken,
  tokenMessageId,
  verifyToken,
  withoutReplyTokens,
} from './reply-token';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const uuid = fc.uuid({ version: 4 });
const context = fc.record({ gameId: uuid, playerId: uuid, turn: fc.integer({ min: 1, max: 9999 }) });

describe('reply tokens (docs/mail-rules.md 1-2)', () => {
  it('names game and turn in clear, lower case, with a local part within 64 characters', () => {
    fc.assert(
      fc.property(context, (ctx) => {
        const address = replyAddress(SECRET, 'moves@example.org', ctx);
        const local = address.split('@')[0];
        expect(local.length).toBeLessThanOrEqual(64);
        expect(address).toBe(address.toLowerCase());
        expect(address).toMatch(new RegExp(`^moves\\+g[a-z2-7]{20}-t${ctx.turn}-[a-z2-7]{26}@example\\.org$`));
      }),
    );
  });

  it('verifies for its own game and player, and the prefix finds the game by an id range', () => {
    fc.assert(
      fc.property(context, (ctx) => {
        const parsed = parseToken(replyToken(SECRET, ctx))!;
        expect(parsed.turn).toBe(ctx.turn);
        expect(verifyToken(SECRET, parsed, ctx.gameId, ctx.playerId)).toBe(true);
        const { low, high } = gameIdRange(parsed.gamePrefix);
        expect(low <= ctx.gameId && ctx.gameId <= high).toBe(true);
      }),
    );
  });

  it('fails when any character of the token is changed', () => {
    fc.assert(
      fc.property(context, fc.nat(), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz234567'), (ctx, at, ch) => {
        const token = replyToken(SECRET, ctx);
        const positions = [...token].map((c, i) => i).filter((i) => /[a-z2-7]/.test(token[i]) && token[i] !== ch && i > 0);
        const i = positions[at % positions.length];
        const tampered = token.slice(0, i) + ch + token.slice(i + 1);
        const parsed = parseToken(tampered);
        // A change in the game prefix, the turn or the MAC: either unparseable or refused.
        if (parsed) expect(verifyToken(SECRET, parsed, ctx.gameId, ctx.playerId)).toBe(false);
      }),
    );
  });

  it('fails for another player, another game, another turn or another secret', () => {
    fc.assert(
      fc.property(context, uuid, fc.integer({ min: 1, max: 9999 }), (ctx, other, turn) => {
        fc.pre(other !== ctx.gameId && other !== ctx.playerId && turn !== ctx.turn);
        const parsed = parseToken(replyToken(SECRET, ctx))!;
        expect(verifyToken(SECRET, parsed, ctx.gameId, other)).toBe(false);
        expect(verifyToken(SECRET, parsed, other, ctx.playerId)).toBe(false);
        expect(verifyToken(`${SECRET}x`, parsed, ctx.gameId, ctx.playerId)).toBe(false);
        const moved = parseToken(replyToken(SECRET, ctx).replace(`-t${ctx.turn}-`, `-t${turn}-`))!;
        expect(verifyToken(SECRET, moved, ctx.gameId, ctx.playerId)).toBe(false);
      }),
    );
  });

  it('is found in To / Delivered-To first, then in In-Reply-To and References newest first', () => {
    const a = { gameId: randomUUID(), playerId: randomUUID(), turn: 3 };
    const b = { ...a, turn: 5 };
    const address = replyAddress(SECRET, 'Moves@Example.org', a);
    expect(findToken('moves@example.org', { recipients: ['someone@else.org', address.toUpperCase()] })).toEqual({
      parsed: parseToken(replyToken(SECRET, a)),
      from: 'address',
    });
    // A client that dropped the plus part: the thread's Message-IDs carry the token, newest first.
    const older = tokenMessageId(SECRET, 'example.org', a);
    const newer = tokenMessageId(SECRET, 'example.org', b);
    const found = findToken('moves@example.org', { recipients: ['moves@example.org'], thread: [newer, older] });
    expect(found).toEqual({ parsed: parseToken(replyToken(SECRET, b)), from: 'thread' });
    expect(findToken('moves@example.org', { recipients: [], thread: [older.slice(1, -1)] })?.parsed.turn).toBe(3);
    // Another domain's Message-ID that happens to contain token-shaped text is not ours.
    expect(findToken('moves@example.org', { recipients: [], thread: [older.replace('example.org', 'evil.org')] })).toBeUndefined();
  });

  it('refuses a base address whose local part leaves no room for the token', () => {
    expect(() =>
      replyAddress(SECRET, 'a-very-long-mailbox-name@example.org', { gameId: randomUUID(), playerId: randomUUID(), turn: 1 }),
    ).toThrow(/at most 9 characters/);
  });

  it('is removed, its MAC and nothing else, from whatever is shown to anyone but its addressee', () => {
    fc.assert(
      fc.property(context, (ctx) => {
        const token = replyToken(SECRET, ctx);
        const mac = token.split('-').at(-1)!;
        const messageId = tokenMessageId(SECRET, 'example.org', ctx);
        const address = replyAddress(SECRET, 'moves@example.org', ctx);
        const shown = withoutReplyTokens(`${messageId} ${address} ${messageId.toUpperCase()}`);
        expect(shown.toLowerCase()).not.toContain(mac);
        expect(shown).toContain(token.slice(0, -mac.length));
        // What is left names no token a reply could carry.
        expect(findToken('moves@example.org', { recipients: shown.split(' '), thread: shown.split(' ') })).toBeUndefined();
        const payload = { reply: { address, mailto: `mailto:${address}` }, games: [{ messageId }], n: 3, none: null };
        expect(JSON.stringify(jsonWithoutReplyTokens(payload))).not.toContain(mac);
        expect(jsonWithoutReplyTokens(payload).n).toBe(3);
        const error = errorWithoutReplyTokens(new Error(`550 message ${messageId} refused`));
        expect(`${error.message} ${error.stack}`).not.toContain(mac);
      }),
      { numRuns: 50 },
    );
  });
});
