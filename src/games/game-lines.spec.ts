import { linePath, nextLineId, type LineDef } from './game-lines';

const lines = (...defs: LineDef[]) => new Map(defs.map((d) => [d.id, d]));
const move = (lineId: string, number: number) => ({ lineId, number, id: `${lineId}:${number}` });

describe('lines of play (RULES.md §6)', () => {
  const main: LineDef = { id: 'main', parentId: null, forkAfter: 0 };
  const moves = [1, 2, 3, 4, 5].map((n) => move('main', n));

  it('a line with no fork is its own moves, in order', () => {
    expect(linePath(lines(main), [...moves].reverse(), 'main').map((m) => m.id)).toEqual(moves.map((m) => m.id));
  });

  it("a fork shares its parent's first moves and goes on with its own", () => {
    const f1: LineDef = { id: 'f1', parentId: 'main', forkAfter: 2 };
    const own = [move('f1', 3), move('f1', 4)];
    expect(linePath(lines(main, f1), [...moves, ...own], 'f1').map((m) => m.id)).toEqual(['main:1', 'main:2', 'f1:3', 'f1:4']);
    // The parent is unchanged by its fork.
    expect(linePath(lines(main, f1), [...moves, ...own], 'main')).toHaveLength(5);
  });

  it('a fork of a fork takes each ancestor only up to where its child left it', () => {
    const f1: LineDef = { id: 'f1', parentId: 'main', forkAfter: 2 };
    const f2: LineDef = { id: 'f2', parentId: 'f1', forkAfter: 3 };
    const all = [...moves, move('f1', 3), move('f1', 4), move('f1', 5), move('f2', 4)];
    expect(linePath(lines(main, f1, f2), all, 'f2').map((m) => m.id)).toEqual(['main:1', 'main:2', 'f1:3', 'f2:4']);
  });

  it('names forks in order', () => {
    expect(nextLineId([main])).toBe('f1');
    expect(nextLineId([main, { id: 'f1', parentId: 'main', forkAfter: 0 }, { id: 'f7', parentId: 'f1', forkAfter: 0 }])).toBe('f8');
  });
});
