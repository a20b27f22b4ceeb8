import fc from 'fast-check';
import { AUDIT_KINDS, isFiltered, parseAuditFilter, roughInstants, withinDays } from './audit-filter';

const players = new Set(['p1', 'p2']);
const none = { player: undefined, kind: undefined, from: undefined, to: undefined };

describe('the audit filter', () => {
  it('reads a player, a kind and a range of days; empty values are no filter', () => {
    expect(parseAuditFilter({ player: 'p1', kind: 'time', from: '2027-02-01', to: '2027-02-03' }, players)).toEqual({
      playerId: 'p1',
      kind: 'time',
      from: '2027-02-01',
      to: '2027-02-03',
    });
    const empty = parseAuditFilter({ ...none, player: '', kind: ' ' }, players);
    expect(empty).toEqual({});
    expect(isFiltered(empty as object)).toBe(false);
  });

  it('refuses what names nothing, with the reason in both languages', () => {
    for (const query of [
      { ...none, player: 'p9' },
      { ...none, kind: 'everything' },
      { ...none, from: '01.02.2027' },
      { ...none, to: '2027-02-30' },
      { ...none, from: '2027-02-03', to: '2027-02-01' },
    ]) {
      const parsed = parseAuditFilter(query, players);
      expect(parsed).toHaveProperty('refused.ro');
      expect(parsed).toHaveProperty('refused.en');
    }
    // An array (?player=a&player=b) is no text: no filter rather than a crash.
    expect(parseAuditFilter({ ...none, kind: ['time'] }, players)).toEqual({});
  });

  it('every kind groups actions by their first word', () => {
    for (const kind of Object.values(AUDIT_KINDS)) for (const prefix of kind.prefixes) expect(prefix).toMatch(/^[a-z-]+\.$/);
  });

  it("keeps exactly the range's days in the competition's zone, and asks the database for a superset", () => {
    const filter = { from: '2027-02-01', to: '2027-02-01' } as const;
    // 23:30 UTC on 31.01 is already 01.02 in Bucharest; 22:30 UTC on 01.02 is 02.02 there.
    expect(withinDays(new Date('2027-01-31T22:30:00Z'), 'Europe/Bucharest', filter)).toBe(true);
    expect(withinDays(new Date('2027-02-01T22:30:00Z'), 'Europe/Bucharest', filter)).toBe(false);
    expect(withinDays(new Date('2027-02-01T22:30:00Z'), 'America/New_York', filter)).toBe(true);
    fc.assert(
      fc.property(fc.date({ min: new Date('2026-01-01'), max: new Date('2028-01-01'), noInvalidDate: true }), (at) => {
        for (const zone of ['Europe/Bucharest', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'UTC']) {
          if (!withinDays(at, zone, filter)) continue;
          const { after, before } = roughInstants(filter);
          expect(at.getTime() >= after!.getTime() && at.getTime() < before!.getTime()).toBe(true);
        }
      }),
    );
  });
});
