// An arbiter edits a competition's settings before its start, by the API
// (PATCH /api/competitions/:id) and by the panel's form; each change audited with the
// settings before and after; refused once play has started, to another arbiter, and for a
// bad value, with the setting named in words in Romanian and English, and nothing changed.
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { AuditEntry } from '../../src/audit/audit.entity';
import { Competition } from '../../src/competitions/competition.entity';
import { createUser, setUpCompetition, SETTINGS, type TestUser } from '../support/competitions';
import { startTestApp, type TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent, type Agent } from '../support/web';

/** Code names a person must never read in a refusal. */
const CODE_NAMES = new RegExp(
  `\\b(${[
    'holidayLongDays',
    'holidayShortDays',
    'reminderDays',
    'escalationDays',
    'offerCooldownDays',
    'thinkingDays',
    'zeroTurnsToEnd',
    'autoHomologate',
    'timeZone',
  ].join('|')})\\b`,
);

/** The form as the page sends it: every field, with the stored values unless changed. */
const FORM = {
  name: SETTINGS.name,
  shortName: SETTINGS.shortName,
  startDate: SETTINGS.startDate,
  closingDate: SETTINGS.closingDate,
  thinkingDays: '50',
  zeroTurnsToEnd: '6',
  timeZone: 'Europe/Bucharest',
  endRackRule: 'transfer',
  holidayLongDays: '20',
  holidayShortDays: '10',
  reminderDays: '15',
  escalationDays: '30',
  offerCooldownDays: '3',
  lexicon: '',
  handicap: 'on',
  autoHomologate: 'on',
  conditionalsAllowed: 'on',
};

