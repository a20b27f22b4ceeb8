// The CPU profile of one phase of a bench (bench:championship --profile-moves, --profile-sweep).
import { Session } from 'node:inspector';
import { round } from './bench-support';

/**
 * The V8 profiler of this process, sampling only while resumed (during the sweeps, or the
 * moves): the profile of that phase alone, summed by function: self time, and time under each
 * of the platform's own functions.
 */
export class PhaseProfiler {
  private readonly self = new Map<string, number>();
  /** Time under each of the platform's own functions (dist/), callees included. */
  private readonly inclusive = new Map<string, number>();
  private constructor(private readonly session: Session) {}

  static async start(): Promise<PhaseProfiler> {
    const session = new Session();
    session.connect();
    const post = (method: string, params?: object) =>
      new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (e, r) => (e ? reject(e) : resolve(r))));
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 1000 });
    return new PhaseProfiler(session);
  }

  private post(method: string): Promise<unknown> {
    return new Promise((resolve, reject) => this.session.post(method, {}, (e, r) => (e ? reject(e) : resolve(r))));
  }

  resume(): Promise<unknown> {
    return this.post('Profiler.start');
  }

  async pause(): Promise<void> {
    const { profile } = (await this.post('Profiler.stop')) as {
      profile: {
        nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
        samples: number[];
        timeDeltas: number[];
      };
    };
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
    const total = [...this.self.values()].reduce((a, b) => a + b, 0);
    return Object.fromEntries(
      [...this.inclusive]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => [k, round((100 * v) / total, 1)]),
    );
  }

  async top(n: number): Promise<Record<string, number>> {
    this.session.disconnect();
    const total = [...this.self.values()].reduce((a, b) => a + b, 0);
    return Object.fromEntries(
      [...this.self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => [k, round((100 * v) / total, 1)]),
    );
  }
}
