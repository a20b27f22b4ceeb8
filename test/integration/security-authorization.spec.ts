// Authorization on every game, competition and arbiter route, by web and by
// API, as the security review tried it. The routes are read from the application's router,
// so a route added later is attacked too: a web route outside the short public list must
// send a visitor to /login, every /api route must answer 401 without a key, and a route
// under a game, competition or case must refuse whoever is not entitled to it — 404 for a
// game or competition that is not theirs (it does not exist for them), 403 for a player on
// the arbiter's pages.
import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Like } from 'typeorm';
import { Case } from '../../src/arbiter/case.entity';
import { CasesService } from '../../src/arbiter/cases.service';
import { Ruling } from '../../src/arbiter/ruling.entity';
import { AccountJoin } from '../../src/auth/account-join.entity';
import { ApiKey } from '../../src/auth/api-key.entity';
import { ManualClock } from '../../src/common/clock';
import { Competition } from '../../src/competitions/competition.entity';
import { Player } from '../../src/players/player.entity';
import { PlayerEmail } from '../../src/players/player-email.entity';
import { Registration } from '../../src/competitions/registration.entity';
import { Game } from '../../src/games/entities/game.entity';
import { DisputesService } from '../../src/games/actions/disputes.service';
import { MovesService } from '../../src/games/actions/moves.service';
import { OffersService } from '../../src/games/actions/offers.service';
import { Move } from '../../src/games/entities/move.entity';
import { Offer } from '../../src/games/entities/offer.entity';
import { Dispute } from '../../src/games/entities/dispute.entity';
import { applyMove } from '../../src/engine';
import { createUser, type TestUser } from '../support/competitions';
import { modelState, placementFor, playerOf, startChampionship, userOf, type Championship } from '../support/games';
import { fill, loginWithLink, routeKey, routesOf, tokenFor, type Route } from '../support/security';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import type { Agent } from '../support/web';

/** Web routes anyone may open, with what a visitor gets there (the ids of the test's own setup below). */
const PUBLIC_WEB: Readonly<Record<string, number>> = {
  'GET /login': 200,
  // Without an address: the form again, with the reason.
  'POST /login': 422,
  'GET /login/sent': 200,
  'GET /login/:token': 410,
  'POST /login/:token': 410,
  'POST /logout': 303,
  'POST /language': 303,
  'GET /public': 200,
  'GET /public/competitions/:id': 200,
  // The attacked competition is played in groups: it has no page of rounds.
  'GET /public/competitions/:id/rounds': 404,
  // The game is in progress: its public sheet does not exist yet.
  'GET /public/games/:id/sheet': 404,
  'GET /public/games/:id/sheet.pdf': 404,
  // docs/web.md "The ranking": the federations' lists and a player's history.
  'GET /public/ranking': 200,
  'GET /public/ranking/:federation': 200,
  'GET /public/ranking/:federation/players/:playerId': 200,
  // A made-up calendar token and mail-confirmation code: nothing there.
  'GET /calendar/:file': 404,
  'GET /mail/confirm/:id/:code': 200,
  // Nest's default status for a POST; the page says the link is not valid.
  'POST /mail/confirm/:id/:code': 201,
  'GET /health': 200,
  // The link mailed to an address added to a player (docs/web.md, Security model); a made-up one.
  'GET /addresses/confirm/:token': 410,
  'POST /addresses/confirm/:token': 410,
  // docs/web.md "Record attempts": the records and an attempt's live page are public; a made-up attempt.
  'GET /records': 200,
  'GET /records/attempts/:attemptId': 404,
};

/** API game routes only the competition's arbiter (or an admin) may use: a player of the game gets 403. */
const ARBITER_GAME_API = new Set([
  'POST /api/games/:id/rulings',
  'POST /api/games/:id/arbiter-moves',
  'POST /api/games/:id/import',
  'POST /api/games/:id/result/homologate',
  'POST /api/games/:id/result/objections/:index/decision',
  'POST /api/games/:id/time-credits',
  'POST /api/games/:id/refused-mail-penalties',
  'POST /api/games/:id/challenges/:challengeId/override',
]);

/** API reads any key holder may make: competitions, their players (without addresses) and standings are public within the platform. */
const PLATFORM_READS_API = new Set([
  'GET /api/competitions/:id',
  'GET /api/competitions/:id/players',
  'GET /api/competitions/:id/standings',
  'GET /api/competitions/:id/standings.csv',
  'GET /api/competitions/:id/crosstable.csv',
]);

