// The audit page's filter (docs/web.md, the arbiter's audit page): by player, by kind of action,
// by a range of days in the competition's time zone, read from GET parameters. Pure: a query
// in, a filter (or the reason it is refused) out; bad input never reaches the database.
import type { Bilingual } from '../../common/bilingual';
import { addDays, compareDays, isLocalDate, localDate, type LocalDate } from '../../common/calendar';

/** The kinds an arbiter filters by: each a group of the log's actions, by their first word. */
export const AUDIT_KINDS = {
  moves: { prefixes: ['move.'], name: { ro: 'Mutări', en: 'Moves', pl: 'Ruchy' } },
  disputes: { prefixes: ['dispute.'], name: { ro: 'Contestații', en: 'Disputes', pl: 'Zakwestionowania' } },
  time: {
    prefixes: ['holiday.', 'long-thinking.', 'claim.', 'leave.', 'downtime-credit.'],
    name: { ro: 'Concedii și timp de gândire', en: 'Holidays and thinking time', pl: 'Urlopy i czas na namysł' },
  },
  offers: {
    prefixes: ['offer.', 'game.'],
    name: { ro: 'Propuneri, abandon, retrageri', en: 'Offers, abandonment, withdrawals', pl: 'Propozycje, poddania, wycofania' },
  },
  results: {
    prefixes: ['result.', 'state.'],
    name: { ro: 'Rezultate și omologare', en: 'Results and homologation', pl: 'Wyniki i zatwierdzanie' },
  },
  rulings: {
    prefixes: ['ruling.', 'case.', 'commission-appeal.'],
    name: { ro: 'Decizii și cazuri', en: 'Rulings and cases', pl: 'Decyzje i sprawy' },
  },
  players: { prefixes: ['player.', 'user.'], name: { ro: 'Jucători și adrese', en: 'Players and addresses', pl: 'Gracze i adresy' } },
  competition: { prefixes: ['competition.', 'lexicon.'], name: { ro: 'Competiția', en: 'The competition', pl: 'Rozgrywki' } },
} as const satisfies Record<string, { readonly prefixes: readonly string[]; readonly name: Bilingual }>;
export type AuditKind = keyof typeof AUDIT_KINDS;

export interface AuditFilter {
  readonly playerId?: string;
  readonly kind?: AuditKind;
  /** First and last day, inclusive, in the competition's time zone. */
  readonly from?: LocalDate;
  readonly to?: LocalDate;
}

export type AuditFilterQuery = Readonly<Record<'player' | 'kind' | 'from' | 'to', unknown>>;

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * The filter a query asks for, against the competition's players. A value that names nothing
 * (an unknown player or kind, a day that is not YYYY-MM-DD, a range ending before it starts)
 * is refused with the reason in both languages; an empty one is no filter.
 */
export function parseAuditFilter(query: AuditFilterQuery, playerIds: ReadonlySet<string>): AuditFilter | { readonly refused: Bilingual } {
  const [player, kind, from, to] = [text(query.player), text(query.kind), text(query.from), text(query.to)];
  if (player && !playerIds.has(player))
    return {
      refused: {
        ro: 'Jucătorul ales nu este în competiție.',
        en: 'The chosen player is not in the competition.',
        pl: 'Wybrany gracz nie bierze udziału w rozgrywkach.',
      },
    };
  if (kind && !Object.hasOwn(AUDIT_KINDS, kind))
    return { refused: { ro: 'Tipul ales nu există.', en: 'The chosen kind does not exist.', pl: 'Wybrany rodzaj nie istnieje.' } };
  for (const day of [from, to]) {
    if (day && !isLocalDate(day)) {
      return {
        refused: { ro: 'Zilele se dau ca AAAA-LL-ZZ.', en: 'Days are given as YYYY-MM-DD.', pl: 'Dni podaje się w formacie RRRR-MM-DD.' },
      };
    }
  }
  if (from && to && compareDays(from as LocalDate, to as LocalDate) > 0) {
    return {
      refused: {
        ro: 'Intervalul se termină înainte să înceapă.',
        en: 'The range ends before it starts.',
        pl: 'Zakres kończy się przed początkiem.',
      },
    };
  }
  return {
    ...(player && { playerId: player }),
    ...(kind && { kind: kind as AuditKind }),
    ...(from && { from: from as LocalDate }),
    ...(to && { to: to as LocalDate }),
  };
}

/**
 * The instants to ask the database for: a day wider on each side than the range, as no time
 * zone is more than 14 hours from UTC; `withinDays` then keeps exactly the range's days.
 */
export function roughInstants(filter: AuditFilter): { readonly after?: Date; readonly before?: Date } {
  return {
    ...(filter.from && { after: new Date(`${addDays(filter.from, -1)}T00:00:00Z`) }),
    ...(filter.to && { before: new Date(`${addDays(filter.to, 2)}T00:00:00Z`) }),
  };
}

/** Whether an instant falls on one of the filter's days in the competition's time zone. */
export function withinDays(at: Date, timeZone: string, filter: AuditFilter): boolean {
  const day = localDate(at, timeZone);
  return (!filter.from || compareDays(day, filter.from) >= 0) && (!filter.to || compareDays(day, filter.to) <= 0);
}

/** Whether the filter asks for anything. */
export function isFiltered(filter: AuditFilter): boolean {
  return Boolean(filter.playerId || filter.kind || filter.from || filter.to);
}
