import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../src/common/clock';
import { PlayerEmail } from '../../src/players/player-email.entity';
import { WorkersService } from '../../src/database/workers.service';
import { getTileSet } from '../../src/engine';
import { randomLegalGame } from '../../src/engine/testing/random-game';
import { Game } from '../../src/games/entities/game.entity';
import { Move } from '../../src/games/entities/move.entity';
import { addDays, localDate } from '../../src/common/calendar';
import { createUser, setUpCompetition } from '../support/competitions';
import { freePort } from '../support/ports';
import type { DeliveredMail } from '../support/smtp-sink';
import { replyTo, startMailGame, type MailGame } from '../mail/support/mail-game';
import { FROM_ADDRESS, REPLY_ADDRESS, startMailWorld, type MailWorld } from '../mail/support/mail-test-app';
import { hangAfter, until } from '../support/hang';

/** Whether the inbox's connection is in IDLE now (imapflow's own flag on its client). */
const idling = (world: MailWorld) => (world.current.inbox as unknown as { client?: { idling?: boolean } }).client?.idling === true;

/** The mail that asks `address` for `turn`: its Reply-To carries that turn's token. */
const turnMail = (world: MailWorld, address: string, turn: number): DeliveredMail | undefined =>
  [...world.smtp.delivered].reverse().find((d) => d.envelope.to.includes(address) && d.header('reply-to')?.includes(`-t${turn}-`));

