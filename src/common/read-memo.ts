// A repository seen through a memo for a short piece of work (the outbox's pass,
// where the two mails of one move read the same game, its group, its timeline rows): each chosen
// read runs once for the same arguments while the view lives, its callers sharing the promise.
// Only for reads whose results the callers do not change, over data written before the view
// was made; a failed read is forgotten, so the next caller asks again.

type AsyncMethodName<T> = { [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? K : never }[keyof T];

/** Each memoized view's results, by read and by its arguments (JSON). */
const memos = new WeakMap<object, Map<PropertyKey, Map<string, Promise<unknown>>>>();

export function memoizedReads<T extends object>(target: T, reads: readonly AsyncMethodName<T>[]): T {
  // Every other member is the target's own, reached through the prototype.
  const view = Object.create(target) as T;
  const memo = new Map<PropertyKey, Map<string, Promise<unknown>>>();
  for (const name of reads) {
    const read = target[name] as (...args: unknown[]) => Promise<unknown>;
    const results = new Map<string, Promise<unknown>>();
    memo.set(name, results);
    const memoized = (...args: unknown[]): Promise<unknown> => {
      const key = JSON.stringify(args);
      let result = results.get(key);
      if (!result) {
        result = read.apply(target, args);
        results.set(key, result);
        result.catch(() => results.delete(key));
      }
      return result;
    };
    Object.defineProperty(view, name, { value: memoized });
  }
  memos.set(view, memo);
  return view;
}

/**
 * Gives a memoized view the answer of one read for `args`, read beforehand with others in one
 * statement (the outbox's pass reads its rows' events at once): the read's callers then share it.
 * An answer the view holds already is kept; a view that does not memoize `name` is left alone.
 */
export function primeRead<T extends object, K extends AsyncMethodName<T>>(
  view: T,
  name: K,
  args: T[K] extends (...a: infer A) => unknown ? A : never,
  value: T[K] extends (...a: never[]) => Promise<infer R> ? R : never,
): void {
  const results = memos.get(view)?.get(name);
  const key = JSON.stringify(args);
  if (results && !results.has(key)) results.set(key, Promise.resolve(value));
}
