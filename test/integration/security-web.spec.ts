// The web attacks the security review found blocked, kept blocked. CSRF on
// every form (the forms read from the router), login links spent once and dead after 15
// minutes, no session fixation, markup in names, reasons and mail subjects shown as text
// on every page and in the mail, and no path out of the sheet, PDF, GCG and calendar routes.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import { AuditEntry } from '../../src/audit/audit.entity';
import { Ruling } from '../../src/arbiter/ruling.entity';
import { hashSessionId } from '../../src/auth/session-store';
import { WebSession } from '../../src/auth/web-session.entity';
import { ManualClock } from '../../src/common/clock';
import { Competition } from '../../src/competitions/competition.entity';
import { CompetitionSetupService } from '../../src/competitions/competition-setup.service';
import { RegistrationService } from '../../src/competitions/registration.service';
import { GroupsService } from '../../src/competitions/groups.service';
import { CompetitionStartService } from '../../src/games/actions/competition-start.service';
import { Player } from '../../src/players/player.entity';
import { Registration } from '../../src/competitions/registration.entity';
import { Game } from '../../src/games/entities/game.entity';
import { Move } from '../../src/games/entities/move.entity';
import { InboundMail } from '../../src/mail/inbound-mail.entity';
import { OutboxSender } from '../../src/mail/outbox/outbox.sender';
import { confirmationUrl } from '../../src/mail/pipeline/confirmation-link';
import { calendarToken } from '../../src/web/player/calendar-feed';
import { createUser, keyForPlayer, SETTINGS, type TestUser } from '../support/competitions';
import { fill, issueLoginPath, loginWithLink, routeKey, routesOf, tokenFor } from '../support/security';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, type Agent } from '../support/web';

