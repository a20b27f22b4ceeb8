// The frame of every system that pairs from a standing (docs/rules.md §11.3): the bye first
// (F 9.2f), then the Gibson rule when the tournament applies it (Annex 3 §7), then the system's
// own way of pairing the rest, then the colours.
import { gibsonOpponent, gibsonized } from './gibson';
import { chooseBye, colourPairs, type Pair } from './matching';
import { standings } from './standings';
import {
  defaultRounds,
  historyOf,
  refuse,
  unfinishedRound,
  type History,
  type PairingOutcome,
  type PlayerId,
  type Tournament,
  type TournamentPlayer,
} from './tournament';

export interface StandingsPlan {
  /** The players in the order the system pairs them. */
  readonly order: readonly TournamentPlayer[];
  /** Who sits out, from the order and history; the lowest without a bye unless the system says otherwise. */
  readonly bye?: (order: readonly TournamentPlayer[], history: History, roundNumber: number) => TournamentPlayer | undefined;
  /** The system's pairing of the players left (an even number). */
  readonly pair: (list: readonly TournamentPlayer[], history: History) => Pair[];
  /** Whether the Gibson rule may apply (not to fixed schedules). */
  readonly gibson?: boolean;
}

export function tooFewPlayers(tournament: Tournament): PairingOutcome | undefined {
  if (tournament.players.length >= 2) return undefined;
  return refuse('TOO_FEW_PLAYERS', {
    ro: 'Un tur are nevoie de cel puțin doi jucători.',
    en: 'A round needs at least two players.',
    pl: 'Runda wymaga co najmniej dwóch graczy.',
  });
}

/** ROUND_UNFINISHED when a game of the first `rounds` rounds still has no result. */
export function unfinished(tournament: Tournament, rounds = tournament.rounds.length): PairingOutcome | undefined {
  const round = unfinishedRound(tournament.rounds.slice(0, rounds));
  if (round === undefined) return undefined;
  return refuse('ROUND_UNFINISHED', {
    ro: `Turul ${round} are încă partide fără rezultat: clasamentul după care se împerechează nu e gata.`,
    en: `Round ${round} still has games without a result: the standing the pairing needs is not ready.`,
    pl: `Runda ${round} ma jeszcze partie bez wyniku: klasyfikacja potrzebna do kojarzenia nie jest gotowa.`,
  });
}

const noByeLeft = (): PairingOutcome =>
  refuse('NO_BYE_LEFT', {
    ro: 'Fiecare jucător a stat deja o dată; F 9.2f nu permite a doua oară într-un turneu de cel mult 12 runde.',
    en: 'Every player has already sat out once; F 9.2f allows no second time in a tournament of at most 12 rounds.',
    pl: 'Każdy gracz pauzował już raz; F 9.2f nie pozwala na drugą pauzę w turnieju do 12 rund.',
  });

/** The next round from a plan: bye, Gibson pairs, the system's pairs, colours. */
export function pairFromStandings(tournament: Tournament, plan: StandingsPlan): PairingOutcome {
  const roundNumber = tournament.rounds.length + 1;
  const history = historyOf(tournament.rounds);
  let rest = [...plan.order];
  let bye: TournamentPlayer | undefined;
  if (rest.length % 2 === 1) {
    bye = (plan.bye ?? chooseBye)(rest, history, roundNumber);
    if (!bye) return noByeLeft();
    rest = rest.filter((p) => p !== bye);
  }
  const fixed: Pair[] = [];
  const marked: PlayerId[] = [];
  if (plan.gibson && tournament.settings.gibson) {
    for (const pair of gibsonPairs(tournament, rest, history)) {
      fixed.push(pair);
      marked.push(pair[0].id);
    }
    const taken = new Set(fixed.flat());
    rest = rest.filter((p) => !taken.has(p));
  }
  const pairs = [...fixed, ...plan.pair(rest, history)];
  return {
    ok: true,
    next: { round: roundNumber, pairs: colourPairs(pairs, history, roundNumber), bye: bye?.id ?? null, gibsonized: marked },
  };
}

/** Each gibsonized player among `available` with their opponent, best placed first. */
function gibsonPairs(tournament: Tournament, available: readonly TournamentPlayer[], history: History): Pair[] {
  const rows = standings(tournament);
  const roundsLeft = (tournament.settings.totalRounds ?? defaultRounds(tournament.players.length)) - tournament.rounds.length;
  const prizePlaces = tournament.settings.prizePlaces ?? 1;
  const byId = new Map(available.map((p) => [p.id, p]));
  const ids = gibsonized(rows, roundsLeft, prizePlaces).filter((id) => byId.has(id));
  const free = new Set(available.map((p) => p.id));
  for (const id of ids) free.delete(id);
  const pairs: Pair[] = [];
  for (const id of ids) {
    const opponent = gibsonOpponent(
      id,
      rows.filter((row) => free.has(row.id)),
      rows,
      roundsLeft,
      prizePlaces,
      history,
    );
    if (!opponent) continue;
    free.delete(opponent.id);
    pairs.push([byId.get(id)!, byId.get(opponent.id)!]);
  }
  return pairs;
}
