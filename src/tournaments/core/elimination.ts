// F 9.4d: "a player absent from a third of the total number of rounds (the first ones included)
// is eliminated from the tournament". Pure: the rounds service asks it when it pairs a round and
// shows its answer on the proposal; the arbiter's confirmation withdraws them (docs/rules.md §11.6).
import { isBye, type PlayerId, type Tournament } from './tournament';

/**
 * The rounds each player was absent from (docs/rules.md §11.6): a round missed by a late entry
 * (F 9.4b, "the first ones included"), a game lost as a no-show, excused or not, and a game both
 * players were absent from. A bye is no absence (the player was not paired); a time forfeit or an
 * abandonment is a game played.
 */
export function absences(tournament: Tournament): Map<PlayerId, number> {
  const count = new Map<PlayerId, number>(tournament.players.map((p) => [p.id, 0]));
  const add = (id: PlayerId) => {
    if (count.has(id)) count.set(id, count.get(id)! + 1);
  };
  for (const late of tournament.lateEntries ?? []) {
    for (let round = 1; round < late.fromRound && round <= tournament.rounds.length; round++) add(late.player);
  }
  for (const round of tournament.rounds) {
    for (const entry of round) {
      if (isBye(entry) || !entry.result) continue;
      const { kind, loser } = entry.result;
      if (kind === 'both-absent') {
        add(entry.red);
        add(entry.blue);
      } else if ((kind === 'no-show' || kind === 'no-show-excused') && loser) {
        add(loser === 'red' ? entry.red : entry.blue);
      }
    }
  }
  return count;
}

/** Absent from at least a third of `totalRounds`: 2 of 6, 3 of 7, 3 of 8, 3 of 9 (three times the absences reach the total). */
export function isEliminated(absent: number, totalRounds: number): boolean {
  return absent > 0 && 3 * absent >= totalRounds;
}

/** The players of `tournament` that F 9.4d eliminates before its next round, in the players' order. */
export function eliminatedPlayers(tournament: Tournament, totalRounds: number): PlayerId[] {
  const absent = absences(tournament);
  return tournament.players.filter((p) => isEliminated(absent.get(p.id) ?? 0, totalRounds)).map((p) => p.id);
}

/** The tournament without the players eliminated: their rounds stay, so nobody meets them again nor repeats a pairing. */
export function withoutPlayers(tournament: Tournament, ids: readonly PlayerId[]): Tournament {
  if (ids.length === 0) return tournament;
  const out = new Set(ids);
  return { ...tournament, players: tournament.players.filter((p) => !out.has(p.id)) };
}