type Area = 'public' | 'own' | 'game' | 'arbiter' | 'arbiter-competition' | 'arbiter-game' | 'arbiter-case' | 'arbiter-api-key' | 'admin';

/** Where a web route belongs, from its path; a new route with an id outside these areas must be classified here. */
function webArea(route: Route): Area {
  const key = routeKey(route);
  if (key in PUBLIC_WEB) return 'public';
  const p = route.path;
  if (p.startsWith('/games/:id')) return 'game';
  if (p.startsWith('/arbiter/competitions/:id')) return 'arbiter-competition';
  if (p.startsWith('/arbiter/games/:id')) return 'arbiter-game';
  if (p.startsWith('/arbiter/cases/:id') || p.startsWith('/arbiter/appeals/:caseId')) return 'arbiter-case';
  if (p.startsWith('/arbiter/players/:playerId')) return 'admin';
  // Another user's API key is as absent as another arbiter's competition.
  if (p.startsWith('/arbiter/api-keys/:id')) return 'arbiter-api-key';
  // docs/rules.md §14: an attempt's forms; who may act on it is record-attempts.spec.ts's to attack.
  if (p.startsWith('/records/attempts/:attemptId')) return 'own';
  if (p === '/arbiter' || p.startsWith('/arbiter/')) {
    if (p.includes(':')) throw new Error(`${key}: an arbiter route with an id this test does not know; classify it`);
    return 'arbiter';
  }
  if (p.includes(':')) throw new Error(`${key}: a route with an id this test does not know; classify it (game, competition, case…)`);
  return 'own';
}

/** API routes for admins alone: an arbiter or a player gets 403. */
const ADMIN_API = new Set(['POST /api/players/emails/confirm']);

type ApiArea = 'game' | 'arbiter-game' | 'platform-read' | 'arbiter-competition' | 'arbiter-case' | 'create' | 'admin' | 'own';

function apiArea(route: Route): ApiArea {
  const key = routeKey(route);
  const p = route.path;
  if (ARBITER_GAME_API.has(key)) return 'arbiter-game';
  if (p.startsWith('/api/games/:id')) return 'game';
  if (PLATFORM_READS_API.has(key)) return 'platform-read';
  if (p.startsWith('/api/competitions/:id')) return 'arbiter-competition';
  if (p.startsWith('/api/cases/:id')) return 'arbiter-case';
  if (key === 'POST /api/competitions') return 'create';
  if (ADMIN_API.has(key)) return 'admin';
  // docs/rules.md §14: an attempt's view and actions; who may act on it is record-attempts.spec.ts's to attack.
  if (p.startsWith('/api/records/attempts/:attemptId')) return 'own';
  if (p.includes(':')) throw new Error(`${key}: an API route with an id this test does not know; classify it`);
  return 'own';
}

