import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createUser } from '../support/competitions';
import { CompetitionSetupService } from '../../src/competitions/competition-setup.service';
import { GroupsService } from '../../src/competitions/groups.service';
import { RegistrationService } from '../../src/competitions/registration.service';
import { getTileSet } from '../../src/engine';
import { randomLegalGame } from '../../src/engine/testing/random-game';
import { Challenge } from '../../src/games/entities/challenge.entity';
import { challengeVerdict } from '../../src/games/core/challenges';
import { CompetitionStartService } from '../../src/games/actions/competition-start.service';
import { Game } from '../../src/games/entities/game.entity';
import { Move } from '../../src/games/entities/move.entity';
import { InboundMail } from '../../src/mail/inbound-mail.entity';
import type { DeliveredMail } from '../support/smtp-sink';
import { latestTo, replyTo } from './support/mail-game';
import { MailWorld, startMailWorld } from './support/mail-test-app';

/** Romanian or English words a Polish mail must not carry. */
const NOT_POLISH = /este rândul|Your move|your move|Verificarea|Check \(|mutarea|the move|Runda \d+: Tura|cu stimă/i;

/**
 * A Polish player plays a competition of the Polish federation by mail (docs/rules.md §12, §13;
 * docs/mail-rules.md §10): a move, a check ("SPRAWDZAM" and the words) and a pass ("PAS") arrive
 * as replies through the real Dovecot, and every mail that answers them goes out through the real
 * SMTP server in Polish: the "your move", the check's one verdict to both players, the pass.
 */
describe('a Polish competition played by mail, through the real IMAP and SMTP servers', () => {
  let world: MailWorld;
  let gameId: string;
  const played = randomLegalGame(404, getTileSet('pl'), { passProbability: 0 });
  const red = { name: 'Jan Kowalski', address: 'jan@pfs.example.pl' };
  const blue = { name: 'Anna Nowak', address: 'anna@pfs.example.pl' };

  beforeAll(async () => {
    world = await startMailWorld();
    await world.start();
    // The official list (docs/rules.md §13 [P 4.7.7]) holds none of the game's words: every check succeeds.
    mkdirSync(join(world.settings.dataDir, 'lexicons'), { recursive: true });
    writeFileSync(join(world.settings.dataDir, 'lexicons', 'osps-poczta.txt'), 'ŻÓŁW\nKOT\n');
    const app = world.current.app;
    const arbiter = await createUser(app, { email: 'sedzia@pfs.example.pl', roles: ['arbiter'], name: 'Sędzia' });
    const competition = await app.get(CompetitionSetupService).create(arbiter.actor, {
      name: 'Korespondencyjny Puchar Polski 2027',
      shortName: 'KPP 2027',
      startDate: '2027-02-01',
      closingDate: '2027-12-31',
      tileSet: 'pl',
      rules: 'pfs',
      lexicon: 'osps-poczta',
      timeZone: 'Europe/Warsaw',
      series: [{ label: '1', tiles: played.sequence }],
    });
    await app
      .get(RegistrationService)
      .importPlayers(
        arbiter.actor,
        competition.id,
        `name,email,club,language\n${red.name},${red.address},KS Kraków,pl\n${blue.name},${blue.address},KS Kraków,pl\n`,
      );
    await app.get(GroupsService).makeGroups(arbiter.actor, competition.id, { count: 1 });
    await app.get(CompetitionStartService).start(arbiter.actor, competition.id);
    const game = await world.current.database.run((m) =>
      m.findOneOrFail(Game, { where: { competitionId: competition.id }, relations: { redPlayer: true } }),
    );
    gameId = game.id;
    // The import's order decides the colours: the test names RED by the game.
    if (game.redPlayer!.name !== red.name)
      [red.name, blue.name, red.address, blue.address] = [blue.name, red.name, blue.address, red.address];
    await world.current.outbox.deliverDue();
  });

  afterAll(async () => {
    await world.close();
  });

  const db = () => world.current.database;
  const gameRow = () => db().run((m) => m.findOneByOrFail(Game, { id: gameId }));
  const movesOf = () => db().run((m) => m.find(Move, { where: { gameId }, order: { lineId: 'ASC', number: 'ASC' } }));
  const newTo = (count: number, address: string): DeliveredMail[] =>
    world.smtp.delivered.slice(count).filter((d) => d.envelope.to.includes(address));
  /** What a person reads: the text with its lines joined. */
  const read = (d: DeliveredMail) => (d.parsed.text ?? '').replace(/\s+/g, ' ');
  const expectPolish = (d: DeliveredMail) => {
    const found = NOT_POLISH.exec(d.parsed.text ?? '');
    expect([d.parsed.subject, found && read(d).slice(Math.max(0, found.index - 60), found.index + 60)]).toEqual([d.parsed.subject, null]);
    expect(d.parsed.html ?? '').toContain('<html lang="pl"');
  };
  /** The player replies to the newest mail of the game they received; the inbox reads it, the outbox answers. */
  const send = async (address: string, text: string): Promise<InboundMail> => {
    const mail = [...world.smtp.delivered]
      .reverse()
      .find((d) => d.envelope.to.includes(address) && d.header('reply-to') && d.parsed.text?.includes(gameId));
    const raw = await replyTo(mail ?? latestTo(world, address), address, text, 'plain', 'Pozdrawiam,\nGracz');
    await world.dovecot.append(raw);
    await world.current.inbox.poll();
    await world.current.outbox.deliverDue();
    const id = /^Message-ID: (.*)$/im.exec(raw.toString('latin1'))![1].trim();
    return (await world.inboundMail()).find((r) => r.messageId === id)!;
  };

  it('the game starts with a Polish mail to each player, RED asked for the first move', () => {
    const toRed = world.smtp.delivered.filter((d) => d.envelope.to.includes(red.address));
    expect(toRed.length).toBeGreaterThan(0);
    for (const d of toRed) expectPolish(d);
    expect(toRed.some((d) => read(d).includes('Grasz CZERWONYMI i zaczynasz: wyślij pierwszy ruch'))).toBe(true);
  });

  it("a move the rules refuse is answered in Polish, in the rules core's words; nothing is played", async () => {
    const count = world.smtp.delivered.length;
    expect(await send(red.address, 'a1 KOT')).toMatchObject({ status: 'rejected' });
    const answers = newTo(count, red.address);
    expect(answers).toHaveLength(1);
    expectPolish(answers[0]);
    expect(read(answers[0])).toMatch(/Pierwszy ruch musi przykryć środkowe pole h8|nie ma na Twoim stojaku/);
    expect(await movesOf()).toEqual([]);
  });

  it('a move by mail is applied; the partner\'s "your move" is Polish', async () => {
    const count = world.smtp.delivered.length;
    expect(await send(red.address, played.moves[0])).toMatchObject({ status: 'applied' });
    expect((await movesOf()).map((m) => [m.color, m.source])).toEqual([['red', 'mail']]);
    const toBlue = newTo(count, blue.address);
    expect(toBlue.some((d) => /Twój ruch/.test(read(d)))).toBe(true);
    for (const d of [...toBlue, ...newTo(count, red.address)]) expectPolish(d);
  });

  it('SPRAWDZAM and the words by mail: one verdict in Polish to both, no word singled out; the move taken back, RED loses the turn', async () => {
    const [first] = await movesOf();
    const words = first.words.map((w) => w.word);
    const count = world.smtp.delivered.length;
    expect(await send(blue.address, `SPRAWDZAM ${words.join(' ')}`)).toMatchObject({ status: 'applied' });
    expect(await db().run((m) => m.findOneByOrFail(Challenge, { gameId }))).toMatchObject({ words, successful: true });
    const verdict = challengeVerdict(true, words).pl!;
    for (const address of [red.address, blue.address]) {
      const told = newTo(count, address).filter((d) => read(d).includes(verdict));
      expect([address, told.length]).toEqual([address, 1]);
      expectPolish(told[0]);
      expect(read(told[0])).not.toMatch(/nie ma w słowniku|nie jest w słowniku/);
    }
    const moves = await movesOf();
    expect(moves.filter((m) => !m.annulled).map((m) => [m.color, m.kind])).toEqual([['red', 'lost']]);
    expect((await gameRow()).state.lines[0].scores).toEqual({ red: 0, blue: 0 });
  });

  it('PAS by mail from the challenger: applied, RED asked again in Polish', async () => {
    const count = world.smtp.delivered.length;
    expect(await send(blue.address, 'PAS')).toMatchObject({ status: 'applied' });
    const kept = (await movesOf()).filter((m) => !m.annulled);
    expect(kept.map((m) => [m.color, m.kind])).toEqual([
      ['red', 'lost'],
      ['blue', 'pass'],
    ]);
    const toRed = newTo(count, red.address);
    expect(toRed.some((d) => /Twój ruch/.test(read(d)))).toBe(true);
    for (const d of [...toRed, ...newTo(count, blue.address)]) expectPolish(d);
    expect((await gameRow()).status).toBe('playing');
  });
});
