import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Case } from '../../src/arbiter/case.entity';
import { BadInputError } from '../../src/cli/command';
import { addDays, compareDays, localDate, type LocalDate } from '../../src/common/calendar';
import { DOWNTIME_CASE } from '../../src/thinking-time/heartbeat.service';
import { runSweep, sweepCommand } from '../../src/cli/sweep.commands';
import type { SweepSummary } from '../../src/cli/sweep-summary';
import { startSweepTest, SWEEP_TZ, sweepMails, type SweepTest } from '../support/sweep';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../support/test-database';

const TZ = SWEEP_TZ;

/** A CommandIo that keeps what the command prints. */
function captured(env: Record<string, string | undefined> = {}, args: string[] = []) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { args, env, stdin: process.stdin, out: (text: string) => void out.push(text), err: (text: string) => void err.push(text) },
    out,
    err,
    /** The last JSON line printed. */
    json: () => JSON.parse(out.join('').trim().split('\n').pop()!) as SweepSummary,
  };
}

/**
 * `sweep [--date YYYY-MM-DD]` (docs/sweep.md): the daily sweep run once by hand. Through a past
 * day it catches up as after downtime, only through that day; run again it does nothing;
 * it never sweeps ahead of today, and says nothing of the platform's uptime.
 */
describe(`the sweep command (${TEST_DB})`, () => {
  let s: SweepTest;

  beforeAll(async () => {
    s = await startSweepTest({ players: 8, groups: 4, closingDate: '2027-06-30', seed: 14 });
  });

  afterAll(async () => {
    await s.t.close();
  });

  it('catches up through the day asked for, once, then through today, printing the actions by stage', async () => {
    const [a, , c, d] = s.g.games;
    const events = new Map<LocalDate, (() => Promise<unknown>)[]>([
      ['2027-02-02', [() => s.play(a, 'red'), () => s.play(c, 'red')]],
      ['2027-02-03', [() => s.play(c, 'blue'), () => s.play(d, 'red')]],
    ]);
    for (let day: LocalDate = '2027-02-01'; compareDays(day, '2027-02-14') <= 0; day = addDays(day, 1)) {
      s.at(day, '00:05');
      await s.sweep.runOnce();
      for (const event of events.get(day) ?? []) {
        s.at(day, '10:00');
        await event();
      }
    }
    expect(await sweepMails(s.t.app, TZ)).toEqual([]);

    // The worker stopped after 14.02; on 25.02 the arbiter sweeps by hand through the 17th:
    // only B's first-move reminder (start + 16) was due by then.
    s.at('2027-02-25', '09:00');
    const settings = { timeZone: TZ };
    const first = captured();
    expect(await runSweep(first.io, s.sweep, s.clock, settings, '2027-02-17')).toBe(0);
    expect(first.json()).toEqual({
      day: '2027-02-17',
      competitions: [
        {
          competitionId: s.g.competitionId,
          from: '2027-02-14',
          to: '2027-02-17',
          games: 1,
          done: 1,
          superseded: 0,
          failed: 0,
          stages: { 'first-move-reminder': 1 },
        },
      ],
      stages: { 'first-move-reminder': 1 },
      resultsSettled: 0,
    });
    // The same day again: nothing left to do.
    const again = captured();
    await runSweep(again.io, s.sweep, s.clock, settings, '2027-02-17');
    expect(again.json().stages).toEqual({});
    // Then through today: A's reminder (due 18.02), C's and D's (19.02), each the current one.
    const today = captured();
    await runSweep(today.io, s.sweep, s.clock, settings);
    expect(today.json()).toMatchObject({
      day: '2027-02-25',
      stages: { reminder: 3 },
      competitions: [{ from: '2027-02-17', to: '2027-02-25', done: 3 }],
    });
    // Never ahead of today.
    await expect(runSweep(captured().io, s.sweep, s.clock, settings, '2027-02-26')).rejects.toThrow(BadInputError);

    const mails = (await sweepMails(s.t.app, TZ)).map((m) => `${m.template} ${m.action}`);
    expect(mails.sort()).toEqual(
      ['first-move-reminder:1', 'reminder:2', 'reminder:2', 'reminder:3']
        .flatMap((action) => [`reminder ${action}`, `reminder-copy ${action}`])
        .sort(),
    );
    // A run by hand is no heartbeat: the days the worker was away are not proposed as downtime by it.
    expect(await s.t.database.run((m) => m.countBy(Case, { kind: DOWNTIME_CASE }))).toBe(0);
  });

  it('runs as a command on the database the environment names, with the platform services', async () => {
    const testDb: TestDatabase = await createTestDatabase();
    const env = {
      LOG_LEVEL: 'warn',
      SECRET: '24304a8992024b1c947ff961040e72d7b091cfdaf64e8c76dbbd51c10a829426',
      ...(testDb.url ? { DATABASE_URL: testDb.url } : { DATA_DIR: join(mkdtempSync(join(tmpdir(), 'corr-scrabble-sweep-')), 'data') }),
    };
    try {
      const run = captured(env, []);
      expect(await sweepCommand.run(run.io)).toBe(0);
      // A fresh database: no started competition, nothing to do, today in the platform's time zone.
      expect(run.json()).toEqual({ day: localDate(new Date(), TZ), competitions: [], stages: {}, resultsSettled: 0 });
      await expect(sweepCommand.run(captured(env, ['--date', '2999-01-01']).io)).rejects.toThrow(BadInputError);
    } finally {
      await testDb.drop();
    }
  });
});
