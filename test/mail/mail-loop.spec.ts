import { createServer, connect, type Server, type Socket } from 'node:net';
import { Game } from '../../src/games/entities/game.entity';
import { MailActions } from '../../src/mail/pipeline/mail-actions.service';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { replyAddress } from '../../src/notifications/reply-token';
import { freePort } from '../support/ports';
import { latestTo, MailGame, replyTo, startMailGame } from './support/mail-game';
import { MailWorld, startMailWorld } from './support/mail-test-app';
import { composeMail } from './support/messages';

/**
 * A TCP relay in front of the SMTP sink that, once, cuts the connection carrying the first
 * message body: the client has sent DATA and starts the message, the server never answers 250.
 */
async function startCuttingRelay(target: number): Promise<{ url: string; cuts: number; close(): Promise<void> }> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  const state = { cuts: 0 };
  const server: Server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1');
    sockets.add(client).add(upstream);
    let dataSent = false;
    client.on('data', (chunk: Buffer) => {
      if (dataSent && state.cuts === 0) {
        state.cuts++;
        client.destroy();
        upstream.destroy();
        return;
      }
      if (/(^|\r\n)DATA\r\n/.test(chunk.toString('latin1'))) dataSent = true;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    for (const s of [client, upstream]) {
      s.on('error', () => undefined);
      s.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    get cuts() {
      return state.cuts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('the mail loop pipelined: pooled SMTP connections and games decided in parallel', () => {
  let world: MailWorld;

  beforeAll(async () => {
    world = await startMailWorld();
  });

  afterAll(async () => {
    await world.close();
  });

  it('a pooled socket broken in the middle of a message: its row is requeued and every mail arrives exactly once', async () => {
    const port = Number(new URL(world.smtp.url).port);
    const relay = await startCuttingRelay(port);
    try {
      await world.start({ smtpUrl: relay.url });
      await startMailGame(world, { seed: 11, domain: 'pooled.example.org' });
      const owed = await world.outboundMail();
      expect(owed.length).toBeGreaterThan(0);
      const before = world.smtp.delivered.length;
      await world.current.outbox.deliverDue();
      expect(relay.cuts).toBe(1);
      for (const id of owed.map((r) => r.id)) {
        const row = await world.current.database.run((m) => m.findOneByOrFail(OutboundMail, { id }));
        // Requeued at once on a fresh socket: sent in the same pass, no failed attempt counted.
        expect(row).toMatchObject({ status: 'sent', attempts: 0 });
      }
      const delivered = world.smtp.delivered.slice(before).map((d) => d.header('message-id'));
      expect([...delivered].sort()).toEqual(owed.map((r) => r.messageId).sort());
      // Another pass finds nothing owed and sends nothing again.
      await world.current.outbox.deliverDue();
      expect(world.smtp.delivered.length - before).toBe(owed.length);
    } finally {
      await world.current.close();
      await relay.close();
    }
  });

  it("several games decided at once, while one game's mails are applied in the order they arrived", async () => {
    await world.start();
    const games: MailGame[] = [];
    for (const [i, domain] of ['one.example.org', 'two.example.org', 'three.example.org'].entries())
      games.push(await startMailGame(world, { seed: 20 + i, domain }));
    await world.current.outbox.deliverDue();
    const [ordered, ...others] = games;
    const first = await replyTo(latestTo(world, ordered.red.address), ordered.red.address, ordered.moves[0]);
    // BLUE answers turn 2 at once, before the game's "your move" could reach them: it is only
    // playable if RED's mail, which arrived first, is applied first.
    const second = await composeMail({
      from: ordered.blue.address,
      to: replyAddress(world.settings.secret, world.settings.mailReplyAddress, {
        gameId: ordered.gameId,
        playerId: ordered.blue.playerId,
        turn: 2,
      }),
      subject: 'Re: mutarea',
      text: `${ordered.moves[1]}\n`,
    });
    const rest = await Promise.all(others.map((g) => replyTo(latestTo(world, g.red.address), g.red.address, g.moves[0])));
    for (const raw of [first, ...rest, second]) await world.dovecot.append(raw);

    // Every call of the games service, with how many were under way when it began.
    const actions = world.current.app.get(MailActions);
    const run = actions.run.bind(actions);
    let inFlight = 0;
    let most = 0;
    const calls: { gameId: string; event: 'start' | 'end'; turn: number }[] = [];
    let release: () => void = () => undefined;
    const twoUnderWay = new Promise<void>((resolve) => (release = resolve));
    // A generous while after which a serial pipeline goes on, so that it fails the assertion instead of hanging.
    let giveUp: NodeJS.Timeout | undefined;
    const orGiveUp = new Promise<void>((resolve) => (giveUp = setTimeout(resolve, 20_000)));
    const spy = jest.spyOn(actions, 'run').mockImplementation(async (request) => {
      inFlight++;
      most = Math.max(most, inFlight);
      calls.push({ gameId: request.gameId, event: 'start', turn: request.expectedTurn });
      if (inFlight >= 2) release();
      // The first call waits for a second one to begin.
      await Promise.race([twoUnderWay, orGiveUp]);
      try {
        return await run(request);
      } finally {
        inFlight--;
        calls.push({ gameId: request.gameId, event: 'end', turn: request.expectedTurn });
      }
    });
    try {
      await world.current.inbox.poll();
    } finally {
      spy.mockRestore();
      clearTimeout(giveUp);
    }
    expect(most).toBeGreaterThanOrEqual(2);
    const stored = await world.inboundMail();
    expect(stored.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    // The ordered game's two mails: turn 1 ended before turn 2 began.
    const own = calls.filter((c) => c.gameId === ordered.gameId).map((c) => `${c.event}:${c.turn}`);
    expect(own).toEqual(['start:1', 'end:1', 'start:2', 'end:2']);
    const turns = await world.current.database.run((m) => m.find(Game, { where: games.map((g) => ({ id: g.gameId })) }));
    expect(new Map(turns.map((g) => [g.id, g.turn]))).toEqual(
      new Map([[ordered.gameId, 3], ...others.map((g) => [g.gameId, 2] as [string, number])]),
    );
    expect(await world.dovecot.messageIds('INBOX')).toEqual([]);
  });
});
