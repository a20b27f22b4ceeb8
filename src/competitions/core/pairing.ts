// Round-robin pairing inside a group (docs/rules.md §9; seed F 9.3b, the Clark rotation).
// Pure: seats in, games out. Seats are 1-based places in the group's pairing table.

/** One game of the round robin, between two seats; `round` is the Clark table's round (1-based). */
export interface SeatPairing {
  readonly round: number;
  readonly red: number;
  readonly blue: number;
}

/** Largest group the tables are built for; beyond that a correspondence group is not practical. */
export const MAX_GROUP_SIZE = 32;

/**
 * The Clark table of F 9.3b, column by column: round r lists [top, bottom] pairs, seat 1
 * staying in place and every other seat moving one place clockwise each round. With an
 * odd number of seats the fixed place is the bye (the Berger convention: the player drawn
 * against the fixed place sits out), so `null` marks who rests that round.
 */
export function clarkTable(size: number, maxSize = MAX_GROUP_SIZE): Array<Array<[number | null, number | null]>> {
  checkSize(size, maxSize);
  const { fixed, ring } = places(size);
  const m = ring.length; // odd
  const half = (m + 1) / 2; // columns
  const rounds: Array<Array<[number | null, number | null]>> = [];
  for (let r = 0; r < m; r++) {
    // Clockwise: the ring's content turns one place per round.
    const at = (i: number) => ring[(((i - r) % m) + m) % m];
    const columns: Array<[number | null, number | null]> = [];
    for (let k = 0; k < half; k++) {
      const top = k === 0 ? fixed : at(k - 1);
      const bottom = at(m - 1 - k);
      columns.push([top, bottom]);
    }
    rounds.push(columns);
  }
  return rounds;
}

/**
 * Every game of a group of `size` players, each pair exactly once, with colours balanced:
 * each player is RED in half of their games, or one more or one fewer when they play an
 * odd number (docs/rules.md §9). Rounds follow the Clark table; since correspondence games all
 * run at once, the round only orders the list.
 *
 * Colours: the players on the rotating ring get RED against the next (m−1)/2 ring places
 * clockwise of their own starting place, which gives each of them exactly (m−1)/2 REDs on
 * the ring; the fixed seat 1 (even sizes) is RED in odd rounds.
 */
export function roundRobin(size: number, maxSize = MAX_GROUP_SIZE): SeatPairing[] {
  const table = clarkTable(size, maxSize);
  const { fixed, ring } = places(size);
  const m = ring.length;
  const ringIndex = new Map(ring.map((seat, i) => [seat, i]));
  const games: SeatPairing[] = [];
  table.forEach((columns, r) => {
    const round = r + 1;
    for (const [a, b] of columns) {
      if (a === null || b === null) continue; // the bye
      if (a === fixed) {
        const fixedRed = round % 2 === 1;
        games.push({ round, red: fixedRed ? a : b, blue: fixedRed ? b : a });
        continue;
      }
      const d = (((ringIndex.get(b)! - ringIndex.get(a)!) % m) + m) % m;
      const aRed = d <= (m - 1) / 2;
      games.push({ round, red: aRed ? a : b, blue: aRed ? b : a });
    }
  });
  return games;
}

/** Even size: seat 1 fixed, seats 2..n on the ring. Odd size: the bye fixed, seats 1..n on the ring. */
function places(size: number): { fixed: number | null; ring: number[] } {
  const seats = Array.from({ length: size }, (_, i) => i + 1);
  return size % 2 === 0 ? { fixed: 1, ring: seats.slice(1) } : { fixed: null, ring: seats };
}

function checkSize(size: number, maxSize: number): void {
  if (!Number.isInteger(size) || size < 2 || size > maxSize) {
    throw new RangeError(`a round-robin group has 2 to ${maxSize} players, not ${size}`);
  }
}
