// The load side of `npm run bench:web`, in a process of its own so that the server under
// test keeps its CPU (autocannon in the server's process took a share of it). Reads one
// JSON job from argv, runs autocannon, prints its summary as one JSON line on stdout.
// Usage (by web.bench.ts): node dist/bench/load-generator.js '{"url":…,"connections":50,"duration":10,"headers":{…}}'
import autocannon from 'autocannon';
import { runBench } from './bench-support';

export interface LoadJob {
  readonly url: string;
  readonly connections: number;
  readonly duration: number;
  readonly headers?: Record<string, string>;
}

export interface LoadSummary {
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly requestsPerSecond: number;
  readonly requests: number;
  readonly errors: number;
  readonly non2xx: number;
}

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2] ?? '') as LoadJob;
  const result = await autocannon({ url: job.url, connections: job.connections, duration: job.duration, headers: job.headers ?? {} });
  const summary: LoadSummary = {
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}

runBench(main);
