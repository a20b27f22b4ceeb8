import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { verpAddress } from '../../src/notifications/mail-addresses';
import { simpleParser } from 'mailparser';
import { Case } from '../../src/arbiter/case.entity';
import { Game } from '../../src/games/entities/game.entity';
import { MovesService } from '../../src/games/actions/moves.service';
import { User } from '../../src/auth/user.entity';
import { actorOf } from '../../src/auth/users.service';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { parseToken } from '../../src/notifications/reply-token';
import { MailGame, startMailGame } from './support/mail-game';
import { MailWorld, startMailWorld } from './support/mail-test-app';

describe('the outbox sender, through a real SMTP server', () => {
  let world: MailWorld;
  let game: MailGame;

  beforeAll(async () => {
    world = await startMailWorld();
    await world.start();
    game = await startMailGame(world);
  });

  afterAll(async () => {
    await world.close();
  });

  const play = async (player: 'red' | 'blue', move: string) => {
    const user = await world.current.database.run((m) => m.findOneByOrFail(User, { playerId: game[player].playerId }));
    return world.current.app.get(MovesService).submitMove(actorOf(user), game.gameId, { move });
  };
  /** The next move of the random game, by whoever's turn it is. */
  const playNext = async () => {
    const { turn } = await world.current.database.run((m) => m.findOneByOrFail(Game, { id: game.gameId }));
    return play(turn % 2 === 1 ? 'red' : 'blue', game.moves[turn - 1]);
  };
  const rows = () => world.outboundMail();
  const deliveredIds = () => world.smtp.delivered.map((d) => d.parsed.messageId);

  it('delivers the game sheets with the headers of docs/mail-rules.md 18, then marks them sent', async () => {
    const pending = await rows();
    expect(pending.map((r) => r.template).sort()).toEqual(['game-start', 'game-start']);
    await world.current.outbox.deliverDue();
    const mails = await world.smtp.waitFor(2);
    const toRed = mails.find((d) => d.envelope.to[0] === game.red.address)!;
    const redRow = pending.find((r) => r.playerId === game.red.playerId)!;
    expect(toRed.parsed.messageId).toBe(redRow.messageId);
    expect(toRed.header('auto-submitted')).toBe('auto-generated');
    expect(toRed.header('x-auto-response-suppress')).toBe('All');
    // VERP: bounces come back to an address naming the recipient, signed with the server's secret.
    expect(toRed.envelope.from).toBe(verpAddress(world.settings.secret, 'moves@corr-scrabble.test', game.red.address));
    expect(toRed.envelope.from).toMatch(
      new RegExp(`^moves\\+bounce-${game.red.address.replace('@', '=').replace(/\./g, '\\.')}-[0-9a-f]{20}@corr-scrabble\\.test$`),
    );
    expect(toRed.parsed.subject).toMatch(/^\[CN 2027 · (Grupa|Group) A\] Player 1 – Player 2$/);
    const replyTo = toRed.header('reply-to')!;
    expect(replyTo).toMatch(/^moves\+g[a-z2-7]{20}-t1-[a-z2-7]{26}@corr-scrabble\.test$/);
    // The Message-ID carries the same token (docs/mail-rules.md 1): the fallback when a client drops the plus part.
    expect(parseToken(toRed.parsed.messageId!)?.token).toBe(parseToken(replyTo)?.token);
    expect((await rows()).every((r) => r.status === 'sent' && r.sentAt !== null)).toBe(true);
  });

  it("threads every later mail of the game under the player's first (In-Reply-To, References, one subject)", async () => {
    await playNext();
    await world.current.outbox.deliverDue();
    const before = world.smtp.delivered.length;
    const toBlue = world.smtp.delivered.slice(0, before).filter((d) => d.envelope.to[0] === game.blue.address);
    const [sheet, later] = [toBlue[0], toBlue.at(-1)!];
    expect(later.parsed.messageId).not.toBe(sheet.parsed.messageId);
    expect(later.parsed.inReplyTo).toBe(sheet.parsed.messageId);
    expect(later.parsed.references).toEqual(sheet.parsed.messageId);
    expect(later.parsed.subject).toBe(sheet.parsed.subject);
  });

  it.each(['tempfail', 'refuse'] as const)(
    'SMTP down (%s): mail queues with backoff and goes out exactly once by Message-ID when it returns',
    async (outage) => {
      await world.smtp.down(outage);
      await playNext();
      const queued = (await rows()).filter((r) => r.status === 'pending');
      expect(queued.length).toBeGreaterThan(0);
      await world.current.outbox.deliverDue();
      await world.current.outbox.deliverDue(); // too early: backoff holds it
      for (const row of (await rows()).filter((r) => queued.some((q) => q.id === r.id))) {
        expect(row).toMatchObject({ status: 'pending', attempts: 1 });
        expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(world.clock.now().getTime());
      }
      world.clock.advance({ minutes: 1 });
      await world.current.outbox.deliverDue();
      expect((await rows()).filter((r) => queued.some((q) => q.id === r.id)).map((r) => r.attempts)).toEqual(queued.map(() => 2));
      await world.smtp.up();
      world.clock.advance({ minutes: 2 });
      await world.current.outbox.deliverDue();
      await world.current.outbox.deliverDue();
      for (const row of queued) expect(deliveredIds().filter((id) => id === row.messageId)).toHaveLength(1);
      expect((await rows()).every((r) => r.status === 'sent')).toBe(true);
      // Every Message-ID ever delivered, once.
      expect(new Set(deliveredIds()).size).toBe(deliveredIds().length);
    },
  );

  it('gives up after the attempts allowed: the row is failed and the arbiter gets a case', async () => {
    const sender = world.current.outbox;
    const policy = sender.policy;
    sender.policy = { ...policy, maxAttempts: 3 };
    try {
      await world.smtp.down('tempfail');
      await playNext();
      for (let i = 0; i < 3; i++) {
        await sender.deliverDue();
        world.clock.advance({ hours: 1 });
      }
      const failed = (await rows()).filter((r) => r.status === 'failed');
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.every((r) => r.attempts === 3 && r.lastError)).toBe(true);
      const cases = await world.current.database.run((m) => m.find(Case, { where: { kind: 'mail-undeliverable' } }));
      expect(cases.map((c) => c.payload.outboundMailId).sort()).toEqual(failed.map((r) => r.id).sort());
      expect(cases.every((c) => c.gameId === game.gameId && c.status === 'open')).toBe(true);
    } finally {
      sender.policy = policy;
      await world.smtp.up();
    }
  });

  it('sends the bodies as 8-bit UTF-8 parts, declared to the server (BODY=8BITMIME), as the templates wrote them', async () => {
    const [mail] = await world.smtp.waitFor(1);
    expect(mail.envelope.body).toBe('8BITMIME');
    const raw = mail.raw.toString('utf8');
    expect(raw).toContain('Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n');
    expect(raw).toContain('Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n');
    expect(raw).not.toContain('quoted-printable');
    for (const line of raw.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(998);
    // The HTML's letters beyond ASCII (a diacritic, a dash) are on the wire as they are, not as =C4=83.
    const beyondAscii = /[^\x00-\x7f]+/.exec(String(mail.parsed.html))?.[0];
    expect(beyondAscii).toBeDefined();
    expect(raw).toContain(beyondAscii);
  });

  it('without SMTP_URL writes each mail once as an .eml file under DATA_DIR/outbox', async () => {
    await world.current.close();
    const instance = await world.start({ smtp: false });
    await playNext();
    const pending = (await rows()).filter((r) => r.status === 'pending');
    await instance.outbox.deliverDue();
    const dir = join(world.settings.dataDir, 'outbox');
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files.sort()).toEqual(pending.map((r) => `${r.id}-0.eml`).sort());
    const parsed = await simpleParser(readFileSync(join(dir, files[0])));
    expect(pending.map((r) => r.messageId)).toContain(parsed.messageId);
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    const sent = await instance.database.run((m) => m.find(OutboundMail, { where: { status: 'pending' } }));
    expect(sent).toEqual([]);
    await world.current.close();
    await world.start();
  });
});
