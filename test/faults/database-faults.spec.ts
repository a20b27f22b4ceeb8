import { Client } from 'pg';
import { In } from 'typeorm';
import { ManualClock } from '../../src/common/clock';
import { DatabaseInterruptedError } from '../../src/database/database-interrupted';
import { GameCheckService } from '../../src/games/reads/game-check.service';
import { MovesService } from '../../src/games/actions/moves.service';
import { Move } from '../../src/games/entities/move.entity';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { SweepCursor } from '../../src/thinking-time/sweep-cursor.entity';
import { SweepService } from '../../src/thinking-time/sweep.service';
import { TimelineAction } from '../../src/thinking-time/timeline-action.entity';
import { nextRandomMove, playerOf, seededRandom, startChampionship } from '../support/games';
import { instantAt, startGroups } from '../support/sweep';
import { startTestApp, type TestApp } from '../support/test-app';
import { connectAdmin } from '../support/test-database';
import { hangAfter } from '../support/hang';

/**
 * While the work runs, another session kills the platform's busy connections to its
 * database one after another (`pg_terminate_backend`), as a restart, a failover or an
 * operator would: the victim is always a session inside a statement or a transaction.
 */
class ConnectionKiller {
  kills = 0;
  private running = true;
  private readonly done: Promise<void>;

