import { parseSettings, SettingsError } from '../config/settings';
import type { SweepReport } from '../thinking-time/sweep.service';
import { BadInputError } from './command';
import { sweepDay, sweepSummary } from './sweep-summary';

describe('SWEEP_WORKER', () => {
  it('is on by default, off under NODE_ENV=test, and an explicit on/off wins', () => {
    expect(parseSettings({}).sweepWorker).toBe(true);
    expect(parseSettings({ NODE_ENV: 'production' }).sweepWorker).toBe(true);
    expect(parseSettings({ NODE_ENV: 'test' }).sweepWorker).toBe(false);
    expect(parseSettings({ NODE_ENV: 'test', SWEEP_WORKER: 'on' }).sweepWorker).toBe(true);
    expect(parseSettings({ NODE_ENV: 'production', SWEEP_WORKER: 'off' }).sweepWorker).toBe(false);
    // Empty means not set.
    expect(parseSettings({ SWEEP_WORKER: '' }).sweepWorker).toBe(true);
  });

  it('refuses anything but on and off, naming the variable', () => {
    expect(() => parseSettings({ SWEEP_WORKER: 'yes' })).toThrow(SettingsError);
    expect(() => parseSettings({ SWEEP_WORKER: 'yes' })).toThrow(/^Invalid setting SWEEP_WORKER="yes"/);
  });
});

describe('sweep --date', () => {
  // 22:30 UTC on 16.02 is already 00:30 on the 17th in Bucharest.
  const now = new Date('2027-02-16T22:30:00Z');

  it('defaults to today in the platform time zone', () => {
    expect(sweepDay(undefined, now, 'Europe/Bucharest')).toBe('2027-02-17');
    expect(sweepDay(undefined, now, 'UTC')).toBe('2027-02-16');
  });

  it('takes a past day or today, and refuses a later day or a malformed one', () => {
    expect(sweepDay('2027-02-10', now, 'Europe/Bucharest')).toBe('2027-02-10');
    expect(sweepDay('2027-02-17', now, 'Europe/Bucharest')).toBe('2027-02-17');
    expect(() => sweepDay('2027-02-18', now, 'Europe/Bucharest')).toThrow(BadInputError);
    expect(() => sweepDay('2027-02-18', now, 'Europe/Bucharest')).toThrow('after today (2027-02-17)');
    for (const bad of ['17.02.2027', '2027-02-30', 'yesterday'])
      expect(() => sweepDay(bad, now, 'Europe/Bucharest')).toThrow(BadInputError);
  });
});

describe('what the sweep command prints', () => {
  it('counts the actions per stage, per competition and in all', () => {
    const report: SweepReport = {
      outage: null,
      resultsSettled: 2,
      caseNotices: { atOnce: 1, digests: 2, told: 5 },
      competitions: [
        {
          competitionId: 'a',
          from: '2027-02-14',
          to: '2027-02-25',
          games: 4,
          done: 5,
          superseded: 1,
          failed: 0,
          stages: { reminder: 3, 'holiday-end': 1, 'first-move-reminder': 1 },
        },
        {
          competitionId: 'b',
          from: '2027-02-25',
          to: '2027-02-25',
          games: 1,
          done: 2,
          superseded: 0,
          failed: 0,
          stages: { reminder: 1, escalation: 1 },
        },
      ],
    };
    const summary = sweepSummary('2027-02-25', report);
    expect(summary.stages).toEqual({ escalation: 1, 'first-move-reminder': 1, 'holiday-end': 1, reminder: 4 });
    expect(Object.keys(summary.stages)).toEqual(['escalation', 'first-move-reminder', 'holiday-end', 'reminder']);
    expect(summary).toMatchObject({
      day: '2027-02-25',
      resultsSettled: 2,
      competitions: [{ competitionId: 'a', done: 5, stages: { reminder: 3 } }, { competitionId: 'b' }],
    });
    const none = { atOnce: 0, digests: 0, told: 0 };
    expect(sweepSummary('2027-02-25', { outage: null, resultsSettled: 0, caseNotices: none, competitions: [] })).toEqual({
      day: '2027-02-25',
      competitions: [],
      stages: {},
      resultsSettled: 0,
    });
  });
});
