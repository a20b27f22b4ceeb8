import { digestMessageId, dueDigestDay, localHour, OWN_ACTION_TEMPLATES } from './digest';

describe('the daily digest clock (docs/mail-rules.md 17)', () => {
  it('reads the hour in the competition time zone, across the change to summer time', () => {
    // Bucharest is UTC+2 in winter, UTC+3 from the last Sunday of March.
    expect(localHour(new Date('2027-02-01T05:00:00Z'), 'Europe/Bucharest')).toBe(7);
    expect(localHour(new Date('2027-04-01T04:00:00Z'), 'Europe/Bucharest')).toBe(7);
    expect(localHour(new Date('2027-04-01T04:00:00Z'), 'UTC')).toBe(4);
  });

  it('is due from the hour on, for the local day (which may not be the UTC day)', () => {
    expect(dueDigestDay(new Date('2027-02-01T04:59:00Z'), 'Europe/Bucharest', 7)).toBeUndefined();
    expect(dueDigestDay(new Date('2027-02-01T05:00:00Z'), 'Europe/Bucharest', 7)).toBe('2027-02-01');
    // 23:30 UTC on 1 February is already 2 February in Bucharest.
    expect(dueDigestDay(new Date('2027-02-01T23:30:00Z'), 'Europe/Bucharest', 0)).toBe('2027-02-02');
  });

  it('one Message-ID per player and day: the unique key that makes each digest go out once', () => {
    const settings = { mailReplyAddress: 'moves@example.org' };
    expect(digestMessageId(settings, 'p1', '2027-02-01')).toBe('<digest.2027-02-01.p1@example.org>');
    expect(digestMessageId(settings, 'p1', '2027-02-02')).not.toBe(digestMessageId(settings, 'p1', '2027-02-01'));
    expect(digestMessageId(settings, 'p2', '2027-02-01')).not.toBe(digestMessageId(settings, 'p1', '2027-02-01'));
  });

  it("confirmations of the player's own action are never held for the digest", () => {
    expect(OWN_ACTION_TEMPLATES.has('move-confirmation')).toBe(true);
    expect(OWN_ACTION_TEMPLATES.has('your-move')).toBe(false);
  });
});
