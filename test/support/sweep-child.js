// Another platform instance for the sweep takeover test: the whole application (from dist/)
// on the given PostgreSQL database, its clock standing at the given instant, offering to run
// the `sweep` worker. Says `leading` once it holds the lock; the test kills it mid-run.
'use strict';
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const dist = join(__dirname, '..', '..', 'dist');
const { createApp } = require(join(dist, 'app.factory.js'));
const { ManualClock } = require(join(dist, 'common', 'clock.js'));
const { parseSettings } = require(join(dist, 'config', 'settings.js'));
const { SweepService } = require(join(dist, 'thinking-time', 'sweep.service.js'));

async function main() {
  const [url, instant] = process.argv.slice(2);
  const settings = parseSettings({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'corr-scrabble-sweep-child-')),
    SECRET: '24304a8992024b1c947ff961040e72d7b091cfdaf64e8c76dbbd51c10a829426',
    LOG_LEVEL: 'silent',
  });
  const app = await createApp({ settings, clock: new ManualClock(instant) });
  await app.init();
  const worker = app.get(SweepService).startWorker({ intervalMs: 60_000, acquireRetryMs: 20 });
  const timer = setInterval(() => {
    if (!worker.leading) return;
    process.stdout.write('leading\n');
    clearInterval(timer);
  }, 5);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
