// The worker thread of MailParsingWorker (mail-parsing-worker.ts): large mails decoded and HTML
// replies made text, off the event loop. One reading at a time; it answers with the result and
// the time it took.
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { decodeMessage } from './decode';
import type { MailWorkAnswer, MailWorkRequest } from './mail-parsing-worker';
import { htmlToReplyText } from './quotes';

parentPort?.on('message', (request: MailWorkRequest) => {
  const started = performance.now();
  if (request.kind === 'html') {
    const text = htmlToReplyText(request.html);
    const answer: MailWorkAnswer = { id: request.id, kind: 'html', text, ms: performance.now() - started };
    parentPort?.postMessage(answer);
    return;
  }
  void decodeMessage(request.raw).then((result) => {
    const answer: MailWorkAnswer = { id: request.id, kind: 'decode', result, ms: performance.now() - started };
    parentPort?.postMessage(answer);
  });
});
