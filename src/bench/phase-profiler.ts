// The CPU profile of one phase of a bench (bench:championship --profile-moves, --profile-sweep).
import { profilerSession, round, type ProfilerSession } from './bench-support';

interface V8Profile {
  readonly nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  readonly samples: number[];
  readonly timeDeltas: number[];
}

/**
 * The V8 profiler of this process, sampling only while resumed (during the sweeps, or the
 * moves): the profile of that phase alone, summed by function: self time, and time under each
 * of the platform's own functions.
 */
export class PhaseProfiler {
  private readonly self = new Map<string, number>();
  /** Time under each of the platform's own functions (dist/), callees included. */
  private readonly inclusive = new Map<string, number>();
  private constructor(private readonly session: ProfilerSession) {}

  static async start(): Promise<PhaseProfiler> {
    return new PhaseProfiler(await profilerSession(1000));
  }

  resume(): Promise<unknown> {
    return this.session.start();
  }

  async pause(): Promise<void> {
    const profile = (await this.session.stop()) as V8Profile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parentOf = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
    const keyOf = (id: number) => {
      const frame = byId.get(id)!.callFrame;
      const where = frame.url.replace(/^.*\/(node_modules\/[^/]+|dist)\//, '$1/');
      return `${frame.functionName || '(anonymous)'} ${where}${where ? `:${frame.lineNumber + 1}` : ''}`;
    };
    profile.samples.forEach((id, i) => {
      const key = keyOf(id);
      // The profiler's own messages and the waits are not the sweep's work.
      if (key === 'dispatch ' || key === '(idle) ' || key === '(program) ') return;
      this.self.set(key, (this.self.get(key) ?? 0) + profile.timeDeltas[i]);
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
        const k = keyOf(at);
        if (!byId.get(at)!.callFrame.url.includes('/dist/') || seen.has(k)) continue;
        seen.add(k);
        this.inclusive.set(k, (this.inclusive.get(k) ?? 0) + profile.timeDeltas[i]);
      }
    });
  }

  /** The platform's functions by time spent under them, as shares of the phase. */
  topInclusive(n: number): Record<string, number> {
    return this.shares(this.inclusive, n);
  }

  /** The functions by their own time, as shares of the phase; the profiler is done with after it. */
  async top(n: number): Promise<Record<string, number>> {
    this.session.disconnect();
    return this.shares(this.self, n);
  }

  /** The `n` largest of `times`, each as a percentage of the phase's sampled time. */
  private shares(times: ReadonlyMap<string, number>, n: number): Record<string, number> {
    const total = [...this.self.values()].reduce((a, b) => a + b, 0);
    return Object.fromEntries(
      [...times]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => [k, round((100 * v) / total, 1)]),
    );
  }
}
