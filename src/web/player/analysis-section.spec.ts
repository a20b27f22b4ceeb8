import type { GameTurnAnalysis } from '../../engine/analysis';
import { analysisSection, analysisVariant } from './analysis-section';

const turns: GameTurnAnalysis[] = [
  {
    turn: 1,
    player: 'red',
    played: { notation: 'h8 CASA', score: 12, found: true },
    bestScore: 20,
    best: [
      { notation: 'h4 CASTEL', score: 20 },
      { notation: 'h8 CASA', score: 12 },
    ],
  },
  { turn: 2, player: 'blue', played: { notation: 'PAS', score: 0, found: false }, bestScore: 0, best: [] },
];
const names = { red: 'Ana', blue: 'Bogdan' };

describe('analysisSection', () => {
  it('shows nothing when the games say hidden, a line for pending and no list', () => {
    expect(analysisSection({ state: 'hidden' }, names)).toBeNull();
    expect(analysisSection({ state: 'pending', queue: true }, names)).toEqual({ state: 'pending' });
    expect(analysisSection({ state: 'no-word-list' }, names)).toEqual({ state: 'no-word-list' });
  });

  it('names each turn’s player, the points missed, and marks the move played among the best', () => {
    const section = analysisSection({ state: 'ready', final: true, turns }, names);
    if (section?.state !== 'ready') throw new Error('not ready');
    expect(section.turns[0]).toMatchObject({ turn: 1, color: 'red', name: 'Ana', played: 'h8 CASA', score: 12, bestScore: 20, missed: 8 });
    expect(section.turns[0].best.map((m) => m.played)).toEqual([false, true]);
    expect(section.turns[1]).toMatchObject({ name: 'Bogdan', missed: 0, best: [] });
  });

  it('gives each state of the section its own kept-page variant', () => {
    const variants = [
      analysisVariant(null),
      analysisVariant({ state: 'pending' }),
      analysisVariant({ state: 'no-word-list' }),
      analysisVariant(analysisSection({ state: 'ready', final: false, turns: turns.slice(0, 1) }, names)),
      analysisVariant(analysisSection({ state: 'ready', final: true, turns }, names)),
    ];
    expect(new Set(variants).size).toBe(variants.length);
  });
});
