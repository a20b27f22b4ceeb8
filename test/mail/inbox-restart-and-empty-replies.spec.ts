import { Game } from '../../src/games/entities/game.entity';
import { InboundMail } from '../../src/mail/inbound-mail.entity';
import type { DeliveredMail } from '../support/smtp-sink';
import { latestTo, replyTo, startMailGame, type MailGame } from './support/mail-game';
import { composeMail, newMessageId } from './support/messages';
import { type MailWorld, startMailWorld } from './support/mail-test-app';
import { hangAfter, until } from '../support/hang';

/** The inbox comes back by itself after the IMAP server restarts (docs/mail-rules.md 15). */
describe('the IMAP server restarts under an idle inbox', () => {
  let world: MailWorld;

  beforeAll(async () => {
    world = await startMailWorld();
    await world.start({ workers: true });
  });
  afterAll(async () => {
    await world.close();
  });

  const decided = async (messageId: string) => {
    const row = (await world.inboundMail()).find((r) => r.messageId === messageId);
    return row !== undefined && row.status !== 'received';
  };

  it(
    'a reply appended after the restart is decided without anyone calling poll(): the client is rebuilt on close and IDLEs again',
    async () => {
      const before = newMessageId();
      await world.dovecot.append(
        await composeMail({
          messageId: before,
          from: 'someone@nowhere.example',
          to: 'moves@corr-scrabble.test',
          subject: 'before',
          text: 'x',
        }),
      );
      await until(() => decided(before), 'the mail before the restart, through IDLE');
      await world.dovecot.restart();
      // The old connection may outlive the master for a moment: the mail must come after the inbox saw it close.
      await until(async () => !world.current.inbox.isConnected, 'the inbox to see its connection close');
      const after = newMessageId();
      await world.dovecot.append(
        await composeMail({
          messageId: after,
          from: 'someone@nowhere.example',
          to: 'moves@corr-scrabble.test',
          subject: 'after',
          text: 'x',
        }),
      );
      // The worker's own poll comes once a minute: 30 s is well under it, so only a reconnect decides this mail.
      await until(() => decided(after), 'the mail after the restart');
      expect((await world.inboundMail()).find((r) => r.messageId === after)).toMatchObject({ status: 'rejected', reason: 'UNKNOWN_TOKEN' });
    },
    hangAfter(60_000),
  );
});

/** Every person who writes gets an answer (docs/mail-rules.md 16); only the same decision twice is silenced. */
describe('two replies with the same empty body', () => {
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

  const deliver = async (raw: Buffer) => {
    await world.dovecot.append(raw);
    await world.current.inbox.poll();
    await world.current.outbox.deliverDue();
  };
  const answersTo = async (row: InboundMail | undefined) =>
    (await world.outboundMail()).filter((o) => row && o.inReplyTo === row.messageId);
  const stored = async (raw: Buffer) => {
    const id = /^Message-ID: (.*)$/im.exec(raw.toString('latin1'))![1].trim();
    return (await world.inboundMail()).find((r) => r.messageId === id);
  };
  /** A reply to the game's mail with an empty body and the given subject. */
  const emptyReply = (mail: DeliveredMail, subject: string) =>
    composeMail({
      from: game.red.address,
      to: mail.header('reply-to')!,
      subject,
      inReplyTo: mail.parsed.messageId,
      references: [mail.parsed.messageId!],
      text: '',
    });

  it('an empty reply, then the move written in the Subject with an empty body: both are answered', async () => {
    expect((await world.current.database.run((m) => m.findOneByOrFail(Game, { id: game.gameId }))).turn).toBe(1);
    const mail = latestTo(world, game.red.address);
    const first = await emptyReply(mail, `Re: ${mail.parsed.subject ?? ''}`);
    await deliver(first);
    expect(await stored(first)).toMatchObject({ status: 'rejected', reason: 'NO_COMMAND' });
    expect(await answersTo(await stored(first))).toHaveLength(1);

    const second = await emptyReply(mail, game.moves[0]);
    await deliver(second);
    expect(await stored(second)).toMatchObject({ status: 'rejected', reason: 'NO_COMMAND' });
    const answers = await answersTo(await stored(second));
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ template: 'command-help', toAddress: game.red.address, autoSubmitted: 'auto-replied' });
  });

  it('the same empty reply under a new Message-ID (what a loop sends) is still answered only once', async () => {
    const mail = latestTo(world, game.red.address);
    const subject = `Re: ${mail.parsed.subject ?? ''}`;
    const again = await emptyReply(mail, `Re: ${subject}`);
    await deliver(again);
    expect(await stored(again)).toMatchObject({ status: 'rejected', reason: 'NO_COMMAND' });
    expect(await answersTo(await stored(again))).toHaveLength(0);
  });

  it('a quoted reply body that repeats, with the same subject, is answered once; a new line of text is answered', async () => {
    const mail = latestTo(world, game.red.address);
    const one = await replyTo(mail, game.red.address, 'Revin mâine.');
    const two = await replyTo(mail, game.red.address, 'Revin mâine.');
    const three = await replyTo(mail, game.red.address, 'Mă gândesc încă.');
    await deliver(one);
    await deliver(two);
    await deliver(three);
    expect(await answersTo(await stored(one))).toHaveLength(1);
    expect(await answersTo(await stored(two))).toHaveLength(0);
    expect(await answersTo(await stored(three))).toHaveLength(1);
  });
});
