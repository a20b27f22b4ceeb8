import { rulingEffects } from './ruling-effects';

const names = { red: 'Popescu Ion', blue: 'Ionescu Țuțea' };
const RAW =
  /\b(days|player|points|amount|red|blue|upheld|outcome|kind|credits|outage|voidedMoves|claimId|line)\b\s*:|[{}[\]]|undefined|null|NaN/;

describe('rulingEffects (a ruling mail says what changes, in sentences)', () => {
  it('writes credited thinking days as a sentence naming the player, not "days: -14 / player: red"', () => {
    const [ro] = rulingEffects('thinking-days', { kind: 'thinking-days', player: 'red', days: -14, reason: 'x' }, 'ro', names);
    expect(ro).toBe('Popescu Ion (ROȘU): se scad 14 zile din timpul de gândire folosit.');
    expect(rulingEffects('thinking-days', { player: 'blue', days: 20 }, 'en', names)).toEqual([
      'Ionescu Țuțea (BLUE): 20 days added to the thinking time used.',
    ]);
    expect(rulingEffects('thinking-days', { player: 'blue', days: 20 }, 'ro', names)).toEqual([
      'Ionescu Țuțea (ALBASTRU): se adaugă 20 de zile la timpul de gândire folosit.',
    ]);
  });

  it('writes an outage credit with its dates', () => {
    const p = { outage: { from: '2027-03-01', to: '2027-03-03' }, credits: [{ color: 'blue', days: 3 }] };
    expect(rulingEffects('thinking-days', p, 'ro', names)).toEqual([
      'Ionescu Țuțea (ALBASTRU): se scad 3 zile din timpul de gândire folosit (platforma a fost oprită 01.03.2027 – 03.03.2027).',
    ]);
  });

  it('writes penalties and coefficients with four decimals in the language', () => {
    expect(rulingEffects('coefficient-penalty', { player: 'red', amount: 5000 }, 'ro', names)).toEqual([
      'Coeficientul lui Popescu Ion (ROȘU) în această partidă scade cu 0,5000.',
    ]);
    expect(rulingEffects('score-correction', { player: 'blue', points: -7, coefficients: { red: 1.1, blue: 0.9 } }, 'en', names)).toEqual([
      "Ionescu Țuțea (BLUE)'s score goes down by 7 points.",
      "The game's coefficients become Popescu Ion 1.1000, Ionescu Țuțea 0.9000.",
    ]);
  });

  it('writes every kind without a payload key, a brace or an English word in Romanian', () => {
    const cases: [string, Record<string, unknown>][] = [
      ['claim', { upheld: true, claimId: 'c1', voidedMoves: 2 }],
      ['claim', { upheld: false, claimId: 'c1', voidedMoves: 0 }],
      ['score-correction', { player: 'red', points: 12 }],
      ['move-annulment', { number: 7, line: 'l1' }],
      ['thinking-days', { player: 'red', days: -14 }],
      ['coefficient-penalty', { player: 'blue', amount: 1000 }],
      ['warning', { player: 'blue' }],
      ['outcome', { outcome: { type: 'abandon', by: 'red' } }],
      ['outcome', { outcome: { type: 'draw-agreement' } }],
    ];
    for (const [kind, payload] of cases) {
      const ro = rulingEffects(kind, { kind, reason: 'motiv', gameId: 'g', turn: 3, color: 'red', rulingId: 'r', ...payload }, 'ro', names);
      expect(ro.length).toBeGreaterThan(0);
      for (const line of ro) {
        expect(line).not.toMatch(RAW);
        expect(line).not.toMatch(/\b(red|blue|RED|BLUE|days|points)\b/);
      }
    }
  });

  it('says which line a word ruling keeps', () => {
    expect(rulingEffects('word', { valid: true }, 'en', names)).toEqual(['The contested word is valid: the move stands (line A).']);
    expect(rulingEffects('word', { valid: false }, 'ro', names)).toEqual([
      'Cuvântul contestat nu este valid: mutarea este înlocuită (varianta B).',
    ]);
    expect(rulingEffects('word', {}, 'ro', names)).toEqual([]);
  });

  it('leaves out what it does not know', () => {
    expect(rulingEffects('exclusion', { playerId: 'p', games: ['g'] }, 'ro', names)).toEqual([]);
  });
});
