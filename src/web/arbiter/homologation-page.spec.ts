import type { Objection } from '../../games/entities/result.entity';
import type { LocalDate } from '../../common/calendar';
import { batchPreview, closingRow, homologationRow } from './homologation-page';

const names = { red: 'Ana', blue: 'Bogdan' };
const closingCase = {
  closingDate: '2027-03-31',
  declarations: [{ color: 'blue', text: 'ROȘU 212 – ALBASTRU 187', declaredOn: '2027-04-02' }],
  openClaim: null,
  disputeOpen: false,
  proposal: { outcome: { type: 'unfinished' }, scores: { red: 212, blue: 187 }, coefficients: { red: 1, blue: 1 } },
};

describe('the homologation page\'s closing-date rows (docs/rules.md "The closing date")', () => {
  it('shows the proposal, the report window and each player’s word: a declaration, or silence', () => {
    const row = closingRow(closingCase, names, 'ro');
    expect(row).toEqual({
      closingDate: '31.03.2027',
      reportWindowEndedOn: '05.04.2027',
      proposal: { outcomeKey: 'arbiter.homologation.closing.unfinished', by: null, scores: '212 – 187', coefficients: '1,0000 – 1,0000' },
      players: [
        { color: 'red', name: 'Ana', declaration: null },
        { color: 'blue', name: 'Bogdan', declaration: { text: 'ROȘU 212 – ALBASTRU 187', on: '02.04.2027' } },
      ],
      may: true,
    });
    expect(closingRow(closingCase, names, 'en').proposal?.coefficients).toBe('1.0000 – 1.0000');
  });

  it('names the no-show’s player', () => {
    const noShow = {
      ...closingCase,
      proposal: { outcome: { type: 'no-show', by: 'red' }, scores: { red: 0, blue: 0 }, coefficients: { red: 0, blue: 1.53 } },
    };
    expect(closingRow(noShow, names, 'en').proposal).toMatchObject({ outcomeKey: 'arbiter.homologation.closing.noShow', by: 'Ana' });
  });

  it('with nothing proposed, or a contest waiting, the arbiter rules first: the batch skips it', () => {
    const none = closingRow({ ...closingCase, proposal: null }, names, 'ro');
    expect(none.may).toBe(false);
    expect(batchPreview({ homologation: null, closing: none })).toBe('rule-first');
    expect(batchPreview({ homologation: null, closing: closingRow({ ...closingCase, disputeOpen: true }, names, 'ro') })).toBe(
      'rule-first',
    );
    expect(batchPreview({ homologation: null, closing: closingRow(closingCase, names, 'ro') })).toBeNull();
  });

  it('a proposed result: homologated once the window closed, skipped while it is open or an objection waits', () => {
    const result = {
      status: 'proposed' as const,
      dueOn: '2027-02-06',
      redConfirmedAt: null,
      blueConfirmedAt: null,
      objections: [] as Objection[],
    };
    const row = (today: LocalDate, r = result) => homologationRow(r, names, today, 'Europe/Bucharest', 'ro');
    expect(batchPreview({ homologation: row('2027-02-07'), closing: null })).toBeNull();
    expect(batchPreview({ homologation: row('2027-02-06'), closing: null })).toBe('window-open');
    const objected = { ...result, objections: [{ color: 'red' as const, text: 'greșit', at: '2027-02-02T10:00:00Z' }] };
    expect(batchPreview({ homologation: row('2027-02-09', objected), closing: null })).toBe('objection-open');
    expect(batchPreview({ homologation: null, closing: null })).toBe('no-proposal');
  });
});
