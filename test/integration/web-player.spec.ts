// The players' pages over HTTP (docs/web.md, Player pages), on both databases: pages render for a logged-in
// player, another player's game is refused by URL and by POST, a move through the form is
// applied once, a bad notation re-renders with the rules core's message and changes nothing,
// the live preview answers JSON, settings are saved, and the calendar feed is served.
import request from 'supertest';
import type { INestApplication } from '@nestjs/common';
import { ManualClock } from '../../src/common/clock';
import { Player } from '../../src/players/player.entity';
import { applyMove } from '../../src/engine';
import { Game } from '../../src/games/entities/game.entity';
import { GameReadsService } from '../../src/games/reads/game-reads.service';
import { Move } from '../../src/games/entities/move.entity';
import { calendarToken } from '../../src/web/player/calendar-feed';
import { modelState, placementFor, startChampionship, userOf, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { csrfOf, loginAgent, type Agent } from '../support/web';
import { TEST_DB } from '../support/test-database';

describe(`player pages (${TEST_DB})`, () => {
  let t: TestApp;
  let app: INestApplication;
  let ch: Championship;
  let game: Game;
  let red: Agent;
  let blue: Agent;
  let outsider: Agent;
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  const moveCount = (gameId: string) => t.database.run((m) => m.count(Move, { where: { gameId } }));

  beforeAll(async () => {
    t = await startTestApp({ clock });
    app = t.app;
    ch = await startChampionship(app, { players: 4 });
    game = ch.games[0];
    const stranger = [...ch.users.values()].find((u) => u.actor.playerId !== game.redPlayerId && u.actor.playerId !== game.bluePlayerId)!;
    red = await loginAgent(t, userOf(ch, game, 'red').email);
    blue = await loginAgent(t, userOf(ch, game, 'blue').email);
    outsider = await loginAgent(t, stranger.email);
  });

  afterAll(async () => {
    await t.close();
  });

  it('sends a visitor to the login page', async () => {
    const res = await request(app.getHttpServer()).get(`/games/${game.id}`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(/^\/login\?next=/);
  });

  it('lists my games, most urgent first, with days and the deadline', async () => {
    const res = await red.get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain(`href="/games/${game.id}"`);
    expect(res.text).toContain('Mutarea dumneavoastră');
    // docs/rules.md §5: from the start on 1 February, 50 days run out after 24 March.
    expect(res.text).toContain('<time datetime="2027-03-24">24.03.2027</time>');
    // Three games each in a group of four: every one listed.
    expect(res.text.match(/href="\/games\//g)).toHaveLength(3);
  });

  it('shows the game page: the board as a table, my rack, the sequence, the move table, both clocks', async () => {
    const res = await red.get(`/games/${game.id}`);
    expect(res.status).toBe(200);
    const html = res.text;
    expect(html.match(/<td class="sq/g)).toHaveLength(225);
    expect(html).toContain('data-coord="h8"');
    expect(html).toContain('<th scope="row">o</th>');
    expect(html).toContain('<th scope="col">15</th>');
    const rack = modelState(ch, []).racks.red.map((t) => t.letter);
    const shown = [...html.matchAll(/class="rack-tile[^"]*" data-letter="([^"]+)"/g)].map((m) => m[1]);
    expect(shown).toEqual(rack);
    expect(html.match(/<td class="seq/g)).toHaveLength(100);
    expect(html.match(/<td class="seq red/g)).toHaveLength(7);
    expect(html.match(/<td class="seq blue/g)).toHaveLength(7);
    expect(html).toContain('id="move-form"');
    expect(html).toContain('class="clock red running"');
    expect(html).toContain('/assets/game.js');
  });

  it('refuses another player’s game by URL and by POST, and changes nothing', async () => {
    // To an outsider the game does not exist (404), as docs/web.md says.
    const page = await outsider.get(`/games/${game.id}`);
    expect(page.status).toBe(404);
    expect(page.text).not.toContain('id="move-form"');
    const preview = await outsider.get(`/games/${game.id}/preview`).query({ notation: 'h8 CASA' });
    expect(preview.status).toBe(404);
    const home = await outsider.get('/');
    const before = await moveCount(game.id);
    const res = await outsider
      .post(`/games/${game.id}/move`)
      .type('form')
      .send({ _csrf: csrfOf(home.text), move: placementFor(ch, [], 1) });
    expect(res.status).toBe(404);
    // Every other action of the page, too: refused, nothing changed.
    for (const [path, form] of [
      ['pass', {}],
      ['contest', { words: 'AB', reply: 'h8 AB' }],
      ['offers', { kind: 'draw' }],
      ['holiday', { from: '2027-03-01', to: '2027-03-10' }],
      ['long-thinking', { days: '12' }],
      ['claim', {}],
      ['abandon', { confirm: 'yes' }],
    ] as const) {
      const refused = await outsider
        .post(`/games/${game.id}/${path}`)
        .type('form')
        .send({ _csrf: csrfOf(home.text), ...form });
      expect([path, refused.status]).toEqual([path, 404]);
    }
    const abandonPage = await outsider.get(`/games/${game.id}/abandon`);
    expect(abandonPage.status).toBe(404);
    const stored = await t.database.run((m) => m.findOneByOrFail(Game, { id: game.id }));
    expect(stored.status).toBe('playing');
    expect(await moveCount(game.id)).toBe(before);
    const unknown = await red.get('/games/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
  });

  it('answers the live preview with the rules core’s words and score, or its refusal in the user’s language', async () => {
    const move = placementFor(ch, [], 11);
    const expected = applyMove(modelState(ch, []), move);
    if (!expected.ok) throw new Error(expected.code);
    const ok = await red.get(`/games/${game.id}/preview`).query({ notation: move });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      ok: true,
      score: expected.record.score,
      recorded: expected.record.recorded,
      notation: expected.record.notation,
    });
    expect(ok.body.words.map((w: { word: string }) => w.word)).toEqual(expected.record.words.map((w) => w.word));
    // This competition names no word list, and the preview says words are not checked.
    expect(ok.body.wordCheck).toEqual({ list: false, words: [] });
    expect(ok.body.wordLines).toEqual(['Competiția nu are o listă de cuvinte: cuvintele nu sunt verificate.']);
    const bad = await red.get(`/games/${game.id}/preview`).query({ notation: 'a1 AB' });
    const wrong = applyMove(modelState(ch, []), 'a1 AB');
    if (wrong.ok) throw new Error('a1 AB should be refused');
    expect(bad.body).toEqual({ ok: false, code: wrong.code, message: wrong.message.ro });
    const garbled = await red.get(`/games/${game.id}/preview`).query({ notation: 'not a move' });
    expect(garbled.body).toMatchObject({ ok: false, code: 'BAD_NOTATION' });
  });

  it('re-renders a bad notation with the engine’s message (422) and changes nothing', async () => {
    const page = await red.get(`/games/${game.id}`);
    const before = await moveCount(game.id);
    const res = await red
      .post(`/games/${game.id}/move`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), move: 'a1 AB', idempotencyKey: 'bad-1', expectedTurn: '1' });
    expect(res.status).toBe(422);
    const refused = applyMove(modelState(ch, []), 'a1 AB');
    expect(refused.ok).toBe(false);
    expect(res.text).toContain('role="alert"');
    if (!refused.ok) expect(res.text).toContain(refused.message.ro.replace(/"/g, '&quot;').replace(/'/g, '&#x27;'));
    expect(res.text).toContain('value="a1 AB"');
    expect(await moveCount(game.id)).toBe(before);
  });

  it('applies a move sent through the form once, however often the form is sent', async () => {
    const page = await red.get(`/games/${game.id}`);
    const formKey = /name="idempotencyKey" value="([^"]+)"/.exec(page.text)![1];
    const move = placementFor(ch, [], 3);
    const form = { _csrf: csrfOf(page.text), move, idempotencyKey: formKey, expectedTurn: '1' };
    const first = await red.post(`/games/${game.id}/move`).type('form').send(form);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe(`/games/${game.id}?done=move`);
    const again = await red.post(`/games/${game.id}/move`).type('form').send(form);
    expect(again.status).toBe(303);
    expect(await moveCount(game.id)).toBe(1);
    const after = await red.get(first.headers.location);
    expect(after.text).toContain('Mutarea a fost înregistrată.');
    expect(after.text).not.toContain('id="move-form"');
    // BLUE now has the move form, and the partner's move to contest.
    const theirs = await blue.get(`/games/${game.id}`);
    expect(theirs.text).toContain('id="move-form"');
    expect(theirs.text).toContain('class="contest-form"');
    const replayed = applyMove(modelState(ch, []), move);
    if (!replayed.ok) throw new Error(replayed.code);
    expect(theirs.text).toContain(`${replayed.record.words[0].coord}: ${replayed.record.words[0].word}`);
  });

  it('shows a refusal of the rules in words: a long-thinking notice out of range', async () => {
    const page = await blue.get(`/games/${game.id}`);
    const res = await blue
      .post(`/games/${game.id}/long-thinking`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), days: '5' });
    expect(res.status).toBe(422);
    expect(res.text).toContain('role="alert"');
    // In BLUE's language (player 4 of the import reads English): the service's own words.
    expect(res.text).toMatch(
      /Anunțul de gândire îndelungată este pentru mai mult de 10 zile|A long-thinking notice is for more than 10 days/,
    );
  });

  it('shows a holiday refusal in words and keeps the dates typed', async () => {
    const page = await blue.get(`/games/${game.id}`);
    const res = await blue
      .post(`/games/${game.id}/holiday`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), from: '2027-03-10', to: '2027-03-01', confirm: 'yes' });
    expect(res.status).toBe(422);
    expect(res.text).toMatch(/<div class="flash error" role="alert" id="form-error">[^<]+<\/div>/);
    expect(res.text).toContain('value="2027-03-10"');
  });

  it('asks before abandoning: without the confirmation nothing happens', async () => {
    const page = await blue.get(`/games/${game.id}/abandon`);
    expect(page.status).toBe(200);
    const res = await blue
      .post(`/games/${game.id}/abandon`)
      .type('form')
      .send({ _csrf: csrfOf(page.text) });
    expect(res.status).toBe(422);
    const stored = await t.database.run((m) => m.findOneByOrFail(Game, { id: game.id }));
    expect(stored.status).toBe('playing');
  });

  it('asks before passing: without the ticked box the pass is refused and nothing changes', async () => {
    const view = await app.get(GameReadsService).view({ kind: 'system' }, game.id);
    const mover = view.toMove === 'blue' ? blue : red;
    const page = await mover.get(`/games/${game.id}`);
    expect(page.text).toContain('name="confirm" value="yes" required id="pass-confirm"');
    const before = await moveCount(game.id);
    const res = await mover
      .post(`/games/${game.id}/pass`)
      .type('form')
      .send({ _csrf: csrfOf(page.text) });
    expect(res.status).toBe(422);
    expect(res.text).toMatch(/Bifați căsuța de confirmare|Tick the confirmation box/);
    expect(await moveCount(game.id)).toBe(before);
  });

  it('contests a word with the provisional reply, then shows both lines once the partner appeals', async () => {
    // BLUE's move here: RED's move stands in `kept`; BLUE contests its main word with a reply.
    const kept = [...(await t.database.run((m) => m.find(Move, { where: { gameId: game.id }, order: { number: 'ASC' } })))].map(
      (m) => m.notation,
    );
    const last = applyMove(modelState(ch, kept.slice(0, -1)), kept.at(-1)!);
    if (!last.ok) throw new Error(last.code);
    const reply = placementFor(ch, kept, 21);
    const page = await blue.get(`/games/${game.id}`);
    const res = await blue
      .post(`/games/${game.id}/contest`)
      .type('form')
      .send({
        _csrf: csrfOf(page.text),
        words: last.record.words[0].word,
        reply,
        idempotencyKey: 'contest-1',
        confirm: 'yes',
        expectedTurn: /name="expectedTurn" value="(\d+)"/.exec(page.text)![1],
      });
    expect(res.status).toBe(303);
    const answer = await red.get(`/games/${game.id}`);
    expect(answer.text).toContain('class="admit-form"');
    expect(answer.text).toContain('class="appeal-form"');
    const appealed = await red
      .post(`/games/${game.id}/contest/appeal`)
      .type('form')
      .send({ _csrf: csrfOf(answer.text), idempotencyKey: 'appeal-1', confirm: 'yes' });
    expect(appealed.status).toBe(303);
    const two = await red.get(`/games/${game.id}`);
    expect(two.text.match(/<table class="board"/g)).toHaveLength(2);
    expect(two.text).toContain('name="lines[A]"');
    expect(two.text).toContain('name="lines[B]"');
    expect(two.text.match(/<table class="moves">/g)).toHaveLength(2);
    // The partner sees both lines too, and nothing to play.
    const theirs = await blue.get(`/games/${game.id}`);
    expect(theirs.text.match(/<table class="board"/g)).toHaveLength(2);
    expect(theirs.text).not.toContain('id="move-form"');
  });

  it('offers a draw and the partner accepts it: the game ends 1 / 1', async () => {
    const other = ch.games[1];
    const a = await loginAgent(t, userOf(ch, other, 'red').email);
    const b = await loginAgent(t, userOf(ch, other, 'blue').email);
    const page = await a.get(`/games/${other.id}`);
    const offered = await a
      .post(`/games/${other.id}/offers`)
      .type('form')
      .send({ _csrf: csrfOf(page.text), kind: 'draw', idempotencyKey: 'offer-1' });
    expect(offered.status).toBe(303);
    const theirs = await b.get(`/games/${other.id}`);
    const accept = /action="(\/games\/[^"]+\/offers\/[^"]+\/accept)"/.exec(theirs.text);
    expect(accept).not.toBeNull();
    const accepted = await b
      .post(accept![1])
      .type('form')
      .send({ _csrf: csrfOf(theirs.text), confirm: 'yes' });
    expect(accepted.status).toBe(303);
    const stored = await t.database.run((m) => m.findOneByOrFail(Game, { id: other.id }));
    expect(stored.status).toBe('ended');
    const ended = await b.get(`/games/${other.id}`);
    // Four decimals, with the reader's decimal mark.
    expect(ended.text).toMatch(/coeficienți 1,0000 \/ 1,0000|coefficients 1\.0000 \/ 1\.0000/);
    expect(ended.text).toMatch(/remiză convenită|draw agreed/);
    // docs/rules.md §7: each player confirms the final sheet (or objects) on the page.
    expect(ended.text).toContain('class="confirm-form"');
    const confirmed = await b
      .post(`/games/${other.id}/result/confirm`)
      .type('form')
      .send({ _csrf: csrfOf(ended.text) });
    expect(confirmed.status).toBe(303);
    expect((await b.get(`/games/${other.id}`)).text).not.toContain('class="confirm-form"');
    const page2 = await a.get(`/games/${other.id}`);
    const objection = await a
      .post(`/games/${other.id}/result/objection`)
      .type('form')
      .send({ _csrf: csrfOf(page2.text), text: '', confirm: 'yes' });
    expect(objection.status).toBe(422);
    expect(ended.text).not.toContain('id="move-form"');
  });

  it('saves the language and the mail choice', async () => {
    const page = await red.get('/settings');
    expect(page.status).toBe(200);
    expect(page.text).toContain(userOf(ch, game, 'red').email);
    const token = calendarToken(t.settings.secret, userOf(ch, game, 'red').id);
    expect(page.text).toContain(`/calendar/${token}.ics`);
    const res = await red
      .post('/settings')
      .type('form')
      .send({ _csrf: csrfOf(page.text), language: 'en', mail: 'digest' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/settings?done=saved');
    const player = await t.database.run((m) => m.findOneByOrFail(Player, { id: game.redPlayerId }));
    expect(player).toMatchObject({ language: 'en', mailDigest: true });
    const english = await red.get(`/games/${game.id}`);
    expect(english.text).toContain('Send the move');
    const back = await red.get('/settings?done=saved');
    expect(back.text).toContain('Settings saved.');
    await red
      .post('/settings')
      .type('form')
      .send({ _csrf: csrfOf(back.text), language: 'ro', mail: 'event' });
    const again = await t.database.run((m) => m.findOneByOrFail(Player, { id: game.redPlayerId }));
    expect(again).toMatchObject({ language: 'ro', mailDigest: false });
  });

  it('serves the deadlines calendar for the secret token only', async () => {
    // RED owes the moves of both lines: the game's deadline is in RED's calendar.
    const user = userOf(ch, game, 'red');
    const res = await request(app.getHttpServer()).get(`/calendar/${calendarToken(t.settings.secret, user.id)}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/calendar/);
    expect(res.text).toContain('BEGIN:VCALENDAR');
    expect(res.text).toContain(`UID:${game.id}-thinking-time@corr-scrabble`);
    const forged = await request(app.getHttpServer()).get(`/calendar/${user.id}.0123456789abcdef0123456789abcdef.ics`);
    expect(forged.status).toBe(404);
  });
});
