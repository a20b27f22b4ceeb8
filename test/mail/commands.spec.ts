import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Case } from '../../src/arbiter/case.entity';
import { Challenge } from '../../src/games/entities/challenge.entity';
import { challengeVerdict } from '../../src/games/core/challenges';
import { Player } from '../../src/players/player.entity';
import { Dispute } from '../../src/games/entities/dispute.entity';
import { Game } from '../../src/games/entities/game.entity';
import { GameLine } from '../../src/games/entities/game-line.entity';
import { Move } from '../../src/games/entities/move.entity';
import { Offer } from '../../src/games/entities/offer.entity';
import { InboundMail } from '../../src/mail/inbound-mail.entity';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { MailActions } from '../../src/mail/pipeline/mail-actions.service';
import { StateDeclaration } from '../../src/thinking-time/state-declaration.entity';
import type { DeliveredMail } from '../support/smtp-sink';
import { latestTo, MailGame, MailPlayer, replyTo, ReplyStyle, startMailGame } from './support/mail-game';
import { MailWorld, REPLY_ADDRESS, startMailWorld } from './support/mail-test-app';
import { handWritten, newMessageId } from './support/messages';

/**
 * Every command of docs/mail-rules.md §10 beyond a plain move, sent the way a player sends it: a reply
 * to the mail they received, appended to the real Dovecot, read by the inbox, answered
 * through the real SMTP server.
 */
