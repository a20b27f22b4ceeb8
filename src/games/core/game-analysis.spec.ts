import fc from 'fast-check';
import type { GameTurnAnalysis } from '../../engine/analysis';
import { analysisAnswer, analysisSheetLines, type AnalysisFacts } from './game-analysis';

const turn = (n: number, score: number, best: number): GameTurnAnalysis => ({
  turn: n,
  player: n % 2 === 1 ? 'red' : 'blue',
  played: { notation: `h${n} CASA`, score, found: true },
  bestScore: best,
  best: best ? [{ notation: `${n}h CASE`, score: best }] : [],
});

const facts = (over: Partial<AnalysisFacts>): AnalysisFacts => ({
  status: 'ended',
  lexicon: 'sowpods',
  analysisDuringPlay: false,
  movesPlayed: 2,
  stored: null,
  ...over,
});

describe('analysisAnswer', () => {
  const ready = { state: 'ready' as const, final: true, moves: 2, turns: [turn(1, 10, 12), turn(2, 8, 8)] };

  it('shows nothing during play unless the competition allows it, whatever is stored', () => {
    expect(analysisAnswer(facts({ status: 'playing', stored: ready }))).toEqual({ state: 'hidden' });
  });

  it('says there is no word list when the competition names none or its file was missing', () => {
    expect(analysisAnswer(facts({ lexicon: null }))).toEqual({ state: 'no-word-list' });
    expect(analysisAnswer(facts({ stored: { ...ready, state: 'no-word-list', turns: [] } }))).toEqual({ state: 'no-word-list' });
  });

  it('after the game, only the final analysis is shown; until then it is pending, queued once', () => {
    expect(analysisAnswer(facts({ stored: ready }))).toEqual({ state: 'ready', final: true, turns: ready.turns });
    expect(analysisAnswer(facts({}))).toEqual({ state: 'pending', queue: true });
    expect(analysisAnswer(facts({ stored: { ...ready, final: false } }))).toEqual({ state: 'pending', queue: true });
    expect(analysisAnswer(facts({ stored: { ...ready, state: 'pending' } }))).toEqual({ state: 'pending', queue: false });
  });

  it('property: during play where allowed, ready exactly when the stored turns cover the moves played', () => {
    fc.assert(
      fc.property(fc.nat(40), fc.nat(40), fc.boolean(), (stored, played, pending) => {
        const answer = analysisAnswer(
          facts({
            status: 'playing',
            analysisDuringPlay: true,
            movesPlayed: played,
            stored: { state: pending ? 'pending' : 'ready', final: false, moves: stored, turns: [] },
          }),
        );
        expect(answer.state).toBe(!pending && stored >= played ? 'ready' : 'pending');
        if (answer.state === 'pending') expect(answer.queue).toBe(!pending);
      }),
    );
  });
});

describe('analysisSheetLines', () => {
  it('prints a titled table, one line per turn: the score played, the best score and the best move', () => {
    const lines = analysisSheetLines([turn(1, 10, 12), turn(2, 0, 0)], 'ro');
    expect(lines.slice(0, 2)).toEqual(['Analiză', '-------']);
    expect(lines[3]).toMatch(/^ {2}1 {2}ROȘU +h1 CASA +10 +12 {2}1h CASE$/);
    expect(lines[4]).toMatch(/^ {2}2 {2}ALBASTRU h2 CASA +0 +0 {2}—$/);
    expect(analysisSheetLines([turn(1, 10, 12)], 'en')[0]).toBe('Analysis');
    // The header's columns end where the rows' do: the scores right-aligned under theirs.
    const [, , header, row] = analysisSheetLines([turn(1, 10, 12)], 'en');
    expect(header.indexOf('Score') + 'Score'.length).toBe(row.indexOf(' 10 ') + ' 10'.length);
    expect(header.indexOf('Best move')).toBe(row.indexOf('1h CASE'));
  });

  it('prints nothing without an analysis, and never past the sheet’s 80 columns for a long move', () => {
    expect(analysisSheetLines([], 'en')).toEqual([]);
    const long = { ...turn(3, 5, 90), played: { notation: `a1 ${'X'.repeat(40)}`, score: 5, found: false } };
    for (const line of analysisSheetLines([long], 'en').slice(3)) expect(line.length).toBeLessThanOrEqual(80);
  });
});
