import { auditSentence, roleText, rulingDetailsText, rulingKindText } from './audit-texts';

const names = { game: { red: 'Popescu Ion', blue: 'Ionescu Țuțea' }, players: new Map([['p1', 'Marin Ana']]) };
const RAW = /[{}"]|\b[a-z]+\.[a-z_-]+\b|undefined|null|NaN|\b(red|blue|open|pending|proposed)\b/;

describe('auditSentence (the audit log in sentences)', () => {
  it('names the player and the details of a move, not the JSON', () => {
    const text = auditSentence(
      'move.submitted',
      { color: 'red', turn: 3, moves: [{ line: 'l', number: 5, notation: 'h8 CASA', score: 12 }] },
      'ro',
      names,
    );
    expect(text).toBe('Popescu Ion (ROȘU) a mutat: h8 CASA.');
  });

  it("adds the reason, in the reader's language when both are stored", () => {
    expect(
      auditSentence(
        'case.closed',
        { caseId: 'c', kind: 'silence', reason: 'The game ended.', reasonRo: 'Partida s-a încheiat.' },
        'ro',
        names,
      ),
    ).toBe('Cazul „tăcere” a fost închis. Motiv: Partida s-a încheiat.');
    expect(
      auditSentence(
        'case.closed',
        { caseId: 'c', kind: 'silence', reason: 'The game ended.', reasonRo: 'Partida s-a încheiat.' },
        'en',
        names,
      ),
    ).toBe('The case "silence" was closed. Reason: The game ended.');
  });

  it('writes a ruling with its effects', () => {
    expect(
      auditSentence(
        'ruling.thinking-days',
        { rulingId: 'r', reason: 'Pana de curent', kind: 'thinking-days', player: 'blue', days: -3 },
        'ro',
        names,
      ),
    ).toBe(
      'Decizia arbitrului: zile de gândire. Ionescu Țuțea (ALBASTRU): se scad 3 zile din timpul de gândire folosit. Motiv: Pana de curent.',
    );
  });

  it('names a player by id and never shows a raw key in Romanian', () => {
    expect(auditSentence('player.withdrawn', { playerId: 'p1', reason: 'boală', games: ['g'] }, 'ro', names)).toBe(
      'Marin Ana a fost retras din competiție. Motiv: boală.',
    );
    for (const action of [
      'offer.made',
      'offer.accepted',
      'dispute.opened',
      'result.homologated',
      'claim.made',
      'something.new',
      'ruling.word',
    ]) {
      const text = auditSentence(action, { color: 'blue', kind: 'draw', words: ['XYZ'], daysUsed: 51 }, 'ro', names);
      expect(text).not.toMatch(RAW);
    }
  });

  it('writes roles and ruling kinds in words', () => {
    expect(roleText('system', 'ro')).toBe('platforma');
    expect(rulingKindText('coefficient-penalty', 'ro')).toBe('penalizare de coeficient');
    expect(rulingDetailsText('warning', { player: 'red' }, 'ro', names.game)).toBe('Popescu Ion (ROȘU) primește un avertisment.');
  });

  it('names the player who declared a holiday, and its days', () => {
    const details = { id: 'h', from: '2027-02-10', to: '2027-02-14', kind: 'holiday', declaredOn: '2027-02-01', games: ['g'] };
    expect(auditSentence('holiday.declared', details, 'ro', { players: new Map(), actor: 'Marin Ana' })).toBe(
      'Marin Ana și-a declarat concediul 10.02.2027 – 14.02.2027.',
    );
    expect(auditSentence('holiday.declared', details, 'en', { players: new Map(), actor: 'Marin Ana' })).toBe(
      'Marin Ana declared a holiday 10 Feb 2027 – 14 Feb 2027.',
    );
  });
});
