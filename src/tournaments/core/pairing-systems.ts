// Every pairing system by the name the CLI and the arbiter's plan use (docs/rules.md §11.3): a
// pure function from the tournament so far and a seed to the next round or a typed refusal.
import { rapidSystem } from './rapid-final';
import { roundRobinRound, snake } from './schedules';
import { chew, guelph, nast } from './small-fields';
import { modifiedSwiss, pfsSwiss } from './score-groups';
import { danish, factorized, green, kingOfTheHill, portland, swiss } from './swiss';
import type { PairingOutcome, Tournament } from './tournament';

export const PAIRING_SYSTEMS = [
  'swiss',
  'rr',
  'koth',
  'modified-swiss',
  'rapid',
  'fp4',
  'fp6',
  'snake',
  'portland',
  'green',
  'pfs-swiss',
  'danish',
  'guelph',
  'nast',
  'chew',
] as const;
export type PairingSystem = (typeof PAIRING_SYSTEMS)[number];

const SYSTEMS: Readonly<Record<PairingSystem, (tournament: Tournament, seed?: number) => PairingOutcome>> = {
  swiss,
  rr: roundRobinRound,
  koth: kingOfTheHill,
  'modified-swiss': modifiedSwiss,
  rapid: rapidSystem,
  fp4: (t) => factorized(t, 4),
  fp6: (t) => factorized(t, 6),
  snake,
  portland,
  green,
  'pfs-swiss': pfsSwiss,
  danish,
  guelph,
  nast,
  chew,
};

/** The next round of `tournament` under `system`; `seed` draws Swiss's first round (F 9.2a). */
export function pairNextRound(system: PairingSystem, tournament: Tournament, seed?: number): PairingOutcome {
  return SYSTEMS[system](tournament, seed);
}
