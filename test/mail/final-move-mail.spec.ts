import request from 'supertest';
import { Player } from '../../src/players/player.entity';
import { DEFAULT_RULES, getTileSet, replayGame, type GameState, type MoveRecord } from '../../src/engine';
import { randomLegalGame } from '../../src/engine/testing/random-game';
import { MovesService } from '../../src/games/actions/moves.service';
import { Game } from '../../src/games/entities/game.entity';
import { keyForPlayer, type TestUser } from '../support/competitions';
import type { DeliveredMail } from '../support/smtp-sink';
import { MailGame, MailPlayer, replyTo, startMailGame } from './support/mail-game';
import { MailWorld, startMailWorld } from './support/mail-test-app';

/** What the game-end and the move confirmation say, in both languages. */
const GAME_OVER = /Partida s-a încheiat|The game is over/;
const RECORDED_AND_OVER = /mutarea dumneavoastră a fost înregistrată și partida s-a încheiat|your move was recorded and the game is over/;
const WILL_WRITE = /Vă scriem când|We will write when/;
const FINAL_SCORE = /(?:Scor final|Final score)\s+(-?\d+)\s+(-?\d+)/;

/**
 * The move that ends the game is confirmed by the game-end mail: the mover
 * gets one mail for it, with the scores after the rack adjustment (docs/rules.md §4) and the move
 * they played; the partner gets the game-end too; nobody is told "we will write when … replies".
 */
