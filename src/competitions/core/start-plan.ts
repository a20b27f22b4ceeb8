// Starting play (docs/rules.md §9): when a competition may start, the day its games begin and the
// round robin of each group, grouped by the series whose sequence the group plays.
import type { Bilingual } from '../../common/bilingual';
import { Refusal } from '../../common/refusal';
import { compareDays, type LocalDate } from '../../common/calendar';
import { roundRobin } from './pairing';
import { formatDayFor } from '../../common/day-format';

export interface StartGroup {
  readonly id: string;
  readonly series: string;
}

/** A registered player still in the competition, with the seat of the group they were dealt to. */
export interface StartEntrant {
  readonly playerId: string;
  readonly name: string;
  readonly groupId: string | null;
  readonly seat: number | null;
}

/** One game to create: players by id, RED moves first (docs/rules.md §2). */
export interface StartPairing {
  readonly groupId: string;
  readonly red: string;
  readonly blue: string;
  readonly round: number;
}

export interface StartPlan {
  /** The start date, or today when the arbiter starts late. */
  readonly startDate: LocalDate;
  readonly pairingsBySeries: ReadonlyMap<string, readonly StartPairing[]>;
}

export interface StartInput {
  readonly status: string;
  readonly startDate: LocalDate;
  readonly closingDate: LocalDate;
  readonly groups: readonly StartGroup[];
  readonly entrants: readonly StartEntrant[];
  readonly today: LocalDate;
}

export const alreadyStarted = () =>
  new Refusal(
    'COMPETITION_STARTED',
    {
      ro: 'Competiția a început deja: jucătorii, grupele și secvența nu se mai schimbă.',
      en: 'The competition has already started: its players, groups and sequence no longer change.',
      pl: 'Rozgrywki już się zaczęły: gracze, grupy i sekwencja już się nie zmieniają.',
    },
    409,
  );

const conflict = (code: string, message: Bilingual) => new Refusal(code, message, 409);

/** docs/rules.md §11.6: a tournament in rounds starts round by round, never all its games at once, and has no groups to make. */
export const playedInRounds = () =>
  conflict('PLAYED_IN_ROUNDS', {
    ro: 'Competiția este un turneu pe runde: se începe rundă cu rundă, din pagina rundelor.',
    en: 'The competition is a tournament in rounds: it starts round by round, from the rounds page.',
    pl: 'Rozgrywki to turniej w rundach: zaczyna się runda po rundzie, ze strony rund.',
  });

/** docs/rules.md §11.6 (F 9.4b): a tournament in rounds takes late entries while it is played. */
export function mayRegister(competition: { readonly status: string; readonly kind?: string }): boolean {
  return competition.status === 'draft' || (competition.kind === 'rounds' && competition.status === 'started');
}

/** The games a start creates, or why the competition cannot start now; nothing is decided half-way. */
export function planStart({ status, startDate, closingDate, groups, entrants, today }: StartInput): StartPlan | Refusal {
  if (status !== 'draft') return alreadyStarted();
  if (groups.length === 0)
    return conflict('NO_GROUPS', { ro: 'Faceți întâi grupele.', en: 'Make the groups first.', pl: 'Najpierw utwórz grupy.' });
  const ungrouped = entrants.filter((e) => e.groupId === null);
  if (ungrouped.length) {
    const names = ungrouped.map((e) => e.name).join(', ');
    return conflict('PLAYERS_WITHOUT_GROUP', {
      ro: `Jucători fără grupă (refaceți grupele): ${names}.`,
      en: `Players without a group (make the groups again): ${names}.`,
      pl: `Gracze bez grupy (utwórz grupy ponownie): ${names}.`,
    });
  }
  if (compareDays(today, closingDate) >= 0) {
    return conflict('CLOSING_DATE_PASSED', {
      ro: `Data de închidere (${closingDate}) a trecut: nu se mai poate începe.`,
      en: `The closing date (${closingDate}) has passed: play can no longer start.`,
      pl: `Data zamknięcia (${formatDayFor('pl', closingDate)}) minęła: gry nie można już rozpocząć.`,
    });
  }
  const pairingsBySeries = new Map<string, StartPairing[]>();
  for (const group of groups) {
    const seats = entrants.filter((e) => e.groupId === group.id).sort((a, b) => a.seat! - b.seat!);
    const playerAt = (seat: number) => seats[seat - 1].playerId;
    const pairings = roundRobin(seats.length).map((p) => ({
      groupId: group.id,
      red: playerAt(p.red),
      blue: playerAt(p.blue),
      round: p.round,
    }));
    pairingsBySeries.set(group.series, [...(pairingsBySeries.get(group.series) ?? []), ...pairings]);
  }
  return { startDate: compareDays(today, startDate) > 0 ? today : startDate, pairingsBySeries };
}
