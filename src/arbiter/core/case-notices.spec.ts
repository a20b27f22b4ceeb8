import fc from 'fast-check';
import { addDays, type LocalDate } from '../../common/calendar';
import {
  arbiterDigestMessageId,
  caseMailLine,
  caseMailSubject,
  caseNoticeMessageId,
  caseUrl,
  deadlineText,
  noticeDue,
  toldFrom,
  type CaseNotice,
} from './case-notices';

const NONE = { opened: false, overdue: false };

describe("which of an arbiter's cases are due to be mailed (docs/mail-rules.md 20)", () => {
  it('a new case is told at once; a case without a deadline is never overdue', () => {
    expect(noticeDue({ dueOn: '2027-03-06' }, '2027-03-02', NONE)).toBe('opened');
    expect(noticeDue({ dueOn: null }, '2030-01-01', NONE)).toBe('opened');
    expect(noticeDue({ dueOn: null }, '2030-01-01', { opened: true, overdue: false })).toBeUndefined();
  });

  it('on its last day a case is not overdue yet; the day after it is told again, once', () => {
    const told = { opened: true, overdue: false };
    expect(noticeDue({ dueOn: '2027-03-06' }, '2027-03-06', told)).toBeUndefined();
    expect(noticeDue({ dueOn: '2027-03-06' }, '2027-03-07', told)).toBe('overdue');
    expect(noticeDue({ dueOn: '2027-03-06' }, '2027-11-05', { opened: true, overdue: true })).toBeUndefined();
  });

  it('a case already overdue when first seen gets one mail, as overdue', () => {
    expect(noticeDue({ dueOn: '2027-03-06' }, '2027-03-10', NONE)).toBe('overdue');
    expect(noticeDue({ dueOn: '2027-03-06' }, '2027-03-11', { opened: false, overdue: true })).toBeUndefined();
  });

  it('property: walking any days, a case is mailed at most twice, and told before the dashboard shows it a day', () => {
    fc.assert(
      fc.property(fc.option(fc.integer({ min: -5, max: 40 }), { nil: null }), fc.integer({ min: 1, max: 60 }), (dueIn, days) => {
        const start: LocalDate = '2027-03-01';
        const dueOn = dueIn === null ? null : addDays(start, dueIn);
        let told = NONE;
        const sent: CaseNotice[] = [];
        for (let i = 0; i < days; i++) {
          const notice = noticeDue({ dueOn }, addDays(start, i), told);
          if (notice) {
            sent.push(notice);
            told = { ...told, [notice]: true };
          }
          // After each pass the case has been told of at least once.
          expect(told.opened || told.overdue).toBe(true);
        }
        expect(sent.length).toBeLessThanOrEqual(2);
        expect(new Set(sent).size).toBe(sent.length);
      }),
    );
  });

  it('the unique keys name the case and the notice; what is written reads back as told', () => {
    const opened = caseNoticeMessageId('example.org', 'c1', 'opened');
    expect(opened).toBe('<case-opened.c1@example.org>');
    expect(caseNoticeMessageId('example.org', 'c1', 'overdue')).not.toBe(opened);
    expect(toldFrom('example.org', 'c1', new Set([opened]))).toEqual({ opened: true, overdue: false });
    expect(toldFrom('example.org', 'c2', new Set([opened]))).toEqual(NONE);
    expect(arbiterDigestMessageId('example.org', 'u1', '2027-03-02')).toBe('<arbiter-digest.2027-03-02.u1@example.org>');
  });
});

describe("the arbiter's case mail texts", () => {
  it('the deadline in both languages: to decide by, overdue by how many days, none', () => {
    expect(deadlineText('en', '2027-03-06', '2027-03-02')).toBe('To decide by 6 Mar 2027.');
    expect(deadlineText('ro', '2027-03-06', '2027-03-02')).toBe('De hotărât până la 06.03.2027.');
    expect(deadlineText('en', '2027-03-06', '2027-03-07')).toBe('Overdue: it was due by 6 Mar 2027 (1 day ago).');
    expect(deadlineText('ro', '2026-03-06', '2026-11-04')).toBe('Termen depășit: 06.03.2026 (de 243 de zile).');
    expect(deadlineText('ro', null, '2027-03-02')).toBe('Regulamentul nu dă un termen.');
  });

  it("links to the case's game, or to its row on the dashboard", () => {
    expect(caseUrl('https://x.example', { id: 'c1', gameId: 'g1' })).toBe('https://x.example/arbiter/games/g1#case-c1');
    expect(caseUrl('https://x.example', { id: 'c1', gameId: null })).toBe('https://x.example/arbiter#case-c1');
  });

  it("a line names the players and says the case in the arbiter's language", () => {
    const line = caseMailLine(
      {
        case: {
          id: 'c1',
          kind: 'claim',
          competitionId: 'k',
          gameId: 'g1',
          dueOn: '2027-03-06',
          payload: { claimant: 'blue', daysUsed: 51 },
        },
        notice: 'opened',
        competition: 'CN 2027',
        players: { red: 'Popescu Ion', blue: 'Ionescu Ana' },
        today: '2027-03-02',
        publicUrl: 'https://x.example',
      },
      'ro',
    );
    expect(line.summary).toBe('Reclamație de timp de la Ionescu Ana (albastru): partenerul a folosit 51 de zile');
    expect(line).toMatchObject({ overdue: false, deadline: 'De hotărât până la 06.03.2027.' });
  });

  it('the subject says what the mail holds: one case new or overdue; a digest its day and counts', () => {
    const fresh = { notice: 'opened' as const, competition: 'CN 2027' };
    const late = { notice: 'overdue' as const, competition: 'CN 2027' };
    expect(caseMailSubject('en', { lines: [fresh] })).toBe('[CN 2027] New case to decide');
    expect(caseMailSubject('ro', { lines: [late] })).toBe('[CN 2027] Caz cu termenul depășit');
    expect(caseMailSubject('en', { day: '2027-03-02', lines: [fresh, fresh, late] })).toBe(
      "Arbiter's cases, 2 Mar 2027: 2 new cases, 1 overdue case",
    );
    expect(caseMailSubject('ro', { day: '2027-03-02', lines: [fresh] })).toBe('Cazurile arbitrului, 02.03.2027: 1 caz nou');
    expect(caseMailSubject('ro', { day: '2027-03-02', lines: [late, late] })).toBe(
      'Cazurile arbitrului, 02.03.2027: 2 cazuri cu termenul depășit',
    );
  });
});
