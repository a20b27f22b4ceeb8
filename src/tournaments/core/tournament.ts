// A tournament in rounds as the pairing systems see it (docs/rules.md §11): the players, the
// rounds played so far with their results, and the settings. Pure: every system is a function
// of this value and a seed.
import type { Bilingual } from '../../common/bilingual';

/** A player's id as the tournament file gives it: the CLI echoes it back as given. */
export type PlayerId = string | number;

export interface TournamentPlayer {
  readonly id: PlayerId;
  readonly name: string;
  readonly club?: string;
  readonly rating?: number;
}

/** The result kinds of F 9.5 (`normal` covers a draw with equal scores and six zero turns' final scores). */
export const RESULT_KINDS = [
  'normal',
  'no-show-excused',
  'no-show',
  'both-absent',
  'time',
  'abandon',
  'draw-no-slip',
  'draw-arbiter',
  'six-zeros',
] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];

/** The kinds that name who lost. */
export const KINDS_WITH_LOSER: readonly ResultKind[] = ['no-show-excused', 'no-show', 'time', 'abandon'];
/** The kinds whose two final scores are required. */
export const KINDS_WITH_SCORES: readonly ResultKind[] = ['normal', 'six-zeros'];

export type Side = 'red' | 'blue';

export interface GameResult {
  readonly kind: ResultKind;
  readonly loser?: Side;
  readonly red?: number;
  readonly blue?: number;
}

export interface GameEntry {
  readonly red: PlayerId;
  readonly blue: PlayerId;
  /** Missing while the game is still being played. */
  readonly result?: GameResult;
}

export interface ByeEntry {
  readonly bye: PlayerId;
}

export type RoundEntry = GameEntry | ByeEntry;
export type Round = readonly RoundEntry[];

export interface TournamentSettings {
  /** F 9.2e: players of one club do not meet (official events). */
  readonly clubRule?: boolean;
  /** Annex 3 §7: pair a player who can no longer lose nor improve their place away from the prize race. */
  readonly gibson?: boolean;
  /** The places that win a prize (Gibson rule); 1 when not given. */
  readonly prizePlaces?: number;
  /** The rounds the tournament will have; F 9.1's table by entrants when not given. */
  readonly totalRounds?: number;
  /** The snake's number of groups (Annex 3 §5); groups of about 6 when not given. */
  readonly groups?: number;
}

export interface Penalty {
  readonly player: PlayerId;
  readonly points?: number;
  readonly spread?: number;
}

export interface Tournament {
  readonly players: readonly TournamentPlayer[];
  readonly rounds: readonly Round[];
  readonly settings: TournamentSettings;
  /** Deducted before the final standings only (F 9.2h). */
  readonly penalties?: readonly Penalty[];
  /** Players entered after round 1 (F 9.4b): each scores the rounds before `fromRound` as F 4.4.6f says. */
  readonly lateEntries?: readonly LateEntry[];
}

/** A late entrant (F 9.4b) and the first round they are paired in. */
export interface LateEntry {
  readonly player: PlayerId;
  readonly fromRound: number;
}

/** The round a system pairs: games red against blue, and who sits out. */
export interface NextRound {
  readonly round: number;
  readonly pairs: readonly (readonly [PlayerId, PlayerId])[];
  readonly bye: PlayerId | null;
  readonly gibsonized: readonly PlayerId[];
}

/** Why a round cannot be paired under a system's rules. */
export interface PairingRefusal {
  readonly code: string;
  readonly messages: Bilingual;
}

export type PairingOutcome = { readonly ok: true; readonly next: NextRound } | ({ readonly ok: false } & PairingRefusal);

export function refuse(code: string, messages: Bilingual): PairingOutcome {
  return { ok: false, code, messages };
}

export function isBye(entry: RoundEntry): entry is ByeEntry {
  return 'bye' in entry;
}

/** A key for an unordered pair of players. */
export function pairKey(a: PlayerId, b: PlayerId): string {
  const [x, y] = [JSON.stringify(a), JSON.stringify(b)].sort();
  return `${x}|${y}`;
}

/** What the rounds so far say about each player: who they met, their byes and colours. */
export interface History {
  readonly met: ReadonlySet<string>;
  readonly byes: ReadonlyMap<PlayerId, number>;
  /** REDs minus BLUEs. */
  readonly colourBalance: ReadonlyMap<PlayerId, number>;
  readonly lastColour: ReadonlyMap<PlayerId, Side>;
}

export function historyOf(rounds: readonly Round[]): History {
  const met = new Set<string>();
  const byes = new Map<PlayerId, number>();
  const colourBalance = new Map<PlayerId, number>();
  const lastColour = new Map<PlayerId, Side>();
  for (const round of rounds) {
    for (const entry of round) {
      if (isBye(entry)) {
        byes.set(entry.bye, (byes.get(entry.bye) ?? 0) + 1);
        continue;
      }
      met.add(pairKey(entry.red, entry.blue));
      colourBalance.set(entry.red, (colourBalance.get(entry.red) ?? 0) + 1);
      colourBalance.set(entry.blue, (colourBalance.get(entry.blue) ?? 0) - 1);
      lastColour.set(entry.red, 'red');
      lastColour.set(entry.blue, 'blue');
    }
  }
  return { met, byes, colourBalance, lastColour };
}

/**
 * The order before any game (docs/rules.md §11.2): by rating, highest first; players without a
 * rating after them, alphabetically (P, "System rozgrywania turniejów").
 */
export function initialOrder(players: readonly TournamentPlayer[]): TournamentPlayer[] {
  return [...players].sort((a, b) => {
    if (a.rating !== undefined && b.rating !== undefined && a.rating !== b.rating) return b.rating - a.rating;
    if (a.rating !== undefined && b.rating === undefined) return -1;
    if (a.rating === undefined && b.rating !== undefined) return 1;
    return compareNames(a, b);
  });
}

/** Alphabetical order of F 9.2c and 9.7, then by id so that the order is total. */
export function compareNames(a: TournamentPlayer, b: TournamentPlayer): number {
  const byName = a.name.localeCompare(b.name, 'ro');
  if (byName !== 0) return byName;
  return JSON.stringify(a.id) < JSON.stringify(b.id) ? -1 : JSON.stringify(a.id) > JSON.stringify(b.id) ? 1 : 0;
}

/** F 9.1: the number of rounds by entrants, when the competition's rules name none. */
export function defaultRounds(entrants: number): number {
  if (entrants < 17) return 6;
  if (entrants <= 32) return 7;
  if (entrants <= 64) return 8;
  return 9;
}

/** Whether every game of the rounds so far has its result. */
export function unfinishedRound(rounds: readonly Round[]): number | undefined {
  const index = rounds.findIndex((round) => round.some((entry) => !isBye(entry) && entry.result === undefined));
  return index < 0 ? undefined : index + 1;
}
