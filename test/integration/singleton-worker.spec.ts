import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { postgresLeases, processLeases, SingletonWorker } from '../../src/database/singleton-worker';
import { createTestDatabase, TEST_DB, TestDatabase } from '../support/test-database';

import { until } from '../support/hang';

describe(`singleton workers (${TEST_DB})`, () => {
  let testDb: TestDatabase;
  const workers: SingletonWorker[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
  });

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
  });

  afterAll(async () => {
    await testDb.drop();
  });

  if (TEST_DB === 'postgres') {
    it('runs in one instance only, and moves to another when the holder process dies', async () => {
      const child = spawn(process.execPath, [join(__dirname, '..', 'support', 'worker-child.js'), testDb.url!, 'sweep']);
      let childSays = '';
      child.stdout.on('data', (d) => (childSays += d));
      try {
        await until(() => childSays.includes('leading\n'));
        let runs = 0;
        const b = new SingletonWorker('sweep', async () => void runs++, postgresLeases(testDb.url!), {
          intervalMs: 20,
          acquireRetryMs: 20,
        });
        workers.push(b);
        b.start();
        await new Promise((r) => setTimeout(r, 300));
        expect(b.leading).toBe(false);
        expect(runs).toBe(0);

        child.kill('SIGKILL');
        await until(() => runs >= 3);
        expect(b.leading).toBe(true);
      } finally {
        child.kill('SIGKILL');
      }
    });

    it("settles on one leader, whose tasks never overlap another instance's, each time the holder loses its session", async () => {
      const leases = postgresLeases(testDb.url!);
      // A task the cut holder had already begun may still be finishing when the next leader
      // starts (it learns of the cut only when its socket closes; every tick is idempotent for
      // that reason), so overlap is measured once leadership has settled after each cut.
      let concurrent = 0;
      let most = 0;
      let measuring = false;
      let measuredRuns = 0;
      const task = async () => {
        concurrent++;
        if (measuring) {
          most = Math.max(most, concurrent);
          measuredRuns++;
        }
        await new Promise((r) => setTimeout(r, 5));
        concurrent--;
      };
      let losses = 0;
      const options = {
        intervalMs: 10,
        acquireRetryMs: 10,
        onLeadership: (leading: boolean) => void (leading || losses++),
      };
      const a = new SingletonWorker('digest', task, leases, options);
      const b = new SingletonWorker('digest', task, leases, options);
      workers.push(a, b);
      a.start();
      await until(() => a.leading);
      b.start();
      const admin = new Client({ connectionString: testDb.url });
      await admin.connect();
      try {
        for (let cut = 1; cut <= 5; cut++) {
          await until(() => a.leading || b.leading);
          await admin.query(
            `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
          );
          // The cut holder learns of its dead session asynchronously (its socket closes). Once
          // it has, no dead session holds a lease, so PostgreSQL's lock allows one leader only.
          await until(() => losses >= cut);
          await until(() => a.leading || b.leading);
          expect(a.leading && b.leading).toBe(false);
          // Settled: the loser retries every 10 ms and must keep failing while the leader runs.
          await new Promise((r) => setTimeout(r, 50));
          measuring = true;
          const before = measuredRuns;
          // A while, and at least two of the leader's runs however slow the machine.
          await new Promise((r) => setTimeout(r, 150));
          await until(() => measuredRuns >= before + 2, "the leader's runs");
          measuring = false;
        }
      } finally {
        await admin.end();
      }
      expect(measuredRuns).toBeGreaterThan(5);
      expect(most).toBe(1);
    });

    it('gives the lease back when stopped, so another takes over at once', async () => {
      const leases = postgresLeases(testDb.url!);
      let bRuns = 0;
      const a = new SingletonWorker('outbox', async () => undefined, leases, { intervalMs: 20 });
      const b = new SingletonWorker('outbox', async () => void bRuns++, leases, { intervalMs: 20, acquireRetryMs: 20 });
      workers.push(a, b);
      a.start();
      await until(() => a.leading);
      b.start();
      await a.stop();
      await until(() => bRuns > 0);
      expect(b.leading).toBe(true);
    });
  } else {
    it('always leads in the single embedded process', async () => {
      let runs = 0;
      const w = new SingletonWorker('sweep', async () => void runs++, processLeases, { intervalMs: 10 });
      workers.push(w);
      w.start();
      await until(() => runs >= 3);
      expect(w.leading).toBe(true);
    });
  }

  it('keeps running after a failing tick and reports the error', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const leases = TEST_DB === 'postgres' ? postgresLeases(testDb.url!) : processLeases;
    const w = new SingletonWorker(
      'flaky',
      async () => {
        calls++;
        if (calls === 1) throw new Error('transient');
      },
      leases,
      { intervalMs: 10, onError: (e) => errors.push(e) },
    );
    workers.push(w);
    w.start();
    await until(() => calls >= 3);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('transient');
  });
});
