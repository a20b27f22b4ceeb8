// The worker thread of HtmlReplyWorker (html-reply-worker.ts): HTML to the reply's text, off the
// event loop. One conversion at a time; it answers with the text and the time it took.
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
import { htmlToReplyText } from './quotes';

parentPort?.on('message', ({ id, html }: { id: number; html: string }) => {
  const started = performance.now();
  const text = htmlToReplyText(html);
  parentPort?.postMessage({ id, text, ms: performance.now() - started });
});
