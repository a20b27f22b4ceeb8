// A move's note is written for the partner (docs/features.md, A note with a move): its writer, the
// partner and the game's arbiter read it, nobody else (docs/web.md "Security model"). Each
// player writes notes on several moves, the game ends, and every output anyone else may reach —
// the published sheet (HTML, PDF, both languages), the GCG, the competition's public page, the
// game's API and pages, the mail of other players — is walked for them.
import request from 'supertest';
import type { App } from 'supertest/types';
import { ManualClock } from '../../src/common/clock';
import type { Color } from '../../src/engine';
import type { Game } from '../../src/games/entities/game.entity';
import { MovesService } from '../../src/games/actions/moves.service';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { placementFor, playerOf, startChampionship, userOf, type Championship } from '../support/games';
import { hangAfter } from '../support/hang';
import { pdfTextLines } from '../support/pdf-text';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { loginAgent, type Agent } from '../support/web';

/** Each note carries its writer's mark: nothing outside the audience may show either. */
const RED_NOTES = ['Rosu-RZQ7 prima mea idee', 'Rosu-RZQ7 a treia, tot a mea', 'Rosu-RZQ7 pas cu gand'];
const BLUE_NOTES = ['Albastru-BZQ4 raspuns doi', 'Albastru-BZQ4 patru, secret'];
const MARKS = ['RZQ7', 'BZQ4'];

