import { spawn } from 'node:child_process';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import request from 'supertest';
import { Case } from '../../src/arbiter/case.entity';
import { CompetitionSetupService } from '../../src/competitions/competition-setup.service';
import { RegistrationService } from '../../src/competitions/registration.service';
import { createUser, SETTINGS } from '../support/competitions';
import { Game } from '../../src/games/entities/game.entity';
import { Move } from '../../src/games/entities/move.entity';
import type { InboundMail } from '../../src/mail/inbound-mail.entity';
import { verpAddress } from '../../src/notifications/mail-addresses';
import { MailActions } from '../../src/mail/pipeline/mail-actions.service';
import { MAX_PROCESSING_ATTEMPTS } from '../../src/mail/pipeline/mail-pipeline.service';
import { latestTo, MailGame, replyTo, startMailGame } from './support/mail-game';
import { MailWorld, REPLY_ADDRESS, startMailWorld } from './support/mail-test-app';
import { composeMail, handWritten, newMessageId } from './support/messages';

const AUTHSERV = 'mx.corr-scrabble.test';

/**
 * The inbound pipeline on a real game: every bad input of docs/mail-rules.md that reaches the
 * games service, replies written the way mail clients write them, crashes at the
 * worst moments — and in the end, every move applied exactly once.
 */
