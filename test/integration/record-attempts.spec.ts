import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { App } from 'supertest/types';
import { ManualClock } from '../../src/common/clock';
import { LOST_TURN, type MoveInput } from '../../src/engine';
import { seededRandom } from '../../src/engine/testing/random-game';
import { sequenceFromSeed } from '../../src/records/core/record-sequence';
import { playSolo, replaySolo, startSolo } from '../../src/records/core/solo-game';
import { randomSoloMove } from '../../src/records/core/testing';
import { RecordTurn } from '../../src/records/record-turn.entity';
import { htmlProblems } from '../../src/common/testing/visible-text';
import { createUser, type TestUser } from '../support/competitions';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent } from '../support/web';

/**
 * A record attempt in a one-player game (docs/rules.md §14) from its announcement to the public
 * records page: moves, a check that fails and one that takes the move back, the end by passes,
 * the committee's protocol; refusals typed, never a 500; nobody acting as someone else.
 */
describe(`record attempts (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  const clock = new ManualClock('2027-03-01T09:00:00Z');
  let arbiter: TestUser;
  let player: TestUser;
  let a: TestUser;
  let b: TestUser;
  let stranger: TestUser;
  let id: string;
  const SEED = 'PFS rekord 2027';
  const played: MoveInput[] = [];

  beforeAll(async () => {
    t = await startTestApp({ clock });
    http = t.app.getHttpServer();
    arbiter = await createUser(t.app, { email: 'sedzia@pfs.example', roles: ['arbiter'], name: 'Sędzia Główny' });
    player = await createUser(t.app, { email: 'gracz@pfs.example', roles: ['player'], name: 'Jan Rekordzista' });
    a = await createUser(t.app, { email: 'komisja.a@pfs.example', roles: ['player'], name: 'Anna Komisja' });
    b = await createUser(t.app, { email: 'komisja.b@pfs.example', roles: ['arbiter'], name: 'Bogdan Komisja' });
    stranger = await createUser(t.app, { email: 'kibic@pfs.example', roles: ['player'], name: 'Kibic' });
  });

  afterAll(async () => {
    await t.close();
  });

  const post = (path: string, who: TestUser, body: object) => request(http).post(path).set('Authorization', who.bearer).send(body);
  const act = (who: TestUser, body: object) => post(`/api/records/attempts/${id}/actions`, who, body);
  const view = async () => (await request(http).get(`/api/records/attempts/${id}`).set('Authorization', stranger.bearer)).body;
  const tick = () => clock.advance({ minutes: 1 });
  const solo = () => replaySolo(startSolo('pl', sequenceFromSeed('pl', SEED)), played).state;

  it('announces an attempt two weeks ahead with its committee, word list and seeded sequence; refuses bad ones (400/403)', async () => {
    // The official list: the words of the first two moves below, none of a random third.
    mkdirSync(join(t.settings.dataDir, 'lexicons'), { recursive: true });
    const first = playSolo(solo(), 'h8 ' + firstWord());
    if (!first.ok) throw new Error(first.code);
    writeFileSync(join(t.settings.dataDir, 'lexicons', 'osps-rekord.txt'), first.record.words.map((w) => w.word).join('\n'));
    const body = {
      player: 'gracz@pfs.example',
      plannedDay: '2027-03-15',
      committeeA: 'komisja.a@pfs.example',
      committeeB: 'komisja.b@pfs.example',
      lexicon: 'osps-rekord',
      seed: SEED,
      feePaid: true,
      adultOrConsent: true,
      recordToBeat: 0,
    };
    const early = await post('/api/records/attempts', arbiter, { ...body, plannedDay: '2027-03-14' });
    expect([early.status, early.body.error.code]).toEqual([400, 'BAD_ANNOUNCEMENT']);
    expect(early.body.error.messages.pl).toContain('dwa tygodnie');
    expect((await post('/api/records/attempts', arbiter, { ...body, committeeB: 'gracz@pfs.example' })).status).toBe(400);
    expect((await post('/api/records/attempts', arbiter, { ...body, lexicon: 'nope' })).status).toBe(400);
    expect((await post('/api/records/attempts', arbiter, { ...body, seed: '' })).body.error.code).toBe('BAD_SEQUENCE');
    expect((await post('/api/records/attempts', player, body)).status).toBe(403);
    const made = await post('/api/records/attempts', arbiter, body);
    expect(made.status).toBe(201);
    id = made.body.id;
    const v = await view();
    expect(v).toMatchObject({ status: 'announced', rack: '', sequence: null, seed: null, player: { name: 'Jan Rekordzista' } });
    expect(v.sequenceHash).toMatch(/^[0-9a-f]{64}$/);
  });

  /** The first seven tiles hold a word for h8 in this sequence: the test's lexicon is built from it. */
  function firstWord(): string {
    const rack = solo().rack.map((x) => x.letter);
    for (let n = 7; n >= 2; n--) {
      const word = rack.slice(0, n).join('');
      if (!word.includes('?') && playSolo(solo(), `h8 ${word}`).ok) return word;
    }
    throw new Error('no opening');
  }

  it('starts once the player accepted the regulation and the day came; only the committee starts, only the player plays', async () => {
    expect((await act(player, { action: 'accept-regulation' })).body.error.code).toBe('NOT_CONFIRMED');
    expect((await act(a, { action: 'accept-regulation', confirm: true })).status).toBe(403);
    expect((await act(player, { action: 'accept-regulation', confirm: true })).status).toBe(200);
    expect((await act(a, { action: 'start' })).body.error.code).toBe('NOT_NOW');
    clock.set(new Date('2027-03-15T09:00:00Z'));
    expect((await act(player, { action: 'start' })).status).toBe(403);
    expect((await act(a, { action: 'start' })).status).toBe(200);
    expect((await act(stranger, { action: 'move', move: 'h8 X' })).body.error.code).toBe('NOT_THE_PLAYER');
    expect((await act(b, { action: 'move', move: 'h8 X' })).status).toBe(403);
    expect((await act(player, { action: 'fly' })).body.error.code).toBe('BAD_COMMAND');
    expect((await act(player, { action: 'move', move: 'a1 ZZZ' })).status).toBe(400);
    expect(
      (
        await request(http)
          .post('/api/records/attempts/not-an-id/actions')
          .set('Authorization', player.bearer)
          .send({ action: 'pass', confirm: true })
      ).status,
    ).toBe(404);
  });

  it('records a move once under a repeated key; a check of words in the list fails and the move stands', async () => {
    tick();
    const move = `h8 ${firstWord()}`;
    const once = await act(player, { action: 'move', move, idempotencyKey: 'k-1' });
    expect(once.status).toBe(200);
    const again = await act(player, { action: 'move', move, idempotencyKey: 'k-1' });
    expect(again.body).toEqual(once.body);
    played.push(move);
    expect((await act(player, { action: 'pass', confirm: true })).body.error.code).toBe('NOT_NOW');
    const v = await view();
    expect(v.turns).toHaveLength(1);
    expect(v.pending).toMatchObject({ n: 1, status: 'pending' });
    expect(v.usedMs).toBe(60_000);
    expect((await act(player, { action: 'challenge', words: [v.pending.words[0].word], confirm: true })).status).toBe(403);
    const check = await act(a, { action: 'challenge', words: v.pending.words.map((w: { word: string }) => w.word), confirm: true });
    expect(check.status).toBe(200);
    expect(check.body.verdict).toMatchObject({ successful: false });
    expect(check.body.verdict.pl).toContain('Ruch zostaje zapisany');
    expect((await act(b, { action: 'challenge', words: ['X'], confirm: true })).body.error.code).toBe('NOT_NOW');
    expect(await view()).toMatchObject({
      clockRunning: true,
      pending: null,
      turns: [{ status: 'recorded', challengeWords: expect.any(Array) }],
    });
  });

  it('takes back a move whose word is not in the list, through the committee web form, as a lost turn [P 4.8]', async () => {
    tick();
    const random = seededRandom(7);
    let move = randomSoloMove(solo(), random, 0);
    while (move === 'PAS') move = randomSoloMove(solo(), random, 0);
    const before = solo();
    expect((await act(player, { action: 'move', move })).status).toBe(200);
    const pending = (await view()).pending;
    const agent = await loginAgent(t, 'komisja.b@pfs.example');
    const page = await agent.get(`/records/attempts/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('name="words"');
    const unconfirmed = await agent
      .post(`/records/attempts/${id}`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), action: 'challenge', words: pending.words[0].word });
    expect(unconfirmed.status).toBe(422);
    const done = await agent
      .post(`/records/attempts/${id}`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), action: 'challenge', words: pending.words[0].word, confirm: 'yes', idempotencyKey: 'form-1' });
    expect([done.status, done.headers.location]).toEqual([303, `/records/attempts/${id}?done=challenge`]);
    played.push(LOST_TURN);
    const v = await view();
    expect(v.turns[1]).toMatchObject({ status: 'withdrawn', score: 0, total: before.total });
    expect(v.rack).toBe(before.rack.map((x) => x.letter).join(''));
    expect(v.tilesLeft).toBe(before.sequence.length - before.next);
    expect(v.clockRunning).toBe(true);
  });

  it('ends by two passes [P 6.1.1], deducts the rack [P 5.1.4], shows the sequence, and closes with both signatures', async () => {
    for (const key of ['p-1', 'p-2']) {
      tick();
      expect((await act(player, { action: 'pass', confirm: true, idempotencyKey: key })).status).toBe(200);
      expect((await act(a, { action: 'release' })).status).toBe(200);
      played.push({ kind: 'pass' });
    }
    const state = solo();
    const ended = await view();
    expect(ended).toMatchObject({
      status: 'finished',
      endReason: 'passes',
      clockRunning: false,
      seed: SEED,
      sequence: state.sequence.join(''),
    });
    expect(ended.finalScore).toBe(ended.total - ended.rackDeduction);
    expect(ended.rackDeduction).toBeGreaterThan(0);
    expect((await act(player, { action: 'sign', regular: 'yes', confirm: true })).status).toBe(403);
    expect((await act(a, { action: 'sign', regular: 'yes' })).body.error.code).toBe('NOT_CONFIRMED');
    expect((await act(a, { action: 'sign', regular: 'yes', remarks: 'Bez uwag.', confirm: true })).body).toMatchObject({
      status: 'finished',
    });
    expect((await act(a, { action: 'sign', regular: 'yes', confirm: true })).body.error.code).toBe('NOT_NOW');
    const closed = await act(b, { action: 'sign', regular: true, confirm: true });
    expect(closed.body).toMatchObject({ status: 'closed', succeeded: ended.finalScore > 0 });
    expect(await t.database.run((m) => m.count(RecordTurn, { where: { attemptId: id } }))).toBe(4);
  });

  it('shows the record on the public records page and the full record on the attempt page, to visitors too', async () => {
    const visitor = request.agent(http);
    const records = await visitor.get('/records');
    expect(records.status).toBe(200);
    expect(records.text).toContain('Jan Rekordzista');
    expect(records.text).toContain(String((await view()).finalScore));
    const page = await visitor.get(`/records/attempts/${id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Bez uwag.');
    expect(page.text).not.toContain('name="words"');
    expect((await visitor.get('/records/attempts/00000000-0000-4000-8000-000000000001')).status).toBe(404);
    // What a person reads there, in each language of the pages: no raw code, no other language's words.
    const names = ['Jan Rekordzista', 'Anna Komisja', 'Bogdan Komisja'];
    const problems: string[] = [];
    for (const lang of ['ro', 'en']) {
      for (const path of ['/records', `/records/attempts/${id}`]) {
        const res = await request(http).get(path).set('Cookie', `cs_lang=${lang}`);
        problems.push(...htmlProblems(path, lang, res.text, names));
      }
    }
    expect(problems).toEqual([]);
  });
});
