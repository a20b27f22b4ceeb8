// docs/web.md, Security model — what the inbox does before it trusts a mail, through a real Dovecot
// and a real SMTP server:
// - a hostile HTML mail (unclosed markup, deep nesting, 2 MB) from a stranger is never made text,
//   and from the player it is read within its bounds on a worker thread while the event loop
//   stays free (measured as a ratio, never against a wall-clock budget);
// - a token copied from an arbiter's outbox listing, under a forged From, plays nothing;
// - with MAIL_AUTHSERV_ID, every DMARC verdict but pass holds the move for the web.
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import { Game } from '../../src/games/entities/game.entity';
import type { InboundMail } from '../../src/mail/inbound-mail.entity';
import { DECODE_HERE_BYTES, MailParsingWorker, type MailWorkRecord } from '../../src/mail/parsing/mail-parsing-worker';
import { keyForPlayer } from '../support/competitions';
import { latestTo, type MailGame, type MailPlayer, replyTo, startMailGame } from './support/mail-game';
import { type MailWorld, REPLY_ADDRESS, startMailWorld } from './support/mail-test-app';
import { composeMail } from './support/messages';

const AUTHSERV = 'mx.corr-scrabble.test';
const TWO_MB = 2 * 1024 * 1024;

/** Hostile HTML of about `bytes`: `unit` repeated, unclosed or nested as it comes. */
const hostile = (unit: string, bytes = TWO_MB) => unit.repeat(Math.ceil(bytes / unit.length));