describe('moves by mail, through a real Dovecot and a real SMTP server', () => {
  let world: MailWorld;
  let game: MailGame;
  /** Mails that carried a move the service accepted: each must be in the move log exactly once. */
  const applied: string[] = [];

  beforeAll(async () => {
    world = await startMailWorld();
    await world.start({ authservId: AUTHSERV });
    game = await startMailGame(world, { seed: 11 });
    await world.current.outbox.deliverDue();
  });

  afterAll(async () => {
    await world.close();
  });

  const gameRow = () => world.current.database.run((m) => m.findOneByOrFail(Game, { id: game.gameId }));
  const stored = async (raw: Buffer): Promise<InboundMail> => {
    const id = /^Message-ID: (.*)$/im.exec(raw.toString('latin1'))![1].trim();
    return (await world.inboundMail()).find((r) => r.messageId === id)!;
  };
  /**
   * Our provider (MAIL_AUTHSERV_ID) stamps every mail it receives: the players' own mail passes
   * DMARC. docs/mail-rules.md 4: without its pass, a move is held. A mail that carries our
   * provider's header already (the spoofed one below) is left as it is.
   */
  const arrived = (raw: Buffer) =>
    raw.toString('latin1').includes(`Authentication-Results: ${AUTHSERV}`)
      ? raw
      : Buffer.concat([Buffer.from(`Authentication-Results: ${AUTHSERV}; dmarc=pass header.from=example.org\r\n`), raw]);
  /** Appends to the real inbox, lets the inbox read it, and delivers what the platform wrote. */
  const deliver = async (...raws: Buffer[]) => {
    for (const raw of raws) await world.dovecot.append(arrived(raw));
    await world.current.inbox.poll();
    await world.current.outbox.deliverDue();
  };
  const turnPlayer = async () => ((await gameRow()).turn % 2 === 1 ? game.red : game.blue);
  const nextMove = async () => game.moves[(await gameRow()).turn - 1];
  /** Mails the sink received since `count`, to one address. */
  const newTo = (count: number, address: string) => world.smtp.delivered.slice(count).filter((d) => d.envelope.to.includes(address));

  it('RED answers the game sheet with one line above the quoted mail: the move is played, BLUE is told, nothing goes back as a rejection', async () => {
    const mover = await turnPlayer();
    const raw = await replyTo(latestTo(world, mover.address), mover.address, await nextMove());
    await deliver(raw);
    const row = await stored(raw);
    expect(row).toMatchObject({ status: 'applied', folder: 'Processed', gameId: game.gameId, playerId: mover.playerId });
    expect(row.movedAt).not.toBeNull();
    applied.push(row.messageId!);
    expect((await gameRow()).turn).toBe(2);
    expect(await world.dovecot.messageIds('Processed')).toContain(row.messageId);
    expect((await world.outboundMail()).filter((o) => o.autoSubmitted === 'auto-replied')).toEqual([]);
  });

  it.each(['gmail-html', 'outlook-html', 'apple-html', 'bottom-posted'] as const)(
    'a reply %s, with earlier moves quoted and a move-like signature, plays only the new move',
    async (style) => {
      const mover = await turnPlayer();
      const turn = (await gameRow()).turn;
      // The signature looks like a move; the quoted history holds earlier moves: neither may be played.
      const raw = await replyTo(latestTo(world, mover.address), mover.address, await nextMove(), style, `h8 CASA\n${game.moves[0]}`);
      await deliver(raw);
      const row = await stored(raw);
      expect(row).toMatchObject({ status: 'applied' });
      applied.push(row.messageId!);
      expect((await gameRow()).turn).toBe(turn + 1);
    },
  );

  it('a client that drops the plus address: the token is found in In-Reply-To / References', async () => {
    const mover = await turnPlayer();
    const mail = latestTo(world, mover.address);
    const raw = await composeMail({
      from: mover.address,
      to: REPLY_ADDRESS,
      subject: `Re: ${mail.parsed.subject}`,
      inReplyTo: mail.parsed.messageId,
      references: [mail.parsed.messageId!],
      text: `${await nextMove()}\n`,
    });
    await deliver(raw);
    const row = await stored(raw);
    expect(row.status).toBe('applied');
    applied.push(row.messageId!);
  });

  it.each([
    [
      'English quote header (On … wrote:)',
      (move: string, old: string) =>
        `${move}\n\nOn Mon, 1 Feb 2027 at 10:00, corr-scrabble <arbitru@corr-scrabble.test> wrote:\n> ${old}\n> PASS\n`,
    ],
    [
      'Romanian quote header over two lines',
      (move: string, old: string) =>
        `${move}\n\nÎn lun., 1 feb. 2027 la 10:00, corr-scrabble\n<arbitru@corr-scrabble.test> a scris:\n> ${old}\n`,
    ],
    [
      'Outlook -----Original Message----- block, unquoted',
      (move: string, old: string) =>
        `${move}\n\n-----Original Message-----\nFrom: corr-scrabble <arbitru@corr-scrabble.test>\nSent: Monday, February 1, 2027 10:00\nSubject: your move\n\n${old}\nPASS\n`,
    ],
  ])('quoted earlier moves, %s: only the new move on top is played', async (_shape, body) => {
    const mover = await turnPlayer();
    const mail = latestTo(world, mover.address);
    const before = await gameRow();
    const raw = await composeMail({
      from: mover.address,
      to: mail.header('reply-to')!,
      subject: `Re: ${mail.parsed.subject}`,
      inReplyTo: mail.parsed.messageId,
      references: [mail.parsed.messageId!],
      text: body(await nextMove(), game.moves[0]),
    });
    await deliver(raw);
    const row = await stored(raw);
    expect(row).toMatchObject({ status: 'applied' });
    applied.push(row.messageId!);
    expect((await gameRow()).turn).toBe(before.turn + 1);
  });

  it('out of turn: the player who just moved writes again on a fresh token; told it is not their turn, nothing changes', async () => {
    const waiting = (await turnPlayer()) === game.red ? game.blue : game.red;
    const before = await gameRow();
    const count = world.smtp.delivered.length;
    const raw = await replyTo(latestTo(world, waiting.address), waiting.address, game.moves[before.turn]);
    await deliver(raw);
    expect(await stored(raw)).toMatchObject({ status: 'rejected', folder: 'Rejected' });
    expect(['NOT_YOUR_TURN', 'STALE_TOKEN', 'ALREADY_PLAYED']).toContain((await stored(raw)).reason);
    expect((await gameRow()).version).toBe(before.version);
    const answers = newTo(count, waiting.address);
    expect(answers).toHaveLength(1);
    expect(answers[0].header('auto-submitted')).toBe('auto-replied');
    expect(answers[0].parsed.inReplyTo).toBe((await stored(raw)).messageId);
  });

  it('a stale token: a reply to a mail two turns old is refused as stale or already played, with the game unchanged', async () => {
    const mover = await turnPlayer();
    const before = await gameRow();
    const sheet = world.smtp.delivered.find((d) => d.envelope.to.includes(mover.address) && d.header('reply-to'))!;
    const raw = await replyTo(sheet, mover.address, await nextMove());
    await deliver(raw);
    expect(['STALE_TOKEN', 'ALREADY_PLAYED']).toContain((await stored(raw)).reason);
    expect((await gameRow()).version).toBe(before.version);
    // docs/mail-rules.md 2: the answer carries the current position.
    const { messageId } = await stored(raw);
    const answer = (await world.outboundMail()).find((o) => o.inReplyTo === messageId)!;
    expect(answer.template).toBe('rejection-stale-token');
    expect(answer.payload).toMatchObject({
      currentMove: before.turn,
      yourTurn: true,
      position: { board: { rows: before.state.lines[0].board } },
    });
  });

  it("an illegal move: refused with the engine's reason, typed, nothing changes", async () => {
    const mover = await turnPlayer();
    const before = await gameRow();
    const count = world.smtp.delivered.length;
    const raw = await replyTo(latestTo(world, mover.address), mover.address, 'a1 ZZZZZZZ');
    await deliver(raw);
    const row = await stored(raw);
    expect(row.status).toBe('rejected');
    expect(row.reason).not.toMatch(/^(UNKNOWN_TOKEN|WRONG_SENDER|NO_COMMAND)$/);
    expect((await gameRow()).version).toBe(before.version);
    const answers = newTo(count, mover.address);
    expect(answers).toHaveLength(1);
    // Rendered from the templates: the engine's reason in the player's language, a text and an HTML part.
    const answer = (await world.outboundMail()).find((o) => o.inReplyTo === row.messageId)!;
    expect(answer).toMatchObject({ template: 'move-rejection', payload: { written: 'a1 ZZZZZZZ', reason: { code: row.reason } } });
    expect(answers[0].parsed.text!.replace(/\s+/g, ' ')).toContain((answer.payload.reason as { message: string }).message);
    expect(answers[0].parsed.html).toBeTruthy();
  });

  it('no command at all: the reply shows the accepted forms (NO_COMMAND), nothing changes', async () => {
    const mover = await turnPlayer();
    const raw = await replyTo(latestTo(world, mover.address), mover.address, 'Mulțumesc, revin mâine cu mutarea.');
    await deliver(raw);
    const row = await stored(raw);
    expect(row).toMatchObject({ status: 'rejected', reason: 'NO_COMMAND' });
    expect((await world.outboundMail()).find((o) => o.inReplyTo === row.messageId)).toMatchObject({ template: 'command-help' });
  });

  it('a forged token (one character of the MAC changed): refused without a word about the game', async () => {
    const mover = await turnPlayer();
    const before = await gameRow();
    const mail = latestTo(world, mover.address);
    const address = mail.header('reply-to')!;
    const at = address.indexOf('@') - 1;
    const forged = `${address.slice(0, at)}${address[at] === 'a' ? 'b' : 'a'}${address.slice(at + 1)}`;
    const raw = await composeMail({ from: mover.address, to: forged, subject: 'Re: mutare', text: await nextMove() });
    await deliver(raw);
    const row = await stored(raw);
    expect(row).toMatchObject({ status: 'rejected', reason: 'UNKNOWN_TOKEN', gameId: null });
    expect((await gameRow()).version).toBe(before.version);
    expect((await world.outboundMail()).find((o) => o.inReplyTo === row.messageId)).toMatchObject({
      template: 'rejection-unknown-token',
      gameId: null,
      payload: { receivedSubject: 'Re: mutare' },
    });
  });

  it('a valid token from the wrong sender, and a display name that looks like the address: explained to the registered address only', async () => {
    const mover = await turnPlayer();
    const before = await gameRow();
    const count = world.smtp.delivered.length;
    const mail = latestTo(world, mover.address);
    const forwarded = await replyTo(mail, 'colleague@work.example', await nextMove());
    const lookalike = await replyTo(mail, `"${mover.address}" <attacker@evil.example>`, await nextMove());
    await deliver(forwarded, lookalike);
    for (const raw of [forwarded, lookalike]) expect(await stored(raw)).toMatchObject({ status: 'rejected', reason: 'WRONG_SENDER' });
    const explanation = (await world.outboundMail()).find(
      (o) =>
        o.inReplyTo ===
        forwarded
          .toString('latin1')
          .match(/^Message-ID: (.*)$/im)![1]
          .trim(),
    )!;
    expect(explanation).toMatchObject({
      template: 'rejection-wrong-sender',
      toAddress: null,
      payload: { sender: 'colleague@work.example' },
    });
    expect((await gameRow()).version).toBe(before.version);
    const sent = world.smtp.delivered.slice(count);
    expect(sent.every((d) => d.envelope.to.every((to) => to === mover.address))).toBe(true);
    expect(sent.length).toBeGreaterThanOrEqual(1);
  });

  it("an address another competition's arbiter attached to the player gets none of their mail and plays nothing for them", async () => {
    const mover = await turnPlayer();
    const before = await gameRow();
    const setup = world.current.app.get(CompetitionSetupService);
    const registration = world.current.app.get(RegistrationService);
    const stranger = await createUser(world.current.app, { email: 'stranger-arbiter@attacker.example', roles: ['arbiter'] });
    const c2 = await setup.create(stranger.actor, SETTINGS);
    await registration.importPlayers(
      stranger.actor,
      c2.id,
      `name,email,club,language\nHijacked,${mover.address} hijack@attacker.example,Evil,en\n`,
    );
    const count = world.smtp.delivered.length;
    await world.current.outbox.deliverDue();
    // The added address hears only that the owner must approve it, with no working link (docs/web.md,
    // Security model); the approval link goes to the player's own confirmed address.
    const delivered = world.smtp.delivered.slice(count);
    const toHijacker = delivered.filter((d) => d.envelope.to.includes('hijack@attacker.example'));
    expect(toHijacker).toHaveLength(1);
    expect(toHijacker[0].parsed.subject).toMatch(/approval|aprobarea/);
    expect(`${toHijacker[0].parsed.text}${toHijacker[0].parsed.html}`).not.toMatch(/\/addresses\/confirm\/|\/login\//);
    const toOwner = delivered.filter((d) => d.envelope.to.includes(mover.address));
    expect(toOwner.some((d) => /\/addresses\/confirm\//.test(d.parsed.text ?? ''))).toBe(true);
    // A reply from it, with the player's own valid token: refused as a wrong sender, explained to the player only.
    // A line of its own: the same content as the earlier wrong-sender mail would (rightly) be answered once only (docs/mail-rules.md 16).
    const raw = await replyTo(latestTo(world, mover.address), 'hijack@attacker.example', `${await nextMove()}\nTrimis de pe adresa nouă.`);
    const sentBefore = world.smtp.delivered.length;
    await deliver(raw);
    expect(await stored(raw)).toMatchObject({ status: 'rejected', reason: 'WRONG_SENDER' });
    expect((await gameRow()).version).toBe(before.version);
    const sent = world.smtp.delivered.slice(sentBefore);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent.every((d) => d.envelope.to.every((to) => to === mover.address))).toBe(true);
  });

  it('a spoofed From (our provider says DMARC fail) and a forged Authentication-Results: the move is held until the player confirms on the web', async () => {
    const mover = await turnPlayer();
    const before = await gameRow();
    const count = world.smtp.delivered.length;
    const mail = latestTo(world, mover.address);
    const move = await nextMove();
    const reply = (await replyTo(mail, mover.address, move)).toString('latin1');
    // Our provider's header is on top; the sender's forged "pass" below it, and one under another authserv-id, count for nothing.
    const spoofed = Buffer.from(
      `Authentication-Results: ${AUTHSERV}; dmarc=fail (p=none) header.from=example.org\r\n` +
        `Authentication-Results: ${AUTHSERV}; dmarc=pass header.from=example.org\r\n` +
        `Authentication-Results: evil.example; dmarc=pass\r\n${reply}`,
      'latin1',
    );
    await deliver(spoofed);
    const row = await stored(spoofed);
    expect(row).toMatchObject({ status: 'held', reason: 'DMARC_HELD', folder: 'Processed' });
    expect((await gameRow()).version).toBe(before.version);
    const asks = newTo(count, mover.address);
    expect(asks).toHaveLength(1);
    const link = /http:\/\/scrabble\.test(\/mail\/confirm\/\S+)/.exec(asks[0].parsed.text ?? '')![1].replace(/["',]+$/, '');
    const http = world.current.app.getHttpServer();
    // Opening the link (a scanner, a preview) confirms nothing; the button does, once.
    // A browser: the page's cookies and its form's CSRF token go back with the click.
    const browser = request.agent(http);
    const shown = await browser.get(link);
    expect(shown.status).toBe(200);
    const csrf = /name="_csrf" value="([^"]*)"/.exec(shown.text)?.[1] ?? '';
    const click = (url: string) => browser.post(url).type('form').send({ _csrf: csrf });
    // The page shows what the click will play; the mail asked in text and HTML (move-confirmation-request).
    expect(shown.text).toContain(move);
    expect(asks[0].parsed.html).toContain(link);
    expect(asks[0].parsed.text).toContain(move);
    // The request says what the list makes of the move's words before it is played (this competition has none).
    if (!/^pa/i.test(move)) expect(asks[0].parsed.text).toMatch(/no word list: words are not checked|nu are o listă de cuvinte/);
    expect((await gameRow()).version).toBe(before.version);
    expect((await click(`${link.slice(0, -4)}0000`)).text).toMatch(/Move not recorded/);
    expect((await click(link)).text).toMatch(/The move was recorded/);
    expect((await click(link)).text).toMatch(/The move was recorded/);
    expect((await stored(spoofed)).status).toBe('applied');
    applied.push(row.messageId!);
    expect((await gameRow()).turn).toBe(before.turn + 1);
  });

  it('an out-of-office reply and a delivery-status bounce: played as nothing, never answered; the bounce raises a case', async () => {
    const mover = await turnPlayer();
    await world.current.outbox.deliverDue();
    const count = world.smtp.delivered.length;
    const mail = latestTo(world, mover.address);
    const ooo = await composeMail({
      from: mover.address,
      to: mail.header('reply-to')!,
      subject: 'Răspuns automat: absent din birou',
      headers: { 'Auto-Submitted': 'auto-replied' },
      text: `${await nextMove()}\nSunt în concediu până luni.`,
    });
    const bounce = handWritten(
      {
        From: 'MAILER-DAEMON@mx.example.org',
        To: verpAddress(world.settings.secret, REPLY_ADDRESS, mover.address),
        Subject: 'Undelivered Mail Returned to Sender',
        'Message-ID': newMessageId('mx.example.org'),
        'MIME-Version': '1.0',
        'Content-Type': 'multipart/report; report-type=delivery-status; boundary="rpt"',
      },
      [
        '--rpt',
        'Content-Type: text/plain',
        '',
        'Your message could not be delivered.',
        '--rpt',
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; mx.example.org',
        '',
        `Final-Recipient: rfc822; ${mover.address}`,
        'Action: failed',
        'Status: 5.1.1',
        '--rpt--',
        '',
      ].join('\n'),
    );
    await deliver(ooo, bounce);
    expect(await stored(ooo)).toMatchObject({ status: 'dropped', reason: 'AUTO_REPLY' });
    expect(await stored(bounce)).toMatchObject({ status: 'dropped', reason: 'BOUNCE', playerId: mover.playerId });
    expect(world.smtp.delivered.length).toBe(count);
    const cases = await world.current.database.run((m) => m.find(Case, { where: { kind: 'mail-bounce' } }));
    expect(cases).toHaveLength(1);
    expect(cases[0].payload).toMatchObject({ playerId: mover.playerId, address: mover.address });
  });

  it('unlabelled windows-1250 with cedilla ş/ţ, and an unknown charset label: the move is still read and played', async () => {
    for (const charset of [undefined, 'x-unknown-1998']) {
      const mover = await turnPlayer();
      const mail = latestTo(world, mover.address);
      // Old Windows clients write ş/ţ (cedilla) for ș/ț and often name no charset.
      const text = `${(await nextMove()).replace(/ș/gi, (c) => (c === 'ș' ? 'ş' : 'Ş')).replace(/ț/gi, (c) => (c === 'ț' ? 'ţ' : 'Ţ'))}\r\nMulţumesc, o zi bună!\r\n`;
      const raw = Buffer.concat([
        Buffer.from(
          [
            `From: ${mover.address}`,
            `To: ${mail.header('reply-to')}`,
            `Subject: Re: mutare`,
            `Message-ID: ${newMessageId()}`,
            `In-Reply-To: ${mail.parsed.messageId}`,
            'MIME-Version: 1.0',
            `Content-Type: text/plain${charset ? `; charset=${charset}` : ''}`,
            'Content-Transfer-Encoding: 8bit',
            '',
            '',
          ].join('\r\n'),
          'latin1',
        ),
        iconv.encode(text, 'windows-1250'),
      ]);
      await deliver(raw);
      const row = await stored(raw);
      expect(row.status).toBe('applied');
      applied.push(row.messageId!);
    }
  });

  it('a mail whose processing keeps failing stays in INBOX for the next passes, then goes to Failed with a case (docs/mail-rules.md 14)', async () => {
    const mover = await turnPlayer();
    const raw = await replyTo(latestTo(world, mover.address), mover.address, await nextMove());
    const actions = world.current.app.get(MailActions);
    const failing = jest.spyOn(actions, 'run').mockRejectedValue(new Error('connection to the database lost'));
    try {
      await world.dovecot.append(arrived(raw));
      await world.current.inbox.poll();
      expect(await stored(raw)).toMatchObject({ status: 'received', attempts: 1, error: 'connection to the database lost', folder: null });
      expect(await world.dovecot.messageIds('INBOX')).toContain((await stored(raw)).messageId);
      for (let i = 1; i < MAX_PROCESSING_ATTEMPTS; i++) await world.current.inbox.poll();
    } finally {
      failing.mockRestore();
    }
    const row = await stored(raw);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_PROCESSING_ATTEMPTS, folder: 'Failed' });
    expect(await world.dovecot.messageIds('Failed')).toEqual([row.messageId]);
    const cases = await world.current.database.run((m) => m.find(Case, { where: { kind: 'mail-failed' } }));
    expect(cases.map((c) => c.payload.inboundMailId)).toEqual([row.id]);
  });

  it('two replies racing for one turn: one is played, the other is told the move was already made', async () => {
    const mover = await turnPlayer();
    const mail = latestTo(world, mover.address);
    const move = await nextMove();
    const first = await replyTo(mail, mover.address, move);
    const second = await replyTo(mail, mover.address, move, 'gmail-html');
    await deliver(first, second);
    const outcomes = [await stored(first), await stored(second)];
    expect(outcomes.map((r) => r.status).sort()).toEqual(['applied', 'rejected']);
    expect(outcomes.find((r) => r.status === 'rejected')!.reason).toBe('ALREADY_PLAYED');
    applied.push(outcomes.find((r) => r.status === 'applied')!.messageId!);
  });

  describe('killed at the worst moments and restarted: each mail is applied exactly once', () => {
    const crashAt = async (point: 'before-apply' | 'after-apply' | 'before-move') => {
      const mover = await turnPlayer();
      const raw = await replyTo(latestTo(world, mover.address), mover.address, await nextMove());
      await world.dovecot.append(arrived(raw));
      const child = spawn(
        process.execPath,
        [join(__dirname, 'support', 'crashing-instance.js'), JSON.stringify(world.settings), point, world.clock.now().toISOString()],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout!.on('data', (d) => (output += d));
      child.stderr!.on('data', (d) => (output += d));
      const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, s) => resolve(s)));
      expect({ signal, output }).toEqual({ signal: 'SIGKILL', output: '' });
      return raw;
    };

    it.each(['before-apply', 'after-apply', 'before-move'] as const)('%s', async (point) => {
      const turn = (await gameRow()).turn;
      const raw = await crashAt(point);
      const left = await stored(raw);
      expect(left.movedAt).toBeNull();
      expect(await world.dovecot.messageIds('INBOX')).toContain(left.messageId);
      // The restarted instance finishes what the dead one left.
      await world.current.close();
      await world.start({ authservId: AUTHSERV });
      await world.current.inbox.poll();
      await world.current.outbox.deliverDue();
      const row = await stored(raw);
      expect(row).toMatchObject({ status: 'applied', reason: null, folder: 'Processed' });
      expect(row.movedAt).not.toBeNull();
      expect(await world.dovecot.messageIds('INBOX')).toEqual([]);
      expect((await gameRow()).turn).toBe(turn + 1);
      applied.push(row.messageId!);
    });
  });

  it('a move for a finished game: refused as such', async () => {
    const mover = await turnPlayer();
    const resign = await replyTo(latestTo(world, mover.address), mover.address, 'ABANDON');
    await deliver(resign);
    expect(await stored(resign)).toMatchObject({ status: 'applied' });
    expect((await gameRow()).status).toBe('ended');
    const other = mover === game.red ? game.blue : game.red;
    const late = await replyTo(latestTo(world, other.address), other.address, await nextMove());
    await deliver(late);
    expect(await stored(late)).toMatchObject({ status: 'rejected', reason: 'GAME_OVER' });
  });

  it('in the end: every mail decided, none left in INBOX, and every applied move in the log exactly once', async () => {
    expect((await world.inboundMail()).filter((r) => r.status === 'received' || r.movedAt === null)).toEqual([]);
    expect(await world.dovecot.messageIds('INBOX')).toEqual([]);
    const moves = await world.current.database.run((m) => m.find(Move, { where: { gameId: game.gameId }, order: { number: 'ASC' } }));
    const fromMail = moves.filter((mv) => mv.source === 'mail');
    const byMail = await world.inboundMail();
    const mailOf = new Map(byMail.map((r) => [r.id, r.messageId]));
    expect(fromMail.map((mv) => mailOf.get(mv.inboundMailId!)).sort()).toEqual([...applied].sort());
    expect(new Set(fromMail.map((mv) => mv.inboundMailId)).size).toBe(fromMail.length);
    expect(moves.map((mv) => mv.number)).toEqual(moves.map((_, i) => i + 1));
  });
});