function binary(res: request.Response, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

describe(`a move's note stays with its writer, the partner and the arbiter (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  let ch: Championship;
  let game: Game;
  /** A player of the same competition who does not play this game. */
  let entered: { agent: Agent; bearer: string };
  /** A player of another competition. */
  let outsider: { agent: Agent; bearer: string };
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ clock });
    http = t.app.getHttpServer();
    ch = await startChampionship(t.app, { players: 4, domain: 'private-notes.example.org' });
    const other = await startChampionship(t.app, { players: 2, domain: 'other-notes.example.org' });
    game = ch.games[0];
    const moves = t.app.get(MovesService);
    const as = (color: Color) => playerOf(ch, game, color);
    // RED, BLUE, RED, BLUE place, each with a note; then six passes end the game (docs/rules.md §4), RED's first with a note.
    const played: string[] = [];
    const notes = { red: [...RED_NOTES], blue: [...BLUE_NOTES] };
    for (const [i, color] of (['red', 'blue', 'red', 'blue'] as const).entries()) {
      clock.set(`2027-02-0${2 + i}T09:00:00Z`);
      const move = placementFor(ch, played, 20 + i);
      await moves.submitMove(as(color), game.id, { move, note: notes[color].shift()! });
      played.push(move);
    }
    clock.set('2027-02-08T09:00:00Z');
    for (const color of ['red', 'blue', 'red', 'blue', 'red', 'blue'] as const)
      await moves.pass(as(color), game.id, color === 'red' && notes.red.length ? { note: notes.red.shift()! } : {});
    const lone = ch.games.find((g) => ![g.redPlayerId, g.bluePlayerId].some((p) => p === game.redPlayerId || p === game.bluePlayerId))!;
    entered = { agent: await loginAgent(t, userOf(ch, lone, 'red').email), bearer: userOf(ch, lone, 'red').bearer };
    const far = userOf(other, other.games[0], 'red');
    outsider = { agent: await loginAgent(t, far.email), bearer: far.bearer };
  }, hangAfter(240_000));

  afterAll(async () => {
    await t.close();
  });

  const noNote = (what: string, text: string) => {
    for (const mark of MARKS) expect({ what, has: text.includes(mark) }).toEqual({ what, has: false });
  };
  const api = (path: string, bearer?: string) => {
    const r = request(http).get(`/api/games/${game.id}${path}`);
    return bearer ? r.set('Authorization', bearer) : r;
  };
  const pdfOf = async (r: request.Test) => {
    const res = await r.buffer(true).parse(binary);
    expect(res.status).toBe(200);
    return pdfTextLines(res.body as Buffer).join('\n');
  };

  it('the game ended, and its writer, the partner and the arbiter read every note (the audience is real)', async () => {
    const seen = await api('', userOf(ch, game, 'blue').bearer);
    expect(seen.body.status).toBe('ended');
    for (const who of [userOf(ch, game, 'red'), userOf(ch, game, 'blue'), ch.arbiter]) {
      const view = await api('', who.bearer);
      expect(view.status).toBe(200);
      const notes = (view.body.moves as { note?: string | null }[]).map((m) => m.note).filter(Boolean);
      expect(notes.sort()).toEqual([...RED_NOTES, ...BLUE_NOTES].sort());
      const sheet = await api('/sheet?language=ro', who.bearer);
      for (const note of [...RED_NOTES, ...BLUE_NOTES]) expect(sheet.text).toContain(note);
    }
    // The partner's game page shows the writer's notes.
    const page = (await (await loginAgent(t, userOf(ch, game, 'blue').email)).get(`/games/${game.id}`).expect(200)).text;
    for (const note of RED_NOTES) expect(page).toContain(note);
  });

  it('the published sheet, in HTML and PDF and in both languages, shows no note, whoever reads it', async () => {
    const partner = await loginAgent(t, userOf(ch, game, 'blue').email);
    for (const lang of ['ro', 'en']) {
      const anonymous = await request(http).get(`/public/games/${game.id}/sheet`).set('Cookie', `cs_lang=${lang}`);
      expect(anonymous.status).toBe(200);
      // The sheet itself is there (its moves), only the notes are not.
      expect(anonymous.text).toMatch(lang === 'ro' ? /PAS/ : /PASS|PAS/);
      noNote(`public sheet (${lang})`, anonymous.text);
      noNote(`public PDF (${lang})`, await pdfOf(request(http).get(`/public/games/${game.id}/sheet.pdf`).set('Cookie', `cs_lang=${lang}`)));
    }
    for (const [who, agent] of [
      ['entered player', entered.agent],
      ['outsider', outsider.agent],
      ['partner', partner],
    ] as const) {
      const html = await agent.get(`/public/games/${game.id}/sheet`);
      expect(html.status).toBe(200);
      noNote(`public sheet for the ${who}`, html.text);
      noNote(`public PDF for the ${who}`, await pdfOf(agent.get(`/public/games/${game.id}/sheet.pdf`)));
    }
  });

  it("the competition's public page (standings, crosstable, results) and the GCG show no note", async () => {
    const competition = await request(http).get(`/public/competitions/${ch.competitionId}`);
    expect(competition.status).toBe(200);
    expect(competition.text).toContain(game.id);
    noNote('public competition page', competition.text);
    const standings = await request(http).get(`/api/competitions/${ch.competitionId}/standings`).set('Authorization', ch.arbiter.bearer);
    noNote('standings', JSON.stringify(standings.body));

    // The GCG of a finished game is every entered player's (and the game's own players').
    for (const [who, bearer] of [
      ['entered player', entered.bearer],
      ['partner', userOf(ch, game, 'blue').bearer],
    ] as const) {
      const gcg = await api('/gcg', bearer);
      expect(gcg.status).toBe(200);
      expect(gcg.text).toContain('#player1');
      noNote(`GCG by the API for the ${who}`, gcg.text);
    }
    const web = await entered.agent.get(`/games/${game.id}/game.gcg`);
    expect(web.status).toBe(200);
    noNote('GCG on the web', web.text);
  });

  it("the game's own views are closed to everyone else: no note in what they answer", async () => {
    for (const path of ['', '/sheet', '/analysis', `/preview?move=${encodeURIComponent('8h AB')}`]) {
      const anonymous = await api(path);
      expect(anonymous.status).toBe(401);
      noNote(`anonymous ${path}`, anonymous.text);
      for (const [who, bearer] of [
        ['entered player', entered.bearer],
        ['outsider', outsider.bearer],
      ] as const) {
        const res = await api(path, bearer);
        expect(res.status).toBe(404);
        noNote(`${who} ${path}`, res.text);
      }
    }
    for (const path of ['', '/sheet', '/sheet.pdf']) {
      for (const agent of [entered.agent, outsider.agent]) {
        const res = await agent.get(`/games/${game.id}${path}`);
        expect(res.status).toBe(404);
        noNote(`web ${path}`, res.text);
      }
    }
  });

  it("no mail to anyone but the game's two players carries a note", async () => {
    const rows = await t.database.run((m) => m.find(OutboundMail, {}));
    const others = rows.filter((r) => r.playerId !== game.redPlayerId && r.playerId !== game.bluePlayerId);
    expect(others.length).toBeGreaterThan(0);
    for (const row of others) noNote(`mail ${row.template} to ${row.playerId ?? row.toAddress}`, JSON.stringify(row.payload));
    // The partner's "your move" mail is where the writer's note goes.
    const partnerMail = rows.filter((r) => r.playerId === game.bluePlayerId && r.template === 'your-move');
    expect(JSON.stringify(partnerMail.map((r) => r.payload))).toContain(RED_NOTES[0]);
  });
});
