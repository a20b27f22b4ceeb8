import { Game } from '../../src/games/entities/game.entity';
import type { InboundMail } from '../../src/mail/inbound-mail.entity';
import { latestTo, replyTo, startMailGame, type MailGame } from './support/mail-game';
import { type MailWorld, startMailWorld } from './support/mail-test-app';

/**
 * The closing date by mail: after the closing date a move (or a pass) sent by reply is
 * refused like on the web and the API — CLOSING_DATE_PASSED — and the player gets a
 * rejection mail giving the closing date, which no longer asks for another move.
 */
describe('a move by mail after the closing date', () => {
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

  const stored = async (raw: Buffer): Promise<InboundMail> => {
    const id = /^Message-ID: (.*)$/im.exec(raw.toString('latin1'))![1].trim();
    return (await world.inboundMail()).find((r) => r.messageId === id)!;
  };

  it('is refused with CLOSING_DATE_PASSED, the game unchanged, and answered with the date', async () => {
    const before = await world.current.database.run((m) => m.findOneByOrFail(Game, { id: game.gameId }));
    const sheet = latestTo(world, game.red.address);
    // The competition closes on 31.12.2027 (test/support/competitions.ts); RED answers on 3 January.
    world.clock.set('2028-01-03T09:00:00Z');
    const count = world.smtp.delivered.length;
    const raw = await replyTo(sheet, game.red.address, game.moves[0]);
    await world.dovecot.append(raw);
    await world.current.inbox.poll();
    await world.current.outbox.deliverDue();

    const row = await stored(raw);
    expect(row).toMatchObject({ status: 'rejected', reason: 'CLOSING_DATE_PASSED' });
    const after = await world.current.database.run((m) => m.findOneByOrFail(Game, { id: game.gameId }));
    expect({ version: after.version, turn: after.turn, status: after.status }).toEqual({
      version: before.version,
      turn: before.turn,
      status: before.status,
    });

    const answer = (await world.outboundMail()).find((o) => o.inReplyTo === row.messageId)!;
    expect(answer).toMatchObject({ template: 'move-rejection', payload: { reason: { code: 'CLOSING_DATE_PASSED' } } });
    const delivered = world.smtp.delivered.slice(count).filter((d) => d.envelope.to.includes(game.red.address));
    expect(delivered).toHaveLength(1);
    const text = delivered[0].parsed.text!.replace(/\s+/g, ' ');
    expect(text).toContain('termenul de încheiere a competiției a fost 31.12.2027');
    expect(text).toContain('jocul s-a oprit la termenul de încheiere');
    expect(text).not.toContain('este în continuare rândul dumneavoastră');
  });
});