/** What the attackers typed; none of it may reach a page or a mail as markup. */
const EVIL_NAME = '<img src=x onerror=alert(1)>';
const EVIL_CLUB = '<script>alert(2)</script>';
const EVIL_COMPETITION = '<svg onload=alert(3)>';
const EVIL_REASON = '<script>alert("reason")</script>';
const EVIL_SUBJECT = '<iframe src=javascript:alert(4)>';
const RAW = [/<img src=x/i, /<script>alert/i, /<svg onload/i, /<iframe src=javascript/i, /onerror=alert/i];
/** The payload shown as text: `<` escaped (Handlebars' `&lt;`, or a numeric entity). */
const SHOWN = /(&lt;|&#60;|&#x3c;)(img|script|svg|iframe)/i;

const SESSION_COOKIE = /cs_session=([^;]+)/;
const cookieOf = (res: request.Response): string | undefined =>
  SESSION_COOKIE.exec(([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n'))?.[1];
const sidOf = (cookie: string) => decodeURIComponent(cookie).replace(/^s:/, '').split('.')[0];

describe(`web attacks the review found blocked (${TEST_DB})`, () => {
  let t: TestApp;
  let app: INestApplication;
  const clock = new ManualClock('2027-02-01T09:00:00Z');
  let arbiter: TestUser;
  let admin: TestUser;
  let evil: TestUser;
  let partner: TestUser;
  let competitionId: string;
  let game: Game;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    app = t.app;
    arbiter = await createUser(app, { email: 'arbitru@web.example', roles: ['arbiter'], name: `Arbitru ${EVIL_NAME}` });
    admin = await createUser(app, { email: 'admin@web.example', roles: ['admin'], name: 'Admin' });
    const setup = app.get(CompetitionSetupService);
    const registration = app.get(RegistrationService);
    const grouping = app.get(GroupsService);
    const created = await setup.create(arbiter.actor, { ...SETTINGS, name: `Cupa ${EVIL_COMPETITION}`, shortName: 'CX 2027' });
    competitionId = created.id;
    const csv = [
      'name,email,club,language',
      `${EVIL_NAME},evil@web.example,${EVIL_CLUB},ro`,
      'Ana Pop,ana@web.example,Club,ro',
      'Ion Pop,ion@web.example,Club,en',
      'Eva Pop,eva@web.example,Club,ro',
    ].join('\n');
    await registration.importPlayers(arbiter.actor, competitionId, `${csv}\n`);
    await grouping.makeGroups(arbiter.actor, competitionId, { count: 1 });
    await app.get(CompetitionStartService).start(arbiter.actor, competitionId);
    evil = await keyForPlayer(app, 'evil@web.example');
    game = await t.database.run((m) =>
      m.findOneOrFail(Game, {
        where: [
          { competitionId, redPlayerId: evil.actor.playerId! },
          { competitionId, bluePlayerId: evil.actor.playerId! },
        ],
        order: { id: 'ASC' },
      }),
    );
    const partnerId = game.redPlayerId === evil.actor.playerId ? game.bluePlayerId : game.redPlayerId;
    const partnerMail = await t.database.run(
      async (m) => (await m.query(`SELECT address FROM player_email WHERE player_id = $1`, [partnerId]))[0].address as string,
    );
    partner = await keyForPlayer(app, partnerMail);
  });

  afterAll(async () => {
    await t.close();
  });

  const counts = () =>
    t.database.run(async (m) => ({
      competitions: await m.count(Competition),
      registrations: await m.count(Registration),
      moves: await m.count(Move),
      rulings: await m.count(Ruling),
      audit: await m.count(AuditEntry),
      games: (await m.find(Game, { where: { competitionId } })).map((g) => g.status).join(','),
      players: (await m.find(Player, { order: { id: 'ASC' } })).map((p) => `${p.name}|${p.language}`).join(','),
      lexicons: existsSync(join(t.settings.dataDir, 'lexicons')) ? readdirSync(join(t.settings.dataDir, 'lexicons')).length : 0,
    }));

  describe('CSRF', () => {
    it('refuses every form outside /api without its token (403, "reload the page"), logged in or not, and nothing changes', async () => {
      const forms = routesOf(app).filter((r) => r.method !== 'GET' && !r.path.startsWith('/api/'));
      expect(forms.map(routeKey)).toEqual(
        expect.arrayContaining([
          'POST /login',
          'POST /logout',
          'POST /games/:id/move',
          'POST /arbiter/games/:id/rulings',
          'POST /arbiter/players/:playerId/anonymise',
          'POST /settings',
        ]),
      );
      // An admin passes every role check: a refusal here is the token's, not the role's.
      const signedIn = await loginWithLink(app, admin.id);
      const elsewhere = request.agent(app.getHttpServer());
      const foreignToken = await tokenFor(elsewhere, '/login');
      const before = await counts();
      const wrong: string[] = [];
      const ids = {
        id: game.id,
        offerId: randomUUID(),
        caseId: randomUUID(),
        playerId: evil.actor.playerId!,
        token: 'A'.repeat(43),
        code: 'x',
        index: '0',
        conditionalId: randomUUID(),
        challengeId: randomUUID(),
        number: '1',
        attemptId: randomUUID(),
      };
      const body = {
        reason: 'r',
        kind: 'warning',
        player: 'red',
        move: 'PAS',
        csv: 'name,email,club,language\nX,x@web.example,C,ro\n',
        name: 'lista',
        words: 'CASA\n',
        confirm: 'yes',
        lang: 'en',
        email: 'evil@web.example',
      };
      for (const route of forms) {
        const url = fill(route.path, ids);
        for (const [who, attempt] of [
          ['signed in, no token', () => signedIn.post(url).type('form').send(body)],
          ['signed in, JSON without token', () => signedIn.post(url).send(body)],
          [
            "signed in, another browser's token",
            () =>
              signedIn
                .post(url)
                .type('form')
                .send({ ...body, _csrf: foreignToken }),
          ],
          ['signed in, made-up header', () => signedIn.post(url).set('x-csrf-token', 'forged').type('form').send(body)],
          ['visitor, no token', () => request(app.getHttpServer()).post(url).type('form').send(body)],
        ] as const) {
          const res = await attempt();
          // The word-list upload reads its body only for an arbiter: a visitor is sent to log in first, from the headers.
          const refusedUnread = who === 'visitor, no token' && url === '/arbiter/lexicons';
          if (
            refusedUnread
              ? res.status !== 303 || !String(res.headers.location).startsWith('/login')
              : res.status !== 403 || !res.text.includes('Reîncărcați pagina')
          )
            wrong.push(`${who} ${routeKey(route)}: ${res.status}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(await counts()).toEqual(before);
      // Still logged in (the logout was refused too), and the token of the page works.
      const page = await signedIn.get('/login/sent');
      expect(page.text).toContain('action="/logout"');
      expect(
        (
          await signedIn
            .post('/logout')
            .type('form')
            .send({ _csrf: csrfOf(page.text) })
        ).status,
      ).toBe(303);
    });

    it('keeps the CSRF cookie HttpOnly and SameSite=Strict', async () => {
      const res = await request(app.getHttpServer()).get('/login');
      const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('cs_csrf='));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Strict/i);
    });
  });

  describe('login links and sessions', () => {
    const loggedIn = async (agent: Agent) => (await agent.get('/login/sent')).text.includes('action="/logout"');

    async function clickLink(agent: Agent, path: string) {
      const page = await agent.get(path);
      if (page.status !== 200) return page;
      return agent
        .post(path)
        .type('form')
        .send({ _csrf: csrfOf(page.text) });
    }

    it('spends a link at its first use: after logout, and from another browser, it is refused (410) and logs nobody in', async () => {
      const path = await issueLoginPath(app, partner.id);
      const first = request.agent(app.getHttpServer());
      expect((await clickLink(first, path)).status).toBe(303);
      const page = await first.get('/login/sent');
      await first
        .post('/logout')
        .type('form')
        .send({ _csrf: csrfOf(page.text) })
        .expect(303);
      const again = await clickLink(first, path);
      expect(again.status).toBe(410);
      expect(again.text).toContain('deja folosită');
      expect(await loggedIn(first)).toBe(false);
      const second = request.agent(app.getHttpServer());
      const token = await tokenFor(second, '/login');
      const forced = await second.post(path).type('form').send({ _csrf: token });
      expect(forced.status).toBe(410);
      expect(cookieOf(forced)).toBeUndefined();
      expect(await loggedIn(second)).toBe(false);
    });

    it('lets two clicks racing on one link log in once', async () => {
      const path = await issueLoginPath(app, partner.id);
      const browsers = [request.agent(app.getHttpServer()), request.agent(app.getHttpServer())];
      const tokens = await Promise.all(browsers.map(async (b) => csrfOf((await b.get(path).expect(200)).text)));
      const results = await Promise.all(browsers.map((b, i) => b.post(path).type('form').send({ _csrf: tokens[i] })));
      expect(results.map((r) => r.status).sort()).toEqual([303, 410]);
    });

    it('keeps a link good for 15 minutes and not a second more', async () => {
      const issuedAt = clock.now().getTime();
      const path = await issueLoginPath(app, partner.id);
      const agent = request.agent(app.getHttpServer());
      clock.set(new Date(issuedAt + 15 * 60_000 - 1000));
      const page = await agent.get(path);
      expect(page.status).toBe(200);
      clock.set(new Date(issuedAt + 15 * 60_000));
      const late = await agent
        .post(path)
        .type('form')
        .send({ _csrf: csrfOf(page.text) });
      expect(late.status).toBe(410);
      expect(late.text).toContain('a expirat');
      expect(cookieOf(late)).toBeUndefined();
      expect((await agent.get(path)).status).toBe(410);
      expect(await loggedIn(agent)).toBe(false);
    });

    it('gives a new session id at login: a planted cookie, or the attacker’s own session, never becomes the victim’s', async () => {
      // A cookie planted in the victim's browser before the login, made up…
      const victim = new Browser(app);
      victim.cookies.set('cs_session', 's%3Aplanted-session-id.forged-signature');
      const path = await issueLoginPath(app, partner.id);
      const confirm = await victim.get(path);
      const done = await victim.post(path, { _csrf: csrfOf(confirm.text) });
      expect(done.status).toBe(303);
      const issued = victim.cookies.get('cs_session')!;
      expect(sidOf(issued)).not.toBe('planted-session-id');
      const stored = await t.database.run((m) => m.find(WebSession, { where: { userId: partner.id } }));
      expect(stored.map((s) => s.sidHash)).toContain(hashSessionId(sidOf(issued)));
      expect(stored.map((s) => s.sidHash)).not.toContain(hashSessionId('planted-session-id'));
      const planted = await request(app.getHttpServer())
        .get('/me/data')
        .set('Cookie', 'cs_session=s%3Aplanted-session-id.forged-signature');
      expect(planted.status).toBe(303);

      // …or the attacker's own real session: the victim's login replaces it, and it logs nobody in as the victim.
      const attacker = new Browser(app);
      const own = await issueLoginPath(app, evil.id);
      await attacker.post(own, { _csrf: csrfOf((await attacker.get(own)).text) });
      const attackerSession = attacker.cookies.get('cs_session')!;
      expect(attackerSession).toBeDefined();
      const fixed = new Browser(app);
      fixed.cookies.set('cs_session', attackerSession);
      const link = await issueLoginPath(app, partner.id);
      const used = await fixed.post(link, { _csrf: csrfOf((await fixed.get(link)).text) });
      expect(used.status).toBe(303);
      expect(fixed.cookies.get('cs_session')).not.toBe(attackerSession);
      const replay = await request(app.getHttpServer()).get('/me/data').set('Cookie', `cs_session=${attackerSession}`);
      expect(replay.status).toBe(303);
      const mine = await fixed.get('/me/data');
      expect(mine.status).toBe(200);
      expect(mine.text).toContain(partner.id);
      expect(mine.text).not.toContain(evil.id);
    });

    it('ends the session at logout: the old cookie, replayed, logs nobody in', async () => {
      const browser = new Browser(app);
      const path = await issueLoginPath(app, partner.id);
      await browser.post(path, { _csrf: csrfOf((await browser.get(path)).text) });
      const session = browser.cookies.get('cs_session')!;
      expect((await browser.get('/settings')).status).toBe(200);
      await browser.post('/logout', { _csrf: csrfOf((await browser.get('/login/sent')).text) });
      const replay = await request(app.getHttpServer()).get('/settings').set('Cookie', `cs_session=${session}`);
      expect(replay.status).toBe(303);
      expect(replay.headers.location).toBe('/login?next=%2Fsettings');
    });
  });

  describe('markup in names, reasons and subjects', () => {
    const expectInert = (where: string, html: string, shown = true) => {
      const found = RAW.filter((re) => re.test(html)).map(String);
      expect([where, found]).toEqual([where, []]);
      if (shown) expect([where, SHOWN.test(html)]).toEqual([where, true]);
    };

    it('shows a player’s, a club’s, a competition’s and a reason’s markup as text on the game, arbiter and public pages', async () => {
      const arbiterWeb = await loginWithLink(app, arbiter.id);
      // The token first: an agent's request takes the cookies it has when it is made.
      const ruleToken = await tokenFor(arbiterWeb, `/arbiter/games/${game.id}`);
      const ruled = await arbiterWeb
        .post(`/arbiter/games/${game.id}/rulings`)
        .type('form')
        .send({
          _csrf: ruleToken,
          kind: 'warning',
          player: game.redPlayerId === evil.actor.playerId ? 'red' : 'blue',
          reason: EVIL_REASON,
          confirm: 'yes',
        });
      expect(ruled.status).toBe(303);
      const playerWeb = await loginWithLink(app, partner.id);
      const evilWeb = await loginWithLink(app, evil.id);
      const pages: [string, Agent, string][] = [
        ['my games (partner)', playerWeb, '/'],
        ['game page (partner)', playerWeb, `/games/${game.id}`],
        ['game page (the player)', evilWeb, `/games/${game.id}`],
        ['dashboard', arbiterWeb, '/arbiter'],
        ['competition', arbiterWeb, `/arbiter/competitions/${competitionId}`],
        ['arbiter game', arbiterWeb, `/arbiter/games/${game.id}`],
        ['sheet', arbiterWeb, `/arbiter/games/${game.id}/sheet`],
        ['standings', arbiterWeb, `/arbiter/competitions/${competitionId}/standings`],
        ['audit', arbiterWeb, `/arbiter/competitions/${competitionId}/audit`],
        ['homologation', arbiterWeb, `/arbiter/competitions/${competitionId}/homologation`],
        ['appeals', arbiterWeb, `/arbiter/competitions/${competitionId}/appeals`],
        ['public list', request.agent(app.getHttpServer()), '/public'],
        ['public competition', request.agent(app.getHttpServer()), `/public/competitions/${competitionId}`],
      ];
      for (const [where, agent, path] of pages) {
        const res = await agent.get(path);
        expect([where, res.status]).toEqual([where, 200]);
        expectInert(where, res.text);
      }
      // The settings page shows no name, but must not carry the markup either.
      expectInert('settings (the player)', (await evilWeb.get('/settings')).text, false);
      // The reason itself is on the audit page, as text.
      const audit = await arbiterWeb.get(`/arbiter/competitions/${competitionId}/audit`);
      expect(audit.text).toContain('&lt;script&gt;alert(&quot;reason&quot;)&lt;/script&gt;');
      // A refused form shows the text typed back as text too.
      const moveToken = await tokenFor(evilWeb, `/games/${game.id}`);
      const refused = await evilWeb
        .post(`/games/${game.id}/move`)
        .type('form')
        .send({ _csrf: moveToken, move: EVIL_SUBJECT, idempotencyKey: 'x1', expectedTurn: '1' });
      expect(refused.status).toBe(422);
      expectInert('refused move form', refused.text);
      // The live preview is JSON: never served as a page a browser would render.
      const preview = await evilWeb.get(`/games/${game.id}/preview`).query({ notation: EVIL_SUBJECT });
      expect(preview.headers['content-type']).toMatch(/application\/json/);
    });

    it('shows an inbound mail’s subject as text on the arbiter’s mail view and on the move-confirmation page', async () => {
      const id = randomUUID();
      const row: Record<string, unknown> = {
        id,
        mailbox: 'INBOX',
        uidValidity: '1',
        uid: '1',
        messageId: `<${id}@attacker.example>`,
        sha256: createHash('sha256').update(id).digest('hex'),
        dedupeKey: `<${id}@attacker.example>`,
        raw: Buffer.from(`Subject: ${EVIL_SUBJECT}\r\n\r\nh8 CASA\r\n`),
        size: 40,
        fromAddress: 'evil@web.example',
        subject: EVIL_SUBJECT,
        status: 'held',
        reason: null,
        error: null,
        attempts: 0,
        gameId: game.id,
        playerId: evil.actor.playerId!,
        result: { written: [EVIL_CLUB], turn: 1, command: { kind: 'move', move: 'PAS' } },
        folder: null,
        movedAt: null,
        rejectionKey: null,
        rejectedTo: null,
        rejectedOn: null,
        receivedAt: clock.now(),
        decidedAt: null,
      };
      await t.database.run((m) =>
        m
          .createQueryBuilder()
          .insert()
          .into(InboundMail)
          .values(row as object)
          .execute(),
      );
      const arbiterWeb = await loginWithLink(app, arbiter.id);
      const view = await arbiterWeb.get('/arbiter/mail');
      expect(view.status).toBe(200);
      expectInert('arbiter mail view', view.text);
      const confirm = await request(app.getHttpServer()).get(new URL(confirmationUrl(t.settings, id)).pathname);
      expect(confirm.status).toBe(200);
      expectInert('move confirmation page', confirm.text);
    });

    it('escapes the names, the competition and the reason in every mail’s HTML, its title included', async () => {
      await app.get(OutboxSender).deliverDue();
      const dir = join(t.settings.dataDir, 'outbox');
      const files = listFiles(dir).filter((f) => f.endsWith('.eml'));
      expect(files.length).toBeGreaterThan(0);
      let shown = 0;
      let reasons = 0;
      for (const file of files) {
        const mail = await simpleParser(readFileSync(file));
        const html = typeof mail.html === 'string' ? mail.html : '';
        expectInert(`mail ${mail.subject}`, html, false);
        if (SHOWN.test(html)) shown += 1;
        if (html.includes('&lt;script&gt;alert(&quot;reason&quot;)')) reasons += 1;
        // A subject is one header line, whatever the names hold.
        expect(String(mail.subject ?? '')).not.toMatch(/[\r\n]/);
        const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
        expect(title).not.toMatch(/[<>]/);
      }
      expect(shown).toBeGreaterThan(0);
      // The warning's mail to the player carries the reason, as text.
      expect(reasons).toBeGreaterThan(0);
    });
  });

  describe('path traversal', () => {
    const OUTSIDE = [
      '..%2f..%2f..%2f..%2fetc%2fpasswd',
      '..%252f..%252fsecret',
      '%2e%2e%2f%2e%2e%2fsecret',
      '....%2f%2f....%2f%2fsecret',
      'not-a-uuid',
      '00000000-0000-0000-0000-000000000000',
    ];
    const secretText = () =>
      existsSync(join(t.settings.dataDir, 'secret')) ? readFileSync(join(t.settings.dataDir, 'secret'), 'utf8').trim() : t.settings.secret;
    const leaks = (text: string) => text.includes('root:') || text.includes(secretText()) || text.includes('"name": "corr-scrabble"');

    it('answers 400 or 404 for ids that climb out or are not ids, on the sheet, PDF, GCG and calendar routes, never a file', async () => {
      const arbiterWeb = await loginWithLink(app, arbiter.id);
      const wrong: string[] = [];
      const check = async (label: string, res: request.Response) => {
        if (![400, 404].includes(res.status) || leaks(res.text ?? '') || /application\/pdf/.test(String(res.headers['content-type']))) {
          wrong.push(`${label}: ${res.status} ${res.headers['content-type']}`);
        }
      };
      for (const id of OUTSIDE) {
        for (const path of [
          `/arbiter/games/${id}/sheet`,
          `/arbiter/games/${id}/sheet.pdf`,
          `/arbiter/games/${id}`,
          `/games/${id}`,
          `/public/games/${id}/sheet`,
          `/public/games/${id}/sheet.pdf`,
        ]) {
          await check(`web ${path}`, await arbiterWeb.get(path));
        }
        for (const path of [`/api/games/${id}/sheet`, `/api/games/${id}/gcg`, `/api/games/${id}`]) {
          await check(`api ${path}`, await request(app.getHttpServer()).get(path).set('Authorization', arbiter.bearer));
        }
        for (const path of [`/calendar/${id}`, `/calendar/${id}.ics`, `/assets/${id}`]) {
          await check(`web ${path}`, await request(app.getHttpServer()).get(path));
        }
      }
      // A line or a language that climbs out, on a real game.
      await check(
        'api sheet ?language=',
        await request(app.getHttpServer())
          .get(`/api/games/${game.id}/sheet?language=..%2f..%2fetc%2fpasswd`)
          .set('Authorization', arbiter.bearer),
      );
      for (const query of ['line=..%2f..%2fetc%2fpasswd', 'line=%00', 'line=main%2f..%2f..']) {
        await check(
          `api sheet ?${query}`,
          await request(app.getHttpServer()).get(`/api/games/${game.id}/sheet?${query}`).set('Authorization', arbiter.bearer),
        );
        await check(
          `api gcg ?${query}`,
          await request(app.getHttpServer()).get(`/api/games/${game.id}/gcg?${query}`).set('Authorization', arbiter.bearer),
        );
        await check(`web sheet ?${query}`, await arbiterWeb.get(`/arbiter/games/${game.id}/sheet?${query}`));
        await check(`web sheet.pdf ?${query}`, await arbiterWeb.get(`/arbiter/games/${game.id}/sheet.pdf?${query}`));
      }
      // Another user's calendar under the player's token, and a token cut short.
      const token = calendarToken(t.settings.secret, evil.id);
      await check('calendar of another user', await request(app.getHttpServer()).get(`/calendar/${partner.id}.${token.split('.')[1]}.ics`));
      await check('calendar, short token', await request(app.getHttpServer()).get(`/calendar/${token.slice(0, -4)}.ics`));
      await check('calendar, climbing', await request(app.getHttpServer()).get(`/calendar/..%2f${token}.ics`));
      expect(wrong).toEqual([]);
      // The real ones still answer.
      expect((await request(app.getHttpServer()).get(`/calendar/${token}.ics`)).status).toBe(200);
      expect((await arbiterWeb.get(`/arbiter/games/${game.id}/sheet.pdf`)).headers['content-type']).toMatch(/application\/pdf/);
    });

    it('refuses a word-list name that climbs out of DATA_DIR/lexicons, and writes no file', async () => {
      const arbiterWeb = await loginWithLink(app, arbiter.id);
      for (const name of ['../../evil', '..%2fevil', '/tmp/evil', 'a/../../evil']) {
        const token = await tokenFor(arbiterWeb, '/arbiter/lexicons');
        const res = await arbiterWeb.post('/arbiter/lexicons').type('form').send({ _csrf: token, name, words: 'CASA\n' });
        expect([name, res.status]).toEqual([name, 422]);
      }
      for (const file of [resolve(t.settings.dataDir, 'evil.txt'), resolve(t.settings.dataDir, '..', 'evil.txt'), '/tmp/evil.txt']) {
        expect([file, existsSync(file) && statSync(file).mtimeMs > Date.now() - 60_000]).toEqual([file, false]);
      }
    });
  });
});

/** A browser whose cookies the test sees and plants: what an attacker does to a victim's. */
class Browser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: INestApplication) {}

  async get(path: string): Promise<request.Response> {
    return this.keep(await request(this.app.getHttpServer()).get(path).set('Cookie', this.header()));
  }

  async post(path: string, form: Record<string, string>): Promise<request.Response> {
    return this.keep(await request(this.app.getHttpServer()).post(path).set('Cookie', this.header()).type('form').send(form));
  }

  private header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(res: request.Response): request.Response {
    for (const line of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
      const pair = line.split(';')[0];
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || /Expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

/** Every file under a folder (the outbox may keep mail in sub-folders). */
function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)]));
}