describe('the IMAP server restarted mid-IDLE', () => {
  let world: MailWorld;

  beforeAll(async () => {
    world = await startMailWorld();
    await world.start({ workers: true });
  });
  afterAll(async () => {
    await world.close();
  });

  it(
    'the inbox reconnects, processes what arrived while it was cut off, and idles again',
    async () => {
      const game = await startMailGame(world, { seed: 31 });
      const turn = () => world.current.database.run(async (m) => (await m.findOneByOrFail(Game, { id: game.gameId })).turn);
      const reply = async (n: number) => {
        const player = n % 2 === 1 ? game.red : game.blue;
        await until(() => turnMail(world, player.address, n) !== undefined, `the mail for turn ${n}`);
        await world.dovecot.append(await replyTo(turnMail(world, player.address, n)!, player.address, game.moves[n - 1]));
      };

      // IDLE carries the first reply in: nothing but the server's EXISTS wakes the inbox.
      await reply(1);
      await until(async () => (await turn()) === 2, 'turn 1 to be applied through IDLE');
      // The inbox is back in IDLE a moment after its pass; the server goes away under it.
      await until(() => idling(world), 'the inbox to be in IDLE');
      await world.dovecot.restart();
      await reply(2);
      // The minute's poll, brought forward: the worker finds its connection gone and makes a new one.
      await world.current.app.get(WorkersService).get('inbox')!.wake();
      await until(async () => (await turn()) === 3, 'turn 2 to be applied after the restart');
      // And IDLE works again on the new connection.
      await reply(3);
      await until(async () => (await turn()) === 4, 'turn 3 to be applied through IDLE again');

      const moves = await world.current.database.run((m) => m.find(Move, { where: { gameId: game.gameId }, order: { number: 'ASC' } }));
      expect(moves.map((m) => m.number)).toEqual([1, 2, 3]);
      expect((await world.inboundMail()).map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
      expect(await world.dovecot.messageIds('INBOX')).toEqual([]);
    },
    hangAfter(120_000),
  );
});

/**
 * The platform as `npm start` runs it (dist/main.js, PostgreSQL, IMAP and SMTP), killed with
 * SIGKILL again and again while players answer its mails: every move is applied exactly
 * once, every mail decided once, every notification written once, whatever the kills cut.
 */
describe('the process SIGKILLed in a loop while mail flows', () => {
  let world: MailWorld;
  const dataDir = mkdtempSync(join(tmpdir(), 'faults-main-'));
  let child: ChildProcess | undefined;
  let log = '';

  beforeAll(async () => {
    // The children run on this machine's clock: the competition starts today.
    world = await startMailWorld({ clock: new ManualClock(new Date()) });
    await world.start({ workers: false });
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await world.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function startChild(): Promise<ChildProcess> {
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      MAIL_WORKERS: 'on',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: world.testDb.url!,
      IMAP_URL: world.dovecot.url,
      SMTP_URL: world.smtp.url,
      MAIL_REPLY_ADDRESS: REPLY_ADDRESS,
      MAIL_FROM: FROM_ADDRESS,
      PUBLIC_URL: 'http://scrabble.test',
      SECRET: world.settings.secret,
    };
    const started = spawn(process.execPath, [join(__dirname, '..', '..', 'dist', 'main.js')], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    started.stderr!.on('data', (d) => (log = `${log}${d}`.slice(-20_000)));
    return started;
  }

  /** A two-player game that starts today, its sequence a random legal game's (startMailGame, dated now). */
  async function gameStartingToday(seed: number): Promise<MailGame> {
    const app = world.current.app;
    const played = randomLegalGame(seed, getTileSet('ro'), { passProbability: 0 });
    const arbiter = await createUser(app, { email: `arbiter-${seed}@frsc.ro`, roles: ['arbiter'] });
    const today = localDate(world.clock.now(), 'Europe/Bucharest');
    const domain = `club${seed}.example.org`;
    const competition = await setUpCompetition(app, arbiter.actor, {
      players: 2,
      start: true,
      domain,
      settings: {
        shortName: `K${seed}`,
        startDate: today,
        closingDate: addDays(today, 300),
        series: [{ label: '1', tiles: played.sequence }],
      },
    });
    const game = await world.current.database.run((m) =>
      m.findOneOrFail(Game, { where: { competitionId: competition.id }, relations: { redPlayer: true, bluePlayer: true } }),
    );
    const side = async (playerId: string, name: string) => {
      const email = await world.current.database.run((m) =>
        m.findOneOrFail(PlayerEmail, { where: { playerId }, order: { address: 'ASC' } }),
      );
      return { name, address: email.address, playerId };
    };
    return {
      gameId: game.id,
      red: await side(game.redPlayerId, game.redPlayer!.name),
      blue: await side(game.bluePlayerId, game.bluePlayer!.name),
      moves: played.moves,
      arbiter: arbiter.actor,
    };
  }

  it(
    'applies every move exactly once after restarts',
    async () => {
      const TURNS = 6;
      const games = [];
      for (const seed of [41, 42, 43, 44]) games.push(await gameStartingToday(seed));
      const ids = games.map((g) => g.gameId);
      const turns = () =>
        world.current.database.run(
          async (m) =>
            new Map(
              (
                await m.findBy(
                  Game,
                  ids.map((id) => ({ id })),
                )
              ).map((g) => [g.id, g.turn]),
            ),
        );

      // Players answer each mail as it reaches them, while the platform keeps being killed.
      let playing = true;
      const players = Promise.all(
        games.map(async (game) => {
          for (let n = 1; n <= TURNS; n++) {
            const player = n % 2 === 1 ? game.red : game.blue;
            await until(
              () => turnMail(world, player.address, n) !== undefined,
              `the mail for turn ${n} of ${game.gameId}\n${log}`,
              150_000,
            );
            await world.dovecot.append(await replyTo(turnMail(world, player.address, n)!, player.address, game.moves[n - 1]));
          }
        }),
      ).finally(() => (playing = false));

      let kills = 0;
      child = await startChild();
      const killing = (async () => {
        while (playing && kills < 8) {
          await new Promise((r) => setTimeout(r, 2_500 + Math.random() * 3_000));
          if (!playing) break;
          child!.kill('SIGKILL');
          await new Promise((r) => child!.once('exit', r));
          kills++;
          child = await startChild();
        }
      })();
      await players;
      await killing;
      await until(async () => [...(await turns()).values()].every((t) => t === TURNS + 1), `every reply to be applied\n${log}`, 90_000);
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
      child = undefined;
      expect(kills).toBeGreaterThan(0);

      // Every move once, in order; every reply stored and decided once; every notification written once.
      const moves = await world.current.database.run((m) =>
        m.find(Move, { where: ids.map((gameId) => ({ gameId })), order: { number: 'ASC' } }),
      );
      for (const game of games) {
        expect(moves.filter((m) => m.gameId === game.gameId).map((m) => m.number)).toEqual(Array.from({ length: TURNS }, (_, i) => i + 1));
      }
      const inbound = await world.inboundMail();
      const byMessage = new Map<string, string[]>();
      for (const r of inbound) byMessage.set(r.messageId ?? r.id, [...(byMessage.get(r.messageId ?? r.id) ?? []), r.status]);
      expect(byMessage.size).toBe(games.length * TURNS);
      for (const statuses of byMessage.values()) {
        expect(statuses.filter((s) => s === 'applied')).toHaveLength(1);
        expect(statuses.every((s) => s === 'applied' || s === 'duplicate')).toBe(true);
      }
      const outbound = await world.outboundMail();
      const notices = outbound
        .filter((o) => o.gameId && ids.includes(o.gameId))
        .map((o) => `${o.gameId} ${o.template} ${o.playerId} ${String(o.payload.turn)}`);
      expect(new Set(notices).size).toBe(notices.length);
      // SMTP is at least once: a kill between the server's OK and the row's update sends a mail
      // again, under the same Message-ID, which mail clients show once.
      const delivered = new Set(world.smtp.delivered.map((d) => d.parsed.messageId));
      const sent = new Set(
        outbound.filter((o) => o.status === 'sent').map((o) => `<${o.messageId}>`.replace(/^<</, '<').replace(/>>$/, '>')),
      );
      for (const id of delivered) expect(sent.has(id!)).toBe(true);
      process.stdout.write(
        `SIGKILL loop: ${kills} kills, ${inbound.length} inbound rows, ${world.smtp.delivered.length} deliveries of ${delivered.size} messages\n`,
      );
    },
    hangAfter(240_000),
  );
});
