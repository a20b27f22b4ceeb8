// Repeated draw (and interruption) offers are
// limited. Pure: the service loads the game's offers and calls it in the same transaction.
import { Refusal } from '../../common/refusal';
import type { Bilingual } from '../../engine';
import { addDays, compareDays, formatDayRo, localDate, type LocalDate } from '../../common/calendar';
import { formatDayFor } from '../../common/day-format';

/** docs/rules.md §7: a draw (1 / 1) or an interruption (the point shared by the scores), agreed by both. */
export type OfferKind = 'draw' | 'interruption';
/** `lapsed`: the game ended another way before the partner answered. */
export type OfferStatus = 'pending' | 'accepted' | 'declined' | 'lapsed';

export interface OfferFact {
  readonly kind: OfferKind;
  readonly status: OfferStatus;
  /** The player who made it. */
  readonly mine: boolean;
  readonly answeredAt: Date | null;
}

export type OfferDecision =
  /** Offering what the partner has on the table accepts it (docs/rules.md §7). */
  | { readonly ok: true; readonly accepts: boolean }
  | {
      readonly ok: false;
      readonly code: 'OFFER_PENDING' | 'OFFER_OPEN' | 'OFFER_TOO_SOON';
      readonly message: Bilingual;
      readonly until?: LocalDate;
    };

const KIND: Record<OfferKind, Bilingual> = {
  draw: { ro: 'remiză', en: 'draw', pl: 'remisu' },
  interruption: { ro: 'întrerupere', en: 'interruption', pl: 'przerwania' },
};

/**
 * May this player offer `kind` now? One offer open at a time per game: the player's own
 * open offer waits for the partner, a partner's offer of another kind is answered first.
 * After the partner declined the player's offer of this kind, the player may offer it
 * again from the day `cooldownDays` after the decline (competition's days, its time zone).
 */
export function offerDecision(input: {
  readonly kind: OfferKind;
  readonly offers: readonly OfferFact[];
  readonly now: Date;
  readonly timeZone: string;
  readonly cooldownDays: number;
}): OfferDecision {
  const open = input.offers.filter((o) => o.status === 'pending');
  if (open.some((o) => o.mine)) {
    return {
      ok: false,
      code: 'OFFER_PENDING',
      message: {
        ro: 'Oferta dumneavoastră așteaptă deja răspunsul partenerului.',
        en: 'Your offer is already waiting for your partner.',
        pl: 'Twoja propozycja już czeka na odpowiedź partnera.',
      },
    };
  }
  const theirs = open.find((o) => !o.mine);
  if (theirs && theirs.kind === input.kind) return { ok: true, accepts: true };
  if (theirs) {
    return {
      ok: false,
      code: 'OFFER_OPEN',
      message: {
        ro: `Partenerul v-a propus deja o ${KIND[theirs.kind].ro}: răspundeți întâi la oferta lui; o singură ofertă poate fi deschisă într-o partidă.`,
        en: `Your partner has already offered ${theirs.kind === 'draw' ? 'a draw' : 'an interruption'}: answer that offer first; only one offer may be open in a game.`,
        pl: `Partner zaproponował już ${theirs.kind === 'draw' ? 'remis' : 'przerwanie'}: najpierw odpowiedz na tę propozycję; w partii może być otwarta tylko jedna propozycja.`,
      },
    };
  }
  if (input.cooldownDays > 0) {
    const today = localDate(input.now, input.timeZone);
    const declined = input.offers
      .filter((o) => o.mine && o.kind === input.kind && o.status === 'declined' && o.answeredAt)
      .map((o) => localDate(o.answeredAt!, input.timeZone))
      .sort();
    const last = declined[declined.length - 1];
    if (last !== undefined) {
      const until = addDays(last, input.cooldownDays);
      if (compareDays(today, until) < 0) {
        return {
          ok: false,
          code: 'OFFER_TOO_SOON',
          until,
          message: {
            ro: `Partenerul a refuzat oferta dumneavoastră de ${KIND[input.kind].ro} pe ${formatDayRo(last)}; o puteți face din nou începând cu ${formatDayRo(until)} (după ${input.cooldownDays} zile).`,
            en: `Your partner declined your ${KIND[input.kind].en} offer on ${formatDayRo(last)}; you may offer it again from ${formatDayRo(until)} (after ${input.cooldownDays} days).`,
            pl: `Partner odrzucił Twoją propozycję ${KIND[input.kind].pl} ${formatDayFor('pl', last)}; możesz ją ponowić od ${formatDayFor('pl', until)} (po ${input.cooldownDays === 1 ? '1 dniu' : `${input.cooldownDays} dniach`}).`,
          },
        };
      }
    }
  }
  return { ok: true, accepts: false };
}

/** The refusal a decision that says no is given: its code, both languages, 409, and the day it lifts. */
export function offerRefusal(decision: Extract<OfferDecision, { ok: false }>): Refusal {
  return new Refusal(decision.code, decision.message, 409, decision.until ? { until: decision.until } : undefined);
}
