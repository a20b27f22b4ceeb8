import { Competition } from '../../src/competitions/competition.entity';
import { createUser } from '../support/competitions';
import { startTestApp, TestApp } from '../support/test-app';
import { TEST_DB } from '../support/test-database';
import { csrfOf, loginAgent } from '../support/web';

/** The arbiter's create form carries every competition setting, the time zone first. */
describe(`the competition create form (${TEST_DB})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('shows each setting with its default, and stores what the arbiter chose', async () => {
    await createUser(t.app, { email: 'form-arbiter@fed.example', roles: ['arbiter'] });
    const arbiter = await loginAgent(t, 'form-arbiter@fed.example');
    const form = await arbiter.get('/arbiter/competitions/new').expect(200);
    for (const [field, value] of [
      ['timeZone', 'Europe/Bucharest'],
      ['holidayLongDays', '20'],
      ['holidayShortDays', '10'],
      ['reminderDays', '15'],
      ['escalationDays', '30'],
      ['offerCooldownDays', '3'],
    ]) {
      expect(form.text).toMatch(new RegExp(`name="${field}"[^>]*value="${value}"`));
    }
    expect(form.text).toContain('name="endRackRule"');
    const sent = {
      _csrf: csrfOf(form.text),
      name: 'Cupa Antipozilor',
      shortName: 'CA 2027',
      startDate: '2027-02-10',
      closingDate: '2027-11-30',
      timeZone: 'Pacific/Auckland',
      endRackRule: 'double',
      holidayLongDays: '15',
      holidayShortDays: '5',
      reminderDays: '10',
      escalationDays: '20',
      offerCooldownDays: '7',
      handicap: 'on',
    };
    const created = await arbiter.post('/arbiter/competitions').type('form').send(sent);
    expect(created.status).toBe(303);
    const stored = await t.database.run((m) => m.findOneByOrFail(Competition, { name: 'Cupa Antipozilor' }));
    expect(stored).toMatchObject({
      timeZone: 'Pacific/Auckland',
      endRackRule: 'double',
      holidayLongDays: 15,
      holidayShortDays: 5,
      reminderDays: 10,
      escalationDays: 20,
      offerCooldownDays: 7,
    });
    // A setting out of its range is refused on the form, with what was typed kept.
    const bad = await arbiter
      .post('/arbiter/competitions')
      .type('form')
      .send({ ...sent, name: 'Cupa Greșită', timeZone: 'Mars/Olympus' });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('Mars/Olympus');
    expect(await t.database.run((m) => m.countBy(Competition, { name: 'Cupa Greșită' }))).toBe(0);
  });
});