/** The refusal block of the edit page, as text. */
const refusalOf = (html: string) =>
  (/data-testid="settings-refused">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe(`editing a competition before its start (${TEST_DB})`, () => {
  let t: TestApp;
  let app: INestApplication;
  let arbiter: TestUser;
  let otherArbiter: TestUser;
  let admin: TestUser;
  let web: Agent;
  let otherWeb: Agent;

  const stored = (id: string) => t.database.run((m) => m.findOneByOrFail(Competition, { id }));
  const audits = (id: string) =>
    t.database.run((m) => m.find(AuditEntry, { where: { competitionId: id, action: 'competition.updated' }, order: { at: 'ASC' } }));
  const patch = (id: string, who: TestUser, body: object) =>
    request(app.getHttpServer()).patch(`/api/competitions/${id}`).set('Authorization', who.bearer).send(body);
  const draft = async () => (await setUpCompetition(app, arbiter.actor, { players: 4 })).id;
  const language = async (agent: Agent, lang: 'ro' | 'en') => {
    const home = await agent.get('/arbiter');
    expect(
      (
        await agent
          .post('/language')
          .type('form')
          .send({ _csrf: csrfOf(home.text), lang, next: '/arbiter' })
      ).status,
    ).toBe(303);
  };
  const postForm = async (agent: Agent, id: string, form: Record<string, string>) => {
    const page = await agent.get(`/arbiter/competitions/${id}`);
    return agent
      .post(`/arbiter/competitions/${id}/edit`)
      .type('form')
      .send({ ...form, _csrf: csrfOf(page.text) });
  };

  beforeAll(async () => {
    t = await startTestApp();
    app = t.app;
    arbiter = await createUser(app, { email: 'edit.arbitru@example.org', roles: ['arbiter'] });
    otherArbiter = await createUser(app, { email: 'alt.arbitru@example.org', roles: ['arbiter'] });
    admin = await createUser(app, { email: 'edit.admin@example.org', roles: ['admin'] });
    web = await loginAgent(t, arbiter.email);
    otherWeb = await loginAgent(t, otherArbiter.email);
  });

  afterAll(async () => {
    await t.close();
  });

  describe('by the API', () => {
    it('changes only the settings given, in draft, and audits them before and after', async () => {
      const id = await draft();
      const res = await patch(id, arbiter, { thinkingDays: 40, holidayLongDays: 15, name: 'Cupa Toamnei', autoHomologate: false });
      expect(res.status).toBe(200);
      const changed = { thinkingDays: 40, holidayLongDays: 15, autoHomologate: false };
      expect(res.body).toMatchObject({ id, name: 'Cupa Toamnei', status: 'draft', settings: { ...changed, reminderDays: 15 } });
      expect(await stored(id)).toMatchObject({ name: 'Cupa Toamnei', ...changed, holidayShortDays: 10, shortName: 'CN 2027' });
      const [entry, ...more] = await audits(id);
      expect(more).toEqual([]);
      expect(entry).toMatchObject({ actorUserId: arbiter.id, actorRole: 'arbiter' });
      expect(entry.details).toMatchObject({
        changed: ['name', 'thinkingDays', 'holidayLongDays', 'autoHomologate'],
        before: { name: SETTINGS.name, thinkingDays: 50, holidayLongDays: 20, autoHomologate: true, reminderDays: 15 },
        after: { name: 'Cupa Toamnei', thinkingDays: 40, holidayLongDays: 15, autoHomologate: false, reminderDays: 15 },
      });
      // Removing the word list is a change too; giving the same values again writes nothing.
      await patch(id, arbiter, { lexicon: 'ro-2027' }).expect(200);
      expect((await patch(id, arbiter, { lexicon: null }).expect(200)).body.settings.lexicon).toBeNull();
      await patch(id, arbiter, { thinkingDays: 40, name: 'Cupa Toamnei' }).expect(200);
      expect(await audits(id)).toHaveLength(3);
    });

    it('lets an admin edit any competition', async () => {
      const id = await draft();
      await patch(id, admin, { offerCooldownDays: 5 }).expect(200);
      expect((await stored(id)).offerCooldownDays).toBe(5);
      expect((await audits(id))[0]).toMatchObject({ actorUserId: admin.id });
    });

    it('refuses bad values with each setting named in words, in Romanian and English, and changes nothing', async () => {
      const id = await draft();
      const before = await stored(id);
      const res = await patch(id, arbiter, { holidayLongDays: 400, reminderDays: 40 });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('BAD_INPUT');
      const { ro, en } = res.body.error.messages as { ro: string; en: string };
      expect(ro).toContain('zilele concediului lung: un număr întreg între 0 și 365');
      expect(ro).toContain('zilele de tăcere până la sesizare trebuie să fie mai multe decât cele până la reamintire');
      expect(en).toContain('the days of the long holiday: a whole number from 0 to 365');
      expect(ro).not.toMatch(CODE_NAMES);
      expect(en).not.toMatch(CODE_NAMES);
      // The tile set stays the one the sequence was dealt from (docs/rules.md §2).
      const tiles = await patch(id, arbiter, { tileSet: 'en' });
      expect([tiles.status, tiles.body.error.code]).toEqual([400, 'BAD_INPUT']);
      expect(tiles.body.error.messages.ro).toContain('setul de piese nu se mai schimbă');
      // The dates in the wrong order.
      const dates = await patch(id, arbiter, { closingDate: '2027-01-20' });
      expect(dates.body.error.messages.ro).toContain('data de închidere trebuie să fie după data de început');
      expect(await stored(id)).toEqual(before);
      expect(await audits(id)).toEqual([]);
    });

    it('refuses another arbiter (404, as for an unknown competition) and a player (403)', async () => {
      const id = await draft();
      const before = await stored(id);
      const other = await patch(id, otherArbiter, { thinkingDays: 10 });
      expect([other.status, other.body.error.code]).toEqual([404, 'NOT_FOUND']);
      const player = await createUser(app, { email: 'edit.jucator@example.org', roles: ['player'] });
      expect((await patch(id, player, { thinkingDays: 10 })).status).toBe(403);
      expect(await stored(id)).toEqual(before);
      expect(await audits(id)).toEqual([]);
    });

    it('refuses once the competition has started (COMPETITION_STARTED) and changes nothing', async () => {
      const started = await setUpCompetition(app, arbiter.actor, { players: 4, start: true });
      const before = await stored(started.id);
      const res = await patch(started.id, arbiter, { thinkingDays: 40 });
      expect([res.status, res.body.error.code]).toEqual([409, 'COMPETITION_STARTED']);
      expect(res.body.error.messages).toEqual({
        ro: 'Competiția a început deja: setările ei nu se mai pot modifica.',
        en: 'The competition has already started: its settings can no longer be changed.',
        pl: 'Rozgrywki już się zaczęły: ich ustawień nie można już zmienić.',
      });
      expect((await patch(started.id, admin, { thinkingDays: 40 })).status).toBe(409);
      expect(await stored(started.id)).toEqual(before);
      expect(await audits(started.id)).toEqual([]);
    });
  });

  describe('by the panel', () => {
    it('links the form from the competition page, shows the stored values and saves the change, audited in words', async () => {
      await language(web, 'ro');
      const id = await draft();
      await patch(id, arbiter, { holidayShortDays: 0, endRackRule: 'double', handicap: false }).expect(200);
      const page = await web.get(`/arbiter/competitions/${id}`).expect(200);
      expect(page.text).toContain(`href="/arbiter/competitions/${id}/edit" data-testid="edit-settings">Modifică setările</a>`);
      const form = await web.get(`/arbiter/competitions/${id}/edit`).expect(200);
      const shown = [
        ['name', SETTINGS.name],
        ['startDate', '2027-02-01'],
        ['thinkingDays', '50'],
        ['holidayShortDays', '0'],
        ['escalationDays', '30'],
        ['timeZone', 'Europe/Bucharest'],
      ];
      for (const [field, value] of shown) {
        expect(form.text).toMatch(new RegExp(`name="${field}"[^>]*value="${value}"`));
      }
      expect(form.text).toContain('<option value="double" selected>');
      expect(form.text).toMatch(/<input type="checkbox" name="handicap">/);
      expect(form.text).toMatch(/<input type="checkbox" name="autoHomologate" checked>/);
      expect(form.text).toContain(`action="/arbiter/competitions/${id}/edit"`);

      const sent = { ...FORM, holidayShortDays: '0', endRackRule: 'double', thinkingDays: '45', closingDate: '2027-11-30', lexicon: '' };
      const saved = await postForm(web, id, sent);
      expect(saved.status).toBe(303);
      expect(saved.headers.location).toBe(`/arbiter/competitions/${id}?done=settings-saved`);
      expect((await web.get(saved.headers.location)).text).toContain('Setările competiției au fost salvate.');
      // The ticked box is saved as on: the form is the whole of the settings.
      expect(await stored(id)).toMatchObject({
        thinkingDays: 45,
        closingDate: '2027-11-30',
        handicap: true,
        endRackRule: 'double',
        holidayShortDays: 0,
      });
      // Both entries bear the same instant (the test clock stands still): the form's is the one that set 45 days.
      const entries = await audits(id);
      expect(entries).toHaveLength(2);
      const byForm = entries.find((e) => (e.details.after as { thinkingDays?: number }).thinkingDays === 45);
      expect(byForm?.details).toMatchObject({
        changed: ['handicap', 'thinkingDays', 'closingDate'],
        before: { thinkingDays: 50 },
        after: { thinkingDays: 45 },
      });
      const audit = await web.get(`/arbiter/competitions/${id}/audit`).expect(200);
      expect(audit.text).toContain(
        'Setările competiției au fost modificate: handicapul din primele două tururi: da → nu; ' +
          'regula literelor rămase la sfârșit: transferate → adunate de două ori; zilele concediului scurt: 10 → 0.',
      );
      expect(audit.text).toContain(
        'Setările competiției au fost modificate: handicapul din primele două tururi: nu → da; ' +
          'zilele de gândire pe partidă: 50 → 45; data de închidere: 2027-12-31 → 2027-11-30.',
      );
    });

    it('offers conditional replies, on by default, and switches them off from the form', async () => {
      await language(web, 'ro');
      const id = await draft();
      expect(await stored(id)).toMatchObject({ conditionalsAllowed: true });
      const form = await web.get(`/arbiter/competitions/${id}/edit`).expect(200);
      expect(form.text).toMatch(/<input type="checkbox" name="conditionalsAllowed" checked> Mutări condiționate permise/);
      const { conditionalsAllowed: _on, ...off } = FORM;
      expect((await postForm(web, id, off)).status).toBe(303);
      expect(await stored(id)).toMatchObject({ conditionalsAllowed: false });
      expect((await web.get(`/arbiter/competitions/${id}/edit`)).text).toMatch(/<input type="checkbox" name="conditionalsAllowed">/);
      const audit = await web.get(`/arbiter/competitions/${id}/audit`).expect(200);
      expect(audit.text).toContain('mutările condiționate: da → nu');
    });

    it('offers the analysis during play, off by default, and saves it from the form and the API', async () => {
      await language(web, 'ro');
      const id = await draft();
      expect(await stored(id)).toMatchObject({ analysisDuringPlay: false });
      const form = await web.get(`/arbiter/competitions/${id}/edit`).expect(200);
      expect(form.text).toMatch(/<input type="checkbox" name="analysisDuringPlay"> Analiza mutărilor jucate vizibilă/);
      expect((await postForm(web, id, { ...FORM, analysisDuringPlay: 'on' })).status).toBe(303);
      expect(await stored(id)).toMatchObject({ analysisDuringPlay: true });
      expect((await web.get(`/arbiter/competitions/${id}/edit`)).text).toMatch(/<input type="checkbox" name="analysisDuringPlay" checked>/);
      await patch(id, arbiter, { analysisDuringPlay: false }).expect(200);
      expect(await stored(id)).toMatchObject({ analysisDuringPlay: false });
      const audit = await web.get(`/arbiter/competitions/${id}/audit`).expect(200);
      expect(audit.text).toContain('analiza mutărilor în timpul partidei: nu → da');
    });

    it('shows the form again with what was typed and each bad setting in words, in Romanian and in English', async () => {
      const id = await draft();
      const before = await stored(id);
      await language(web, 'ro');
      const bad = { ...FORM, holidayLongDays: '400', reminderDays: 'zece', name: 'Cupa Greșită' };
      const ro = await postForm(web, id, bad);
      expect(ro.status).toBe(422);
      const roText = refusalOf(ro.text);
      expect(roText).toContain('Setările nu au fost salvate:');
      expect(roText).toContain('zilele concediului lung: un număr întreg între 0 și 365');
      expect(roText).toContain('zilele de tăcere până la reamintire: un număr întreg între 1 și 365');
      expect(roText).not.toMatch(CODE_NAMES);
      expect(ro.text).toMatch(/name="holidayLongDays"[^>]*value="400"/);
      expect(ro.text).toMatch(/name="name"[^>]*value="Cupa Greșită"/);

      await language(web, 'en');
      const en = await postForm(web, id, bad);
      expect(en.status).toBe(422);
      const enText = refusalOf(en.text);
      expect(enText).toContain('The settings were not saved:');
      expect(enText).toContain('the days of the long holiday: a whole number from 0 to 365');
      expect(enText).toContain('the days of silence before a reminder: a whole number from 1 to 365');
      expect(enText).not.toMatch(CODE_NAMES);
      await language(web, 'ro');
      expect(await stored(id)).toEqual(before);
      expect(await audits(id)).toEqual([]);
    });

    it('refuses the form once the competition has started, and hides the link', async () => {
      await language(web, 'ro');
      const started = await setUpCompetition(app, arbiter.actor, { players: 4, start: true });
      const before = await stored(started.id);
      expect((await web.get(`/arbiter/competitions/${started.id}`)).text).not.toContain(`/arbiter/competitions/${started.id}/edit`);
      const form = await web.get(`/arbiter/competitions/${started.id}/edit`);
      expect(form.status).toBe(409);
      expect(form.text).toContain('Competiția a început deja: setările ei nu se mai pot modifica.');
      const sent = await postForm(web, started.id, { ...FORM, thinkingDays: '40' });
      expect(sent.status).toBe(409);
      expect(sent.text).toContain('Competiția a început deja: setările ei nu se mai pot modifica.');
      expect(await stored(started.id)).toEqual(before);
      expect(await audits(started.id)).toEqual([]);
    });

    it("refuses another arbiter's form (404) and changes nothing", async () => {
      const id = await draft();
      const before = await stored(id);
      expect((await otherWeb.get(`/arbiter/competitions/${id}/edit`)).status).toBe(404);
      const home = await otherWeb.get('/arbiter');
      const sent = await otherWeb
        .post(`/arbiter/competitions/${id}/edit`)
        .type('form')
        .send({ ...FORM, thinkingDays: '40', _csrf: csrfOf(home.text) });
      expect(sent.status).toBe(404);
      expect(await stored(id)).toEqual(before);
      expect(await audits(id)).toEqual([]);
    });
  });
});
