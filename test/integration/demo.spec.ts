import { Case } from '../../src/arbiter/case.entity';
import { Holiday } from '../../src/games/entities/holiday.entity';
import { Competition } from '../../src/competitions/competition.entity';
import { Player } from '../../src/players/player.entity';
import { Dispute } from '../../src/games/entities/dispute.entity';
import { Game } from '../../src/games/entities/game.entity';
import { Move } from '../../src/games/entities/move.entity';
import { Result } from '../../src/games/entities/result.entity';
import { DemoService } from '../../src/demo/demo.service';
import { GameCheckService } from '../../src/games/reads/game-check.service';
import { createUser } from '../support/competitions';
import { startTestApp, TestApp } from '../support/test-app';
import { csrfOf, loginAgent } from '../support/web';
import { TEST_DB } from '../support/test-database';
import { In } from 'typeorm';
import { getTileSet, loadWordList } from '../../src/engine';
import { DEMO_LEXICON, DEMO_WORDS } from '../../src/demo/demo-words';

/** `demo` fills an empty database with a competition a newcomer can look at at once. */
describe(`the demo competition (${TEST_DB})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it("the empty dashboard's button asks once, then makes it (an admin's only)", async () => {
    await createUser(t.app, { email: 'arbiter-only@demo-test.example', roles: ['arbiter'] });
    const arbiter = await loginAgent(t, 'arbiter-only@demo-test.example');
    const page = await arbiter.get('/arbiter').expect(200);
    expect(page.text).not.toContain('action="/arbiter/demo"');
    expect(
      (
        await arbiter
          .post('/arbiter/demo')
          .type('form')
          .send({ _csrf: csrfOf(page.text), confirm: 'yes' })
      ).status,
    ).toBe(403);
    await createUser(t.app, { email: 'admin@demo-test.example', roles: ['admin'] });
    const admin = await loginAgent(t, 'admin@demo-test.example');
    const dashboard = await admin.get('/arbiter').expect(200);
    expect(dashboard.text).toContain('action="/arbiter/demo"');
    const unconfirmed = await admin
      .post('/arbiter/demo')
      .type('form')
      .send({ _csrf: csrfOf(dashboard.text) });
    expect(unconfirmed.status).toBe(422);
    expect(await t.database.run((m) => m.count(Competition))).toBe(0);
    const made = await admin
      .post('/arbiter/demo')
      .type('form')
      .send({ _csrf: csrfOf(dashboard.text), confirm: 'yes' });
    expect(made.status).toBe(303);
    expect(made.headers.location).toMatch(/^\/arbiter\/competitions\/[0-9a-f-]{36}\?done=demo$/);
    expect(await t.database.run((m) => m.count(Competition))).toBe(1);
  });

  it('has six Romanian players, games at different stages, a dispute on two lines, a holiday and a result to homologate, and login links', async () => {
    const demo = await t.app.get(DemoService).fill({ force: true });
    const count = <T extends object>(entity: new () => T, where: object = {}) => t.database.run((m) => m.countBy(entity, where as never));
    expect(await count(Competition)).toBe(2);
    const names = (await t.database.run((m) => m.find(Player))).map((p) => p.name);
    // The same six people in both: known by their addresses, registered again.
    expect(names).toHaveLength(6);
    expect(names).toContain('Rădulescu Ștefania');
    expect(demo.games).toBe(await count(Game, { competitionId: demo.competitionId }));
    // Stages: some games with moves, some without, one over.
    const games = await t.database.run((m) => m.find(Game, { where: { competitionId: demo.competitionId } }));
    const moves = await Promise.all(games.map((g) => count(Move, { gameId: g.id })));
    expect(new Set(moves.map((n) => (n === 0 ? 'none' : n < 5 ? 'few' : 'many')))).toEqual(new Set(['none', 'few', 'many']));
    expect(games.filter((g) => g.status === 'ended')).toHaveLength(1);
    const disputes = await t.database.run((m) => m.find(Dispute, { where: { status: 'appealed' } }));
    const disputed = disputes.find((d) => games.some((g) => g.id === d.gameId))!;
    expect(disputes).toHaveLength(2);
    expect((await t.database.run((m) => m.findOneByOrFail(Game, { id: disputed.gameId }))).state.lines).toHaveLength(2);
    expect(await count(Holiday)).toBe(2);
    expect(await count(Result, { status: 'proposed' })).toBe(2);
    expect(await count(Case, { kind: 'result', status: 'open', competitionId: demo.competitionId })).toBe(1);
    expect(demo.logins.map((l) => l.who)).toEqual(['arbiter', 'Popescu Ana', 'Ionescu Mihai']);
    for (const l of demo.logins) expect(l.url).toMatch(/\/login\/[A-Za-z0-9_-]{43}$/);
    // Real Romanian words: every word of every move is in the demo's list, the competition's own,
    // so none is flagged, and the arbiter's word check finds the contested one.
    const competition = await t.database.run((m) => m.findOneByOrFail(Competition, { id: demo.competitionId }));
    expect(competition.lexicon).toBe(DEMO_LEXICON);
    const played = await t.database.run((m) => m.find(Move, { where: { gameId: In(games.map((g) => g.id)) } }));
    const list = loadWordList(DEMO_WORDS.join('\n'), getTileSet('ro'));
    expect(played.length).toBeGreaterThan(15);
    expect(played.flatMap((mv) => mv.words.map((w) => w.word)).filter((w) => !list.has(w))).toEqual([]);
    expect(played.flatMap((mv) => mv.unknownWords)).toEqual([]);
    const admin = await loginAgent(t, 'admin@demo-test.example');
    const contested = disputed.words[0];
    const check = await admin.get(`/arbiter/competitions/${demo.competitionId}?word=${encodeURIComponent(contested)}`).expect(200);
    expect(check.text).toContain(`este în lista ${DEMO_LEXICON}`);
    // Its result waits in the players' window: the batch page lists it, says why it is skipped,
    // and offers no act that would homologate nothing.
    const batch = await admin.get(`/arbiter/competitions/${demo.competitionId}/homologation/batch`).expect(200);
    expect(batch.text).toMatch(/name="game" value="[0-9a-f-]{36}"/);
    expect(batch.text).toContain('data-testid="batch-none-ready"');
    expect(batch.text).not.toContain('id="batch-confirm"');
    // Every game replays to what it stores.
    const replayed = await t.app.get(GameCheckService).check();
    expect(replayed.problems ?? []).toEqual([]);
  });

  it('refuses a database that already has a competition, and changes nothing', async () => {
    await expect(t.app.get(DemoService).fill()).rejects.toMatchObject({ code: 'DEMO_NOT_EMPTY' });
    expect(await t.database.run((m) => m.count(Competition))).toBe(2);
  });
});
