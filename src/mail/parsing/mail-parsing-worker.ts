// docs/mail-rules.md 9 and 13: the costly readings of an inbound mail run on a worker thread, one
// at a time, within a time limit: decoding a large message (MIME, transfer encodings, charsets:
// linear, but a 10 MB mail is most of a second) and making an HTML-only reply text (the parser's
// cost grows faster than the HTML it reads). However bounded, neither may hold the event loop
// that answers /health and the web (docs/web.md, Security model).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { decodeMessage, type DecodeResult } from './decode';
import { MAX_HTML_CHARS } from './quotes';

/** A reading that outlives this is abandoned: its worker is ended and a fresh one takes the next. */
export const MAIL_WORKER_TIME_LIMIT_MS = 5_000;
/** Added to the limit of a fresh worker's first reading: the thread starts and loads its code. */
const START_ALLOWANCE_MS = 10_000;
/**
 * Messages up to this size are decoded on the calling thread: a reply of a few lines decodes in
 * well under a millisecond, and the hop to the worker would cost more than it saves.
 */
export const DECODE_HERE_BYTES = 64 * 1024;

export type HtmlReplyResult =
  { readonly ok: true; readonly text: string } | { readonly ok: false; readonly reason: 'TIMED_OUT' | 'WORKER_FAILED' };

export type MailWorkKind = 'html' | 'decode';

/** One reading as the main thread saw it: when it was handed over and answered, and the worker's own time. */
export interface MailWorkRecord {
  readonly kind: MailWorkKind;
  readonly startedAt: number;
  readonly endedAt: number;
  /** Time the worker spent on it (absent when it never answered). */
  readonly workerMs?: number;
  readonly ok: boolean;
}

/** What crosses to the worker thread, and what comes back (mail-parsing.worker.ts). */
type MailWork = { readonly kind: 'html'; readonly html: string } | { readonly kind: 'decode'; readonly raw: Uint8Array };
export type MailWorkRequest = MailWork & { readonly id: number };
export type MailWorkAnswer =
  | { readonly id: number; readonly kind: 'html'; readonly text: string; readonly ms: number }
  | { readonly id: number; readonly kind: 'decode'; readonly result: DecodeResult; readonly ms: number };

type Failure = { readonly ok: false; readonly reason: 'TIMED_OUT' | 'WORKER_FAILED' };

interface Job {
  readonly request: MailWork;
  readonly transfer: ArrayBuffer[];
  readonly resolve: (answer: MailWorkAnswer | Failure) => void;
}

const WORKER_FILE = 'mail-parsing.worker';

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
 * One worker thread, reused, that decodes large mails and makes HTML replies text. Readings wait
 * their turn; one over the time limit ends the worker (a runaway parse cannot be interrupted
 * otherwise) and comes back as a typed failure, which the pipeline answers as an unreadable mail.
 */
export class MailParsingWorker {
  private worker?: Worker;
  private readonly queue: Job[] = [];
  private current?: { readonly job: Job; readonly id: number; readonly timer: NodeJS.Timeout; readonly startedAt: number };
  private nextId = 0;
  private closed = false;
  /** The latest readings, newest last (at most 100): what the tests and the bench measure. */
  readonly jobs: MailWorkRecord[] = [];

  /** The time limit of one reading; tests lower it. */
  constructor(public timeLimitMs = MAIL_WORKER_TIME_LIMIT_MS) {}

  /** The text of an HTML reply (quotes.ts, htmlToReplyText), made on the worker thread. */
  async convert(html: string): Promise<HtmlReplyResult> {
    // Only what is read crosses to the worker.
    const bounded = html.length > MAX_HTML_CHARS ? html.slice(0, MAX_HTML_CHARS) : html;
    const answer = await this.run({ kind: 'html', html: bounded }, []);
    if (!('id' in answer)) return answer;
    return answer.kind === 'html' ? { ok: true, text: answer.text } : { ok: false, reason: 'WORKER_FAILED' };
  }

  /**
   * A stored mail decoded (decode.ts): a small one here, a large one on the worker thread. A
   * decoding that overran or broke the worker is a message that could not be read.
   */
  async decode(raw: Uint8Array): Promise<DecodeResult> {
    if (raw.byteLength <= DECODE_HERE_BYTES) return decodeMessage(raw);
    // A copy of its own to hand over: the row's buffer may be a view of a larger one.
    const copy = new Uint8Array(raw);
    const answer = await this.run({ kind: 'decode', raw: copy }, [copy.buffer]);
    if ('id' in answer && answer.kind === 'decode') return answer.result;
    const reason = 'id' in answer ? 'WORKER_FAILED' : answer.reason;
    return { ok: false, code: 'MALFORMED', reason: 'unparseable', detail: reason };
  }

  /** Nest calls it as the application closes. */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  /** Ends the worker; readings still waiting fail. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    if (this.current) this.finish({ ok: false, reason: 'WORKER_FAILED' });
    for (const job of this.queue.splice(0)) job.resolve({ ok: false, reason: 'WORKER_FAILED' });
    await worker?.terminate();
  }

  private run(request: Job['request'], transfer: ArrayBuffer[]): Promise<MailWorkAnswer | Failure> {
    if (this.closed) return Promise.resolve({ ok: false, reason: 'WORKER_FAILED' });
    return new Promise((resolve) => {
      this.queue.push({ request, transfer, resolve });
      this.next();
    });
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
    worker.postMessage({ ...job.request, id }, job.transfer);
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const { script, eval: isEval } = workerScript();
    const worker = new Worker(script, { eval: isEval });
    // An idle worker never keeps the process alive; a reading's timer does while it runs.
    worker.unref();
    worker.on('message', (answer: MailWorkAnswer) => {
      if (answer.id === this.current?.id) this.finish(answer, answer.ms);
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

  private finish(answer: MailWorkAnswer | Failure, workerMs?: number): void {
    const current = this.current;
    if (!current) return;
    clearTimeout(current.timer);
    this.current = undefined;
    this.jobs.push({
      kind: current.job.request.kind,
      startedAt: current.startedAt,
      endedAt: performance.now(),
      ok: 'id' in answer,
      ...(workerMs !== undefined && { workerMs }),
    });
    if (this.jobs.length > 100) this.jobs.shift();
    current.job.resolve(answer);
    this.next();
  }

  /** Ends a worker that overran or broke, and answers its reading; the next one starts a fresh worker. */
  private recycle(failure: Failure): void {
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
    this.finish(failure);
  }
}
