// A decision's "no": the typed refusal (code, words in both languages), returned as a value
// so the caller persists nothing; the service throws it inside its transaction.
import { Refusal } from '../../common/refusal';
import type { Decided } from './play';

export function isRefusal<T>(decided: Decided<T>): decided is Refusal {
  return decided instanceof Refusal;
}

/** The plan, or the refusal thrown: for the service shell, which rolls its transaction back. */
export function orThrow<T>(decided: Decided<T>): T {
  if (isRefusal(decided)) throw decided;
  return decided;
}
