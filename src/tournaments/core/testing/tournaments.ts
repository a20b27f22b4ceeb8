// Tournaments for the tests: players 1..n rated in that order, and rounds played out.
import { pairNextRound, type PairingSystem } from '../pairing-systems';
import type { NextRound, Round, RoundEntry, Tournament, TournamentPlayer, TournamentSettings } from '../tournament';

/** Players with ids 1..n, rated highest first, named so the alphabet agrees with the ids. */
export function ratedPlayers(n: number, club?: (id: number) => string | undefined): TournamentPlayer[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `P${String(i + 1).padStart(4, '0')}`,
    rating: 3000 - i,
    ...(club?.(i + 1) !== undefined && { club: club(i + 1) }),
  }));
}

export function tournamentOf(
  players: readonly TournamentPlayer[],
  rounds: readonly Round[] = [],
  settings: TournamentSettings = {},
): Tournament {
  return { players, rounds, settings };
}

/** A paired round played: red wins by `margin(red, blue)` (negative: blue wins), the bye recorded. */
export function played(next: NextRound, margin: (red: number, blue: number) => number = () => 50): Round {
  const entries: RoundEntry[] = next.pairs.map(([red, blue]) => {
    const m = margin(red as number, blue as number);
    return { red, blue, result: { kind: 'normal', red: 400 + Math.max(0, m), blue: 400 + Math.max(0, -m) } };
  });
  if (next.bye !== null) entries.push({ bye: next.bye });
  return entries;
}

/** The opponent of each player (1..n) in each round, 0 for a bye. */
export function opponentTable(n: number, rounds: readonly Round[]): number[][] {
  const table = Array.from({ length: n }, () => [] as number[]);
  rounds.forEach((round, r) => {
    for (const entry of round) {
      if ('bye' in entry) table[(entry.bye as number) - 1][r] = 0;
      else {
        table[(entry.red as number) - 1][r] = entry.blue as number;
        table[(entry.blue as number) - 1][r] = entry.red as number;
      }
    }
  });
  return table;
}

/** Plays `count` rounds of `system`, results drawn from `margins` in turn; stops at a refusal. */
export function playOut(system: PairingSystem, start: Tournament, count: number, margins: readonly number[], seed: number) {
  const rounds: Round[] = [];
  const paired: Array<{ before: Round[]; next: NextRound }> = [];
  for (let i = 0; i < count; i++) {
    const outcome = pairNextRound(system, { ...start, rounds }, seed);
    if (!outcome.ok) break;
    paired.push({ before: [...rounds], next: outcome.next });
    let k = i;
    rounds.push(played(outcome.next, () => margins[k++ % margins.length]));
  }
  return { rounds, paired };
}
