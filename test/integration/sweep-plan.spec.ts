import type { LocalDate } from '../../src/common/calendar';
import { ThinkingTimeRepository, type SweptGame } from '../../src/thinking-time/thinking-time.repository';
import { startSweepTest, sweepMails, type SweepTest } from '../support/sweep';
import { TEST_DB } from '../support/test-database';

/**
 * The sweep reads a game only on the days it has something to do, or once its timeline has
 * changed: a game left alone with its next action days away is not read
 * at all, and a move makes it read again at the next run, the same day.
 */
describe(`the sweep reads only the games due or changed (${TEST_DB})`, () => {
  let s: SweepTest;

  beforeAll(async () => {
    // Two groups of two: two games, X and Y, nobody moved yet.
    s = await startSweepTest({ players: 4, groups: 2, closingDate: '2027-04-30', seed: 15 });
  });

  afterAll(async () => {
    await s.t.close();
  });

  it('skips a game until its next action or a change, then reads it again the same day', async () => {
    const [x, y] = s.g.games;
    const label = (game: { id: string }) => (game.id === x.id ? 'X' : game.id === y.id ? 'Y' : 'other');
    const read = jest.spyOn(s.t.app.get(ThinkingTimeRepository), 'gamesToSweep');
    // The games each run read, as the repository gave them to the sweep.
    const run = async (day: LocalDate, time: string) => {
      s.at(day, time);
      read.mockClear();
      await s.sweep.runOnce();
      const games = (await Promise.all(read.mock.results.map((r) => r.value as Promise<SweptGame[]>))).flat();
      return games.map(label).sort();
    };

    expect(await run('2027-02-01', '10:00')).toEqual(['X', 'Y']);
    expect(await run('2027-02-01', '10:05')).toEqual([]);
    // RED's first move is due; the first-move reminder would be on 17.02 (start + 16).
    expect(await run('2027-02-02', '10:00')).toEqual([]);
    await s.play(x, 'red');
    expect(await run('2027-02-02', '12:05')).toEqual(['X']);
    expect(await run('2027-02-02', '12:10')).toEqual([]);
    expect(await run('2027-02-16', '10:00')).toEqual([]);
    // Y's first-move reminder, then X's reminder to BLUE (sent 02.02 + 16): each on its day, read that day only.
    expect(await run('2027-02-17', '10:00')).toEqual(['Y']);
    expect(await run('2027-02-18', '10:00')).toEqual(['X']);
    expect(await run('2027-02-18', '10:05')).toEqual([]);
    const reminders = (await sweepMails(s.t.app))
      .filter((m) => m.template === 'reminder')
      .map((m) => `${m.day} ${label({ id: m.gameId! })}`)
      .sort();
    expect(reminders).toEqual(['2027-02-17 Y', '2027-02-18 X']);
  });
});
