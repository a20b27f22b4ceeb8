import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { runCli } from '../../src/cli';
import { ManualClock } from '../../src/common/clock';
import { Competition } from '../../src/competitions/competition.entity';
import { computeCoefficients, fullTours, type Outcome } from '../../src/coefficients/core/coefficients';
import { ResultsService } from '../../src/coefficients/results.service';
import { StandingsService } from '../../src/coefficients/standings.service';
import { getTileSet, replayGame, type Color, type GameState } from '../../src/engine';
import { randomMove, randomSequence, seededRandom } from '../../src/engine/testing/random-game';
import { GameCheckService } from '../../src/games/reads/game-check.service';
import { Game } from '../../src/games/entities/game.entity';
import type { ActionResult } from '../../src/games/model/game-views';
import { DisputesService } from '../../src/games/actions/disputes.service';
import { GameReadsService } from '../../src/games/reads/game-reads.service';
import { MovesService } from '../../src/games/actions/moves.service';
import { OffersService } from '../../src/games/actions/offers.service';
import { Move } from '../../src/games/entities/move.entity';
import { toLocalDate } from '../../src/common/calendar';
import { modelState, playerOf, startChampionship, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { hangAfter } from '../support/hang';

/** What happens in each game of the group, by its index; the rest are played to the end. */
type Script = 'admit' | 'appeal-valid' | 'appeal-invalid' | 'abandon' | 'draw' | 'no-show' | 'play';
const SCRIPTS: readonly Script[] = ['admit', 'appeal-valid', 'appeal-invalid', 'abandon', 'draw', 'no-show'];
/** The move (count of moves played) at which a scripted event happens. */
const AT = { contest: 5, abandon: 10, draw: 8 } as const;

interface Driver {
  readonly game: Game;
  readonly script: Script;
  readonly random: () => number;
  /** The test's own model: the moves of each live line, A (or the only line) first. */
  lines: { A: string[]; B?: string[] };
  /** The words of the last move played in line A, as the service reported them. */
  lastWords: string[];
  disputed: boolean;
  done: boolean;
}

/**
 * A whole championship through the games service: a 6-player group,
 * 15 games started together and played to their end turn by turn with random legal moves,
 * disputes admitted and appealed both ways, an abandonment, an agreed draw and a no-show;
 * then the standings equal the coefficients recomputed independently from the move logs,
 * and the consistency check finds nothing wrong.
 */
describe(`a championship (${TEST_DB})`, () => {
  let t: TestApp;
  let ch: Championship;
  let movesService: MovesService;
  let offersService: OffersService;
  let disputesService: DisputesService;
  let readsService: GameReadsService;
  const clock = new ManualClock('2027-02-01T09:00:00Z');
  let drivers: Driver[];

  beforeAll(async () => {
    t = await startTestApp({ clock });
    movesService = t.app.get(MovesService);
    offersService = t.app.get(OffersService);
    disputesService = t.app.get(DisputesService);
    readsService = t.app.get(GameReadsService);
    // A sequence dealt from a fixed seed, so that every run plays the same games.
    ch = await startChampionship(t.app, {
      players: 6,
      settings: { series: [{ label: '1', tiles: randomSequence(getTileSet('ro'), seededRandom(2027)) }] },
    });
    drivers = ch.games.map((game, i) => ({
      game,
      script: SCRIPTS[i] ?? 'play',
      random: seededRandom(7919 * (i + 1)),
      lines: { A: [] },
      lastWords: [],
      disputed: false,
      done: false,
    }));
  });

  afterAll(async () => {
    await t.close();
  });

  const actor = (d: Driver, color: Color) => playerOf(ch, d.game, color);
  const state = (moves: readonly string[]): GameState => modelState(ch, moves);
  const next = (d: Driver, moves: readonly string[]) => randomMove(state(moves), d.random, { passProbability: 0.03 });
  const remember = (d: Driver, result: ActionResult) => {
    const a = result.moves.find((m) => m.label !== 'B');
    if (a) d.lastWords = a.words.map((w) => w.word);
  };

  /** One turn of one game, as its script says. */
  async function turn(d: Driver): Promise<void> {
    const { A, B } = d.lines;
    const toMove = state(A).toMove;
    const n = A.length;
    if (d.script === 'no-show' && n === 1) {
      // BLUE never answers RED's first move; the arbiter records the no-show at the end.
      d.done = true;
      return;
    }
    if (d.script === 'abandon' && n === AT.abandon) {
      await offersService.abandon(actor(d, 'blue'), d.game.id);
      d.done = true;
      return;
    }
    if (d.script === 'draw' && n === AT.draw) {
      const offer = await offersService.offer(actor(d, toMove), d.game.id, { kind: 'draw' });
      await offersService.acceptOffer(actor(d, toMove === 'red' ? 'blue' : 'red'), d.game.id, { offerId: offer.offer!.id });
      d.done = true;
      return;
    }
    const disputed = d.script === 'admit' || d.script === 'appeal-valid' || d.script === 'appeal-invalid';
    if (disputed && !d.disputed && n >= AT.contest && d.lastWords.length > 0) {
      d.disputed = true;
      await dispute(d);
      return;
    }
    if (B) {
      // Two live lines: one move in each line still playing (docs/rules.md §6).
      const moves: Record<string, string> = {};
      if (!state(A).over) moves.A = next(d, A);
      if (!state(B).over) moves.B = next(d, B);
      const mover = state(state(A).over ? B : A).toMove;
      remember(d, await movesService.submitMove(actor(d, mover), d.game.id, { lines: moves }));
      if (moves.A) A.push(moves.A);
      if (moves.B) B.push(moves.B);
      if ((state(A).over && state(B).over) || A.length >= AT.contest + 6) await rule(d);
      return;
    }
    const move = next(d, A);
    const result =
      move === 'PAS' || move === 'pass'
        ? await movesService.pass(actor(d, toMove), d.game.id)
        : await movesService.submitMove(actor(d, toMove), d.game.id, { move, source: 'web' });
    remember(d, result);
    A.push(move);
    if (state(A).over) {
      expect(result.status).toBe('ended');
      d.done = true;
    }
  }

  /** The player to move contests the partner's last move with a provisional reply; the mover admits or appeals. */
  async function dispute(d: Driver): Promise<void> {
    const { A } = d.lines;
    const contester = state(A).toMove;
    const mover: Color = contester === 'red' ? 'blue' : 'red';
    const reply = next(d, A);
    await disputesService.contestWord(actor(d, contester), d.game.id, { words: [d.lastWords[0]], reply });
    const before = A.slice(0, -1);
    const stands = [...A, reply];
    if (d.script === 'admit') {
      const replacement = next(d, before);
      remember(d, await disputesService.admitContest(actor(d, mover), d.game.id, { replacement }));
      d.lines = { A: [...before, replacement] };
      return;
    }
    const a = next(d, stands);
    const b = next(d, before);
    await disputesService.appealContest(actor(d, mover), d.game.id, { lines: { A: a, B: b } });
    d.lines = { A: [...stands, a], B: [...before, b] };
  }

  async function rule(d: Driver): Promise<void> {
    const valid = d.script === 'appeal-valid';
    await disputesService.rule(ch.arbiter.actor, d.game.id, {
      kind: 'word',
      valid,
      reason: valid ? 'the word is in the list' : 'not in the list',
    });
    d.lines = { A: valid ? d.lines.A : d.lines.B! };
    if (state(d.lines.A).over) d.done = true;
  }

  it(
    'plays 15 games started together to their end, through the service',
    async () => {
      const started = Date.now();
      for (let round = 0; drivers.some((d) => !d.done); round++) {
        expect(round).toBeLessThan(200);
        for (const d of drivers) if (!d.done) await turn(d);
        clock.advance({ days: 1 });
      }
      // The no-show: the arbiter rules once BLUE never answered.
      const noShow = drivers.find((d) => d.script === 'no-show')!;
      await disputesService.rule(ch.arbiter.actor, noShow.game.id, {
        kind: 'outcome',
        outcome: { type: 'no-show', by: 'blue' },
        reason: 'never answered the first move',
      });
      const ended = await t.database.run((m) => m.find(Game, { where: { competitionId: ch.competitionId } }));
      expect(ended.map((g) => g.status)).toEqual(ended.map(() => 'ended'));
      process.stdout.write(
        `championship (${TEST_DB}): ${drivers.reduce((n, d) => n + d.lines.A.length, 0)} moves in ${Date.now() - started} ms\n`,
      );
      // The test's model of every game is what the service kept.
      for (const d of drivers) {
        const view = await readsService.view(ch.arbiter.actor, d.game.id);
        const kept = view.moves.filter((m) => !m.annulled).sort((a, b) => a.number - b.number);
        expect(kept.map((m) => m.notation)).toEqual(replayOk(d.lines.A).records.map((r) => r.notation));
      }
      // A bound for a hung run, not a speed budget: about 50 s on a quiet 2-core machine.
    },
    hangAfter(400_000),
  );

  it('homologates: normal endings by confirmation or silence, the others by the arbiter', async () => {
    const results = t.app.get(ResultsService);
    const normal = drivers.filter((d) => !['abandon', 'draw', 'no-show'].includes(d.script));
    // Two games confirmed by both players at once; the rest by silence after 5 days. A player
    // confirms within the 5 days after the game's end (docs/rules.md §7): the two games that ended last.
    const endedGames = await t.database.run((m) => m.find(Game, { where: { competitionId: ch.competitionId } }));
    const endedAt = new Map(endedGames.map((g) => [g.id, g.endedAt!.getTime()]));
    const lastEnded = [...normal].sort((a, b) => endedAt.get(b.game.id)! - endedAt.get(a.game.id)!);
    for (const d of lastEnded.slice(0, 2)) {
      await results.confirmResult(actor(d, 'red'), d.game.id);
      expect((await results.confirmResult(actor(d, 'blue'), d.game.id)).status).toBe('homologated');
    }
    clock.advance({ days: 6 });
    const settled = await results.settleResultsDue(toLocalDate(clock.now().toISOString().slice(0, 10)));
    expect(settled).toBe(normal.length - 2);
    expect(await results.settleResultsDue(toLocalDate(clock.now().toISOString().slice(0, 10)))).toBe(0);
    const byArbiter = drivers.filter((x) => ['abandon', 'draw', 'no-show'].includes(x.script));
    const competitionStatus = () => t.database.run(async (m) => (await m.findOneByOrFail(Competition, { id: ch.competitionId })).status);
    for (const d of byArbiter) {
      expect(await competitionStatus()).toBe('started');
      expect((await results.homologate(ch.arbiter.actor, d.game.id, 'reviewed')).status).toBe('homologated');
    }
    // The last result homologated finishes the competition.
    expect(await competitionStatus()).toBe('finished');
  });

  it('ranks the group by coefficients recomputed independently from the move logs', async () => {
    const expected = new Map<string, { total: number; played: number; diff: number }>();
    const rows = await t.database.run(async (m) => ({
      games: await m.find(Game, { where: { competitionId: ch.competitionId } }),
      moves: await m.find(Move, {}),
    }));
    for (const game of rows.games) {
      const kept = rows.moves.filter((m) => m.gameId === game.id && !m.annulled).sort((a, b) => a.number - b.number);
      const final = replayOk(kept.map((m) => m.notation)).state;
      const outcome = outcomeOf(game, kept.length);
      const scores = game.outcome ? final.totals : final.scores;
      const c = computeCoefficients(scores, outcome);
      for (const [playerId, own, other, coefficient] of [
        [game.redPlayerId, scores.red, scores.blue, c.red],
        [game.bluePlayerId, scores.blue, scores.red, c.blue],
      ] as const) {
        const e = expected.get(playerId) ?? { total: 0, played: 0, diff: 0 };
        expected.set(playerId, { total: e.total + coefficient, played: e.played + 1, diff: e.diff + own - other });
      }
    }
    const [group] = await t.app.get(StandingsService).standings(ch.competitionId);
    expect(group.rows).toHaveLength(6);
    for (const row of group.rows) {
      expect({ total: row.total, played: row.played, diff: row.scoreDifference }).toEqual(expected.get(row.playerId));
    }
    // Sorted by total, then the best single coefficient, then the name.
    for (let i = 1; i < group.rows.length; i++) {
      const [a, b] = [group.rows[i - 1], group.rows[i]];
      expect(
        a.total > b.total || (a.total === b.total && (a.best > b.best || (a.best === b.best && a.name.localeCompare(b.name, 'ro') <= 0))),
      ).toBe(true);
    }
    const noShow = drivers.find((d) => d.script === 'no-show')!;
    const blueRow = group.rows.find((r) => r.playerId === noShow.game.bluePlayerId)!;
    expect(blueRow.played).toBe(5);
  });

  it('passes the consistency check afterwards', async () => {
    const report = await t.app.get(GameCheckService).check();
    expect(report).toMatchObject({ games: 15, problems: [] });
  });

  if (TEST_DB === 'postgres') {
    it('gives the same standings, sheets and check through the CLI', async () => {
      const env = {
        NODE_ENV: 'test',
        DATABASE_URL: (t.settings.database as { url: string }).url,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'cli-')),
        LOG_LEVEL: 'silent',
      };
      const cli = async (argv: string[]) => {
        let out = '';
        const status = await runCli(argv, { stdin: Readable.from([]), out: (s) => (out += s), err: () => undefined, env });
        return { status, out };
      };
      expect(await cli(['check'])).toMatchObject({ status: 0, out: expect.stringContaining('"problems":[]') });
      const csv = await cli(['competition', 'standings', '--csv', ch.competitionId]);
      expect(csv.status).toBe(0);
      expect(csv.out).toBe(await t.app.get(StandingsService).csv(ch.competitionId));
      const sheet = await cli(['game', 'sheet', '--language', 'en', drivers[0].game.id]);
      expect(sheet).toMatchObject({ status: 0, out: expect.stringContaining('GAME SHEET') });
      expect((await cli(['game', 'gcg', drivers[0].game.id])).out).toMatch(/^#character-encoding UTF-8/);
    });
  } else {
    it('gives the standings CSV, sheets and GCG through the services the CLI calls', async () => {
      const csv = await t.app.get(StandingsService).csv(ch.competitionId);
      expect(csv.split('\n')[0]).toBe('group,rank,name,played,total,average,best,score_difference');
      expect(csv.trim().split('\n')).toHaveLength(7);
    });
  }

  /** docs/rules.md §7: an abandonment or a forfeit counts the full tours of the kept line. */
  function outcomeOf(game: Game, movesPlayed: number): Outcome {
    const o = game.outcome;
    if (!o) return { type: 'finished' };
    switch (o.type) {
      case 'abandon':
      case 'timeout':
        return { type: o.type, by: o.by, fullTours: fullTours(movesPlayed) };
      default:
        return o;
    }
  }

  function replayOk(moves: readonly string[]) {
    const replay = replayGame({ tileSet: ch.tileSet, sequence: ch.sequence }, moves);
    if (!replay.ok) throw new Error(`move ${replay.n}: ${replay.code}`);
    return replay;
  }
});
