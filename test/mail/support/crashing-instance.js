// An instance of the platform (built in dist/) that reads the inbox once and kills itself
// with SIGKILL at a chosen point: a real crash, for the exactly-once tests.
//   before-apply:  the mail is stored and decided to be a move; the games service is not called
//   after-apply:   the games service committed the move (with the mail's "applied", in its transaction);
//                  the mail is not yet moved in IMAP nor answered
//   before-move:   the mail's decision committed; the IMAP message is not yet moved
'use strict';
const { join } = require('node:path');
const dist = join(__dirname, '..', '..', '..', 'dist');
require('reflect-metadata');
const { createApp } = require(join(dist, 'app.factory.js'));
const { InboxService } = require(join(dist, 'mail', 'inbox', 'inbox.service.js'));
const { MailActions } = require(join(dist, 'mail', 'pipeline', 'mail-actions.service.js'));
const { ManualClock } = require(join(dist, 'common', 'clock.js'));

// The test's settings and its clock's time: the games' calendar is the test's, not this machine's.
const [settingsJson, point, now] = process.argv.slice(2);
const crash = () => process.kill(process.pid, 'SIGKILL');

if (point === 'before-apply') MailActions.prototype.run = async () => crash();
if (point === 'after-apply') {
  const run = MailActions.prototype.run;
  MailActions.prototype.run = async function (...args) {
    await run.apply(this, args);
    crash();
  };
}
if (point === 'before-move') InboxService.prototype.moveDecided = async () => crash();

(async () => {
  const settings = JSON.parse(settingsJson);
  const app = await createApp({ settings: { ...settings, mailWorkers: false }, clock: new ManualClock(now) });
  await app.init();
  await app.get(InboxService).poll();
  process.stdout.write('finished without crashing\n');
  await app.close();
})().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(3);
});
