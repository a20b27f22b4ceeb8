// A repository seen through a memo for a short piece of work (the outbox's pass,
// where the two mails of one move read the same game, its group, its timeline rows): each chosen
// read runs once for the same arguments while the view lives, its callers sharing the promise.
// Only for reads whose results the callers do not change, over data written before the view
// was made; a failed read is forgotten, so the next caller asks again.

type AsyncMethodName<T> = { [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? K : never }[keyof T];

export function memoizedReads<T extends object>(target: T, reads: readonly AsyncMethodName<T>[]): T {
  // Every other member is the target's own, reached through the prototype.
  const view = Object.create(target) as T;
  for (const name of reads) {
    const read = target[name] as (...args: unknown[]) => Promise<unknown>;
    const results = new Map<string, Promise<unknown>>();
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
  return view;
}
