// docs/web.md, Security model: a reply token is a capability (whoever holds it and writes from its
// owner's address plays for them, docs/mail-rules.md 1-3). No listing, page or export shows one to
// anyone but its addressee: an arbiter's and an admin's view of /api/outbox and of the web mail log
// carry no live token of a player's mail; the player's own view does.
import request from 'supertest';
import type { App } from 'supertest/types';
import { ManualClock } from '../../src/common/clock';
import { OutboundMail } from '../../src/notifications/outbound-mail.entity';
import { replyToken } from '../../src/notifications/reply-token';
import { createUser, type TestUser } from '../support/competitions';
import { startChampionship, userOf, type Championship } from '../support/games';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { loginAgent } from '../support/web';

describe(`reply tokens are shown to their addressee alone (${TEST_DB})`, () => {
  let t: TestApp;
  let http: App;
  let ch: Championship;
  let admin: TestUser;
  /** The MAC of every token the test data gives each player: game, player and turn, as the platform signs them. */
  const macsOf = new Map<string, string[]>();
  const clock = new ManualClock('2027-02-01T09:00:00Z');

  beforeAll(async () => {
    t = await startTestApp({ clock });
    http = t.app.getHttpServer();
    ch = await startChampionship(t.app, { players: 2, domain: 'tokens.example' });
    admin = await createUser(t.app, { email: 'admin@tokens.example', roles: ['admin'], name: 'Admin' });
    for (const game of ch.games) {
      for (const playerId of [game.redPlayerId, game.bluePlayerId]) {
        const macs = [1, 2, 3].map((turn) => replyToken(t.settings.secret, { gameId: game.id, playerId, turn }).split('-').at(-1)!);
        macsOf.set(playerId, [...(macsOf.get(playerId) ?? []), ...macs]);
      }
    }
    // An SMTP answer that quotes the mail's Message-ID, as some servers' do: shown on the mail log.
    await t.database.run(async (m) => {
      for (const row of await m.find(OutboundMail)) {
        await m.update(OutboundMail, { id: row.id }, { lastError: `451 4.7.1 message ${row.messageId} deferred` });
      }
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  const allMacs = () => [...macsOf.values()].flat();
  const leaked = (text: string, macs: readonly string[]) => macs.filter((mac) => text.toLowerCase().includes(mac));

  it('the game mail the test looks for is there, its Message-ID and payload carrying the token', async () => {
    const rows = await t.database.run((m) => m.find(OutboundMail));
    const stored = JSON.stringify(rows);
    expect(leaked(stored, allMacs()).length).toBeGreaterThan(0);
  });

  it.each(['arbiter', 'admin'] as const)("an %s's /api/outbox carries no player's token", async (who) => {
    const user = who === 'admin' ? admin : ch.arbiter;
    const res = await request(http).get('/api/outbox').set('Authorization', user.bearer);
    expect(res.status).toBe(200);
    expect((res.body as unknown[]).length).toBeGreaterThan(0);
    expect(leaked(JSON.stringify(res.body), allMacs())).toEqual([]);
  });

  it.each(['arbiter', 'admin'] as const)("an %s's web mail log carries no player's token", async (who) => {
    const user = who === 'admin' ? admin : ch.arbiter;
    const agent = await loginAgent(t, user.email);
    const page = await agent.get('/arbiter/mail');
    expect(page.status).toBe(200);
    expect(page.text).toContain('deferred');
    expect(leaked(page.text, allMacs())).toEqual([]);
  });

  it("a player's own /api/outbox shows their own tokens, and none of the partner's", async () => {
    const game = ch.games[0];
    const red = userOf(ch, game, 'red');
    const res = await request(http).get('/api/outbox').set('Authorization', red.bearer);
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(leaked(text, macsOf.get(game.redPlayerId)!).length).toBeGreaterThan(0);
    expect(leaked(text, macsOf.get(game.bluePlayerId)!)).toEqual([]);
  });
});
