// A Map that starts again when full: for memos of pure answers and short-lived lookups, where
// an entry forgotten is only read again. Cheaper on a hot path than LruMap (lru-map.ts), which
// moves an entry on every read; use LruMap where losing the recent entries at once would cost.

export class BoundedMap<K, V> extends Map<K, V> {
  constructor(readonly bound: number) {
    super();
    if (!Number.isInteger(bound) || bound < 1) throw new RangeError(`a bounded map's bound is a whole number ≥ 1, not ${bound}`);
  }

  /** Keeps `value` under `key`; a new key when `bound` entries are kept forgets them all first. */
  override set(key: K, value: V): this {
    if (this.size >= this.bound && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}
