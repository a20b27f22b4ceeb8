// The clocks of the engine benchmarks: wall time, and the CPU time of this process, which stays
// readable on a machine shared with other work.

export interface Timing {
  /** Wall-clock seconds. */
  readonly seconds: number;
  /** Seconds of CPU this process used: steadier than the wall clock on a shared machine. */
  readonly cpuSeconds: number;
}

export function timed(work: () => void): Timing {
  const wall = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  work();
  const used = process.cpuUsage(cpu);
  return { seconds: Number(process.hrtime.bigint() - wall) / 1e9, cpuSeconds: (used.user + used.system) / 1e6 };
}
