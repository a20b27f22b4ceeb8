// The record attempt's refusals and verdicts in the three languages of its pages (docs/rules.md §14):
// Romanian and English as everywhere, Polish beside them since the attempt is the PFS's.
import type { Bilingual } from '../../common/bilingual';
import { Refusal, type RefusalStatus } from '../../common/refusal';

/** A text in Romanian, English and Polish; a Bilingual wherever the platform reads two. */
export interface Trilingual extends Bilingual {
  readonly pl: string;
}

export function refuse(code: string, status: RefusalStatus, ro: string, en: string, pl: string): Refusal {
  const messages: Trilingual = { ro, en, pl };
  return new Refusal(code, messages, status);
}

/** The one verdict of a challenge [P 4.7.8]: whether every word named is in the official list, never which one is not. */
export function recordChallengeVerdict(successful: boolean, words: readonly string[]): Trilingual {
  const quoted = words.map((w) => `„${w}”`).join(', ');
  const en = words.map((w) => `"${w}"`).join(', ');
  return successful
    ? {
        ro: `Verificarea (${quoted}): nu toate cuvintele sunt în lista oficială. Mutarea se retrage și se înregistrează ca pierdere de rând.`,
        en: `Check (${en}): not every word is in the official list. The move is taken back and recorded as a lost turn.`,
        pl: `Sprawdzenie (${quoted}): nie wszystkie wyrazy są w oficjalnym słowniku. Ruch zostaje cofnięty i zapisany jako strata.`,
      }
    : {
        ro: `Verificarea (${quoted}): toate cuvintele sunt în lista oficială. Mutarea rămâne.`,
        en: `Check (${en}): every word is in the official list. The move stands.`,
        pl: `Sprawdzenie (${quoted}): wszystkie wyrazy są w oficjalnym słowniku. Ruch zostaje zapisany.`,
      };
}

export const unknownAttempt = (): Refusal =>
  refuse(
    'UNKNOWN_ATTEMPT',
    404,
    'Nu există această încercare de record.',
    'There is no such record attempt.',
    'Nie ma takiej próby bicia rekordu.',
  );
