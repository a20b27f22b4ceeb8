import fc from 'fast-check';
import { offerDecision, offerRefusal, type OfferFact } from './offer-limits';

const TZ = 'Europe/Bucharest';
const at = (iso: string) => new Date(iso);
const declined = (answeredAt: string, kind: OfferFact['kind'] = 'draw'): OfferFact => ({
  kind,
  status: 'declined',
  mine: true,
  answeredAt: at(answeredAt),
});
const decide = (offers: OfferFact[], now: string, kind: OfferFact['kind'] = 'draw', cooldownDays = 3) =>
  offerDecision({ kind, offers, now: at(now), timeZone: TZ, cooldownDays });

describe('offerDecision (repeated offers limited)', () => {
  it('a first offer is made', () => {
    expect(decide([], '2027-03-10T10:00:00Z')).toEqual({ ok: true, accepts: false });
  });

  it('one open offer at a time: my own waits, the partner’s of another kind is answered first', () => {
    expect(decide([{ kind: 'interruption', status: 'pending', mine: true, answeredAt: null }], '2027-03-10T10:00:00Z')).toMatchObject({
      ok: false,
      code: 'OFFER_PENDING',
    });
    const other = decide([{ kind: 'interruption', status: 'pending', mine: false, answeredAt: null }], '2027-03-10T10:00:00Z');
    expect(other).toMatchObject({ ok: false, code: 'OFFER_OPEN' });
    expect(!other.ok && other.message.ro).toContain('întrerupere');
  });

  it('offering what the partner offered accepts it', () => {
    expect(decide([{ kind: 'draw', status: 'pending', mine: false, answeredAt: null }], '2027-03-10T10:00:00Z')).toEqual({
      ok: true,
      accepts: true,
    });
  });

  it('not again within 3 days of a decline, counted on the competition’s days', () => {
    // Declined on 10.03 at 23:30 Bucharest (21:30 UTC): 11 and 12 refused, 13.03 from 00:00 Bucharest allowed.
    const offers = [declined('2027-03-10T21:30:00Z')];
    const refused = decide(offers, '2027-03-12T21:59:00Z');
    expect(refused).toMatchObject({ ok: false, code: 'OFFER_TOO_SOON', until: '2027-03-13' });
    expect(!refused.ok && refused.message).toEqual({
      ro: 'Partenerul a refuzat oferta dumneavoastră de remiză pe 10.03.2027; o puteți face din nou începând cu 13.03.2027 (după 3 zile).',
      en: 'Your partner declined your draw offer on 10.03.2027; you may offer it again from 13.03.2027 (after 3 days).',
      pl: 'Partner odrzucił Twoją propozycję remisu 10 marca 2027; możesz ją ponowić od 13 marca 2027 (po 3 dniach).',
    });
    expect(decide(offers, '2027-03-12T22:00:00Z')).toEqual({ ok: true, accepts: false });
  });

  it('the limit is per player and kind, and 0 days lifts it', () => {
    const offers = [declined('2027-03-10T10:00:00Z')];
    expect(decide(offers, '2027-03-11T10:00:00Z', 'interruption')).toEqual({ ok: true, accepts: false });
    expect(decide([{ ...offers[0], mine: false }], '2027-03-11T10:00:00Z')).toEqual({ ok: true, accepts: false });
    expect(decide(offers, '2027-03-10T11:00:00Z', 'draw', 0)).toEqual({ ok: true, accepts: false });
  });

  it('the refusal carries the code, both languages, 409 and the day it lifts', () => {
    const d = decide([declined('2027-03-10T10:00:00Z')], '2027-03-11T10:00:00Z');
    if (d.ok) throw new Error('expected a refusal');
    const refusal = offerRefusal(d);
    expect(refusal.getStatus()).toBe(409);
    expect(refusal.getResponse()).toMatchObject({ error: { code: 'OFFER_TOO_SOON', details: { until: '2027-03-13' } } });
  });

  it('property: after a decline, an offer is refused exactly before the day the cooldown ends', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 40 * 24 }), (cooldownDays, hoursLater) => {
        const declinedAt = at('2027-03-10T10:00:00Z');
        const now = new Date(declinedAt.getTime() + hoursLater * 3_600_000);
        const d = offerDecision({ kind: 'draw', offers: [declined(declinedAt.toISOString())], now, timeZone: 'UTC', cooldownDays });
        const daysLater = Math.floor((hoursLater + 10) / 24);
        expect(d.ok).toBe(daysLater >= cooldownDays);
      }),
    );
  });
});
