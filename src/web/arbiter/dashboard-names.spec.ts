import { caseSummary } from './dashboard';

const players = { red: 'Popescu Ion', blue: 'Ionescu Țuțea' };

describe('dashboard rows name the players', () => {
  it('names the game of a result, a silence, a closing date and an unknown case', () => {
    expect(caseSummary('result', {}, players).ro).toBe('Rezultat de omologat (Popescu Ion – Ionescu Țuțea)');
    expect(caseSummary('silence', { silent: 'red', silentDays: 30, since: '2027-03-01' }, players).ro).toBe(
      'Tăcere: Popescu Ion (roșu) nu a răspuns de 30 de zile (din 01.03.2027)',
    );
    expect(caseSummary('closing', {}, players).en).toBe('Game unfinished at the closing date (Popescu Ion – Ionescu Țuțea)');
    expect(caseSummary('closing', { proposal: { outcome: { type: 'unfinished' } } }, players).en).toBe(
      'Game unfinished at the closing date (Popescu Ion – Ionescu Țuțea): the proposed result waits for homologation',
    );
    expect(caseSummary('closing', { proposal: null }, players).ro).toMatch(/niciun rezultat propus, decideți întâi/);
    expect(caseSummary('something-new', {}, players).ro).toBe('Alt caz (Popescu Ion – Ionescu Țuțea)');
  });

  it('names the claimant of a time claim', () => {
    expect(caseSummary('claim', { claimant: 'blue', daysUsed: 51 }, players).ro).toBe(
      'Reclamație de timp de la Ionescu Țuțea (albastru): partenerul a folosit 51 de zile',
    );
  });
});
