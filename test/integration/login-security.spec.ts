// Logins (docs/web.md, Security model): no usable login link at rest, login requests that reveal
// nothing and flood nobody, and an arbiter's mail log limited to their competitions' games.
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { createApp } from '../../src/app.factory';
import { LoginLink } from '../../src/auth/login-link.entity';
import { LoginLinkRequests } from '../../src/auth/login-link-requests.service';
import { LoginLinks } from '../../src/auth/login-links.service';
import { PersonalDataService } from '../../src/personal-data/personal-data.service';
import { UsersService } from '../../src/auth/users.service';
import { ManualClock } from '../../src/common/clock';
import type { Settings } from '../../src/config/settings';
import { CompetitionSetupService } from '../../src/competitions/competition-setup.service';
import { RegistrationService } from '../../src/competitions/registration.service';
import type { Database } from '../../src/database/database';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { OutboxSender } from '../../src/mail/outbox/outbox.sender';
import { ArbiterPanelService } from '../../src/web/arbiter/arbiter-panel.service';
import { createUser, SETTINGS } from '../support/competitions';
import { startChampionship, type Championship } from '../support/games';
import { openTestDatabase, testSettings } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf } from '../support/web';
import { hangAfter } from '../support/hang';

interface WebTestApp {
  app: INestApplication;
  settings: Settings;
  database: Database;
  clock: ManualClock;
  close(): Promise<void>;
}

async function startApp(): Promise<WebTestApp> {
  const clock = new ManualClock('2027-01-10T09:00:00Z');
  const { opened, testDb } = await openTestDatabase();
  // Behind one proxy, so each request can come from another client; the per-client limit out of the way.
  const settings = {
    ...testSettings({ PUBLIC_URL: 'http://scrabble.test', LOGIN_RATE_LIMIT: '1000', TRUST_PROXY: '1' }),
    database: testDb.settings,
  };
  const app = await createApp({ settings, database: opened, clock });
  await app.init();
  return {
    app,
    settings,
    database: opened.database,
    clock,
    close: async () => {
      await app.close();
      await testDb.drop();
    },
  };
}

