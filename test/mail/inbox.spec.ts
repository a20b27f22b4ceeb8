import { createHash, randomUUID } from 'node:crypto';
import { PlayerEmail } from '../../src/players/player-email.entity';
import { InboundMail } from '../../src/mail/inbound-mail.entity';
import { Player } from '../../src/players/player.entity';
import { MAX_REJECTIONS_PER_DAY } from '../../src/mail/mail-decisions.service';
import { composeMail, handWritten, newMessageId } from './support/messages';
import { FROM_ADDRESS, MailWorld, REPLY_ADDRESS, startMailWorld } from './support/mail-test-app';
import { until } from '../support/hang';

const ANA = 'ana.popescu@example.org';

/** Stories of the inbox that need no game: storing, dedupe, folders, sizes, broken MIME, loops. */
describe('the IMAP inbox, through a real Dovecot', () => {
  let world: MailWorld;
  let anaId: string;

  beforeAll(async () => {
    world = await startMailWorld();
    await world.start();
    anaId = randomUUID();
    await world.current.database.transaction(async (m) => {
      await m.insert(Player, {
        id: anaId,
        name: 'Ana Popescu',
        club: null,
        language: 'ro',
        previousCoefficient: null,
        previousRank: null,
        createdAt: world.clock.now(),
      });
      await m.insert(PlayerEmail, { id: randomUUID(), playerId: anaId, address: ANA, verified: true });
    });
  });

  afterAll(async () => {
    await world.close();
  });

  const deliver = async (raw: Buffer) => {
    await world.dovecot.append(raw);
    await world.current.inbox.poll();
  };
  const row = async (messageId: string) => (await world.inboundMail()).find((r) => r.messageId === messageId)!;
  const repliesTo = async (address: string) => (await world.outboundMail()).filter((o) => o.toAddress === address);

  it("creates Processed, Rejected and Failed, stores a stranger's mail raw, answers nobody and moves it after the commit", async () => {
    const raw = await composeMail({ from: 'stranger@nowhere.example', to: REPLY_ADDRESS, subject: 'hello', text: 'h8 CASA' });
    await deliver(raw);
    const client = await world.dovecot.client();
    const folders = (await client.list()).map((m) => m.path);
    await client.logout();
    expect(folders).toEqual(expect.arrayContaining(['INBOX', 'Processed', 'Rejected', 'Failed']));
    const [stored] = await world.inboundMail();
    expect(stored).toMatchObject({
      status: 'rejected',
      reason: 'UNKNOWN_TOKEN',
      folder: 'Rejected',
      fromAddress: 'stranger@nowhere.example',
    });
    expect(stored.raw.equals(raw)).toBe(true);
    expect(stored.movedAt).not.toBeNull();
    expect(await world.dovecot.messageIds('INBOX')).toEqual([]);
    expect(await world.dovecot.messageIds('Rejected')).toHaveLength(1);
    expect(await world.outboundMail()).toEqual([]);
  });

  it('answers a registered player whose mail carries no token, once, with a typed auto-reply', async () => {
    const id = newMessageId();
    await deliver(await composeMail({ messageId: id, from: ANA, to: REPLY_ADDRESS, subject: 'mutare', text: 'h8 CASA' }));
    expect(await row(id)).toMatchObject({ status: 'rejected', reason: 'UNKNOWN_TOKEN', rejectedTo: ANA });
    const replies = await repliesTo(ANA);
    expect(replies).toHaveLength(1);
    // docs/mail-rules.md 2: nothing about any game, only which mail was refused.
    expect(replies[0]).toMatchObject({
      template: 'rejection-unknown-token',
      autoSubmitted: 'auto-replied',
      inReplyTo: id,
      payload: { receivedSubject: 'mutare' },
    });
  });

  it('the same mail twice: stored twice, decided once, answered once', async () => {
    const raw = await composeMail({ from: ANA, to: REPLY_ADDRESS, subject: 'din nou', text: 'PAS' });
    const before = (await repliesTo(ANA)).length;
    await world.dovecot.append(raw);
    await world.dovecot.append(raw);
    await world.current.inbox.poll();
    const copies = (await world.inboundMail()).filter((r) => r.sha256 === createHash('sha256').update(raw).digest('hex'));
    expect(copies.map((c) => c.status).sort()).toEqual(['duplicate', 'rejected']);
    expect(copies.find((c) => c.status === 'duplicate')!.duplicateOf).toBe(copies.find((c) => c.status === 'rejected')!.id);
    expect((await repliesTo(ANA)).length).toBe(before + 1);
    expect(await world.dovecot.messageIds('INBOX')).toEqual([]);
  });

  it('the same body under a new Message-ID: stored and decided, but never a second rejection for the same content', async () => {
    const text = 'scrisoare fără comandă validă';
    const before = (await repliesTo(ANA)).length;
    const first = newMessageId();
    const second = newMessageId();
    await deliver(await composeMail({ messageId: first, from: ANA, to: REPLY_ADDRESS, subject: 'x', text }));
    await deliver(await composeMail({ messageId: second, from: ANA, to: REPLY_ADDRESS, subject: 'x', text }));
    expect((await row(first)).status).toBe('rejected');
    expect((await row(second)).status).toBe('rejected');
    expect((await repliesTo(ANA)).length).toBe(before + 1);
  });

  it('at most 20 answers a day to one address (they only stop loops); the next day it is answered again', async () => {
    const bob = 'bob.ionescu@example.org';
    const bobId = randomUUID();
    await world.current.database.transaction(async (m) => {
      await m.insert(Player, {
        id: bobId,
        name: 'Bob Ionescu',
        club: null,
        language: 'en',
        previousCoefficient: null,
        previousRank: null,
        createdAt: world.clock.now(),
      });
      await m.insert(PlayerEmail, { id: randomUUID(), playerId: bobId, address: bob, verified: true });
    });
    for (let i = 1; i <= 22; i++)
      await world.dovecot.append(await composeMail({ from: bob, to: REPLY_ADDRESS, subject: `try ${i}`, text: `attempt number ${i}` }));
    await world.current.inbox.poll();
    expect(await repliesTo(bob)).toHaveLength(MAX_REJECTIONS_PER_DAY);
    expect((await world.inboundMail()).filter((r) => r.fromAddress === bob && r.status === 'rejected')).toHaveLength(22);
    world.clock.advance({ days: 1 });
    await deliver(await composeMail({ from: bob, to: REPLY_ADDRESS, subject: 'next day', text: 'still nothing' }));
    expect(await repliesTo(bob)).toHaveLength(MAX_REJECTIONS_PER_DAY + 1);
  });

  it('a mail from our own address is dropped without an answer (docs/mail-rules.md 5)', async () => {
    const id = newMessageId('corr-scrabble.test');
    const before = (await world.outboundMail()).length;
    await deliver(await composeMail({ messageId: id, from: FROM_ADDRESS, to: REPLY_ADDRESS, subject: 'loop', text: 'h8 CASA' }));
    expect(await row(id)).toMatchObject({ status: 'dropped', reason: 'OWN_ADDRESS', folder: 'Rejected' });
    expect((await world.outboundMail()).length).toBe(before);
  });

  it('a 30 MB attachment: the size is read before the body, only the headers are stored, the registered sender is told', async () => {
    const id = newMessageId();
    const big = Buffer.alloc(30 * 1024 * 1024, 'a');
    await deliver(
      await composeMail({
        messageId: id,
        from: ANA,
        to: REPLY_ADDRESS,
        subject: 'poza',
        text: 'h8 CASA',
        attachments: [{ filename: 'poza.jpg', content: big }],
      }),
    );
    const stored = await row(id);
    expect(stored).toMatchObject({ status: 'rejected', reason: 'TOO_LARGE', folder: 'Rejected' });
    expect(stored.size).toBeGreaterThan(30 * 1024 * 1024);
    expect(stored.raw.length).toBeLessThan(10_000);
    expect((await repliesTo(ANA)).some((o) => o.inReplyTo === id && o.template === 'rejection-too-large')).toBe(true);
  });

  it('HTML over 1 MB (under the cap) is read like any other mail', async () => {
    const id = newMessageId();
    const html = `<div>PAS</div><div>${'<p>bla bla</p>'.repeat(90_000)}</div>`;
    expect(html.length).toBeGreaterThan(1024 * 1024);
    await deliver(await composeMail({ messageId: id, from: ANA, to: REPLY_ADDRESS, subject: 'html', html }));
    expect(await row(id)).toMatchObject({ status: 'rejected', reason: 'UNKNOWN_TOKEN' });
  });

  describe('malformed MIME is stored and refused, never crashes the inbox', () => {
    const shapes: Array<[string, Record<string, string>, string]> = [
      [
        'unterminated boundary',
        {
          From: ANA,
          To: REPLY_ADDRESS,
          Subject: 'broken',
          'Message-ID': '',
          'MIME-Version': '1.0',
          'Content-Type': 'multipart/mixed; boundary="b1"',
        },
        '--b1\nContent-Type: text/plain\n\nh8 CASA\n--b1\nContent-Type: text/plain\n\nmore',
      ],
      [
        'bad base64',
        {
          From: ANA,
          To: REPLY_ADDRESS,
          Subject: 'b64',
          'Message-ID': '',
          'Content-Transfer-Encoding': 'base64',
          'Content-Type': 'text/plain',
        },
        '!!!! not base64 @@@@\n',
      ],
      ['no Date and no From', { To: REPLY_ADDRESS, Subject: 'anon', 'Message-ID': '' }, 'h8 CASA\n'],
      ['a NUL in the subject', { From: ANA, To: REPLY_ADDRESS, Subject: 'nul\0here', 'Message-ID': '' }, 'h8 CASA\n'],
    ];
    it.each(shapes)('%s', async (_name, headers, body) => {
      const id = newMessageId();
      await deliver(handWritten({ ...headers, 'Message-ID': id }, body));
      const stored = await row(id);
      expect(stored.status).toBe('rejected');
      expect(stored.movedAt).not.toBeNull();
      expect(await world.dovecot.messageIds('INBOX')).toEqual([]);
    });
  });

  it('UIDVALIDITY changes between runs: the mailbox is read again from the start, and Message-IDs keep each mail once', async () => {
    const replay = newMessageId();
    const raw = await composeMail({ messageId: replay, from: ANA, to: REPLY_ADDRESS, subject: 'u1', text: 'nimic' });
    await deliver(raw);
    const fresh = newMessageId();
    // The store is rebuilt: an old message is back in the inbox beside a new one, and UIDs start over.
    await world.dovecot.append(raw);
    await world.dovecot.append(await composeMail({ messageId: fresh, from: ANA, to: REPLY_ADDRESS, subject: 'u2', text: 'altceva' }));
    const before = await world.dovecot.uidValidity('INBOX');
    world.dovecot.setUidValidity('INBOX', Number(before) + 1000);
    await world.current.close();
    await world.start();
    await world.current.inbox.poll();
    const copies = (await world.inboundMail()).filter((r) => r.messageId === replay);
    expect(copies.map((c) => c.status).sort()).toEqual(['duplicate', 'rejected']);
    expect((await row(fresh)).status).toBe('rejected');
    expect(await world.dovecot.messageIds('INBOX')).toEqual([]);
  });

  it('a pass that died between moving a message and recording it: the next pass records it, moves nothing else', async () => {
    const id = newMessageId();
    await deliver(await composeMail({ messageId: id, from: 'someone@nowhere.example', to: REPLY_ADDRESS, subject: 'moved', text: 'x' }));
    const moved = await row(id);
    await world.current.database.run((m) => m.update(InboundMail, { id: moved.id }, { movedAt: null }));
    const before = await world.dovecot.messageIds('Rejected');
    await world.current.inbox.poll();
    expect((await row(id)).movedAt).not.toBeNull();
    expect(await world.dovecot.messageIds('Rejected')).toEqual(before);
  });

  it('a dropped connection: the next pass builds a new client and reads on (docs/mail-rules.md 15)', async () => {
    await world.current.inbox.poll();
    world.dovecot.kick();
    const id = newMessageId();
    await world.dovecot.append(
      await composeMail({ messageId: id, from: 'someone@nowhere.example', to: REPLY_ADDRESS, subject: 'after the cut', text: 'x' }),
    );
    // The pass that meets the dead connection may fail; the one after reconnects.
    await world.current.inbox.poll().catch(() => world.current.inbox.poll());
    if (!(await row(id))?.movedAt) await world.current.inbox.poll();
    expect(await row(id)).toMatchObject({ status: 'rejected', folder: 'Rejected' });
    expect((await row(id)).movedAt).not.toBeNull();
  });

  it('IDLE: with the workers running, a new mail is picked up without waiting for the poll', async () => {
    await world.current.close();
    await world.start({ workers: true });
    const id = newMessageId();
    // Let the worker connect, read what is there, and go idle.
    await until(
      () => (world.current.inbox as unknown as { client?: { idling?: boolean } }).client?.idling === true,
      'the inbox to be in IDLE',
    );
    await world.dovecot.append(
      await composeMail({ messageId: id, from: 'someone@nowhere.example', to: REPLY_ADDRESS, subject: 'idle', text: 'x' }),
    );
    await until(async () => Boolean((await row(id))?.movedAt), 'the mail to be moved', 15_000);
    expect(await row(id)).toMatchObject({ status: 'rejected', folder: 'Rejected' });
    expect((await row(id)).movedAt).not.toBeNull();
    await world.current.close();
    await world.start();
  });
});
