import { Move } from '../../src/games/entities/move.entity';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import type { InboundMail } from '../../src/mail/inbound-mail.entity';
import { latestTo, MailGame, MailPlayer, replyTo, startMailGame } from './support/mail-game';
import { MailWorld, startMailWorld } from './support/mail-test-app';

/**
 * Conditional replies by mail: BLUE replies `DACĂ PAS ATUNCI PAS` to the game's first mail and is
 * answered with the chain; RED's pass then plays BLUE's reply at once, and BLUE is told.
 */
describe('conditional replies by mail, through the real IMAP and SMTP servers', () => {
  let world: MailWorld;
  let game: MailGame;

  beforeAll(async () => {
    world = await startMailWorld();
    await world.start();
    game = await startMailGame(world, { seed: 53, domain: 'cond.example' });
    await world.current.outbox.deliverDue();
  });

  afterAll(async () => {
    await world.close();
  });

  const db = () => world.current.database;
  const messageIdOf = (raw: Buffer) => /^Message-ID: (.*)$/im.exec(raw.toString('latin1'))![1].trim();
  const send = async (player: MailPlayer, text: string): Promise<InboundMail> => {
    const raw = await replyTo(latestTo(world, player.address), player.address, text, 'plain');
    await world.dovecot.append(raw);
    await world.current.inbox.poll();
    await world.current.outbox.deliverDue();
    return (await world.inboundMail()).find((r) => r.messageId === messageIdOf(raw))!;
  };
  const templatesTo = (player: MailPlayer) =>
    db().run((m) => m.find(OutboundMail, { where: { gameId: game.gameId, playerId: player.playerId }, order: { createdAt: 'ASC' } }));

  it('the chain is stored and confirmed by mail, then answered when RED passes', async () => {
    const count = world.smtp.delivered.length;
    const row = await send(game.blue, 'Dacă PAS atunci PAS');
    expect(row).toMatchObject({ status: 'applied' });
    const answer = world.smtp.delivered.slice(count).find((d) => d.envelope.to.includes(game.blue.address));
    expect(answer?.parsed.text).toContain('Mutarea condiționată a fost păstrată');
    expect(answer?.parsed.text).toContain('Pasul 1: PAS → PAS');

    expect(await send(game.red, 'PAS')).toMatchObject({ status: 'applied' });
    const moves = await db().run((m) => m.find(Move, { where: { gameId: game.gameId }, order: { number: 'ASC' } }));
    expect(moves.map((m) => [m.color, m.notation, m.thinkingDays, m.source])).toEqual([
      ['red', 'PAS', 0, 'mail'],
      ['blue', 'PAS', 0, 'mail'],
    ]);
    expect((await templatesTo(game.blue)).map((o) => o.template)).toContain('conditional-applied');
  });
});
