import fc from 'fast-check';
import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('answers what was set, like a Map', () => {
    const map = new LruMap<string, number>(3);
    expect(map.set('a', 1)).toBe(map);
    map.set('b', 2).set('a', 3);
    expect(map.get('a')).toBe(3);
    expect(map.get('b')).toBe(2);
    expect(map.get('c')).toBeUndefined();
    expect(map.has('a')).toBe(true);
    expect(map.size).toBe(2);
    expect(map.delete('a')).toBe(true);
    expect(map.delete('a')).toBe(false);
    expect([...map]).toEqual([['b', 2]]);
    map.clear();
    expect(map.size).toBe(0);
  });

  it('forgets the least recently used beyond its capacity: a read or a write makes an entry recent', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    map.get('a'); // b is now the least recently used
    map.set('c', 3);
    expect([...map.keys()]).toEqual(['a', 'c']);
    map.set('a', 4); // a rewritten: c is now the oldest
    map.set('d', 5);
    expect([...map]).toEqual([
      ['a', 4],
      ['d', 5],
    ]);
  });

  it('keeps an undefined value as a value, and has() does not make an entry recent', () => {
    const map = new LruMap<string, number | undefined>(2);
    map.set('a', undefined).set('b', 1);
    expect(map.has('a')).toBe(true);
    map.set('c', 2);
    expect([...map.keys()]).toEqual(['b', 'c']);
    map.set('d', undefined).get('d');
    expect(map.has('d')).toBe(true);
  });

  it('keeps nothing with capacity 0 and refuses a capacity that is not a whole number ≥ 0', () => {
    const map = new LruMap<string, number>(0);
    map.set('a', 1);
    expect(map.size).toBe(0);
    expect(map.get('a')).toBeUndefined();
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => new LruMap(bad)).toThrow(RangeError);
  });

  // The model: a list of entries, least recently used first, cut to the capacity after every write.
  type Op =
    { op: 'set'; key: number; value: number } | { op: 'get'; key: number } | { op: 'delete'; key: number } | { op: 'has'; key: number };
  const key = fc.integer({ min: 0, max: 7 });
  const ops = fc.array(
    fc.oneof(
      fc.record({ op: fc.constant('set' as const), key, value: fc.integer() }),
      fc.record({ op: fc.constant('get' as const), key }),
      fc.record({ op: fc.constant('delete' as const), key }),
      fc.record({ op: fc.constant('has' as const), key }),
    ),
    { maxLength: 80 },
  );

  it('behaves like a Map that keeps only the most recently used `capacity` keys', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), ops, (capacity, script: Op[]) => {
        const map = new LruMap<number, number>(capacity);
        let model: [number, number][] = [];
        const touch = (k: number, v: number) => (model = [...model.filter(([m]) => m !== k), [k, v]]);
        for (const step of script) {
          const kept = model.find(([m]) => m === step.key);
          if (step.op === 'set') {
            map.set(step.key, step.value);
            touch(step.key, step.value);
            model = model.slice(Math.max(0, model.length - capacity));
          } else if (step.op === 'get') {
            expect(map.get(step.key)).toBe(kept?.[1]);
            if (kept) touch(kept[0], kept[1]);
          } else if (step.op === 'delete') {
            expect(map.delete(step.key)).toBe(kept !== undefined);
            model = model.filter(([m]) => m !== step.key);
          } else {
            expect(map.has(step.key)).toBe(kept !== undefined);
          }
          expect(map.size).toBe(model.length);
          expect(map.size).toBeLessThanOrEqual(capacity);
          expect([...map]).toEqual(model);
        }
      }),
    );
  });
});
