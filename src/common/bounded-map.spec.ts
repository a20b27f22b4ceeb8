import fc from 'fast-check';
import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('answers what was set, like a Map', () => {
    const map = new BoundedMap<string, number>(3);
    expect(map.set('a', 1)).toBe(map);
    map.set('b', 2).set('a', 3);
    expect(map.get('a')).toBe(3);
    expect(map.get('b')).toBe(2);
    expect(map.get('c')).toBeUndefined();
    expect(map.size).toBe(2);
    expect(map.delete('a')).toBe(true);
    expect([...map]).toEqual([['b', 2]]);
  });

  it('starts again with a new key once full, and keeps everything when a kept key is rewritten', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    map.set('a', 3);
    expect([...map]).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
    map.set('c', 4);
    expect([...map]).toEqual([['c', 4]]);
  });

  it('never holds more than its bound, and always holds the last key set', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer())), (bound, writes) => {
        const map = new BoundedMap<number, number>(bound);
        for (const [key, value] of writes) {
          map.set(key, value);
          expect(map.size).toBeLessThanOrEqual(bound);
          expect(map.get(key)).toBe(value);
        }
      }),
    );
  });

  it('refuses a bound that is not a whole number of at least one', () => {
    expect(() => new BoundedMap(0)).toThrow(RangeError);
    expect(() => new BoundedMap(1.5)).toThrow(RangeError);
  });
});
