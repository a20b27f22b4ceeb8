// A second "instance" for the takeover test: leads the named worker until it is killed.
'use strict';
const { join } = require('node:path');
const { postgresLeases, SingletonWorker } = require(join(__dirname, '..', '..', 'dist', 'database', 'singleton-worker.js'));

const [url, name] = process.argv.slice(2);
const worker = new SingletonWorker(name, async () => undefined, postgresLeases(url), {
  intervalMs: 20,
  acquireRetryMs: 20,
  onLeadership: (leading) => process.stdout.write(leading ? 'leading\n' : 'not leading\n'),
});
worker.start();
setInterval(() => undefined, 1 << 30);