describe('the final move is confirmed by the end of the game, by mail and on the web', () => {
  let world: MailWorld;

  beforeAll(async () => {
    world = await startMailWorld();
    await world.start();
  });

  afterAll(async () => {
    await world.close();
  });

  /** The engine's end of the seed's random game: the final state and the last move's record. */
  const engineEnd = (seed: number): { state: GameState; last: MoveRecord } => {
    const played = randomLegalGame(seed, getTileSet('ro'), { passProbability: 0 });
    const replayed = replayGame({ tileSet: 'ro', sequence: played.sequence, rules: DEFAULT_RULES }, played.moves);
    if (!replayed.ok) throw new Error(`the random game does not replay: ${replayed.code}`);
    return { state: replayed.state, last: replayed.records.at(-1)! };
  };
  const mailsTo = (address: string, since: number) => world.smtp.delivered.slice(since).filter((d) => d.envelope.to.includes(address));
  /** Every pending row delivered: a whole game leaves more than one outbox batch. */
  const deliverAll = async () => {
    while ((await world.current.outbox.deliverDue()).sent > 0);
  };
  const gameRow = (gameId: string) => world.current.database.run((m) => m.findOneByOrFail(Game, { id: gameId }));

  /** Every move but the last, through the games service; the mails delivered. Returns the last mover and the partner. */
  const playAllButLast = async (game: MailGame): Promise<{ mover: MailPlayer; partner: MailPlayer; users: Record<string, TestUser> }> => {
    const app = world.current.app;
    const users = {
      [game.red.address]: await keyForPlayer(app, game.red.address),
      [game.blue.address]: await keyForPlayer(app, game.blue.address),
    };
    const movesService = app.get(MovesService);
    const player = (i: number) => (i % 2 === 0 ? game.red : game.blue);
    for (let i = 0; i < game.moves.length - 1; i++)
      await movesService.submitMove(users[player(i).address].actor, game.gameId, { move: game.moves[i] });
    await deliverAll();
    const last = game.moves.length - 1;
    return { mover: player(last), partner: player(last + 1), users };
  };

  /** The one game-end mail: the move just played named with its score, the engine's final scores, no promise to write. */
  const expectConfirmedByGameEnd = (mail: DeliveredMail, end: { state: GameState; last: MoveRecord }) => {
    const text = mail.parsed.text ?? '';
    expect(text.split('\n').slice(0, 3).join(' ')).toMatch(RECORDED_AND_OVER);
    expect(text).toContain(`${end.last.notation}, ${end.last.score} `);
    expect(end.state.endAdjustment.red).not.toBe(0);
    const [, red, blue] = FINAL_SCORE.exec(text) ?? [];
    expect({ red: Number(red), blue: Number(blue) }).toEqual(end.state.scores);
    expect(end.state.scores).not.toEqual(end.state.totals);
    expect(text).not.toMatch(WILL_WRITE);
    expect(mail.parsed.html).not.toMatch(WILL_WRITE);
  };

  it('by mail: the mover gets one mail for the last move, the game-end with the final scores; the partner gets the game-end', async () => {
    const seed = 53;
    const end = engineEnd(seed);
    const game = await startMailGame(world, { seed, domain: 'mail.example' });
    const { mover, partner } = await playAllButLast(game);
    const turn = game.moves.length;
    const yourMove = [...world.smtp.delivered]
      .reverse()
      .find((d) => d.envelope.to.includes(mover.address) && d.header('reply-to')?.includes(`-t${turn}-`))!;
    const before = world.smtp.delivered.length;
    const raw = await replyTo(yourMove, mover.address, game.moves[turn - 1]);
    await world.dovecot.append(raw);
    await world.current.inbox.poll();
    await deliverAll();
    expect((await gameRow(game.gameId)).status).toBe('ended');
    const toMover = mailsTo(mover.address, before);
    expect(toMover).toHaveLength(1);
    expectConfirmedByGameEnd(toMover[0], end);
    const toPartner = mailsTo(partner.address, before);
    expect(toPartner).toHaveLength(1);
    expect(toPartner[0].parsed.text!.split('\n')[0]).toMatch(GAME_OVER);
    expect(toPartner[0].parsed.text).not.toMatch(RECORDED_AND_OVER);
    expect(toPartner[0].parsed.text).toContain(end.last.notation);
    expect(FINAL_SCORE.exec(toPartner[0].parsed.text!)!.slice(1).map(Number)).toEqual([end.state.scores.red, end.state.scores.blue]);

    // Exactly once: the same mail read again (a client's resend, a restart) writes nothing more.
    const again = world.smtp.delivered.length;
    await world.dovecot.append(raw);
    await world.current.inbox.poll();
    await deliverAll();
    expect(mailsTo(mover.address, again)).toEqual([]);
    const rows = (await world.outboundMail()).filter((r) => r.gameId === game.gameId);
    expect(
      rows
        .filter((r) => r.template === 'game-end')
        .map((r) => r.playerId)
        .sort(),
    ).toEqual([game.red.playerId, game.blue.playerId].sort());
    expect(rows.filter((r) => r.template === 'move-confirmation')).toHaveLength(game.moves.length - 1);
  });

  it('on the web / API: no separate confirmation with the totals before the rack adjustment, even for a player on the daily digest', async () => {
    const seed = 41;
    const end = engineEnd(seed);
    const game = await startMailGame(world, { seed, domain: 'web.example' });
    const { mover, partner, users } = await playAllButLast(game);
    // The mover chose the daily digest: the answer to their own move still goes out at once (docs/mail-rules.md 16, 17).
    await world.current.database.run((m) => m.update(Player, { id: mover.playerId }, { mailDigest: true }));
    const before = world.smtp.delivered.length;
    const play = () =>
      request(world.current.app.getHttpServer())
        .post(`/api/games/${game.gameId}/moves`)
        .set('Authorization', users[mover.address].bearer)
        .send({ move: game.moves.at(-1), idempotencyKey: `final-${seed}` });
    const played = await play();
    expect(played.status).toBe(200);
    expect(played.body).toMatchObject({ status: 'ended' });
    await deliverAll();
    const toMover = mailsTo(mover.address, before);
    expect(toMover).toHaveLength(1);
    expectConfirmedByGameEnd(toMover[0], end);
    expect(mailsTo(partner.address, before)).toHaveLength(1);
    expect(mailsTo(partner.address, before)[0].parsed.text!.split('\n')[0]).toMatch(GAME_OVER);

    // The same request again (a double click, a client's retry): the first result, no second mail.
    const again = world.smtp.delivered.length;
    expect((await play()).body).toEqual(played.body);
    await deliverAll();
    expect(world.smtp.delivered.slice(again)).toEqual([]);
    const rows = (await world.outboundMail()).filter(
      (r) => r.gameId === game.gameId && r.playerId === mover.playerId && r.template === 'game-end',
    );
    expect(rows).toEqual([expect.objectContaining({ status: 'sent', digestId: null })]);
  });
});
