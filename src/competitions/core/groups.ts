// Splitting the registered players into round-robin groups (docs/rules.md §9). Pure.
import { MAX_GROUP_SIZE } from './pairing';

/** Which order the players are dealt into groups in. */
export type GroupOrder = 'rank' | 'list';
/**
 * `blocks`: the first players fill group A, the next ones B, … (levels: A is the strongest).
 * `serpentine`: A, B, C, C, B, A, A, B, … (groups of even strength).
 */
export type GroupDistribution = 'blocks' | 'serpentine';

export interface Entrant {
  /** Place in the arbiter's list (1-based). */
  readonly listPosition: number;
  /** Place in the previous competition, if any. */
  readonly previousRank: number | null;
}

export type GroupSizes = { readonly sizes: readonly number[] } | { readonly count: number };

/** Group names in order: A … Z. */
export const GROUP_NAMES = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));

/**
 * `rank`: by the previous rank, players without one after those with one; ties and the
 * unranked keep the list's order. `list`: exactly as the arbiter listed them.
 */
export function orderEntrants<T extends Entrant>(entrants: readonly T[], order: GroupOrder): T[] {
  const byList = [...entrants].sort((a, b) => a.listPosition - b.listPosition);
  if (order === 'list') return byList;
  return byList.sort((a, b) => (a.previousRank ?? Infinity) - (b.previousRank ?? Infinity));
}

/** Why a split cannot be made; the service words it for the arbiter. */
export type SplitProblem =
  | { readonly kind: 'sizes-sum'; readonly sum: number; readonly players: number }
  | { readonly kind: 'size-range'; readonly size: number }
  | { readonly kind: 'count-range'; readonly count: number; readonly players: number };

export type SplitResult<T> = { readonly ok: true; readonly groups: T[][] } | { readonly ok: false; readonly problem: SplitProblem };

/** Group sizes for `count` groups of `players`: as equal as possible, the larger ones first. */
export function evenSizes(players: number, count: number): number[] {
  const base = Math.floor(players / count);
  return Array.from({ length: count }, (_, i) => base + (i < players % count ? 1 : 0));
}

/** Deals the ordered players into groups; within a group the order is kept, which is the seat order. */
export function splitIntoGroups<T>(ordered: readonly T[], spec: GroupSizes, distribution: GroupDistribution): SplitResult<T> {
  const players = ordered.length;
  let sizes: readonly number[];
  if ('count' in spec) {
    const { count } = spec;
    if (!Number.isInteger(count) || count < 1 || count > GROUP_NAMES.length || players < 2 * count) {
      return { ok: false, problem: { kind: 'count-range', count, players } };
    }
    sizes = evenSizes(players, count);
  } else {
    sizes = spec.sizes;
    const sum = sizes.reduce((s, n) => s + n, 0);
    if (sizes.length < 1 || sizes.length > GROUP_NAMES.length || sum !== players) {
      return { ok: false, problem: { kind: 'sizes-sum', sum, players } };
    }
  }
  const wrong = sizes.find((n) => !Number.isInteger(n) || n < 2 || n > MAX_GROUP_SIZE);
  if (wrong !== undefined) return { ok: false, problem: { kind: 'size-range', size: wrong } };

  const groups: T[][] = sizes.map(() => []);
  if (distribution === 'blocks') {
    let next = 0;
    sizes.forEach((size, g) => {
      groups[g] = ordered.slice(next, next + size);
      next += size;
    });
    return { ok: true, groups };
  }
  // Serpentine: sweep A→Z then Z→A, skipping groups already full (unequal sizes).
  let g = 0;
  let step = 1;
  for (const player of ordered) {
    while (groups[g].length >= sizes[g]) [g, step] = advance(g, step, sizes.length);
    groups[g].push(player);
    [g, step] = advance(g, step, sizes.length);
  }
  return { ok: true, groups };
}

/** Next group of a serpentine sweep: at either end the sweep turns and that end group gets a second player. */
function advance(g: number, step: number, count: number): [number, number] {
  if (count === 1) return [0, step];
  const next = g + step;
  if (next < 0 || next >= count) return [g, -step];
  return [next, step];
}
