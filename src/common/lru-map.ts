// A Map with a capacity, for the read caches: reading or writing an entry makes
// it the most recently used, and writing beyond the capacity forgets the least recently used.
// A Map iterates in insertion order, so re-inserting an entry moves it to the recent end.

export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError(`an LRU map's capacity is a whole number ≥ 0, not ${capacity}`);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value under `key`, now the most recently used; undefined if there is none. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Whether `key` is kept, without making it more recent. */
  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** Keeps `value` under `key` as the most recently used, forgetting the least recently used beyond the capacity. */
  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
    return this;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** The kept entries, least recently used first. */
  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.entries.entries();
  }

  keys(): IterableIterator<K> {
    return this.entries.keys();
  }
}
