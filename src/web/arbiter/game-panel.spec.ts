import type { MoveView } from '../../games/model/game-views';
import type { LineSnapshot } from '../../games/core/game-state';
import { boardGrid, gamePanel } from './game-panel';

const empty = '.'.repeat(15);
const line = (id: string, label: 'A' | 'B' | null, row7: string): LineSnapshot => ({
  id,
  label,
  movesPlayed: 2,
  toMove: 'red',
  over: false,
  endReason: null,
  board: Array.from({ length: 15 }, (_, i) => (i === 7 ? row7 : empty)),
  racks: { red: 'AEI', blue: 'OUS' },
  bag: 80,
  totals: { red: 10, blue: 12 },
  endAdjustment: { red: 0, blue: 0 },
  scores: { red: 10, blue: 12 },
  zeroRun: 0,
});
const move = (id: string, lineId: string, turn: number, number: number, annulled = false): MoveView =>
  ({
    id,
    line: lineId,
    label: null,
    number,
    turn,
    color: turn % 2 ? 'red' : 'blue',
    kind: 'place',
    notation: 'h8 CASA',
    words: [],
    score: 6,
    recorded: 6,
    unknownWords: [],
    arrivedOn: '2027-02-01',
    sentOn: '2027-02-01',
    thinkingDays: 0,
    source: 'web',
    annulled,
  }) as MoveView;

describe('gamePanel', () => {
  it('reads a board, blanks in lower case', () => {
    const grid = boardGrid([`.......Cas.....`, empty]);
    expect(grid[0].label).toBe('A');
    expect(grid[0].cells[7]).toEqual({ letter: 'C', blank: false });
    expect(grid[0].cells[8]).toEqual({ letter: 'A', blank: true });
    expect(grid[0].cells[0]).toEqual({ letter: '', blank: false });
    expect(grid[0].cells).toHaveLength(15);
  });

  it('puts lines A and B side by side with their own moves, the common ones apart', () => {
    const panel = gamePanel({
      lines: [{ ...line('main', 'A', `.......CASA....`), movesPlayed: 3 }, line('f1', 'B', `.......MASA....`)],
      moves: [
        move('1', 'main', 1, 1),
        move('2', 'main', 2, 2),
        move('3', 'main', 3, 3),
        move('3b', 'f1', 3, 2),
        move('x', 'f0', 2, 2, true),
      ],
    });
    expect(panel.twoLines).toBe(true);
    expect(panel.lines.map((l) => l.label)).toEqual(['A', 'B']);
    // Line B (2 moves played, 1 of its own) forked after move 1: move 1 is common, 2 and 3 are A's.
    expect(panel.shared.map((m) => m.id)).toEqual(['1']);
    expect(panel.lines[0].moves.map((m) => m.id)).toEqual(['2', '3']);
    expect(panel.lines[1].moves.map((m) => m.id)).toEqual(['3b']);
    expect(panel.lines[1].grid[7].cells[7].letter).toBe('M');
    expect(panel.annulled.map((m) => m.id)).toEqual(['x']);
  });

  it('shows one line with every kept move in the common table', () => {
    const panel = gamePanel({ lines: [line('main', null, empty)], moves: [move('2', 'main', 2, 2), move('1', 'main', 1, 1)] });
    expect(panel.twoLines).toBe(false);
    expect(panel.shared.map((m) => m.id)).toEqual(['1', '2']);
    expect(panel.lines[0].moves).toEqual([]);
  });
});
