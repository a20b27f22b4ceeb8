// Analysis after the game, on both databases: a game of a competition with a
// word list is played to its end; the page and the API say the analysis is being prepared until
// the background job has run, then show each turn's best score; during play the analysis is
// refused unless the competition allows it, and then queued and shown for the turns played; a
// competition without a list says so.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { INestApplication } from '@nestjs/common';
import { ManualClock } from '../../src/common/clock';
import { getTileSet, replayGame, upperLetter } from '../../src/engine';
import { emptyBoard, withTiles } from '../../src/engine/board';
import { gcgRackTiles } from '../../src/engine/analysis';
import { generateMoves } from '../../src/engine/move-generator';
import { buildWordTrie } from '../../src/engine/word-trie';
import { GameAnalysis } from '../../src/games/entities/game-analysis.entity';
import { GameAnalysisService } from '../../src/games/reads/game-analysis.service';
import type { Game } from '../../src/games/entities/game.entity';
import { GameReadsService } from '../../src/games/reads/game-reads.service';
import { MovesService } from '../../src/games/actions/moves.service';
import { modelState, placementFor, playerOf, startChampionship, userOf, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { until } from '../support/hang';
import { TEST_DB } from '../support/test-database';
import { loginAgent } from '../support/web';

/** Placements planned before the list is written: the list holds every word they form. */
const PLACEMENTS = 3;

describe(`game analysis (${TEST_DB})`, () => {
  let t: TestApp;
  let app: INestApplication;
  let moves: MovesService;
  let reads: GameReadsService;
  let analysis: GameAnalysisService;
  let after: Championship;
  let during: Championship;
  let unlisted: Championship;
  const planned = new Map<string, string[]>();
  const words: string[] = [];
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  const api = (ch: Championship, game: Game, color: 'red' | 'blue' | 'arbiter') =>
    request(app.getHttpServer())
      .get(`/api/games/${game.id}/analysis`)
      .set('Authorization', color === 'arbiter' ? ch.arbiter.bearer : userOf(ch, game, color).bearer);

  /** The planned placements of `game`, from `from` on, each by the side to move. */
  async function place(ch: Championship, game: Game, from: number, to: number): Promise<void> {
    const line = planned.get(game.id)!;
    for (let i = from; i < to; i++) {
      const toMove = modelState(ch, line.slice(0, i)).toMove;
      await moves.submitMove(playerOf(ch, game, toMove), game.id, { move: line[i] });
    }
  }

  /** Passes, each by the side to move, until the game ends (docs/rules.md §4: six zero-score turns). */
  async function passToTheEnd(ch: Championship, game: Game): Promise<void> {
    for (let i = 0; i < 12; i++) {
      const { toMove } = await reads.view(ch.arbiter.actor, game.id);
      const result = await moves.pass(playerOf(ch, game, toMove!), game.id);
      if (result.status === 'ended') return;
    }
    throw new Error('the game did not end');
  }

  /** The platform's notation of a planned move (the plan's are written in varied styles). */
  const written = (ch: Championship, game: Game, i: number) => {
    const replay = replayGame({ tileSet: ch.tileSet, sequence: ch.sequence }, planned.get(game.id)!.slice(0, i + 1));
    if (!replay.ok) throw new Error(replay.code);
    return replay.records[i].notation;
  };

  const plan = (ch: Championship, game: Game) => {
    const line: string[] = [];
    for (let i = 0; i < PLACEMENTS; i++) line.push(placementFor(ch, line, 40 + i));
    planned.set(game.id, line);
    const replay = replayGame({ tileSet: ch.tileSet, sequence: ch.sequence }, line);
    if (!replay.ok) throw new Error(replay.code);
    for (const r of replay.records) for (const w of r.words) words.push([...w.word].map(upperLetter).join(''));
  };

  beforeAll(async () => {
    t = await startTestApp({ clock });
    app = t.app;
    moves = app.get(MovesService);
    reads = app.get(GameReadsService);
    analysis = app.get(GameAnalysisService);
    after = await startChampionship(app, { players: 3, settings: { lexicon: 'analiza' }, domain: 'after.example.org' });
    during = await startChampionship(app, {
      players: 3,
      settings: { lexicon: 'analiza', analysisDuringPlay: true },
      domain: 'during.example.org',
    });
    unlisted = await startChampionship(app, { players: 3, settings: { analysisDuringPlay: true }, domain: 'unlisted.example.org' });
    for (const ch of [after, during]) for (const game of ch.games) plan(ch, game);
    // The list is read at its first use, the first move: written now, it holds every word the planned moves form.
    const dir = join(t.settings.dataDir, 'lexicons');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'analiza.txt'), `${[...new Set(words)].join('\n')}\n`);
  });

  afterAll(async () => {
    await t.close();
  });

  it('refuses the analysis during play where the competition shows it only after the game, and the page has none', async () => {
    const game = after.games[0];
    await place(after, game, 0, PLACEMENTS);
    const refused = await api(after, game, 'red');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('ANALYSIS_AFTER_GAME');
    const page = await (await loginAgent(t, userOf(after, game, 'red').email)).get(`/games/${game.id}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('data-testid="analysis"');
    expect(await t.database.run((m) => m.count(GameAnalysis, { where: { gameId: game.id } }))).toBe(0);
  });

  it('after the game: being prepared until the job runs, then each turn with its best score on the page, the API and the sheet', async () => {
    const game = after.games[0];
    await passToTheEnd(after, game);
    const pending = await api(after, game, 'blue');
    expect(pending.status).toBe(200);
    expect(pending.body).toEqual({ state: 'pending' });
    const red = await loginAgent(t, userOf(after, game, 'red').email);
    expect((await red.get(`/games/${game.id}`)).text).toContain('Analiza se pregătește');

    expect(await analysis.analyseDue()).toBeGreaterThanOrEqual(1);
    const ready = await api(after, game, 'red');
    expect(ready.status).toBe(200);
    expect(ready.body.state).toBe('ready');
    expect(ready.body.final).toBe(true);
    // The model's own replay: each turn's best score is the highest the move generator finds on that board with that rack.
    const line = planned.get(game.id)!;
    const { records } = (() => {
      const r = replayGame({ tileSet: after.tileSet, sequence: after.sequence }, [
        ...line,
        ...Array<string>(ready.body.turns.length - line.length).fill('PAS'),
      ]);
      if (!r.ok) throw new Error(r.code);
      return r;
    })();
    const trie = buildWordTrie(words, getTileSet(after.tileSet));
    let board = emptyBoard();
    expect(ready.body.turns).toHaveLength(records.length);
    records.forEach((record, i) => {
      const turn = ready.body.turns[i];
      const best = Math.max(0, ...generateMoves(board, gcgRackTiles(record.rackBefore, trie.tileSet), trie).map((m) => m.score));
      expect(turn).toMatchObject({ turn: record.n, player: record.player, bestScore: best });
      expect(turn.played).toEqual({ notation: record.notation, score: record.score, found: record.type === 'place' });
      expect(turn.best.length).toBeLessThanOrEqual(5);
      if (turn.best.length) expect(turn.best[0].score).toBe(best);
      board = withTiles(board, record.tiles);
    });

    const page = (await red.get(`/games/${game.id}`)).text;
    expect(page).toContain('data-testid="analysis-turn-1"');
    expect(page).not.toContain('Analiza se pregătește');
    const shown = [...page.matchAll(/data-testid="best-score">(\d+)</g)].map((m) => Number(m[1]));
    expect(shown).toEqual(ready.body.turns.map((turn: { bestScore: number }) => turn.bestScore));
    const arbiter = await loginAgent(t, after.arbiter.email);
    const arbiterPage = await arbiter.get(`/arbiter/games/${game.id}`);
    expect(arbiterPage.status).toBe(200);
    expect(arbiterPage.text).toContain('data-testid="analysis-turn-1"');
    expect((await api(after, game, 'arbiter')).body.state).toBe('ready');

    const sheet = await request(app.getHttpServer())
      .get(`/api/games/${game.id}/sheet?language=en`)
      .set('Authorization', userOf(after, game, 'red').bearer);
    expect(sheet.status).toBe(200);
    expect(sheet.text).toContain('Analysis\n--------');
    if (ready.body.turns[0].best[0]) expect(sheet.text).toContain(ready.body.turns[0].best[0].notation);
  });

  it('answers a stranger to the game as for an unknown game', async () => {
    const game = after.games[0];
    const stranger = [...after.users.values()].find(
      (u) => u.actor.playerId !== game.redPlayerId && u.actor.playerId !== game.bluePlayerId,
    )!;
    const res = await request(app.getHttpServer()).get(`/api/games/${game.id}/analysis`).set('Authorization', stranger.bearer);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('UNKNOWN_GAME');
  });

  it('analyses a game that ended with nobody asking (as after a restart), once', async () => {
    const game = after.games[1];
    await place(after, game, 0, 1);
    await passToTheEnd(after, game);
    expect(await analysis.analyseDue()).toBe(1);
    const row = await t.database.run((m) => m.findOneByOrFail(GameAnalysis, { gameId: game.id }));
    expect(row).toMatchObject({ state: 'ready', final: true });
    expect(row.turns[0].played.notation).toBe(written(after, game, 0));
    // Nothing left to do: a second run analyses nothing.
    expect(await analysis.analyseDue()).toBe(0);
  });

  it('during play where the competition allows it: queued, then shown for the turns played, queued again after a move', async () => {
    const game = during.games[0];
    await place(during, game, 0, 1);
    expect((await api(during, game, 'red')).body).toEqual({ state: 'pending' });
    const blue = await loginAgent(t, userOf(during, game, 'blue').email);
    expect((await blue.get(`/games/${game.id}`)).text).toContain('Analiza se pregătește');
    await analysis.analyseDue();
    const one = await api(during, game, 'blue');
    expect(one.body).toMatchObject({ state: 'ready', final: false });
    expect(one.body.turns).toHaveLength(1);
    expect(one.body.turns[0].played.notation).toBe(written(during, game, 0));
    expect((await blue.get(`/games/${game.id}`)).text).toContain('data-testid="analysis-turn-1"');

    await place(during, game, 1, 2);
    expect((await api(during, game, 'red')).body).toEqual({ state: 'pending' });
    await analysis.analyseDue();
    expect((await api(during, game, 'red')).body.turns).toHaveLength(2);
  });

  it('the worker analyses a game as soon as it ends, nobody asking', async () => {
    const worker = analysis.startWorker();
    // Its first run, at once, is the catch-up: nothing is due now.
    await worker.wake();
    const game = after.games[2];
    await place(after, game, 0, 2);
    await passToTheEnd(after, game);
    const analysed = () => t.database.run((m) => m.findOneBy(GameAnalysis, { gameId: game.id }));
    await until(async () => (await analysed())?.final === true, 'the ended game analysed by the worker');
    expect((await analysed())!.turns.map((turn) => turn.played.notation).slice(0, 2)).toEqual([
      written(after, game, 0),
      written(after, game, 1),
    ]);
    await worker.stop();
  });

  it('says a competition without a word list cannot be analysed', async () => {
    const game = unlisted.games[0];
    await moves.submitMove(playerOf(unlisted, game, 'red'), game.id, { move: placementFor(unlisted, [], 3) });
    const res = await api(unlisted, game, 'red');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('NO_WORD_LIST');
    const page = await (await loginAgent(t, userOf(unlisted, game, 'red').email)).get(`/games/${game.id}`);
    expect(page.text).toContain('data-testid="analysis-no-word-list"');
    expect(page.text).toContain('nu are o listă de cuvinte');
  });
});
