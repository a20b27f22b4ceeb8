import { boardText, DEFAULT_RULES, replayGame } from '../../src/engine';
import { randomLegalGame } from '../../src/engine/testing/random-game';
import { getTileSet } from '../../src/engine';
import { Game } from '../../src/games/entities/game.entity';
import { Move } from '../../src/games/entities/move.entity';
import { latestTo, replyTo, ReplyStyle, startMailGame } from './support/mail-game';
import { MailWorld, startMailWorld } from './support/mail-test-app';
import { hangAfter, until } from '../support/hang';

const STYLES: readonly ReplyStyle[] = ['plain', 'gmail-html', 'plain', 'outlook-html', 'bottom-posted', 'apple-html'];

describe('a whole game played only by replying to the mails', () => {
  let world: MailWorld;

  beforeAll(async () => {
    world = await startMailWorld();
    await world.start({ workers: true });
  });

  afterAll(async () => {
    await world.close();
  });

  // A whole game is some forty round trips through IMAP and SMTP: minutes on a loaded machine.
  it(
    "RED and BLUE answer each mail they receive, from every kind of client; the final position is the rules core's replay",
    async () => {
      const seed = 2027;
      const game = await startMailGame(world, { seed });
      const gameRow = () => world.current.database.run((m) => m.findOneByOrFail(Game, { id: game.gameId }));
      /** The workers run on their own: wait until the game reaches `turn` and the partner's mail has arrived. */
      const waitFor = (check: () => Promise<boolean>, what: string) => until(check, what, 60_000);
      const turnMail = (address: string, turn: number) =>
        [...world.smtp.delivered].reverse().find((d) => d.envelope.to.includes(address) && d.header('reply-to')?.includes(`-t${turn}-`));

      for (let i = 0; i < game.moves.length; i++) {
        const turn = i + 1;
        const player = turn % 2 === 1 ? game.red : game.blue;
        // The "your move" for this turn (the game sheet for RED's first) reaches the player through SMTP.
        await waitFor(async () => turnMail(player.address, turn) !== undefined, `the mail for turn ${turn}`);
        const mail = turnMail(player.address, turn)!;
        expect(mail).toBe(latestTo(world, player.address));
        await world.dovecot.append(
          await replyTo(mail, player.address, game.moves[i], STYLES[i % STYLES.length], `${player.name}\nh8 CASA`),
        );
        await waitFor(async () => (await gameRow()).turn > turn || (await gameRow()).status === 'ended', `turn ${turn} to be played`);
      }

      const final = await gameRow();
      expect(final.status).toBe('ended');
      const replayed = replayGame(
        { tileSet: 'ro', sequence: randomLegalGame(seed, getTileSet('ro'), { passProbability: 0 }).sequence, rules: DEFAULT_RULES },
        game.moves,
      );
      if (!replayed.ok) throw new Error(`the random game does not replay: ${replayed.code}`);
      expect(final.state.lines[0].scores).toEqual(replayed.state.scores);
      expect(final.state.lines[0].board).toEqual(boardText(replayed.state.board));
      const moves = await world.current.database.run((m) => m.find(Move, { where: { gameId: game.gameId }, order: { number: 'ASC' } }));
      expect(moves).toHaveLength(game.moves.length);
      expect(moves.every((mv) => mv.source === 'mail' && mv.inboundMailId)).toBe(true);
      const inbound = await world.inboundMail();
      expect(inbound.map((r) => r.status)).toEqual(game.moves.map(() => 'applied'));
      expect(await world.dovecot.messageIds('INBOX')).toEqual([]);
      expect((await world.dovecot.messageIds('Processed')).length).toBe(game.moves.length);
    },
    hangAfter(240_000),
  );
});
