import { DisputesService } from '../../src/games/actions/disputes.service';
import { GameTimeService } from '../../src/games/actions/game-time.service';
import { MovesService } from '../../src/games/actions/moves.service';
import { OffersService } from '../../src/games/actions/offers.service';
import { Game } from '../../src/games/entities/game.entity';
import { Move } from '../../src/games/entities/move.entity';
import { keyForPlayer, type TestUser } from '../support/competitions';
import type { DeliveredMail } from '../support/smtp-sink';
import { MailGame, startMailGame } from './support/mail-game';
import { MailWorld, startMailWorld } from './support/mail-test-app';
import { REPLY_MARKER } from '../../src/mail/parsing/quotes';

/**
 * docs/mail-rules.md 19: every notification the games and results services write goes out
 * through its template, in text and HTML, with the game's state as of the notification.
 */
describe('every game notification is rendered through its template, in text and HTML', () => {
  let world: MailWorld;
  let game: MailGame;
  let red: TestUser;
  let blue: TestUser;
  let movesService: MovesService;
  let offersService: OffersService;
  let disputesService: DisputesService;
  let timeService: GameTimeService;

  beforeAll(async () => {
    world = await startMailWorld();
    await world.start();
    game = await startMailGame(world, { seed: 23 });
    red = await keyForPlayer(world.current.app, game.red.address);
    blue = await keyForPlayer(world.current.app, game.blue.address);
    movesService = world.current.app.get(MovesService);
    offersService = world.current.app.get(OffersService);
    disputesService = world.current.app.get(DisputesService);
    timeService = world.current.app.get(GameTimeService);
  });

  afterAll(async () => {
    await world.close();
  });

  const gameUrl = () => `http://scrabble.test/games/${game.gameId}`;
  const mailsTo = (address: string) => world.smtp.delivered.filter((d) => d.envelope.to.includes(address));
  /** What every game mail must have: the HTML part, the game page, no raw payload listing, fixed-width text. */
  const expectRendered = (mail: DeliveredMail) => {
    const text = mail.parsed.text ?? '';
    expect(typeof mail.parsed.html).toBe('string');
    expect(mail.parsed.html).toContain(gameUrl());
    expect(text).toContain(gameUrl());
    expect(text).not.toMatch(/^Notifi(care|cation):/m);
    expect(text).not.toContain('"gameId"');
    // Fixed-width: prose is wrapped at 78; only addresses and links may run longer.
    for (const line of text.split('\n')) if (!/@|https?:\/\//.test(line)) expect(line.length).toBeLessThanOrEqual(78);
  };

  it('the game sheet: opponent, colours, sequence, rack, deadlines, how to reply, link — for both players', async () => {
    await world.current.outbox.deliverDue();
    for (const player of [game.red, game.blue]) {
      const [sheet] = mailsTo(player.address);
      expectRendered(sheet);
      const text = sheet.parsed.text!;
      expect(text).toContain(game.red.name);
      expect(text).toContain(game.blue.name);
      expect(text).toMatch(/SECVENȚA/);
      expect(text).toMatch(/Suportul dumneavoastră|Your rack/);
      expect(text).toMatch(/TERMENE|DEADLINES/);
      expect(sheet.parsed.html).toMatch(/<table/);
    }
  });

  it('a move: the mover gets the confirmation, the partner "your move" with board, rack, sequence marks, last move, totals and both clocks', async () => {
    const before = world.smtp.delivered.length;
    await movesService.submitMove(red.actor, game.gameId, { move: game.moves[0] });
    await world.current.outbox.deliverDue();
    const fresh = world.smtp.delivered.slice(before);
    const confirmation = fresh.find((d) => d.envelope.to.includes(game.red.address))!;
    expectRendered(confirmation);
    expect(confirmation.parsed.text).toMatch(/mutarea dumneavoastră a fost înregistrată|your move was recorded/i);
    const yourMove = fresh.find((d) => d.envelope.to.includes(game.blue.address))!;
    expectRendered(yourMove);
    const text = yourMove.parsed.text!;
    const move = await world.current.database.run((m) => m.findOneByOrFail(Move, { gameId: game.gameId, number: 1 }));
    expect(text).toContain('ULTIMA MUTARE');
    expect(text).toContain(move.notation);
    for (const w of move.words) expect(text).toContain(w.word);
    expect(text).toContain('TABLA');
    expect(text).toMatch(/SECVENȚA \(R = luată de ROȘU/);
    expect(text).toMatch(/ZILE DE GÂNDIRE/);
    expect(text).toContain(game.red.name);
    expect(text).toMatch(/CUM RĂSPUNDEȚI|Adresa de răspuns/);
    // The HTML part has a real board: one cell per square.
    expect((yourMove.parsed.html as string).match(/<td/g)!.length).toBeGreaterThan(225);
  });

  it('the state is the one of the notification: a mail sent after a later move still shows the position it was written for', async () => {
    // BLUE's move 2 is written now; RED's mail is rendered only after move 3 is also played.
    await movesService.submitMove(blue.actor, game.gameId, { move: game.moves[1] });
    await movesService.submitMove(red.actor, game.gameId, { move: game.moves[2] });
    const before = world.smtp.delivered.length;
    await world.current.outbox.deliverDue();
    const toRed = world.smtp.delivered.slice(before).filter((d) => d.envelope.to.includes(game.red.address));
    const yourMove = toRed.find((d) => /rândul dumneavoastră/.test(d.parsed.text ?? ''))!;
    const second = await world.current.database.run((m) => m.findOneByOrFail(Move, { gameId: game.gameId, number: 2 }));
    const third = await world.current.database.run((m) => m.findOneByOrFail(Move, { gameId: game.gameId, number: 3 }));
    // The last move shown is BLUE's move 2, not RED's own move 3 played after the notification.
    const lastMove = /ULTIMA MUTARE\n(.*)\n/.exec(yourMove.parsed.text!)![1];
    expect(lastMove).toContain(second.notation);
    expect(lastMove).not.toContain(third.notation);
    expect(yourMove.header('reply-to')).toContain('-t3-');
  });

  it('long thinking, a holiday, an offer and its answer: each through its template', async () => {
    const before = world.smtp.delivered.length;
    await timeService.announceLongThinking(blue.actor, game.gameId, { days: 12 });
    await timeService.declareHoliday(blue.actor, game.gameId, { from: '2027-04-01', to: '2027-04-10' });
    await offersService.offer(red.actor, game.gameId, { kind: 'draw' });
    await offersService.declineOffer(blue.actor, game.gameId);
    await world.current.outbox.deliverDue();
    const fresh = world.smtp.delivered.slice(before);
    const toRed = fresh.filter((d) => d.envelope.to.includes(game.red.address)).map((d) => d.parsed.text ?? '');
    const toBlue = fresh.filter((d) => d.envelope.to.includes(game.blue.address)).map((d) => d.parsed.text ?? '');
    for (const mail of fresh) expectRendered(mail);
    expect(toRed.some((t) => /gândire lungă|12 zile/i.test(t))).toBe(true);
    expect(toRed.some((t) => /concediu/i.test(t) && /01\.04\.2027/.test(t))).toBe(true);
    expect(toBlue.some((t) => /concediu/i.test(t) && /înregistrat/.test(t))).toBe(true);
    expect(toBlue.some((t) => /REMIZA/.test(t) && /REFUZ/.test(t))).toBe(true);
    expect(toRed.some((t) => /refuz|refuzat/i.test(t))).toBe(true);
  });

  it("an arbiter's ruling reaches both players with its reason, through the arbiter-ruling template", async () => {
    const before = world.smtp.delivered.length;
    await disputesService.rule(game.arbiter, game.gameId, {
      kind: 'warning',
      player: 'blue',
      reason: 'Mesaje nepoliticoase către partener.',
    });
    await world.current.outbox.deliverDue();
    const fresh = world.smtp.delivered.slice(before);
    expect(fresh).toHaveLength(2);
    for (const mail of fresh) {
      expectRendered(mail);
      expect(mail.parsed.text).toMatch(/Decizia arbitrului|The arbiter's decision/);
      expect(mail.parsed.text).toContain('Mesaje nepoliticoase către partener.');
    }
  });

  it('a ruling carries the reply marker and how to reply only to the player who has a move to make', async () => {
    const before = world.smtp.delivered.length;
    await disputesService.rule(game.arbiter, game.gameId, { kind: 'warning', player: 'red', reason: 'Al doilea avertisment.' });
    await world.current.outbox.deliverDue();
    const fresh = world.smtp.delivered.slice(before);
    expect(fresh).toHaveLength(2);
    const turn = (await world.current.database.run((m) => m.findOneByOrFail(Game, { id: game.gameId }))).turn;
    const toMove = turn % 2 === 1 ? game.red : game.blue;
    const waiting = toMove === game.red ? game.blue : game.red;
    const markerOf = (mail: DeliveredMail) => [REPLY_MARKER.ro, REPLY_MARKER.en].some((m) => (mail.parsed.text ?? '').includes(m));
    const mover = fresh.find((d) => d.envelope.to.includes(toMove.address))!;
    const other = fresh.find((d) => d.envelope.to.includes(waiting.address))!;
    expect(markerOf(mover)).toBe(true);
    expect(mover.parsed.text).toMatch(/CUM RĂSPUNDEȚI|HOW TO REPLY/);
    expect(markerOf(other)).toBe(false);
    expect(other.parsed.text).not.toMatch(/CUM RĂSPUNDEȚI|HOW TO REPLY/);
    expect(other.parsed.html).not.toContain(REPLY_MARKER.ro);
    expect(other.parsed.html).not.toContain(REPLY_MARKER.en);
  });

  it('the end of the game: scores and proposed coefficients, CONFIRM / OBIECTIE', async () => {
    const before = world.smtp.delivered.length;
    await offersService.abandon(blue.actor, game.gameId);
    await world.current.outbox.deliverDue();
    const fresh = world.smtp.delivered.slice(before);
    expect(fresh.length).toBeGreaterThanOrEqual(2);
    for (const mail of fresh) expectRendered(mail);
    const end = fresh.find((d) => d.envelope.to.includes(game.red.address) && /REZULTAT/.test(d.parsed.text ?? ''))!;
    expect(end.parsed.text).toMatch(/CONFIRM/);
    expect(end.parsed.text).toMatch(/OBIECTIE/);
    expect((await world.current.database.run((m) => m.findOneByOrFail(Game, { id: game.gameId }))).status).toBe('ended');
  });

  it('every row the services wrote went out through a template', async () => {
    const rows = await world.outboundMail();
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(world.smtp.delivered.every((d) => typeof d.parsed.html === 'string')).toBe(true);
  });
});