describe('the commands of docs/mail-rules.md 10, through the real IMAP and SMTP servers', () => {
  let world: MailWorld;
  /** Game 1: holiday, long thinking, a contest with its provisional reply, an appeal, a turn in two lines, STATUS, POSITION. */
  let one: MailGame;
  /** Game 2: the digest, a time claim and its answer, offers and their answers. */
  let two: MailGame;

  beforeAll(async () => {
    world = await startMailWorld();
    await world.start();
    one = await startMailGame(world, { seed: 31, domain: 'one.example' });
    two = await startMailGame(world, { seed: 47, domain: 'two.example' });
    await world.current.outbox.deliverDue();
  });

  afterAll(async () => {
    await world.close();
  });

  const db = () => world.current.database;
  const gameRow = (g: MailGame) => db().run((m) => m.findOneByOrFail(Game, { id: g.gameId }));
  const messageIdOf = (raw: Buffer) => /^Message-ID: (.*)$/im.exec(raw.toString('latin1'))![1].trim();
  const stored = async (raw: Buffer): Promise<InboundMail> => (await world.inboundMail()).find((r) => r.messageId === messageIdOf(raw))!;
  /** Mails delivered since `count` to the player. */
  const newTo = (count: number, player: MailPlayer): DeliveredMail[] =>
    world.smtp.delivered.slice(count).filter((d) => d.envelope.to.includes(player.address));
  /**
   * The player answers the newest mail of the game they received with `text`; the inbox
   * reads it and the outbox delivers what the platform wrote. Returns the stored row.
   */
  const send = async (g: MailGame, player: MailPlayer, text: string, style: ReplyStyle = 'plain'): Promise<InboundMail> => {
    const mail = [...world.smtp.delivered]
      .reverse()
      .find((d) => d.envelope.to.includes(player.address) && d.header('reply-to') && d.parsed.text?.includes(g.gameId));
    const raw = await replyTo(mail ?? latestTo(world, player.address), player.address, text, style);
    await world.dovecot.append(raw);
    await world.current.inbox.poll();
    await world.current.outbox.deliverDue();
    const row = await stored(raw);
    return row;
  };
  const movesOf = (g: MailGame) => db().run((m) => m.find(Move, { where: { gameId: g.gameId }, order: { lineId: 'ASC', number: 'ASC' } }));

  it('STARE / STATUS: the game as it stands comes back, threaded under the question; nothing changes', async () => {
    const before = await gameRow(one);
    const count = world.smtp.delivered.length;
    const row = await send(one, one.red, 'STARE');
    expect(row).toMatchObject({ status: 'applied', folder: 'Processed' });
    const [answer] = newTo(count, one.red);
    expect(answer.header('in-reply-to')).toBe(row.messageId);
    expect(answer.header('auto-submitted')).toBe('auto-replied');
    // RED is to move: the answer is the "your move" mail, with the board and how to reply.
    expect(answer.parsed.text).toMatch(/este rândul dumneavoastră/);
    expect(answer.parsed.text).toContain('TABLA');
    expect(answer.parsed.html).toContain(`/games/${one.gameId}`);
    expect((await gameRow(one)).version).toBe(before.version);
  });

  it('CONCEDIU and GANDESC: the holiday is declared and the long thinking announced; the partner is told each time', async () => {
    await send(one, one.red, one.moves[0]);
    const count = world.smtp.delivered.length;
    expect(await send(one, one.blue, 'CONCEDIU 01.04.2027 10.04.2027')).toMatchObject({ status: 'applied' });
    expect(await send(one, one.blue, 'GANDESC 12')).toMatchObject({ status: 'applied' });
    const toRed = newTo(count, one.red).map((d) => d.parsed.text ?? '');
    expect(toRed.some((t) => /concediu/i.test(t) && t.includes('01.04.2027') && t.includes('10.04.2027'))).toBe(true);
    expect(toRed.some((t) => /12 zile/.test(t))).toBe(true);
    // BLUE hears that the holiday was recorded.
    expect(newTo(count, one.blue).some((d) => /înregistrat/.test(d.parsed.text ?? ''))).toBe(true);
  });

  it('CONTEST with its provisional reply, APEL with a move for each line, then a turn carrying one move per live line', async () => {
    await send(one, one.blue, one.moves[1], 'gmail-html');
    const [, second] = await movesOf(one);
    const word = second.words[0].word;
    // RED contests BLUE's move and, in the same mail, replies as if it stood (docs/rules.md §6).
    let count = world.smtp.delivered.length;
    expect(await send(one, one.red, `CONTEST ${word}\n${one.moves[2]}`)).toMatchObject({ status: 'applied' });
    const dispute = await db().run((m) => m.findOneByOrFail(Dispute, { gameId: one.gameId }));
    expect(dispute).toMatchObject({ status: 'open', words: [word] });
    const told = newTo(count, one.blue).find((d) => (d.parsed.text ?? '').includes(word))!;
    expect(told.parsed.text).toMatch(/\bA\b/);
    expect(told.parsed.html).toBeDefined();

    // BLUE appeals and plays on in both lines: A after RED's provisional reply, B in place of the contested move.
    count = world.smtp.delivered.length;
    expect(await send(one, one.blue, `APEL\nA: ${one.moves[3]}\nB: ${one.moves[1]}`)).toMatchObject({ status: 'applied' });
    expect((await db().run((m) => m.findOneByOrFail(Dispute, { id: dispute.id }))).status).toBe('appealed');
    const lines = await db().run((m) => m.find(GameLine, { where: { gameId: one.gameId, status: 'live' } }));
    expect(lines).toHaveLength(2);
    // RED's "your move" shows both lines.
    const yourMove = newTo(count, one.red).find(
      (d) => /LINIA A|VARIANTA A|LINE A/i.test(d.parsed.text ?? '') || /A: /.test(d.parsed.text ?? ''),
    )!;
    expect(yourMove).toBeDefined();

    // RED's turn in two lines: one move for each, in one mail.
    const before = new Set((await movesOf(one)).map((mv) => mv.id));
    expect(await send(one, one.red, `A: ${one.moves[4]}\nB: ${one.moves[2]}`)).toMatchObject({ status: 'applied' });
    const added = (await movesOf(one)).filter((mv) => !before.has(mv.id));
    expect(added).toHaveLength(2);
    expect(new Set(added.map((mv) => mv.lineId)).size).toBe(2);
    expect(added.every((mv) => mv.source === 'mail' && mv.color === 'red')).toBe(true);
  });

  it('RECUNOSC / ADMIT with the replacement: the contested move is withdrawn, the contester is told and moves again', async () => {
    const g = await startMailGame(world, { seed: 61, domain: 'four.example' });
    await world.current.outbox.deliverDue();
    await send(g, g.red, g.moves[0]);
    await send(g, g.blue, g.moves[1]);
    const [, second] = await movesOf(g);
    expect(await send(g, g.red, `CONTESTEZ ${second.words[0].word}\n${g.moves[2]}`)).toMatchObject({ status: 'applied' });
    const count = world.smtp.delivered.length;
    // BLUE admits and plays the replacement at once (here: the same tiles, a legal move in that position).
    expect(await send(g, g.blue, `RECUNOSC\n${g.moves[1]}`)).toMatchObject({ status: 'applied' });
    expect((await db().run((m) => m.findOneByOrFail(Dispute, { gameId: g.gameId }))).status).toBe('admitted');
    const told = newTo(count, g.red).map((d) => d.parsed.text ?? '');
    expect(told.some((t) => /recunoscut|admitted/i.test(t))).toBe(true);
    // RED's provisional reply is void: RED moves again, by mail.
    expect(await send(g, g.red, g.moves[2])).toMatchObject({ status: 'applied' });
    const live = (await movesOf(g)).filter((mv) => !mv.annulled);
    expect(live.map((mv) => mv.color)).toEqual(expect.arrayContaining(['red', 'blue', 'red']));
  });

  it('SPRAWDZAM under PFS rules: both players get the one verdict, which never says which word failed (docs/rules.md §13)', async () => {
    // Seed 101: RED's BAL, then BLUE's AIEPIT forming AA and IL beside it; the official list lacks AIEPIT.
    mkdirSync(join(world.settings.dataDir, 'lexicons'), { recursive: true });
    writeFileSync(join(world.settings.dataDir, 'lexicons', 'osps-mail.txt'), ['BAL', 'AA', 'IL'].join('\n'));
    const g = await startMailGame(world, { seed: 101, domain: 'pfs.example', settings: { rules: 'pfs', lexicon: 'osps-mail' } });
    await world.current.outbox.deliverDue();
    await send(g, g.red, g.moves[0]);
    await send(g, g.blue, g.moves[1]);
    const words = ['AIEPIT', 'AA', 'IL'];
    const count = world.smtp.delivered.length;
    expect(await send(g, g.red, `SPRAWDZAM ${words.join(' ')}`)).toMatchObject({ status: 'applied' });
    expect(await db().run((m) => m.findOneByOrFail(Challenge, { gameId: g.gameId }))).toMatchObject({ words, successful: true });
    const verdict = challengeVerdict(true, words).ro;
    for (const player of [g.red, g.blue]) {
      // Read as a person reads it: the text's lines may wrap anywhere between words.
      const told = newTo(count, player).filter((d) => (d.parsed.text ?? '').replace(/\s+/g, ' ').includes(verdict));
      expect([player.name, told.length]).toEqual([player.name, 1]);
      // One verdict for the set (P 4.7.8): no word is singled out as missing from the list.
      expect(told[0].parsed.text).not.toMatch(/nu este în listă|not in the list|„AIEPIT” nu/);
      expect(told[0].parsed.html ?? '').not.toMatch(/nu este în listă|not in the list/);
    }
    // The move was taken back and BLUE lost the turn: RED moves next, by mail.
    expect((await movesOf(g)).filter((mv) => mv.kind === 'lost')).toMatchObject([{ color: 'blue', annulled: false }]);
  });

  it("DIGEST ON: one mail a day at the digest hour, in the competition's time zone, exactly once; DIGEST OFF: one per event again", async () => {
    await send(two, two.red, two.moves[0]);
    // 08:00 UTC is 10:00 in Bucharest, past the digest hour (7): the first digest is due at once.
    let count = world.smtp.delivered.length;
    expect(await send(two, two.blue, 'DIGEST ON')).toMatchObject({ status: 'applied' });
    expect((await db().run((m) => m.findOneByOrFail(Player, { id: two.blue.playerId }))).mailDigest).toBe(true);
    // The confirmation answers the player's mail: sent at once, never folded into the digest.
    expect(newTo(count, two.blue).some((d) => /un singur e-mail pe zi/.test(d.parsed.text ?? ''))).toBe(true);

    await send(two, two.blue, two.moves[1]);
    count = world.smtp.delivered.length;
    await send(two, two.red, two.moves[2]);
    // BLUE's "your move" went into today's digest, not out on its own.
    const digests = newTo(count, two.blue);
    expect(digests).toHaveLength(1);
    expect(digests[0].parsed.subject).toMatch(/^Rezumatul zilnic, 01\.02\.2027: /);
    expect(digests[0].parsed.text).toMatch(/CE S-A ÎNTÂMPLAT/);
    // The game awaiting BLUE, with its own reply address (a token for this game and turn).
    expect(digests[0].parsed.text).toMatch(/moves\+g[a-z2-7]+-t4-[a-z2-7]+@corr-scrabble\.test/);
    expect(digests[0].parsed.html).toContain('mailto:');

    // Another event the same day waits for tomorrow's digest.
    count = world.smtp.delivered.length;
    await send(two, two.red, 'REMIZA');
    expect(newTo(count, two.blue)).toHaveLength(0);
    world.clock.set('2027-02-02T04:30:00Z'); // 06:30 in Bucharest: not yet
    await world.current.outbox.deliverDue();
    expect(newTo(count, two.blue)).toHaveLength(0);
    world.clock.set('2027-02-02T05:00:00Z'); // 07:00 in Bucharest
    await Promise.all([world.current.outbox.writeDueDigests(), world.current.outbox.writeDueDigests()]);
    await world.current.outbox.deliverDue();
    await world.current.outbox.deliverDue();
    const next = newTo(count, two.blue);
    expect(next).toHaveLength(1);
    expect(next[0].parsed.subject).toMatch(/02\.02\.2027/);
    expect(next[0].parsed.text).toMatch(/remiz/i);
    const rows = await world.outboundMail();
    expect(rows.filter((r) => r.template === 'daily-digest')).toHaveLength(2);
    expect(rows.filter((r) => r.status === 'digested').every((r) => r.digestId !== null)).toBe(true);
    expect(rows.filter((r) => r.status === 'pending')).toEqual([]);

    // DIGEST OFF: BLUE's next event is a mail of its own again.
    expect(await send(two, two.blue, 'DIGEST OFF')).toMatchObject({ status: 'applied' });
    expect(await send(two, two.blue, 'REFUZ')).toMatchObject({ status: 'applied' });
    await send(two, two.blue, two.moves[3]);
    count = world.smtp.delivered.length;
    await send(two, two.red, two.moves[4]);
    // Still 07:00 the same day, today's digest long written: BLUE's "your move" comes at once, alone.
    const single = newTo(count, two.blue);
    expect(single).toHaveLength(1);
    expect(single[0].parsed.text).toMatch(/este rândul dumneavoastră/);
    expect((await world.outboundMail()).filter((r) => r.template === 'daily-digest')).toHaveLength(2);
  });

  it('RECLAM TIMP, then RASPUNS: the claim goes to the arbiter, the answer is written on its case', async () => {
    // BLUE is to move in game 2 and stays silent past the 50 days.
    world.clock.set('2027-04-10T08:00:00Z');
    let count = world.smtp.delivered.length;
    expect(await send(two, two.red, 'RECLAM TIMP')).toMatchObject({ status: 'applied' });
    const claimMail = newTo(count, two.blue).find((d) => /RASPUNS/.test(d.parsed.text ?? ''))!;
    expect(claimMail).toBeDefined();
    count = world.smtp.delivered.length;
    expect(await send(two, two.blue, 'RASPUNS Am fost internat în spital; trimit certificatul.')).toMatchObject({ status: 'applied' });
    const [claimCase] = await db().run((m) => m.find(Case, { where: { gameId: two.gameId, kind: 'claim' } }));
    expect(claimCase.payload.answers).toEqual([
      expect.objectContaining({ color: 'blue', text: 'Am fost internat în spital; trimit certificatul.' }),
    ]);
    expect(newTo(count, two.blue).some((d) => /trimis arbitrului/.test(d.parsed.text ?? ''))).toBe(true);
    // The answer reaches the claimant and the arbiter, one mail each.
    const told = (await world.outboundMail()).filter(
      (r) => r.template === 'claim-answered' && r.payload.text === 'Am fost internat în spital; trimit certificatul.',
    );
    expect(told.map((r) => (r.playerId === null ? 'arbiter' : r.playerId === two.red.playerId ? 'claimant' : 'other')).sort()).toEqual([
      'arbiter',
      'claimant',
    ]);
    // The claimant has nothing to answer: refused, typed, with an answer.
    count = world.smtp.delivered.length;
    expect(await send(two, two.red, 'RASPUNS nu e cazul')).toMatchObject({ status: 'rejected', reason: 'NO_CLAIM' });
    expect(newTo(count, two.red)).toHaveLength(1);
  });

  it('INTRERUPERE offered and accepted by the same word: the game ends, both get the final mail', async () => {
    let count = world.smtp.delivered.length;
    expect(await send(two, two.red, 'INTRERUPERE')).toMatchObject({ status: 'applied' });
    expect(newTo(count, two.blue).some((d) => /INTRERUPERE/.test(d.parsed.text ?? ''))).toBe(true);
    count = world.smtp.delivered.length;
    expect(await send(two, two.blue, 'INTRERUPERE')).toMatchObject({ status: 'applied' });
    expect((await gameRow(two)).status).toBe('ended');
    expect(await db().run((m) => m.countBy(Offer, { gameId: two.gameId, status: 'accepted' }))).toBe(1);
    for (const p of [two.red, two.blue]) expect(newTo(count, p).some((d) => /REZULTAT/.test(d.parsed.text ?? ''))).toBe(true);
  });

  it('SITUATIE / POSITION at the closing date: the declaration is recorded and the partner told', async () => {
    world.clock.set('2028-01-02T08:00:00Z');
    const count = world.smtp.delivered.length;
    expect(await send(one, one.blue, 'SITUATIE Partida continuă; conduc cu 40 de puncte.')).toMatchObject({ status: 'applied' });
    const declaration = await db().run((m) => m.findOneByOrFail(StateDeclaration, { gameId: one.gameId }));
    expect(declaration).toMatchObject({ color: 'blue', text: 'Partida continuă; conduc cu 40 de puncte.' });
    expect(newTo(count, one.red).some((d) => (d.parsed.text ?? '').includes('conduc cu 40 de puncte'))).toBe(true);
  });

  it('the VERP bounce address is signed: a bounce to it names the player; an unsigned or forged one is dropped and raises nothing', async () => {
    const delivered = latestTo(world, one.red.address);
    const signed = delivered.envelope.from;
    expect(signed).toMatch(/^moves\+bounce-.*-[0-9a-f]{20}@corr-scrabble\.test$/);
    const bounceTo = (to: string) =>
      handWritten(
        { From: 'MAILER-DAEMON@mx.one.example', To: to, Subject: 'Undelivered Mail', 'Message-ID': newMessageId('mx.one.example') },
        'The mail could not be delivered.\n',
      );
    const forged = signed.replace(/-[0-9a-f]{20}@/, '-0123456789abcdef0123@');
    const unsigned = `moves+bounce-${one.red.address.replace('@', '=')}@corr-scrabble.test`;
    const count = world.smtp.delivered.length;
    const raws = [bounceTo(signed), bounceTo(forged), bounceTo(unsigned)];
    for (const raw of raws) await world.dovecot.append(raw);
    await world.current.inbox.poll();
    await world.current.outbox.deliverDue();
    expect(await stored(raws[0])).toMatchObject({ status: 'dropped', reason: 'BOUNCE', playerId: one.red.playerId });
    expect(await stored(raws[1])).toMatchObject({ status: 'dropped', reason: 'FORGED_BOUNCE', playerId: null });
    expect(await stored(raws[2])).toMatchObject({ status: 'dropped', reason: 'FORGED_BOUNCE', playerId: null });
    const cases = await db().run((m) => m.find(Case, { where: { kind: 'mail-bounce' } }));
    expect(cases).toHaveLength(1);
    expect(world.smtp.delivered.length).toBe(count);
    expect(REPLY_ADDRESS).toBe('moves@corr-scrabble.test');
  });

  it("the mail's applied status commits with the action: if it cannot be written, the move is not kept either", async () => {
    world.clock.set('2027-03-01T08:00:00Z');
    const fresh = await startMailGame(world, { seed: 53, domain: 'three.example' });
    const actions = world.current.app.get(MailActions);
    const outcome = actions.run({
      gameId: fresh.gameId,
      playerId: fresh.red.playerId,
      command: { kind: 'status' },
      idempotencyKey: '<atomic-status@client.example>',
      inboundMailId: '00000000-0000-4000-8000-000000000001',
      expectedTurn: 1,
      inTransaction: async () => {
        throw new Error('the mail row was decided meanwhile');
      },
    });
    await expect(outcome).rejects.toThrow(/decided meanwhile/);
    const before = await world.outboundMail();
    // A move whose mail cannot be marked applied is rolled back with it.
    const { parseCommand } = await import('../../src/mail/parsing/commands');
    const parsed = parseCommand([fresh.moves[0]]);
    if (!parsed.ok) throw new Error('the move does not parse');
    await expect(
      actions.run({
        gameId: fresh.gameId,
        playerId: fresh.red.playerId,
        command: parsed.command,
        idempotencyKey: '<atomic-move@client.example>',
        inboundMailId: '00000000-0000-4000-8000-000000000002',
        expectedTurn: 1,
        inTransaction: async () => {
          throw new Error('the mail row was decided meanwhile');
        },
      }),
    ).rejects.toThrow(/decided meanwhile/);
    expect(await db().run((m) => m.countBy(Move, { gameId: fresh.gameId }))).toBe(0);
    expect((await gameRow(fresh)).turn).toBe(1);
    // Nothing the failed actions wrote was kept: no answer, no "your move".
    expect((await world.outboundMail()).length).toBe(before.length);
    expect(await db().run((m) => m.countBy(OutboundMail, { gameId: fresh.gameId, template: 'status' }))).toBe(0);
  });
});