describe('the inbox trusts a mail only once its token and sender check out', () => {
  let world: MailWorld;
  let game: MailGame;

  beforeAll(async () => {
    world = await startMailWorld();
    await world.start();
    game = await startMailGame(world, { seed: 23 });
    await world.current.outbox.deliverDue();
  });

  afterAll(async () => {
    await world.close();
  });

  const gameRow = () => world.current.database.run((m) => m.findOneByOrFail(Game, { id: game.gameId }));
  const worker = () => world.current.app.get(MailParsingWorker);
  const conversions = () => worker().jobs.filter((j) => j.kind === 'html');
  const decodings = () => worker().jobs.filter((j) => j.kind === 'decode');
  /** Delivers with a 1 ms ticker running: the instants the event loop was free. */
  const deliverTicking = async (...raws: Buffer[]): Promise<number[]> => {
    const ticks: number[] = [];
    const ticker = setInterval(() => ticks.push(performance.now()), 1);
    try {
      await deliver(...raws);
    } finally {
      clearInterval(ticker);
    }
    return ticks;
  };
  /**
   * The reading ran on the worker thread: while it ran, the event loop went on ticking. A reading
   * on this thread would hold the loop from the job's start to its end, with no tick between.
   * (How long the loop's gaps are depends on the machine's load, so no bound is set on them.)
   */
  const expectOffTheLoop = (window: MailWorkRecord, ticks: readonly number[]) => {
    expect(window).toMatchObject({ ok: true });
    const length = window.endedAt - window.startedAt;
    const inside = ticks.filter((t) => t > window.startedAt && t < window.endedAt);
    if (length >= 20) expect(inside.length).toBeGreaterThan(0);
    expect(window.workerMs).toBeGreaterThan(0);
  };
  const stored = async (raw: Buffer): Promise<InboundMail> => {
    const id = /^Message-ID: (.*)$/im.exec(raw.toString('latin1'))![1].trim();
    return (await world.inboundMail()).find((r) => r.messageId === id)!;
  };
  const deliver = async (...raws: Buffer[]) => {
    for (const raw of raws) await world.dovecot.append(raw);
    await world.current.inbox.poll();
    await world.current.outbox.deliverDue();
  };
  const turnPlayer = async (): Promise<MailPlayer> => ((await gameRow()).turn % 2 === 1 ? game.red : game.blue);
  const nextMove = async () => game.moves[(await gameRow()).turn - 1];
  /** A reply of the player's to their latest mail, HTML only: the move on top, then `rest`. */
  const htmlReply = async (player: MailPlayer, move: string, rest: string, from = player.address) => {
    const mail = latestTo(world, player.address);
    return composeMail({
      from,
      to: mail.header('reply-to')!,
      subject: `Re: ${mail.parsed.subject}`,
      inReplyTo: mail.parsed.messageId,
      references: [mail.parsed.messageId!],
      html: `<div dir="ltr">${move}</div>${rest}`,
    });
  };

  describe('one hostile HTML mail cannot freeze the server', () => {
    it.each([
      ['unclosed inline markup', '<b>x'],
      ['deep nesting', '<div><table><tr><td>x'],
      ['2 MB of unclosed lists', '<ul><li>x'],
    ])('%s from a stranger, with or without a token: never made text, refused as before', async (_shape, unit) => {
      const mover = await turnPlayer();
      const before = await gameRow();
      const converted = conversions().length;
      const decoded = decodings().length;
      const sent = world.smtp.delivered.length;
      // The player's own token (their reply address), from a stranger; and no token at all.
      const withToken = await htmlReply(mover, await nextMove(), hostile(unit), 'stranger@evil.example');
      const noToken = await composeMail({
        from: 'stranger@evil.example',
        to: REPLY_ADDRESS,
        subject: 'hello',
        html: `h8 CASA${hostile(unit)}`,
      });
      const ticks = await deliverTicking(withToken, noToken);
      expect(await stored(withToken)).toMatchObject({ status: 'rejected', reason: 'WRONG_SENDER', folder: 'Rejected' });
      expect(await stored(noToken)).toMatchObject({ status: 'rejected', reason: 'UNKNOWN_TOKEN', folder: 'Rejected' });
      expect(conversions().length).toBe(converted);
      // Decoding 2 MB is linear but long: both mails were decoded on the worker thread too.
      const windows = decodings().slice(decoded);
      expect(windows).toHaveLength(2);
      for (const window of windows) expectOffTheLoop(window, ticks);
      expect((await gameRow()).version).toBe(before.version);
      // docs/mail-rules.md 3: the explanation goes to the player's registered address, never to the stranger.
      const answers = world.smtp.delivered.slice(sent);
      expect(answers.every((d) => d.envelope.to.every((to) => to !== 'stranger@evil.example'))).toBe(true);
    });

    it.each([
      ['unclosed inline markup', '<b>x'],
      ['deep nesting', '<div><table><tr><td>x'],
      ['2 MB of flat markup', '<div>x</div>'],
    ])(
      '%s from the player with a valid token: read within the bounds off the event loop, the move on top played once',
      async (_shape, unit) => {
        const mover = await turnPlayer();
        const before = await gameRow();
        const move = await nextMove();
        const raw = await htmlReply(mover, move, `<blockquote>${hostile(unit)}`);
        const converted = conversions().length;
        const decoded = decodings().length;
        const ticks = await deliverTicking(raw);
        expect(await stored(raw)).toMatchObject({ status: 'applied', folder: 'Processed' });
        const after = await gameRow();
        expect(after.turn).toBe(before.turn + 1);
        const [decoding] = decodings().slice(decoded);
        expectOffTheLoop(decoding, ticks);
        const [conversion] = conversions().slice(converted);
        expectOffTheLoop(conversion, ticks);
      },
    );

    it('a conversion over its time limit: the worker is recycled, the player told the mail could not be read, nothing played', async () => {
      const mover = await turnPlayer();
      const before = await gameRow();
      const sent = world.smtp.delivered.length;
      // Small enough to be decoded on this thread (DECODE_HERE_BYTES), long enough to convert for more than 1 ms.
      const raw = await htmlReply(mover, await nextMove(), hostile('<div>x</div>', 48 * 1024));
      expect(raw.length).toBeLessThanOrEqual(DECODE_HERE_BYTES);
      const limit = worker().timeLimitMs;
      worker().timeLimitMs = 1;
      try {
        await deliver(raw);
      } finally {
        worker().timeLimitMs = limit;
      }
      expect(await stored(raw)).toMatchObject({ status: 'rejected', reason: 'UNREADABLE_HTML', folder: 'Rejected' });
      expect((await gameRow()).version).toBe(before.version);
      const answers = world.smtp.delivered.slice(sent).filter((d) => d.envelope.to.includes(mover.address));
      expect(answers).toHaveLength(1);
      expect(answers[0].parsed.text).toMatch(/could not read the HTML|Nu am putut citi partea HTML/);
      // The next mail gets a fresh worker.
      const again = await htmlReply(mover, await nextMove(), '');
      await deliver(again);
      expect(await stored(again)).toMatchObject({ status: 'applied' });
    });
  });

  describe('nobody acts for a player by mail but the player', () => {
    it("a Message-ID from an arbiter's outbox listing, under a forged From, plays nothing", async () => {
      const mover = await turnPlayer();
      const before = await gameRow();
      const arbiter = await keyForPlayer(world.current.app, `arbiter-23@frsc.ro`);
      const listing = await request(world.current.app.getHttpServer())
        .get(`/api/outbox?gameId=${game.gameId}`)
        .set('Authorization', arbiter.bearer);
      expect(listing.status).toBe(200);
      const theirs = (listing.body as { playerId: string; messageId: string }[]).filter((r) => r.playerId === mover.playerId);
      expect(theirs.length).toBeGreaterThan(0);
      // The arbiter writes as the player: their address in From, the listed Message-IDs as the thread.
      const forged = await composeMail({
        from: mover.address,
        to: REPLY_ADDRESS,
        subject: 'Re: mutare',
        inReplyTo: theirs[0].messageId,
        references: theirs.map((r) => r.messageId),
        text: 'PAS',
      });
      await deliver(forged);
      expect(await stored(forged)).toMatchObject({ status: 'rejected', reason: 'UNKNOWN_TOKEN' });
      const after = await gameRow();
      expect(after.version).toBe(before.version);
      expect(after.turn).toBe(before.turn);
    });

    it('without MAIL_AUTHSERV_ID, a reply with no Authentication-Results is played as before', async () => {
      const mover = await turnPlayer();
      const before = await gameRow();
      const raw = await replyTo(latestTo(world, mover.address), mover.address, await nextMove());
      await deliver(raw);
      expect(await stored(raw)).toMatchObject({ status: 'applied' });
      expect((await gameRow()).turn).toBe(before.turn + 1);
    });

    describe('with MAIL_AUTHSERV_ID', () => {
      beforeAll(async () => {
        await world.start({ authservId: AUTHSERV });
      });

      const stamped = (raw: Buffer, verdict: string | undefined) =>
        verdict === undefined
          ? raw
          : Buffer.concat([
              Buffer.from(`Authentication-Results: ${AUTHSERV}; spf=pass; dmarc=${verdict} header.from=example.org\r\n`),
              raw,
            ]);

      it.each(['permerror', 'temperror', 'none', undefined])('DMARC %s holds the move for the web, as fail does', async (verdict) => {
        const mover = await turnPlayer();
        const before = await gameRow();
        const sent = world.smtp.delivered.length;
        const raw = stamped(await replyTo(latestTo(world, mover.address), mover.address, await nextMove()), verdict);
        await deliver(raw);
        expect(await stored(raw)).toMatchObject({ status: 'held', reason: 'DMARC_HELD', folder: 'Processed' });
        expect((await gameRow()).version).toBe(before.version);
        const asks = world.smtp.delivered.slice(sent).filter((d) => d.envelope.to.includes(mover.address));
        expect(asks.some((d) => /\/mail\/confirm\//.test(d.parsed.text ?? ''))).toBe(true);
      });

      it('DMARC pass plays the move', async () => {
        const mover = await turnPlayer();
        const before = await gameRow();
        const raw = stamped(await replyTo(latestTo(world, mover.address), mover.address, await nextMove()), 'pass');
        await deliver(raw);
        expect(await stored(raw)).toMatchObject({ status: 'applied' });
        expect((await gameRow()).turn).toBe(before.turn + 1);
      });
    });
  });
});
