import { roDays, buildDashboard, CATEGORY_ORDER, caseSummary, categoryOf, claimLapsed, daysBetween, type OpenCase } from './dashboard';

const open = (kind: string, dueOn: string | null, openedAt = '2027-03-01T10:00:00Z', payload = {}): OpenCase => ({
  id: `${kind}-${dueOn}-${openedAt}`,
  kind,
  competitionId: 'c',
  competitionName: 'CN',
  gameId: 'g',
  dueOn,
  openedAt,
  payload,
});

describe('arbiter dashboard', () => {
  it('puts each case kind the platform raises in its group', () => {
    expect(categoryOf('dispute')).toBe('disputes');
    expect(categoryOf('claim')).toBe('claims');
    expect(categoryOf('silence')).toBe('silences');
    expect(categoryOf('closing')).toBe('closing');
    expect(['mail-bounce', 'mail-failed', 'mail-undeliverable'].map(categoryOf)).toEqual(['mail', 'mail', 'mail']);
    expect(['result', 'objection'].map(categoryOf)).toEqual(['homologation', 'homologation']);
    expect(categoryOf('commission-appeal')).toBe('appeals');
    expect(categoryOf('downtime-credit')).toBe('other');
  });

  it('counts every group, most urgent group first, soonest due first within it', () => {
    const d = buildDashboard(
      [
        open('result', '2027-03-10'),
        open('claim', '2027-03-04'),
        open('claim', '2027-03-02'),
        open('dispute', null, '2027-03-02T00:00:00Z'),
        open('dispute', null, '2027-03-01T00:00:00Z'),
        open('mail-bounce', null),
      ],
      '2027-03-03',
    );
    expect(d.total).toBe(6);
    expect(d.groups.map((g) => g.category)).toEqual(CATEGORY_ORDER);
    const counts = Object.fromEntries(d.groups.map((g) => [g.category, g.count]));
    expect(counts).toMatchObject({ disputes: 2, claims: 2, mail: 1, homologation: 1, silences: 0, closing: 0 });
    const claims = d.groups.find((g) => g.category === 'claims')!;
    expect(claims.cases.map((c) => c.dueOn)).toEqual(['2027-03-02', '2027-03-04']);
    expect(claims.cases.map((c) => [c.daysLeft, c.overdue])).toEqual([
      [-1, true],
      [1, false],
    ]);
    expect(claims.overdue).toBe(1);
    expect(d.overdue).toBe(1);
    expect(d.groups[0].cases.map((c) => c.openedAt)).toEqual(['2027-03-01T00:00:00Z', '2027-03-02T00:00:00Z']);
  });

  it('says in a line what each case is about, in both languages', () => {
    expect(caseSummary('dispute', { words: ['ZĂU', 'AB'] }).ro).toContain('ZĂU, AB');
    expect(caseSummary('claim', { claimant: 'red', daysUsed: 53 }).en).toBe('Time claim (red): the partner has used 53 days');
    expect(caseSummary('silence', { silent: 'blue', silentDays: 30, since: '2027-02-01' }).ro).toContain('albastru');
    // Never the stored code on a page.
    expect(caseSummary('weird-kind', {})).toEqual({ ro: 'Alt caz', en: 'Another case', pl: 'Inna sprawa' });
  });

  it('says days in Romanian', () => {
    expect([1, 5, 19, 20, 30, 53, 100, 101, 120].map(roDays)).toEqual([
      '1 zi',
      '5 zile',
      '19 zile',
      '20 de zile',
      '30 de zile',
      '53 de zile',
      '100 de zile',
      '101 zile',
      '120 de zile',
    ]);
  });

  it('counts calendar days', () => {
    expect(daysBetween('2027-02-27', '2027-03-01')).toBe(2);
    expect(daysBetween('2027-03-28', '2027-03-29')).toBe(1);
  });

  it('says on a time claim row when its 5 days passed with no answer (docs/rules.md §5, claim-window.ts)', () => {
    // Claimed on 28.03: due (the answer window's last day) on 02.04.
    const claim = (answers: unknown[] = []) =>
      open('claim', '2027-04-02', '2027-03-28T09:00:00Z', { claimant: 'red', daysUsed: 55, answers });
    const claims = (c: OpenCase, today: string) => buildDashboard([c], today).groups.find((g) => g.category === 'claims')!;
    const summary = (c: OpenCase, today: string) => claims(c, today).cases[0].summary;
    expect(summary(claim(), '2027-04-03')).toEqual({
      ro: 'Reclamație de timp (roșu): partenerul a folosit 55 de zile — fără răspuns în 5 zile',
      en: 'Time claim (red): the partner has used 55 days — no answer in 5 days',
      pl: 'Zgłoszenie przekroczenia czasu (czerwony): przeciwnik wykorzystał 55 dni — brak odpowiedzi w ciągu 5 dni',
    });
    // The last day to answer, or an answer come: nothing to say.
    expect(summary(claim(), '2027-04-02').ro).not.toContain('fără răspuns');
    const answered = claim([{ color: 'blue', text: 'am trimis', at: '2027-03-30T10:00:00Z', source: 'web' }]);
    expect(summary(answered, '2027-04-20').en).not.toContain('no answer');
    expect(claimLapsed(open('silence', '2027-03-01'), '2027-04-20')).toBe(false);
    expect(claimLapsed(claim(), '2027-04-03')).toBe(true);
  });
});
