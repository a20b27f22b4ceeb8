// How the competitions feature words a refusal of what the arbiter gave: every problem in one
// message, so the arbiter fixes them all at once. Pure.
import type { Bilingual } from '../../common/bilingual';
import { Refusal } from '../../common/refusal';

export function badInput(message: Bilingual): Refusal {
  return new Refusal('BAD_INPUT', message, 400);
}

/** `Head first; second.` in each language; the head is optional. */
export function joinMessages(messages: readonly Bilingual[], enHead = '', roHead = '', plHead = ''): Bilingual {
  const join = (parts: string[], head: string) => `${head ? `${head} ` : ''}${parts.join('; ')}.`;
  return {
    ro: join(
      messages.map((x) => x.ro),
      roHead,
    ),
    en: join(
      messages.map((x) => x.en),
      enHead,
    ),
    pl: join(
      messages.map((x) => x.pl),
      plHead,
    ),
  };
}
