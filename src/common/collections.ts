/** Items grouped by a key, each group in the items' order, the groups in order of first appearance. */
export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * Consecutive runs of the items whose sizes add up to at most `limit`; an item larger than the
 * limit is a run of its own. Together the runs are the items, in order.
 */
export function runsUpTo<T>(items: readonly T[], size: (item: T) => number, limit: number): T[][] {
  const runs: T[][] = [];
  let run: T[] = [];
  let total = 0;
  for (const item of items) {
    const s = size(item);
    if (run.length && total + s > limit) {
      runs.push(run);
      run = [];
      total = 0;
    }
    run.push(item);
    total += s;
  }
  if (run.length) runs.push(run);
  return runs;
}