  private constructor(
    private readonly admin: Client,
    database: string,
    everyMs: number,
  ) {
    this.done = (async () => {
      while (this.running) {
        const { rows } = await admin.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND state IN ('active', 'idle in transaction') ORDER BY random() LIMIT 1`,
          [database],
        );
        if (rows.length > 0) {
          const killed = await admin.query<{ ok: boolean }>('SELECT pg_terminate_backend($1) AS ok', [rows[0].pid]);
          if (killed.rows[0].ok) this.kills++;
        }
        await new Promise((r) => setTimeout(r, everyMs * (0.5 + Math.random())));
      }
    })();
  }

  static async start(t: TestApp, everyMs: number): Promise<ConnectionKiller> {
    const database = new URL((t.settings.database as { url: string }).url).pathname.slice(1);
    return new ConnectionKiller(await connectAdmin(), database, everyMs);
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.done;
    await this.admin.end();
  }
}

/** The only error a lost connection may surface as: typed, 503, retryable. */
function expectRetryable(error: unknown): void {
  expect(error).toBeInstanceOf(DatabaseInterruptedError);
  expect((error as DatabaseInterruptedError).getStatus()).toBe(503);
  expect((error as DatabaseInterruptedError).getResponse()).toMatchObject({ error: { code: 'DATABASE_INTERRUPTED', retryable: true } });
}

describe('PostgreSQL connections killed mid-transaction', () => {
  let t: TestApp;
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(async () => {
    await t.close();
  });

  it(
    'applies every move submission exactly once or refuses it with a retryable typed error; a retry with its key is never applied twice',
    async () => {
      const ch = await startChampionship(t.app, { players: 6 });
      const movesService = t.app.get(MovesService);
      const MOVES = 6;
      let interrupted = 0;
      const histories = new Map<string, string[]>();
      const killer = await ConnectionKiller.start(t, 20);
      try {
        await Promise.all(
          ch.games.map(async (game, g) => {
            const random = seededRandom(100 + g);
            const history: string[] = [];
            histories.set(game.id, history);
            while (history.length < MOVES) {
              const move = nextRandomMove(ch, history, random);
              const actor = playerOf(ch, game, history.length % 2 === 0 ? 'red' : 'blue');
              const input = { idempotencyKey: `fault-${game.id}-${history.length + 1}`, expectedTurn: history.length + 1 };
              for (;;) {
                try {
                  const result = /^(pas|pass)$/i.test(move)
                    ? await movesService.pass(actor, game.id, input)
                    : await movesService.submitMove(actor, game.id, { move, ...input });
                  expect(result.turn).toBe(history.length + 2);
                  break;
                } catch (error) {
                  // Whether it committed or not, the same submission sent again settles it.
                  expectRetryable(error);
                  interrupted++;
                }
              }
              history.push(move);
              if (history.length % 2 === 0) clock.set(new Date(clock.now().getTime() + 60_000));
            }
          }),
        );
      } finally {
        await killer.stop();
      }
      expect(killer.kills).toBeGreaterThan(0);
      expect(interrupted).toBeGreaterThan(0);

      // Exactly the moves sent, once each, in order; the cached state agrees with the log.
      const moves = await t.database.run((m) =>
        m.find(Move, { where: { gameId: In(ch.games.map((g) => g.id)) }, order: { number: 'ASC' } }),
      );
      for (const game of ch.games) {
        const own = moves.filter((m) => m.gameId === game.id);
        expect(own.map((m) => m.number)).toEqual(Array.from({ length: MOVES }, (_, i) => i + 1));
        expect(own.map((m) => m.notation.toUpperCase().replace(/^PASS$/, 'PAS'))).toHaveLength(MOVES);
      }
      const report = await t.app.get(GameCheckService).check();
      expect(report.problems).toEqual([]);
      // One "your move" per turn that passed, never two: mails are written with the move or not at all.
      const mails = await t.database.run((m) =>
        m.find(OutboundMail, { where: { gameId: In(ch.games.map((g) => g.id)), template: 'your-move' } }),
      );
      const turns = mails.map((r) => `${r.gameId} ${String(r.payload.turn)}`);
      expect(new Set(turns).size).toBe(turns.length);
      expect(turns).toHaveLength(ch.games.length * MOVES);
      // Bounded by its moves, not by the clock: under a busy machine every kill costs a retry,
      // and runs here took from 13 s to 57 s; jest's default 60 s would make it a timing test.
    },
    hangAfter(300_000),
  );

  it(
    'the daily sweep, interrupted again and again, ends with every action done once',
    async () => {
      const g = await startGroups(t.app, {
        players: 15,
        groups: { count: 3 },
        settings: { startDate: '2027-06-01', closingDate: '2027-09-30', timeZone: 'Europe/Bucharest' },
      });
      // Nobody moves: on 17.06 every game owes RED's first-move reminder (start + 16).
      clock.set(instantAt('2027-06-17', '00:05', 'Europe/Bucharest'));
      const sweep = t.app.get(SweepService);
      const finished = async () =>
        (await t.database.run((m) => m.findOneBy(SweepCursor, { competitionId: g.competitionId })))?.sweptThrough === '2027-06-17';
      // Runs one after another while connections are killed, for a while; then runs in peace
      // until the day is swept. Whatever the faults cut, the next run takes up.
      const killer = await ConnectionKiller.start(t, 25);
      const faultsUntil = Date.now() + 8_000;
      let runs = 0;
      let interrupted = 0;
      try {
        while (Date.now() < faultsUntil) {
          runs++;
          try {
            await sweep.runOnce();
          } catch (error) {
            expectRetryable(error);
            interrupted++;
          }
        }
      } finally {
        await killer.stop();
      }
      for (let calm = 0; !(await finished()); calm++) {
        if (calm > 5) throw new Error('the sweep did not finish once the faults stopped');
        await sweep.runOnce();
        runs++;
      }
      expect(killer.kills).toBeGreaterThan(0);
      const ids = g.games.map((x) => x.id);
      const actions = await t.database.run((m) => m.find(TimelineAction, { where: { gameId: In(ids), stage: 'first-move-reminder' } }));
      expect(actions.map((a) => a.gameId).sort()).toEqual([...ids].sort());
      const mails = await t.database.run((m) =>
        m.find(OutboundMail, { where: { gameId: In(ids), template: In(['reminder', 'reminder-copy']) } }),
      );
      expect(mails).toHaveLength(2 * ids.length);
      expect(new Set(mails.map((r) => `${r.gameId} ${r.template}`)).size).toBe(2 * ids.length);
      // How hard it was hit, for the log of the run.
      process.stdout.write(`sweep under faults: ${runs} runs, ${interrupted} interrupted, ${killer.kills} connections killed\n`);
    },
    hangAfter(300_000),
  );
});
