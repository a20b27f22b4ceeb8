#!/usr/bin/env node
// `pretest`: makes sure the services and programs the suites need are on this machine.
// Root on Debian: installs or starts what is missing. Elsewhere: stops with the exact commands.
'use strict';
const { execSync, spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const net = require('node:net');

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

/** Debian packages the suites run; `path` when the suite launches that exact file. */
const packages = [
  // The mail tier starts a private Dovecot; the package's own service is never started (test/support/dovecot.ts).
  { command: 'dovecot', pkg: 'dovecot-imapd' },
  // The browser tier drives the machine's Chromium with playwright-core (test/browser/support/browser.ts).
  { command: 'chromium', path: '/usr/bin/chromium', pkg: 'chromium' },
];

let aptUpdated = false;
function aptInstall(pkg) {
  if (!aptUpdated) {
    execSync('apt-get update', { stdio: 'inherit' });
    aptUpdated = true;
  }
  execSync(`DEBIAN_FRONTEND=noninteractive apt-get install -y ${pkg}`, { stdio: 'inherit' });
}

async function postgres(problems) {
  if (process.env.TEST_DATABASE_URL) return; // someone else's server: global setup reports on it
  if (await reachable('127.0.0.1', 5432)) return;
  const start = 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start';
  if (isRoot && has('pg_ctlcluster')) {
    process.stderr.write('provision: PostgreSQL is not running; starting it\n');
    spawnSync('sh', ['-c', start], { stdio: 'inherit' });
    if (await reachable('127.0.0.1', 5432)) return;
  }
  problems.push(
    `PostgreSQL is not reachable on 127.0.0.1:5432. Start it (${start}), ` +
      'or set TEST_DATABASE_URL to a server with trust or password auth and a database whose name contains "test".',
  );
}

async function main() {
  const problems = [];
  for (const { command, path, pkg } of packages) {
    if (path ? existsSync(path) : has(command)) continue;
    if (isRoot && hasApt) aptInstall(pkg);
    else problems.push(`${path ?? command} is missing: sudo apt-get install -y ${pkg}`);
  }
  await postgres(problems);
  if (problems.length) {
    process.stderr.write(`provision: the test suite needs:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
    process.exit(1);
  }
}

void main();
