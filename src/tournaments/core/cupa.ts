// The Cupa României's standings (the Cupa regulation in F; docs/rules.md §11.7): a competition that
// is a series of events, each event's places worth points on a scale by its starters (10 to 100),
// the players ranked by their total, the clubs by the best three results of their members in each
// event.
import { compareNames, type PlayerId, type TournamentPlayer } from './tournament';

/** The scale's bounds: an event of fewer than 10 starters still scores on 10, one of more than 100 on 100. */
export const CUPA_SCALE = { min: 10, max: 100 } as const;
/** A club's result in an event counts its best this many members. */
export const CLUB_BEST = 3;
/** A club is ranked when at least this many of its players take part. */
export const CLUB_MIN_PLAYERS = 2;
/** The club trophy is awarded when at least this many clubs are ranked. */
export const CLUBS_TO_AWARD = 4;

export interface CupaPlace {
  readonly id: PlayerId;
  /** 1 the best; players sharing a place have the same number. */
  readonly place: number;
}

export interface CupaEvent {
  readonly name: string;
  /** The players who started the event with their final places. */
  readonly standings: readonly CupaPlace[];
}

export interface CupaSeries {
  readonly players: readonly TournamentPlayer[];
  readonly events: readonly CupaEvent[];
}

export interface CupaPlayerRow {
  readonly id: PlayerId;
  readonly name: string;
  readonly club?: string;
  readonly place: number;
  readonly points: number;
  /** The points of each event in order, null where the player did not start. */
  readonly events: readonly (number | null)[];
}

export interface CupaClubRow {
  readonly club: string;
  readonly place: number;
  readonly points: number;
  readonly events: readonly number[];
}

export interface CupaStandings {
  readonly players: readonly CupaPlayerRow[];
  readonly clubs: readonly CupaClubRow[];
  /** Whether the club trophy is awarded: at least four clubs ranked. */
  readonly clubsAwarded: boolean;
}

/** The scale of an event with `starters` players: their number, between 10 and 100. */
export function cupaScale(starters: number): number {
  return Math.min(CUPA_SCALE.max, Math.max(CUPA_SCALE.min, starters));
}

/** The points of `place` on the scale: the winner the whole scale, each place one fewer, never below 0. */
export function cupaPoints(place: number, starters: number): number {
  return Math.max(0, cupaScale(starters) - place + 1);
}

/** The largest event score first, then the next, …: the regulation's tie-break, extended. */
function compareBest(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (b[i] ?? -1) - (a[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/** Places 1, 2, 2, 4 from an order and a comparison that is 0 between equals. */
function placed<T>(sorted: readonly T[], equal: (a: T, b: T) => boolean): number[] {
  const places: number[] = [];
  sorted.forEach((row, i) => places.push(i > 0 && equal(sorted[i - 1], row) ? places[i - 1] : i + 1));
  return places;
}

export function cupaStandings(series: CupaSeries): CupaStandings {
  const perEvent = series.events.map(
    (event) => new Map(event.standings.map((row) => [row.id, cupaPoints(row.place, event.standings.length)])),
  );
  const tallies = series.players.map((player) => {
    const events = perEvent.map((points) => points.get(player.id) ?? null);
    const scores = events.filter((p): p is number => p !== null).sort((a, b) => b - a);
    return { player, events, scores, points: scores.reduce((s, p) => s + p, 0) };
  });
  type Tally = (typeof tallies)[number];
  const competitive = (a: Tally, b: Tally) => b.points - a.points || compareBest(a.scores, b.scores);
  tallies.sort((a, b) => competitive(a, b) || compareNames(a.player, b.player));
  const playerPlaces = placed(tallies, (a, b) => competitive(a, b) === 0);
  const players: CupaPlayerRow[] = tallies.map((t, i) => ({
    id: t.player.id,
    name: t.player.name,
    ...(t.player.club !== undefined && { club: t.player.club }),
    place: playerPlaces[i],
    points: t.points,
    events: t.events,
  }));
  const clubs = clubStandings(players, series.events.length);
  return { players, clubs, clubsAwarded: clubs.length >= CLUBS_TO_AWARD };
}

/**
 * Each club's points in each event: its best three members' points there; ranked by the total,
 * then by its best placed player in the individual standing, then sharing the place.
 */
function clubStandings(players: readonly CupaPlayerRow[], eventCount: number): CupaClubRow[] {
  const members = new Map<string, CupaPlayerRow[]>();
  for (const row of players) {
    if (row.club === undefined || row.events.every((p) => p === null)) continue;
    members.set(row.club, [...(members.get(row.club) ?? []), row]);
  }
  const tallies = [...members]
    .filter(([, rows]) => rows.length >= CLUB_MIN_PLAYERS)
    .map(([club, rows]) => {
      const events = Array.from({ length: eventCount }, (_, e) =>
        rows
          .map((row) => row.events[e] ?? 0)
          .sort((a, b) => b - a)
          .slice(0, CLUB_BEST)
          .reduce((s, p) => s + p, 0),
      );
      return { club, events, points: events.reduce((s, p) => s + p, 0), bestPlace: Math.min(...rows.map((row) => row.place)) };
    });
  type Tally = (typeof tallies)[number];
  const competitive = (a: Tally, b: Tally) => b.points - a.points || a.bestPlace - b.bestPlace;
  tallies.sort((a, b) => competitive(a, b) || a.club.localeCompare(b.club, 'ro'));
  const places = placed(tallies, (a, b) => competitive(a, b) === 0);
  return tallies.map((t, i) => ({ club: t.club, place: places[i], points: t.points, events: t.events }));
}
