// Every wait of the suite is a hang detector, never a speed budget: a bound is what
// an idle machine like this one needs, with room, times TEST_TIME_SCALE. The default, 8, lets a
// machine 4 times slower (or this one with its cores taken) pass with room to spare; a wait that
// is never satisfied still fails, with what it waited for.

/** How many times longer than on an idle machine a wait may last before it is taken for a hang. */
export const TIME_SCALE = timeScale(process.env.TEST_TIME_SCALE);

function timeScale(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 8;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale < 1) throw new Error(`TEST_TIME_SCALE="${raw}": expected a number of at least 1 (default 8)`);
  return scale;
}

/** The hang bound for something an idle machine does within `ms`. */
export function hangAfter(ms: number): number {
  return Math.round(ms * TIME_SCALE);
}

/**
 * Polls `ready` every 25 ms until it holds; fails naming `what` (read at the failure, so it
 * can show a log gathered meanwhile) once it has not for hangAfter(`idleMs`): whatever should make it true is hung.
 */
export async function until(
  ready: () => boolean | Promise<boolean>,
  what: string | (() => string) = 'a condition',
  idleMs = 30_000,
): Promise<void> {
  const bound = hangAfter(idleMs);
  const deadline = performance.now() + bound;
  while (!(await ready())) {
    if (performance.now() > deadline) {
      throw new Error(
        `timed out waiting for ${typeof what === 'string' ? what : what()}: not so after ${bound / 1000} s (TEST_TIME_SCALE=${TIME_SCALE}), taken for a hang`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Resolves when the promise does, or fails naming `what` after hangAfter(`idleMs`). */
export async function within<T>(promise: Promise<T>, what: string, idleMs = 30_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = hangAfter(idleMs);
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`timed out waiting for ${what}: not so after ${bound / 1000} s (TEST_TIME_SCALE=${TIME_SCALE}), taken for a hang`),
        ),
      bound,
    );
  });
  try {
    return await Promise.race([promise, hung]);
  } finally {
    clearTimeout(timer);
  }
}
