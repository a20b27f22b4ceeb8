// docs/mail-rules.md 9 and 13: HTML-only replies are made text on a worker thread, one at a time,
// within a time limit. The parser's cost grows faster than the HTML it reads; however bounded
// (quotes.ts, boundedHtml), it must never hold the event loop that answers /health and the web.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { MAX_HTML_CHARS } from './quotes';

/** A conversion that outlives this is abandoned: its worker is ended and a fresh one takes the next. */
export const HTML_TIME_LIMIT_MS = 5_000;
/** Added to the limit of a fresh worker's first conversion: the thread starts and loads its code. */
const START_ALLOWANCE_MS = 10_000;

export type HtmlReplyResult =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: 'TIMED_OUT' | 'WORKER_FAILED' };

/** One conversion as the main thread saw it: when it was handed over and answered, and the worker's own time. */
export interface HtmlConversionRecord {
  readonly startedAt: number;
  readonly endedAt: number;
  /** Time the worker spent converting (absent when it never answered). */
  readonly workerMs?: number;
  readonly ok: boolean;
}

interface Job {
  readonly html: string;
  readonly resolve: (result: HtmlReplyResult) => void;
}

const WORKER_FILE = 'html-reply.worker';

/**
 * The worker's script: the compiled file beside this one; from the TypeScript sources (the
 * test runner), the same file compiled on load by the TypeScript compiler.
 */
function workerScript(): { readonly script: string; readonly eval: boolean } {
  const compiled = join(__dirname, `${WORKER_FILE}.js`);
  if (existsSync(compiled)) return { script: compiled, eval: false };
  const source = JSON.stringify(join(__dirname, `${WORKER_FILE}.ts`));
  return {
    eval: true,
    script: `
      const ts = require('typescript');
      const { readFileSync } = require('node:fs');
      require.extensions['.ts'] = (module, file) => module._compile(
        ts.transpileModule(readFileSync(file, 'utf8'), { fileName: file, compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } }).outputText,
        file,
      );
      require(${source});`,
  };
}

/**
 * One worker thread, reused, that makes HTML replies text. Mails wait their turn; a conversion
 * over the time limit ends the worker (a runaway parse cannot be interrupted otherwise) and
 * comes back as a typed failure, which the pipeline answers as an unreadable mail.
 */
export class HtmlReplyWorker {
  private worker?: Worker;
  private readonly queue: Job[] = [];
  private current?: { readonly job: Job; readonly id: number; readonly timer: NodeJS.Timeout; readonly startedAt: number };
  private nextId = 0;
  private closed = false;
  /** The latest conversions, newest last (at most 100): what the tests and the bench measure. */
  readonly conversions: HtmlConversionRecord[] = [];

  /** The time limit of one conversion; tests lower it. */
  constructor(public timeLimitMs = HTML_TIME_LIMIT_MS) {}

  /** The text of an HTML reply (quotes.ts, htmlToReplyText), made on the worker thread. */
  convert(html: string): Promise<HtmlReplyResult> {
    if (this.closed) return Promise.resolve({ ok: false, reason: 'WORKER_FAILED' });
    // Only what is read crosses to the worker.
    const bounded = html.length > MAX_HTML_CHARS ? html.slice(0, MAX_HTML_CHARS) : html;
    return new Promise((resolve) => {
      this.queue.push({ html: bounded, resolve });
      this.next();
    });
  }

  /** Nest calls it as the application closes. */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  /** Ends the worker; conversions still waiting fail. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    if (this.current) this.finish({ ok: false, reason: 'WORKER_FAILED' });
    for (const job of this.queue.splice(0)) job.resolve({ ok: false, reason: 'WORKER_FAILED' });
    await worker?.terminate();
  }

  private next(): void {
    if (this.current || this.closed) return;
    const job = this.queue.shift();
    if (!job) return;
    const fresh = !this.worker;
    const worker = this.started();
    const id = ++this.nextId;
    const limit = this.timeLimitMs + (fresh ? START_ALLOWANCE_MS : 0);
    const timer = setTimeout(() => this.recycle({ ok: false, reason: 'TIMED_OUT' }), limit);
    this.current = { job, id, timer, startedAt: performance.now() };
    worker.postMessage({ id, html: job.html });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const { script, eval: isEval } = workerScript();
    const worker = new Worker(script, { eval: isEval });
    // An idle worker never keeps the process alive; a conversion's timer does while it runs.
    worker.unref();
    worker.on('message', (answer: { id: number; text: string; ms: number }) => {
      if (answer.id === this.current?.id) this.finish({ ok: true, text: answer.text }, answer.ms);
    });
    worker.on('error', () => {
      if (this.worker === worker) this.recycle({ ok: false, reason: 'WORKER_FAILED' });
    });
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      if (this.current) this.finish({ ok: false, reason: 'WORKER_FAILED' });
    });
    this.worker = worker;
    return worker;
  }

  private finish(result: HtmlReplyResult, workerMs?: number): void {
    const current = this.current;
    if (!current) return;
    clearTimeout(current.timer);
    this.current = undefined;
    this.conversions.push({
      startedAt: current.startedAt,
      endedAt: performance.now(),
      ok: result.ok,
      ...(workerMs !== undefined && { workerMs }),
    });
    if (this.conversions.length > 100) this.conversions.shift();
    current.job.resolve(result);
    this.next();
  }

  /** Ends a worker that overran or broke, and answers its conversion; the next one starts a fresh worker. */
  private recycle(result: HtmlReplyResult): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
    this.finish(result);
  }
}