const TOKEN = /\/login\/([A-Za-z0-9_-]{43})/;
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe(`login links and login requests (${TEST_DB})`, () => {
  let t: WebTestApp;
  let ch: Championship;
  let clients = 0;

  beforeAll(async () => {
    t = await startApp();
    ch = await startChampionship(t.app, { players: 2 });
  });

  afterAll(async () => {
    await t?.close();
  });

  /** A browser with the login form's CSRF token, from a client address of its own. */
  async function visitor(): Promise<{ agent: TestAgent; ask: (email: string) => Promise<request.Response> }> {
    clients += 1;
    const client = `198.51.100.${clients}`;
    const agent = request.agent(t.app.getHttpServer());
    const token = csrfOf((await agent.get('/login').set('X-Forwarded-For', client)).text);
    return { agent, ask: (email) => agent.post('/login').set('X-Forwarded-For', client).type('form').send({ email, _csrf: token }) };
  }

  const requests = () => t.app.get(LoginLinkRequests);
  const magicLinks = (address: string) =>
    t.database.run((m) => m.find(OutboundMail, { where: { template: 'magic-link', toAddress: address }, order: { createdAt: 'ASC' } }));

  async function useLink(agent: TestAgent, path: string) {
    const confirm = await agent.get(path);
    if (confirm.status !== 200) return confirm;
    return agent
      .post(path)
      .type('form')
      .send({ _csrf: csrfOf(confirm.text), next: '/' });
  }

  describe('§2: no usable login link at rest', () => {
    // First: no admin exists yet in this file's database.
    it('gives the first admin a link at the first start only; `admin login-link` gives the next', async () => {
      const links = t.app.get(LoginLinks);
      const first = await links.ensureFirstAdmin();
      expect(first).toMatchObject({ email: 'admin@localhost', created: true });
      // Restarted before the admin used it: nothing printed again.
      expect(await links.ensureFirstAdmin()).toBeNull();
      const cli = await links.linkForCli();
      expect(cli.email).toBe('admin@localhost');
      expect((await useLink(request.agent(t.app.getHttpServer()), new URL(cli.url).pathname)).status).toBe(303);
    });

    it('shows no usable link in /api/outbox or the personal data even before sending; after the hand-over no row holds it; files are 0600 in 0700', async () => {
      const player = [...ch.users.values()][0];
      const admin = await createUser(t.app, { email: 'rest-admin@example.org', roles: ['admin'] });
      const { ask } = await visitor();
      expect((await ask(player.email)).status).toBe(303);
      await requests().idle();
      const [row] = await magicLinks(player.email);
      const token = TOKEN.exec(String(row.payload.url))![1];

      // Before sending: the API (the player's own, and an admin's) and the export show the page, not the token.
      const http = t.app.getHttpServer();
      for (const bearer of [player.bearer, admin.bearer]) {
        const api = await request(http).get('/api/outbox').set('Authorization', bearer).expect(200);
        expect(api.text).not.toContain(token);
        const listed = (api.body as { id: string; payload: { url: string } }[]).find((r) => r.id === row.id)!;
        expect(listed.payload.url).toBe('http://scrabble.test/login/…');
      }
      const exported = JSON.stringify(await t.app.get(PersonalDataService).exportFor(player.actor));
      expect(exported).toContain('magic-link');
      expect(exported).not.toContain(token);

      // The folder may predate this version, and the umask may be lax: modes are set all the same.
      const dir = join(t.settings.dataDir, 'outbox');
      mkdirSync(dir, { recursive: true, mode: 0o755 });
      const umask = process.umask(0);
      try {
        await t.app.get(OutboxSender).deliverDue();
      } finally {
        process.umask(umask);
      }
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      const files = readdirSync(dir);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
      // The mail itself carries the link (quoted-printable may fold it)…
      const mail = files.map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, '')).find((text) => text.includes(token));
      expect(mail).toBeDefined();
      // …and the database no longer does, in the same statement that marked it sent.
      const sent = await t.database.run((m) => m.findOneByOrFail(OutboundMail, { id: row.id }));
      expect(sent.status).toBe('sent');
      expect(sent.payload.url).toBe('http://scrabble.test/login/…');
      const everything = await t.database.run((m) => m.query(`SELECT payload::text AS p FROM outbound_mail`));
      expect(JSON.stringify(everything)).not.toContain(token);
      // The mailed link still works.
      expect((await useLink(request.agent(http), `/login/${token}`)).status).toBe(303);
    });
  });

  describe('§3: login requests reveal nothing and flood nobody', () => {
    it('answers before the address is looked up, with the same status, headers and body for a known and an unknown address', async () => {
      await createUser(t.app, { email: 'known@example.org', roles: ['arbiter'] });
      const users = t.app.get(UsersService);
      const lookUp = users.findUserByEmail.bind(users);
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const events: string[] = [];
      const spy = jest.spyOn(users, 'findUserByEmail').mockImplementation(async (...args) => {
        await gate;
        return lookUp(...args);
      });
      // Should the answer wait for the lookup, the gate opens after a while and the order says so.
      const timer = setTimeout(() => {
        events.push('lookup released');
        open();
      }, hangAfter(3_000));
      try {
        const answers: request.Response[] = [];
        for (const email of ['known@example.org', 'nobody-here@example.org']) {
          const { ask } = await visitor();
          answers.push(await ask(email));
          events.push(`answered ${email}`);
        }
        expect(events).toEqual(['answered known@example.org', 'answered nobody-here@example.org']);
        const [known, unknown] = answers;
        const shape = (r: request.Response) => ({
          status: r.status,
          location: r.headers.location,
          headers: Object.keys(r.headers)
            .filter((h) => h !== 'date')
            .sort(),
          length: r.headers['content-length'],
          body: r.text,
        });
        expect(shape(known)).toEqual(shape(unknown));
        expect(shape(known)).toMatchObject({ status: 303, location: '/login/sent' });
      } finally {
        clearTimeout(timer);
        open();
        spy.mockRestore();
      }
      await requests().idle();
      // Handled after the answer all the same: the known address got its mail, the unknown none.
      expect(await magicLinks('known@example.org')).toHaveLength(1);
      expect(await magicLinks('nobody-here@example.org')).toHaveLength(0);
    });

    it('takes no longer for a known address, even when its lookup and mail are slow (medians, generous ratio)', async () => {
      const users = t.app.get(UsersService);
      const lookUp = users.findUserByEmail.bind(users);
      // A known address costs 60 ms more off the request path; the answer must not show it.
      const spy = jest.spyOn(users, 'findUserByEmail').mockImplementation(async (...args) => {
        const user = await lookUp(...args);
        if (user) await new Promise((resolve) => setTimeout(resolve, 60));
        return user;
      });
      const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
      try {
        const { ask } = await visitor();
        for (let i = 0; i < 12; i++) {
          // Another known user each time, so the per-address limit does not change the work.
          const known = `timed${i}@example.org`;
          await createUser(t.app, { email: known, roles: ['arbiter'] });
          for (const [kind, email] of [
            ['known', known],
            ['unknown', `absent${i}@example.org`],
          ] as const) {
            const started = process.hrtime.bigint();
            expect((await ask(email)).status).toBe(303);
            times[kind].push(Number(process.hrtime.bigint() - started) / 1e6);
            await requests().idle();
          }
        }
      } finally {
        spy.mockRestore();
      }
      expect(median(times.known)).toBeLessThan(2 * median(times.unknown) + 5);
    });

    it('mails at most 5 links an hour to one address, whatever the client; the 6th writes no link and no mail', async () => {
      await createUser(t.app, { email: 'flooded@example.org', roles: ['arbiter'] });
      const links = () => t.database.run((m) => m.countBy(LoginLink, { email: 'flooded@example.org' }));
      for (let i = 0; i < 6; i++) {
        const { ask } = await visitor();
        const res = await ask('Flooded@Example.org');
        // The same answer the 6th time: the limit does not tell the address exists either.
        expect(res.status).toBe(303);
        expect(res.headers.location).toBe('/login/sent');
      }
      await requests().idle();
      expect(await links()).toBe(5);
      expect(await magicLinks('flooded@example.org')).toHaveLength(5);
      // An hour later the address may have links again.
      t.clock.advance({ minutes: 61 });
      const { ask } = await visitor();
      await ask('flooded@example.org');
      await requests().idle();
      expect(await links()).toBe(6);
      expect(await magicLinks('flooded@example.org')).toHaveLength(6);
    });

    it('revokes the older unused link when a newer one is issued', async () => {
      await createUser(t.app, { email: 'twolinks@example.org', roles: ['arbiter'] });
      const { ask } = await visitor();
      await ask('twolinks@example.org');
      await requests().idle();
      await ask('twolinks@example.org');
      await requests().idle();
      const [older, newer] = (await magicLinks('twolinks@example.org')).map((row) => new URL(String(row.payload.url)).pathname);
      expect(older).not.toBe(newer);
      const agent = request.agent(t.app.getHttpServer());
      const refused = await useLink(agent, older);
      expect(refused.status).toBe(410);
      expect(String(refused.headers['set-cookie'] ?? '')).not.toMatch(/cs_session=/);
      expect((await useLink(agent, newer)).status).toBe(303);
    });

    it('keeps the owner of a flooded address able to log in: past the limit nothing is mailed or revoked while their newest link works, and a new one is mailed once it does not', async () => {
      await createUser(t.app, { email: 'victim@example.org', roles: ['arbiter'] });
      const flood = async (times: number) => {
        const stranger = await visitor();
        for (let i = 0; i < times; i++) await stranger.ask('victim@example.org');
        await requests().idle();
      };
      const newestMailed = async () => new URL(String((await magicLinks('victim@example.org')).at(-1)!.payload.url)).pathname;
      // A stranger spends the address's 5 links of the hour, and keeps asking.
      await flood(12);
      expect(await magicLinks('victim@example.org')).toHaveLength(5);
      // The victim's mailbox holds a link that works: the requests past the limit revoked nothing.
      const fifth = await newestMailed();
      expect(await t.app.get(LoginLinks).state(fifth.slice('/login/'.length))).toBe('valid');
      // Its 15 minutes pass; the flood goes on, within the same hour.
      t.clock.advance({ minutes: 20 });
      await flood(12);
      // One link was mailed, as the address had none that worked; the rest neither mail nor revoke it.
      expect(await magicLinks('victim@example.org')).toHaveLength(6);
      t.clock.advance({ minutes: 5 });
      await flood(3);
      // The victim asks too (answered as always, no mail: their newest link still works) and logs in with it.
      await (await visitor()).ask('victim@example.org');
      await requests().idle();
      expect(await magicLinks('victim@example.org')).toHaveLength(6);
      expect((await useLink(request.agent(t.app.getHttpServer()), await newestMailed())).status).toBe(303);
    });
  });

  describe("§8: an arbiter's mail log", () => {
    it("lists only the mail of the arbiter's own competitions' games, though their player plays elsewhere too (the admin sees all)", async () => {
      // Arbiter B's draft competition has a player of A's running one.
      const other = await createUser(t.app, { email: 'arbiter-b@example.org', roles: ['arbiter'] });
      const setup = t.app.get(CompetitionSetupService);
      const registration = t.app.get(RegistrationService);
      const c2 = await setup.create(other.actor, { ...SETTINGS, name: 'Cupa B', shortName: 'CB' });
      await registration.importPlayers(
        other.actor,
        c2.id,
        'name,email,club,language,previous_coefficient,previous_rank\nPlayer 1,player1@example.org,Club 2,ro,1.4999,1\n',
      );
      const panel = t.app.get(ArbiterPanelService);
      const gameMail = (rows: readonly { gameId: string | null }[]) =>
        rows.filter((r) => r.gameId !== null && ch.games.some((g) => g.id === r.gameId));
      expect(await panel.outbox(other.actor)).toEqual([]);
      expect(gameMail(await panel.outbox(ch.arbiter.actor)).length).toBeGreaterThan(0);
      const admin = await createUser(t.app, { email: 'mail-admin@example.org', roles: ['admin'] });
      expect(gameMail(await panel.outbox(admin.actor)).length).toBeGreaterThan(0);
      // The API agrees.
      const api = await request(t.app.getHttpServer()).get('/api/outbox').set('Authorization', other.bearer).expect(200);
      expect(api.body).toEqual([]);
    });
  });
});
