// A tournament as tsh's `.t` division file, so a federation's rating office can take it (docs/
// rules.md §11.5): one line per player, numbered by their line — the name, the rating, the
// opponents' numbers round by round, a semicolon, then the player's scores round by round.
import { BYE_SHARE, gameShares, largestDifference } from './results';
import { isBye, type GameEntry, type PlayerId, type Side, type Tournament } from './tournament';

/** tsh reads a bye or a forfeit as opponent 0, the score being the spread awarded. */
const NO_OPPONENT = 0;

/** A name on one line with no semicolon (tsh's separator between opponents and scores). */
function tshName(name: string): string {
  return name.replace(/[;\r\n\t]+/g, ' ').trim();
}

/** The player's side of a finished game: their opponent's number and their score, or a forfeit against 0. */
function gameCell(entry: GameEntry, side: Side, number: (id: PlayerId) => number, largest: number): { opponent: number; score?: number } {
  const opponent = side === 'red' ? entry.blue : entry.red;
  const result = entry.result;
  if (!result) return { opponent: number(opponent) };
  const share = gameShares(result, largest)[side];
  // F 9.5.2: a no-show is not rated: a forfeit against nobody, scored as its spread.
  if (!share.played) return { opponent: NO_OPPONENT, score: share.spread };
  const own = side === 'red' ? result.red : result.blue;
  const theirs = side === 'red' ? result.blue : result.red;
  if (own !== undefined && theirs !== undefined) return { opponent: number(opponent), score: own };
  // A forfeit or a draw recorded without scores: the winner's spread against 0, a draw 0–0.
  return { opponent: number(opponent), score: Math.max(0, share.spread) };
}

export function tshFile(tournament: Tournament): string {
  const numbers = new Map(tournament.players.map((p, i) => [p.id, i + 1]));
  const number = (id: PlayerId) => numbers.get(id) ?? NO_OPPONENT;
  const cells = new Map(tournament.players.map((p) => [p.id, [] as Array<{ opponent: number; score?: number }>]));
  for (const round of tournament.rounds) {
    const largest = largestDifference(round);
    const filled = new Set<PlayerId>();
    for (const entry of round) {
      if (isBye(entry)) {
        cells.get(entry.bye)?.push({ opponent: NO_OPPONENT, score: BYE_SHARE.spread });
        filled.add(entry.bye);
        continue;
      }
      for (const side of ['red', 'blue'] as const) {
        cells.get(entry[side])?.push(gameCell(entry, side, number, largest));
        filled.add(entry[side]);
      }
    }
    // A player not in the round (a late entry, a withdrawal) sat it out without a result.
    for (const [id, list] of cells) if (!filled.has(id)) list.push({ opponent: NO_OPPONENT, score: 0 });
  }
  const lines = tournament.players.map((player) => {
    const list = cells.get(player.id)!;
    const firstMissing = list.findIndex((c) => c.score === undefined);
    const scores = (firstMissing < 0 ? list : list.slice(0, firstMissing)).map((c) => c.score);
    const rating = Math.round(player.rating ?? 0);
    return `${tshName(player.name)} ${rating} ${list.map((c) => c.opponent).join(' ')}; ${scores.join(' ')}`.replace(/ +/g, ' ').trimEnd();
  });
  return lines.length ? `${lines.join('\n')}\n` : '';
}
