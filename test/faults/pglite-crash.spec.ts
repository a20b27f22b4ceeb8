import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.factory';
import { openAppDatabase } from '../../src/app-database';
import { ManualClock } from '../../src/common/clock';
import type { DatabaseSettings } from '../../src/config/settings';
import { getTileSet } from '../../src/engine';
import { randomLegalGame } from '../../src/engine/testing/random-game';
import { Game } from '../../src/games/entities/game.entity';
import { Move } from '../../src/games/entities/move.entity';
import { InboundMail } from '../../src/mail/inbound-mail.entity';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { PlayerEmail } from '../../src/players/player-email.entity';
import { addDays, localDate } from '../../src/common/calendar';
import { createUser, keyForPlayer, setUpCompetition } from '../support/competitions';
import { startDovecot, type PrivateDovecot } from '../support/dovecot';
import { hangAfter } from '../support/hang';
import { freePort } from '../support/ports';
import { startSmtpSink, type DeliveredMail, type SmtpSink } from '../support/smtp-sink';
import { testSettings } from '../support/test-app';
import { replyTo } from '../mail/support/mail-game';
import { FROM_ADDRESS, REPLY_ADDRESS } from '../mail/support/mail-test-app';

const ROOT = join(__dirname, '..', '..');
const SECRET = '24304a8992024b1c947ff961040e72d7b091cfdaf64e8c76dbbd51c10a829426';
/** A bound for a hung run only: every wait below ends on an event, never on a pace. */
const HANG_MS = hangAfter(180_000);
const KILLS = 6;
/** The kills the test asks for at least: each game's last move waits for them, so the games cannot end first. */
const MIN_KILLS = 5;
const API_GAMES = 4;
const MAIL_GAMES = 3;
const MAIL_TURNS = 8;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (what: () => Promise<boolean> | boolean, label: string) => {
  const deadline = Date.now() + HANG_MS;
  while (!(await what())) {
    if (over) throw new Error(`stopped waiting for ${label}: the test is over`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await pause(50);
  }
};
/** The stored notation writes the square its own way and brackets letters already on the board: `j8: (T)DE` is `j8 TDE`. */
const sameMove = (stored: string, sent: string) => {
  const plain = (n: string) => n.replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();
  return plain(stored) === plain(sent);
};
/** Set when the test ends, so that its players stop retrying. */
let over = false;

interface Side {
  readonly address: string;
  readonly bearer: string;
}
interface PlannedGame {
  readonly gameId: string;
  readonly red: Side;
  readonly blue: Side;
  /** A random legal game's moves, the last one (which ends it) left out. */
  readonly moves: readonly string[];
  readonly by: 'api' | 'mail';
  /** The moves the platform acknowledged, in order: an HTTP 200, or the next turn's mail sent. */
  readonly acknowledged: string[];
}

interface MoveRow {
  readonly number: number;
  readonly notation: string;
  readonly annulled?: boolean;
}

/**
 * The platform as `npm start` runs it on its embedded default (no DATABASE_URL: PGlite in its
 * DATA_DIR, on Node's file system), SIGKILLed again and again at random points while players
 * move through the API and answer its mails. After every kill `cli check` replays every game
 * against its stored state, and after every restart each acknowledged move is there, once.
 */
describe('the platform on PGlite SIGKILLed in a loop', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'faults-pglite-'));
  const database: DatabaseSettings = { kind: 'pglite', dataDir: join(dataDir, 'pglite') };
  let dovecot: PrivateDovecot;
  let smtp: SmtpSink;
  let port: number;
  let child: ChildProcess | undefined;
  let kills = 0;

  /** Before a game's last move: the kills are not a race the players could win by finishing early. */
  const lastMoveWaits = (game: PlannedGame, i: number) =>
    i === game.moves.length - 1 ? until(() => kills >= MIN_KILLS, `${MIN_KILLS} kills before the last move of ${game.gameId}`) : undefined;
  let log = '';
  const games: PlannedGame[] = [];

  const env = () => ({
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SECRET,
    MAIL_WORKERS: 'on',
    HOST: '127.0.0.1',
    PORT: String(port),
    IMAP_URL: dovecot.url,
    SMTP_URL: smtp.url,
    MAIL_REPLY_ADDRESS: REPLY_ADDRESS,
    MAIL_FROM: FROM_ADDRESS,
    PUBLIC_URL: 'http://scrabble.test',
  });

  /** Two-player games starting today (the child runs on this machine's clock), set up in this process, then closed. */
  beforeAll(async () => {
    [dovecot, smtp, port] = await Promise.all([startDovecot(), startSmtpSink(), freePort()]);
    const opened = await openAppDatabase(database);
    const clock = new ManualClock(new Date());
    const app = await createApp({ settings: { ...testSettings({ DATA_DIR: dataDir, SECRET }), database }, database: opened, clock });
    await app.init();
    try {
      const today = localDate(clock.now(), 'Europe/Bucharest');
      for (let i = 0; i < API_GAMES + MAIL_GAMES; i++) {
        const seed = 60 + i;
        const played = randomLegalGame(seed, getTileSet('ro'), { passProbability: 0 });
        const arbiter = await createUser(app, { email: `arbiter-${seed}@frsc.ro`, roles: ['arbiter'] });
        const domain = `club${seed}.example.org`;
        const competition = await setUpCompetition(app, arbiter.actor, {
          players: 2,
          start: true,
          domain,
          settings: {
            shortName: `P${seed}`,
            startDate: today,
            closingDate: addDays(today, 300),
            series: [{ label: '1', tiles: played.sequence }],
          },
        });
        const game = await opened.database.run((m) => m.findOneByOrFail(Game, { competitionId: competition.id }));
        const side = async (playerId: string): Promise<Side> => {
          const email = await opened.database.run((m) => m.findOneOrFail(PlayerEmail, { where: { playerId }, order: { address: 'ASC' } }));
          return { address: email.address, bearer: (await keyForPlayer(app, email.address)).bearer };
        };
        const by = i < API_GAMES ? 'api' : 'mail';
        games.push({
          gameId: game.id,
          red: await side(game.redPlayerId),
          blue: await side(game.bluePlayerId),
          moves: played.moves.slice(0, by === 'api' ? played.moves.length - 1 : Math.min(MAIL_TURNS, played.moves.length - 1)),
          by,
          acknowledged: [],
        });
      }
    } finally {
      await app.close();
    }
  }, HANG_MS);

  afterAll(async () => {
    over = true;
    child?.kill('SIGKILL');
    await Promise.all([dovecot?.stop(), smtp?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const base = () => `http://127.0.0.1:${port}`;

  function startChild(): ChildProcess {
    const started = spawn(process.execPath, [join(ROOT, 'dist', 'main.js')], { env: env(), stdio: ['ignore', 'ignore', 'pipe'] });
    started.stderr!.on('data', (d) => (log = `${log}${d}`.slice(-20_000)));
    return started;
  }

  /** Ready when /health answers 200: polled, however long the embedded database takes to recover. */
  async function ready(): Promise<void> {
    await until(async () => {
      try {
        return (await fetch(`${base()}/health`)).status === 200;
      } catch {
        return false;
      }
    }, `the platform to answer /health\n${log}`);
  }

  /** `cli check` on the data directory the killed process left: every game replayed, no difference. */
  async function cliCheck(): Promise<{ games: number; moves: number }> {
    const cli = spawn(process.execPath, [join(ROOT, 'dist', 'cli.js'), 'check'], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    cli.stdout!.on('data', (d) => (out += d));
    cli.stderr!.on('data', (d) => (err += d));
    const code = await new Promise<number | null>((r) => cli.once('exit', r));
    if (code !== 0) throw new Error(`cli check exited ${code}:\n${out}\n${err}`);
    const report = JSON.parse(out.trim().split('\n').at(-1)!) as { games: number; moves: number; problems: unknown[] };
    expect(report.problems).toEqual([]);
    return report;
  }

  /** Every move acknowledged so far is stored once, at its number, in order; nothing past it is half there. */
  async function expectAcknowledgedMoves(): Promise<void> {
    for (const game of games) {
      const acknowledged = [...game.acknowledged];
      const answer = await fetch(`${base()}/api/games/${game.gameId}`, { headers: { authorization: game.red.bearer } });
      expect(answer.status).toBe(200);
      const moves = ((await answer.json()) as { moves: MoveRow[] }).moves.filter((m) => !m.annulled);
      const numbers = moves.map((m) => m.number).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
      expect(numbers.length).toBeGreaterThanOrEqual(acknowledged.length);
      for (const [i, move] of acknowledged.entries()) {
        const stored = moves.find((m) => m.number === i + 1)!;
        expect([stored.notation, move, sameMove(stored.notation, move)]).toEqual([stored.notation, move, true]);
      }
    }
  }

  /** A player on the API: each move sent until it is answered 200, again with the same key across kills. */
  async function playByApi(game: PlannedGame): Promise<void> {
    for (const [i, move] of game.moves.entries()) {
      const turn = i + 1;
      const side = turn % 2 === 1 ? game.red : game.blue;
      await lastMoveWaits(game, i);
      for (;;) {
        if (over) return;
        let status = 0;
        let body = '';
        try {
          const answer = await fetch(`${base()}/api/games/${game.gameId}/moves`, {
            method: 'POST',
            headers: { authorization: side.bearer, 'content-type': 'application/json' },
            body: JSON.stringify({ move, expectedTurn: turn, idempotencyKey: `crash-${game.gameId}-${turn}` }),
          });
          status = answer.status;
          body = await answer.text();
        } catch {
          // The process is down or died mid-request: whatever it did, the same key settles it.
        }
        if (status === 200) {
          expect((JSON.parse(body) as { turn: number }).turn).toBe(turn + 1);
          game.acknowledged.push(move);
          break;
        }
        if (status !== 0 && status !== 503) throw new Error(`move ${turn} of ${game.gameId}: HTTP ${status} ${body}`);
        await pause(100);
      }
      // A player's pace, so that the kills find moves in flight rather than a finished game.
      await pause(50 + Math.random() * 250);
    }
  }

  /** The mail that asks `address` for `turn`: its Reply-To carries that turn's token. */
  const turnMail = (address: string, turn: number): DeliveredMail | undefined =>
    [...smtp.delivered].reverse().find((d) => d.envelope.to.includes(address) && d.header('reply-to')?.includes(`-t${turn}-`));

  /** A player by mail: answers each turn's mail; a move is acknowledged when the next turn's mail is sent. */
  async function playByMail(game: PlannedGame): Promise<void> {
    for (const [i, move] of game.moves.entries()) {
      const turn = i + 1;
      const side = turn % 2 === 1 ? game.red : game.blue;
      const next = turn % 2 === 1 ? game.blue : game.red;
      await until(() => turnMail(side.address, turn) !== undefined, `the mail for turn ${turn} of ${game.gameId}\n${log}`);
      await lastMoveWaits(game, i);
      await dovecot.append(await replyTo(turnMail(side.address, turn)!, side.address, move));
      await until(() => turnMail(next.address, turn + 1) !== undefined, `the mail for turn ${turn + 1} of ${game.gameId}\n${log}`);
      game.acknowledged.push(move);
    }
  }

  it(
    'keeps every acknowledged move exactly once, and every game agrees with its moves, through repeated SIGKILLs',
    async () => {
      let playing = true;
      const players = Promise.all(games.map((g) => (g.by === 'api' ? playByApi(g) : playByMail(g)))).finally(() => (playing = false));

      let acknowledgedAtKills = 0;
      child = startChild();
      await ready();
      while (playing && kills < KILLS) {
        // A random point while players write; the kill may land in any statement or between them.
        await Promise.race([pause(300 + Math.random() * 2_500), players.catch(() => undefined)]);
        if (!playing) break;
        const exited = new Promise((r) => child!.once('exit', r));
        if (child.exitCode !== null) throw new Error(`the platform stopped by itself\n${log}`);
        child.kill('SIGKILL');
        await exited;
        kills++;
        const acknowledged = games.reduce((n, g) => n + g.acknowledged.length, 0);
        acknowledgedAtKills = acknowledged;
        await cliCheck();
        child = startChild();
        await ready();
        await expectAcknowledgedMoves();
      }
      await players;
      await expectAcknowledgedMoves();
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
      child = undefined;
      const final = await cliCheck();

      expect(kills).toBeGreaterThanOrEqual(MIN_KILLS);
      for (const game of games) expect(game.acknowledged).toEqual(game.moves);
      const total = games.reduce((n, g) => n + g.moves.length, 0);
      expect(final.moves).toBe(total);

      // The rows themselves: moves once each, each reply decided once, each notice written once.
      const opened = await openAppDatabase(database);
      try {
        const db = opened.database;
        const ids = games.map((g) => g.gameId);
        const moves = await db.run((m) => m.find(Move, { where: ids.map((gameId) => ({ gameId })), order: { number: 'ASC' } }));
        for (const game of games) {
          const own = moves.filter((m) => m.gameId === game.gameId);
          expect(own.map((m) => m.number)).toEqual(game.moves.map((_, i) => i + 1));
        }
        const stored = await db.run((m) => m.find(Game, { where: ids.map((id) => ({ id })) }));
        for (const game of stored) expect(game.turn).toBe(games.find((g) => g.gameId === game.id)!.moves.length + 1);
        const inbound = await db.run((m) => m.find(InboundMail));
        const byMessage = new Map<string, string[]>();
        for (const r of inbound) byMessage.set(r.messageId ?? r.id, [...(byMessage.get(r.messageId ?? r.id) ?? []), r.status]);
        expect(byMessage.size).toBe(MAIL_GAMES * MAIL_TURNS);
        for (const statuses of byMessage.values()) {
          expect(statuses.filter((s) => s === 'applied')).toHaveLength(1);
          expect(statuses.every((s) => s === 'applied' || s === 'duplicate')).toBe(true);
        }
        const outbound = await db.run((m) => m.find(OutboundMail));
        const notices = outbound.filter((o) => o.gameId).map((o) => `${o.gameId} ${o.template} ${o.playerId} ${String(o.payload.turn)}`);
        expect(new Set(notices).size).toBe(notices.length);
      } finally {
        await opened.close();
      }
      // For the log of the run (docs/operations.md, "What the embedded database can and cannot promise after a crash").
      process.stdout.write(
        `PGlite SIGKILL loop: ${kills} kills, ${total} moves acknowledged (${acknowledgedAtKills} before the last kill), 0 lost, cli check clean after every kill\n`,
      );
    },
    hangAfter(600_000),
  );
});
