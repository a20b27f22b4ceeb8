import { GameAnalysisService } from '../../src/games/reads/game-analysis.service';
import { ConditionalReplies } from '../../src/games/actions/conditional-replies.service';
import { ConditionalsRepository } from '../../src/games/persistence/conditionals.repository';
import { Client } from 'pg';
import { AuditService } from '../../src/audit/audit.service';
import { CasesService } from '../../src/arbiter/cases.service';
import { Clock, ManualClock } from '../../src/common/clock';
import { ResultProposals } from '../../src/games/actions/result-proposals.service';
import { GameRepository } from '../../src/games/persistence/game.repository';
import { CompetitionsRepository } from '../../src/competitions/competitions.repository';
import { openAppDatabase } from '../../src/app-database';
import { type OpenedDatabase } from '../../src/database/open-database';
import { GameCheckService } from '../../src/games/reads/game-check.service';
import type { Game } from '../../src/games/entities/game.entity';
import { GameActions } from '../../src/games/actions/game-actions.service';
import { GameReadModel } from '../../src/games/model/game-read-model.service';
import { GameReadsService } from '../../src/games/reads/game-reads.service';
import { MovesService } from '../../src/games/actions/moves.service';
import { Lexicons } from '../../src/games/persistence/lexicons.service';
import { Move } from '../../src/games/entities/move.entity';
import { Notifications } from '../../src/notifications/notifications.service';
import { modelState, placementFor, playerOf, startChampionship, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';

const SUBMISSIONS = 20;

/**
 * Twenty submissions racing for one turn: exactly one is applied,
 * every other gets a typed refusal, and the move log has no gap and no duplicate. On
 * PostgreSQL they run through separate connections at once and queue on the game's row
 * lock; on PGlite the same burst is serialised by the platform, with the same outcome.
 */
describe(`concurrent submissions (${TEST_DB})`, () => {
  let t: TestApp;
  let ch: Championship;
  const clock = new ManualClock('2027-02-01T09:00:00Z');
  /** On PostgreSQL, two more pools: 3 × 10 connections, so all twenty run at once. */
  const extra: OpenedDatabase[] = [];
  let services: MovesService[];

  beforeAll(async () => {
    t = await startTestApp({ clock });
    ch = await startChampionship(t.app, { players: 4 });
    services = [t.app.get(MovesService)];
    if (TEST_DB === 'postgres') {
      for (let i = 0; i < 2; i++) {
        const opened = await openAppDatabase(t.settings.database, { migrate: false });
        extra.push(opened);
        const get = <T>(type: new (...args: never[]) => T) => t.app.get(type);
        // An action frame of its own on this pool, and a moves service over it: an independent instance.
        const actions = new GameActions(
          t.settings,
          opened.database,
          t.app.get(Clock),
          get(AuditService),
          get(CasesService),
          get(ResultProposals),
          get(Notifications),
          get(Lexicons),
          get(GameRepository),
          get(GameAnalysisService),
          new ConditionalReplies(new ConditionalsRepository(opened.database)),
          get(CompetitionsRepository),
          new GameReadModel(t.settings, get(GameRepository), t.app.get(Clock), get(Lexicons)),
        );
        services.push(new MovesService(actions, t.app.get(Clock), get(AuditService), get(Notifications), get(GameRepository)));
      }
    }
  });

  afterAll(async () => {
    for (const opened of extra) await opened.close();
    await t.close();
  });

  const movesOf = (gameId: string) => t.database.run((m) => m.find(Move, { where: { gameId }, order: { number: 'ASC' } }));

  /**
   * Fires SUBMISSIONS different legal moves for the turn at once, half of them naming the
   * turn they answer; returns what each got.
   */
  async function race(game: Game, history: string[]): Promise<{ applied: string[]; refusals: string[] }> {
    const state = modelState(ch, history);
    const player = playerOf(ch, game, state.toMove);
    const turn = history.length + 1;
    const candidates = Array.from({ length: SUBMISSIONS }, (_, i) => placementFor(ch, history, 1000 * turn + i));
    const outcomes = await Promise.allSettled(
      candidates.map((move, i) =>
        services[i % services.length].submitMove(player, game.id, { move, ...(i % 2 === 0 && { expectedTurn: turn }) }),
      ),
    );
    const applied = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [candidates[i]] : []));
    const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as { code?: string }).code ?? String(o.reason)] : []));
    history.push(...applied);
    return { applied, refusals };
  }

  it(`applies exactly one of ${SUBMISSIONS} simultaneous submissions per turn, turn after turn`, async () => {
    const game = ch.games[0];
    const history: string[] = [];
    let watcher: LockWatcher | undefined;
    if (TEST_DB === 'postgres') watcher = await LockWatcher.start(t);
    for (let turn = 1; turn <= 6; turn++) {
      const { applied, refusals } = await race(game, history);
      expect(applied).toHaveLength(1);
      expect(refusals).toHaveLength(SUBMISSIONS - 1);
      for (const code of refusals) expect(['NOT_YOUR_TURN', 'ALREADY_PLAYED']).toContain(code);
      expect(refusals).toContain('ALREADY_PLAYED');
      expect(refusals).toContain('NOT_YOUR_TURN');
    }
    if (watcher) {
      // They really raced: sessions were seen waiting on the game row's lock.
      const waiting = await watcher.stop();
      process.stdout.write(`concurrency (postgres): up to ${waiting} sessions seen waiting on the game's row lock at once\n`);
      expect(waiting).toBeGreaterThan(0);
    }
    const moves = await movesOf(game.id);
    expect(moves.map((m) => m.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(moves.map((m) => m.written)).toEqual(history);
    expect(moves.map((m) => m.turn)).toEqual([1, 2, 3, 4, 5, 6]);
    const view = await t.app.get(GameReadsService).view(playerOf(ch, game, 'red'), game.id);
    expect(view).toMatchObject({ turn: 7, version: 7 });
    expect(view.lines[0].totals).toEqual(modelState(ch, history).totals);
  });

  it('applies a submission repeated with one idempotency key once, and answers every repeat with the same result', async () => {
    const game = ch.games[1];
    const move = placementFor(ch, [], 5);
    const player = playerOf(ch, game, 'red');
    const outcomes = await Promise.all(
      Array.from({ length: SUBMISSIONS }, (_, i) =>
        services[i % services.length].submitMove(player, game.id, { move, idempotencyKey: '<same@mail>' }),
      ),
    );
    for (const outcome of outcomes) expect(outcome).toEqual(outcomes[0]);
    expect((await movesOf(game.id)).map((m) => m.number)).toEqual([1]);
  });

  it('leaves the games consistent', async () => {
    expect((await t.app.get(GameCheckService).check()).problems).toEqual([]);
  });
});

/** Counts, from its own connection, sessions waiting on a row lock while a burst runs. */
class LockWatcher {
  private waits = 0;
  private running = true;
  private loop?: Promise<void>;

  private constructor(private readonly client: Client) {}

  static async start(t: TestApp): Promise<LockWatcher> {
    const url = (t.settings.database as { url: string }).url;
    const client = new Client({ connectionString: url });
    await client.connect();
    const watcher = new LockWatcher(client);
    watcher.loop = watcher.poll();
    return watcher;
  }

  private async poll(): Promise<void> {
    while (this.running) {
      const { rows } = await this.client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      this.waits = Math.max(this.waits, rows[0].n);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }

  /** The most sessions seen waiting at once. */
  async stop(): Promise<number> {
    this.running = false;
    await this.loop;
    await this.client.end();
    return this.waits;
  }
}