/** Bodies that pass each API route's validation, so a refusal is the authorization's and not a 400. */
function apiBody(route: Route, ids: Ids): object {
  const tail = route.path.split('/').slice(4).join('/');
  const bodies: Record<string, object> = {
    moves: { move: 'PAS' },
    holidays: { from: '2027-03-01', to: '2027-03-05' },
    'long-thinking': { days: 12 },
    offers: { kind: 'draw' },
    contests: { words: ['AB'], reply: 'PAS' },
    challenges: { words: ['AB'] },
    'challenges/:challengeId/override': { reason: 'review' },
    rulings: { kind: 'warning', player: 'red', reason: 'review' },
    'arbiter-moves': { move: 'PAS', sentOn: '2027-02-01', reason: 'review' },
    import: { record: {}, reason: 'review' },
    'result/objections': { text: 'review' },
    'result/objections/:index/decision': { verdict: 'rejected', reason: 'review' },
    'state-declaration': { text: 'review' },
    'time-credits': { player: 'red', days: 1, reason: 'review' },
    'refused-mail-penalties': { player: 'red', reason: 'review' },
    players: { csv: 'name,email,club,language\nNou Venit,nou.venit@elsewhere.example,Club,ro\n' },
    'players/single': { name: 'Nou Venit', email: 'nou.venit@elsewhere.example' },
    groups: { count: 1 },
    'special-leave': { playerId: ids.playerId, from: '2027-03-01', to: '2027-03-05', reason: 'review' },
    'downtime-credit': { confirm: false, reason: 'review' },
    'players/:playerId/withdraw': { reason: 'review' },
    'players/:playerId/emails': { address: 'intruder@elsewhere.example' },
    'players/:playerId': { name: 'Intrus' },
    review: { notation: 'a1 AB' },
    conditionals: { text: 'IF PAS THEN PAS' },
    'claims/answer': { text: 'review' },
    '/api/players/emails/confirm': { address: 'player1@a.example', reason: 'review' },
    '': { name: 'Cupa intrusului', shortName: 'CI', startDate: '2027-03-01', closingDate: '2027-12-31' },
  };
  return bodies[route.path] ?? bodies[tail] ?? bodies[tail.replace(/^[^/]+\//, '')] ?? {};
}

/** Web forms with what each needs, so the refusal cannot be a form error (422) instead of the authorization's. */
function webForm(route: Route, ids: Ids): Record<string, string> {
  const forms: Record<string, Record<string, string>> = {
    '/arbiter/cases/:id/close': { reason: 'review' },
    '/arbiter/games/:id/objections/:index/decide': { verdict: 'rejected', reason: 'review' },
    '/arbiter/appeals/:caseId/decide': { competitionId: ids.id, outcome: 'rejected', comment: 'review' },
    '/arbiter/games/:id/rulings': { kind: 'warning', player: 'red', reason: 'review' },
    '/arbiter/games/:id/challenges/:challengeId/override': { reason: 'review', confirm: 'yes' },
    '/arbiter/games/:id/moves': { move: 'PAS', sentOn: '2027-02-01', reason: 'review', confirm: 'yes' },
    '/arbiter/competitions/:id/homologation/batch': { confirm: 'yes' },
    '/arbiter/competitions/:id/leave': { playerId: ids.playerId, from: '2027-03-01', to: '2027-03-05', reason: 'review' },
    '/arbiter/competitions/:id/appeals': { decision: 'review', appellant: 'review', comment: 'review', feeReceipt: 'review' },
    '/arbiter/api-keys/:id/revoke': { confirm: 'yes' },
    '/arbiter/competitions/:id/player': { name: 'Nou Venit', email: 'nou.venit@elsewhere.example' },
    '/arbiter/competitions/:id/players/:playerId/remove': { confirm: 'yes' },
    '/arbiter/competitions/:id/players': { csv: 'name,email,club,language\nNou Venit,nou.venit@elsewhere.example,Club,ro\n' },
    '/arbiter/competitions/:id/edit': {
      name: 'Cupa intrusului',
      shortName: 'CI',
      startDate: '2027-03-01',
      closingDate: '2027-12-31',
      timeZone: 'Europe/Bucharest',
    },
  };
  return forms[route.path] ?? {};
}

interface Ids extends Record<string, string> {
  id: string;
  playerId: string;
}

describe(`authorization on every route (${TEST_DB})`, () => {
  let t: TestApp;
  let app: INestApplication;
  /** The competition attacked, and another one whose players and arbiter attack it. */
  let A: Championship;
  let B: Championship;
  let game: Game;
  let offerId: string;
  let disputeId: string;
  let caseId: string;
  /** The API key of the attacked competition's arbiter. */
  let apiKeyId: string;
  let web: Route[];
  let api: Route[];
  const clock = new ManualClock('2027-02-01T09:00:00Z');
  const agents = new Map<string, Agent>();
  let red: TestUser;
  /** A player of the same competition who does not play this game. */
  let bystander: TestUser;
  /** A player of the other competition. */
  let outsider: TestUser;

  /** What changes if an attack gets through. */
  const footprint = () =>
    t.database.run(async (m) => ({
      moves: await m.count(Move, { where: { gameId: game.id } }),
      game: (await m.findOneByOrFail(Game, { id: game.id })).status,
      offer: (await m.findOneByOrFail(Offer, { id: offerId })).status,
      dispute: (await m.findOneByOrFail(Dispute, { id: disputeId })).status,
      case: (await m.findOneByOrFail(Case, { id: caseId })).status,
      rulings: await m.count(Ruling, { where: { competitionId: A.competitionId } }),
      players: await m.count(Registration, { where: { competitionId: A.competitionId } }),
      addresses: await m.count(PlayerEmail),
      keysRevoked: (await m.find(ApiKey, { where: { userId: A.arbiter.id } })).map(
        (k) => (k as { revokedAt?: Date | null }).revokedAt ?? null,
      ),
      anonymised: await m.count(Player, { where: { name: Like('Jucător anonim%') } }),
      // The settings (PATCH /api/competitions/:id, the edit form).
      competition: await m.findOneByOrFail(Competition, { id: A.competitionId }),
    }));

  /** The parameters of a route: the attacked game, competition, case, offer and dispute. */
  function idsFor(route: Route): Ids {
    const p = route.path;
    const competitionRoute = /^\/(api|arbiter)\/competitions\/:id/.test(p) || p.startsWith('/public/competitions');
    const caseRoute = p.startsWith('/api/cases') || p.startsWith('/arbiter/cases') || p.startsWith('/arbiter/appeals');
    return {
      id: competitionRoute ? A.competitionId : caseRoute ? caseId : p.startsWith('/arbiter/api-keys') ? apiKeyId : game.id,
      caseId,
      offerId,
      disputeId,
      // docs/rules.md §13: a check nobody made (the attacked competition plays by the FRSc's rules).
      challengeId: '00000000-0000-4000-8000-000000000001',
      playerId: game.redPlayerId,
      federation: 'pfs',
      token: 'A'.repeat(43),
      file: `${red.id}.${'0'.repeat(64)}.ics`,
      code: 'forged',
      index: '0',
      number: '1',
      // A chain nobody stored (a stranger learns nothing from the answer either).
      conditionalId: '00000000-0000-4000-8000-000000000001',
      // A record attempt nobody announced.
      attemptId: '00000000-0000-4000-8000-000000000001',
    };
  }

  const urlOf = (route: Route) => {
    const ids = idsFor(route);
    // The confirmation link names a held inbound mail; a made-up one.
    return fill(route.path, route.path.startsWith('/mail/confirm') ? { ...ids, id: game.id } : ids);
  };

  async function webRequest(agent: Agent, route: Route) {
    const url = urlOf(route);
    if (route.method === 'GET') return agent.get(url);
    const form = { ...webForm(route, idsFor(route)), _csrf: await tokenFor(agent, '/login/sent') };
    return agent.post(url).type('form').send(form);
  }

  function apiRequest(route: Route, who: TestUser | null, bearer?: string) {
    const url = urlOf(route);
    // Each route with its own method (PATCH, DELETE… as well as GET and POST).
    const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
    const base = request(app.getHttpServer())[method](url);
    const req = route.method === 'GET' ? base : base.send(apiBody(route, idsFor(route)));
    const auth = bearer ?? who?.bearer;
    return auth ? req.set('Authorization', auth) : req;
  }

  async function agentOf(user: TestUser): Promise<Agent> {
    let agent = agents.get(user.id);
    if (!agent) {
      agent = await loginWithLink(app, user.id);
      agents.set(user.id, agent);
    }
    return agent;
  }

  beforeAll(async () => {
    t = await startTestApp({ clock });
    app = t.app;
    A = await startChampionship(app, { players: 4, domain: 'a.example' });
    B = await startChampionship(app, { players: 4, domain: 'b.example' });
    game = A.games[0];
    red = userOf(A, game, 'red');
    bystander = [...A.users.values()].find((u) => u.actor.playerId !== game.redPlayerId && u.actor.playerId !== game.bluePlayerId)!;
    outsider = [...B.users.values()][0];
    // Something behind every id: a pending offer, an open dispute, an open case.
    const movesService = app.get(MovesService);
    const offersService = app.get(OffersService);
    const disputesService = app.get(DisputesService);
    await offersService.offer(playerOf(A, game, 'red'), game.id, { kind: 'draw' });
    offerId = (await t.database.run((m) => m.findOneByOrFail(Offer, { gameId: game.id }))).id;
    const first = placementFor(A, [], 7);
    await movesService.submitMove(playerOf(A, game, 'red'), game.id, { move: first });
    const played = applyMove(modelState(A, []), first);
    if (!played.ok) throw new Error(played.code);
    await disputesService.contestWord(playerOf(A, game, 'blue'), game.id, {
      words: [played.record.words[0].word],
      reply: placementFor(A, [first], 8),
    });
    disputeId = (await t.database.run((m) => m.findOneByOrFail(Dispute, { gameId: game.id }))).id;
    caseId = (
      await t.database.transaction(() =>
        app
          .get(CasesService)
          .open({ competitionId: A.competitionId, gameId: game.id, kind: 'mail-bounce', payload: { address: 'x@a.example' } }),
      )
    ).id;
    apiKeyId = (await t.database.run((m) => m.findOneByOrFail(ApiKey, { userId: A.arbiter.id }))).id;
    const routes = routesOf(app);
    api = routes.filter((r) => r.path.startsWith('/api/'));
    web = routes.filter((r) => !r.path.startsWith('/api/'));
  });

  afterAll(async () => {
    await t.close();
  });

  it('finds the routes in the router: the game, arbiter and API routes the review attacked are all there', () => {
    const keys = [...web, ...api].map(routeKey);
    for (const known of [
      'POST /games/:id/move',
      'GET /arbiter/games/:id/sheet.pdf',
      'POST /arbiter/competitions/:id/players',
      'POST /api/games/:id/moves',
      'POST /api/games/:id/conditionals',
      'GET /api/games/:id/conditionals',
      'DELETE /api/games/:id/conditionals/:conditionalId',
      'GET /api/games/:id/gcg',
      'GET /api/games/:id/analysis',
      'POST /api/competitions/:id/start',
      'PATCH /api/competitions/:id',
      'GET /arbiter/competitions/:id/edit',
      'POST /arbiter/competitions/:id/edit',
      // docs/web.md "A player's identity": every user's own account page and its forms.
      'GET /account',
      'POST /account/addresses/approve',
      'POST /account/addresses/refuse',
      'POST /account/addresses/remove',
      'POST /account/joins/accept',
      'POST /account/joins/refuse',
      'POST /account/sessions/end-others',
      // docs/web.md "The arbiter's name".
      'POST /account/name',
      'GET /api/account/name',
      'PATCH /api/account/name',
      // docs/rules.md §13: the arbiter's reversal of a check's verdict, by web form.
      'POST /arbiter/games/:id/challenges/:challengeId/override',
    ]) {
      expect(keys).toContain(known);
    }
    expect(web.length).toBeGreaterThan(40);
    expect(api.length).toBeGreaterThan(30);
    // Every route falls in an area this file knows how to attack.
    for (const r of web) expect(() => webArea(r)).not.toThrow();
    for (const r of api) expect(() => apiArea(r)).not.toThrow();
  });

  it('sends a visitor without a session to /login from every web route but the public ones', async () => {
    const before = await footprint();
    const wrong: string[] = [];
    for (const route of web) {
      const visitor = request.agent(app.getHttpServer());
      const res = await webRequest(visitor, route);
      const key = routeKey(route);
      if (webArea(route) === 'public') {
        if (res.status !== PUBLIC_WEB[key]) wrong.push(`${key}: ${res.status}, expected ${PUBLIC_WEB[key]}`);
        continue;
      }
      const next = route.method === 'GET' ? encodeURIComponent(urlOf(route)) : encodeURIComponent('/');
      if (res.status !== 303 || res.headers.location !== `/login?next=${next}`)
        wrong.push(`${key}: ${res.status} ${res.headers.location ?? ''}`);
    }
    expect(wrong).toEqual([]);
    // A script's call (JSON) gets a 401 it can act on, not a redirect.
    const json = await request(app.getHttpServer()).get(`/games/${game.id}/preview?notation=PAS`).set('Accept', 'application/json');
    expect({ status: json.status, code: json.body?.error?.code }).toEqual({ status: 401, code: 'LOGIN_REQUIRED' });
    expect(await footprint()).toEqual(before);
  });

  it('answers 401 on every /api route without a key, and with a made-up one', async () => {
    const before = await footprint();
    const wrong: string[] = [];
    for (const route of api) {
      const res = await apiRequest(route, null);
      if (res.status !== 401 || res.body?.error?.code !== 'UNAUTHENTICATED')
        wrong.push(`${routeKey(route)}: ${res.status} ${res.body?.error?.code}`);
    }
    expect(wrong).toEqual([]);
    // The OpenAPI document's /api routes are the router's: none served that this test did not attack.
    const documented = Object.entries((await request(app.getHttpServer()).get('/api/docs-json')).body.paths as Record<string, object>)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(documented.sort()).toEqual(api.map(routeKey).sort());
    // A few routes are enough for a made-up key: bad keys may be rate-limited.
    for (const key of ['GET /api/games/:id', 'POST /api/games/:id/moves', 'POST /api/competitions/:id/start']) {
      const route = api.find((r) => routeKey(r) === key)!;
      const res = await apiRequest(route, null, `Bearer ${'x'.repeat(43)}`);
      expect([key, res.status, res.body?.error?.code]).toEqual([key, 401, 'UNAUTHENTICATED']);
    }
    expect(await footprint()).toEqual(before);
  });

  it("refuses another player's game on the web (404), by every page and form, and changes nothing", async () => {
    const before = await footprint();
    const wrong: string[] = [];
    const strangers = { bystander, outsider, 'other arbiter': B.arbiter };
    for (const [who, user] of Object.entries(strangers)) {
      const agent = await agentOf(user);
      for (const route of web.filter((r) => webArea(r) === 'game')) {
        const res = await webRequest(agent, route);
        if (res.status !== 404) wrong.push(`${who} ${routeKey(route)}: ${res.status}`);
        else if (res.text.includes('<table class="board"')) wrong.push(`${who} ${routeKey(route)}: the page shows the board`);
      }
    }
    expect({ wrong, footprint: await footprint() }).toEqual({ wrong: [], footprint: before });
  });

  it('refuses the arbiter panel to a player (403) on every route, and another competition to an arbiter (404)', async () => {
    const before = await footprint();
    const wrong: string[] = [];
    const player = await agentOf(red);
    const other = await agentOf(B.arbiter);
    for (const route of web) {
      const area = webArea(route);
      if (!area.startsWith('arbiter') && area !== 'admin') continue;
      const key = routeKey(route);
      const asPlayer = await webRequest(player, route);
      if (asPlayer.status !== 403) wrong.push(`player ${key}: ${asPlayer.status}`);
      // The id-less pages are the other arbiter's own (their dashboard, their new competition).
      if (area === 'arbiter') continue;
      const asArbiter = await webRequest(other, route);
      // Anonymising is an admin's alone: an arbiter gets 403 whoever the player.
      const expected = area === 'admin' ? 403 : 404;
      if (asArbiter.status !== expected) wrong.push(`other arbiter ${key}: ${asArbiter.status}, expected ${expected}`);
    }
    // The other arbiter's dashboard and mail view do not list the competition or its games.
    for (const page of ['/arbiter', '/arbiter/mail']) {
      const res = await other.get(page);
      if (res.status !== 200 || res.text.includes(A.competitionId) || res.text.includes(game.id))
        wrong.push(`other arbiter GET ${page}: ${res.status}, shows the other competition's competition or game`);
    }
    expect({ wrong, footprint: await footprint() }).toEqual({ wrong: [], footprint: before });
  });

  it("refuses another player's game by the API (404) on every game route, with the player's own key", async () => {
    const before = await footprint();
    const wrong: string[] = [];
    const strangers = { bystander, outsider, 'other arbiter': B.arbiter };
    for (const route of api.filter((r) => ['game', 'arbiter-game'].includes(apiArea(r)))) {
      for (const [who, user] of Object.entries(strangers)) {
        const res = await apiRequest(route, user);
        if (res.status !== 404) wrong.push(`${who} ${routeKey(route)}: ${res.status} ${res.body?.error?.code ?? ''}`);
      }
    }
    // The outbox of that game is empty for them: the rows are not theirs.
    for (const [who, user] of Object.entries(strangers)) {
      const res = await request(app.getHttpServer()).get(`/api/outbox?gameId=${game.id}`).set('Authorization', user.bearer);
      if (res.status !== 200 || JSON.stringify(res.body) !== '[]')
        wrong.push(`${who} GET /api/outbox?gameId=: ${res.status} ${JSON.stringify(res.body).slice(0, 80)}`);
    }
    expect({ wrong, footprint: await footprint() }).toEqual({ wrong: [], footprint: before });
  });

  it("refuses the arbiter's API to a player (403) and another competition's to its arbiter (404)", async () => {
    const before = await footprint();
    const wrong: string[] = [];
    for (const route of api) {
      const area = apiArea(route);
      const key = routeKey(route);
      if (area === 'arbiter-game') {
        // A player of the game itself: entitled to the game, not to rule in it.
        const res = await apiRequest(route, red);
        if (res.status !== 403) wrong.push(`player ${key}: ${res.status} ${res.body?.error?.code ?? ''}`);
      }
      if (area === 'arbiter-competition' || area === 'arbiter-case') {
        for (const [who, user, expected] of [
          ['player of it', red, 403],
          ['player of another', outsider, 403],
          ['other arbiter', B.arbiter, 404],
        ] as const) {
          const res = await apiRequest(route, user);
          if (res.status !== expected) wrong.push(`${who} ${key}: ${res.status} ${res.body?.error?.code ?? ''}, expected ${expected}`);
        }
      }
      if (area === 'admin') {
        for (const [who, user] of [
          ['player', red],
          ['arbiter', A.arbiter],
        ] as const) {
          const res = await apiRequest(route, user);
          if (res.status !== 403) wrong.push(`${who} ${key}: ${res.status} ${res.body?.error?.code ?? ''}, expected 403`);
        }
      }
      if (area === 'create') {
        const res = await apiRequest(route, red);
        if (res.status !== 403) wrong.push(`player ${key}: ${res.status}`);
      }
    }
    expect({ wrong, footprint: await footprint() }).toEqual({ wrong: [], footprint: before });
  });

  it("shows a competition's public facts to any key holder, but its players' addresses only to its arbiter", async () => {
    const other = await request(app.getHttpServer())
      .get(`/api/competitions/${A.competitionId}/players`)
      .set('Authorization', outsider.bearer);
    expect(other.status).toBe(200);
    expect(other.body).toHaveLength(4);
    expect(JSON.stringify(other.body)).not.toContain('@a.example');
    const own = await request(app.getHttpServer())
      .get(`/api/competitions/${A.competitionId}/players`)
      .set('Authorization', A.arbiter.bearer);
    expect(JSON.stringify(own.body)).toContain('player1@a.example');
    for (const route of api.filter((r) => apiArea(r) === 'platform-read')) {
      const res = await apiRequest(route, outsider);
      expect([routeKey(route), res.status]).toEqual([routeKey(route), 200]);
    }
  });

  it('still lets the entitled in: the checks above refuse strangers, not everyone', async () => {
    const own = await agentOf(red);
    expect((await own.get(`/games/${game.id}`)).status).toBe(200);
    expect((await request(app.getHttpServer()).get(`/api/games/${game.id}`).set('Authorization', red.bearer)).status).toBe(200);
    const arbiter = await agentOf(A.arbiter);
    expect((await arbiter.get(`/arbiter/games/${game.id}`)).status).toBe(200);
    expect((await arbiter.get(`/arbiter/competitions/${A.competitionId}`)).status).toBe(200);
    expect((await request(app.getHttpServer()).get(`/api/games/${game.id}/gcg`).set('Authorization', A.arbiter.bearer)).status).toBe(200);
    const admin = await createUser(app, { email: 'admin@security.example', roles: ['admin'] });
    expect((await (await agentOf(admin)).get(`/arbiter/games/${game.id}`)).status).toBe(200);
  });

  it("the account page acts on its own user only: another's join, address or session is as absent as one that does not exist", async () => {
    const agent = await agentOf(red);
    const csrf = await tokenFor(agent, '/account');
    // A join waiting for the bystander, and the bystander's address and session.
    const joinId = randomUUID();
    await t.database.transaction((m) =>
      m.insert(AccountJoin, {
        id: joinId,
        userId: bystander.id,
        playerId: game.redPlayerId,
        address: bystander.email,
        competitionId: A.competitionId,
        requestedByUserId: A.arbiter.id,
        createdAt: clock.now(),
      }),
    );
    const theirs = await agentOf(bystander);
    const before = await footprint();
    for (const action of ['accept', 'refuse']) {
      const res = await agent.post(`/account/joins/${action}`).type('form').send({ _csrf: csrf, join: joinId });
      expect([action, res.status]).toEqual([action, 404]);
    }
    for (const action of ['approve', 'refuse', 'remove']) {
      const res = await agent
        .post(`/account/addresses/${action}`)
        .type('form')
        .send({ _csrf: csrf, address: bystander.email, confirm: 'yes' });
      expect([action, res.status]).toEqual([action, 404]);
    }
    await agent.post('/account/sessions/end-others').type('form').send({ _csrf: csrf, confirm: 'yes' }).expect(303);
    expect((await theirs.get('/account')).status).toBe(200);
    expect(await t.database.run((m) => m.countBy(AccountJoin, { id: joinId }))).toBe(1);
    expect(await footprint()).toEqual(before);
    await t.database.transaction((m) => m.delete(AccountJoin, { id: joinId }));
  });
});
