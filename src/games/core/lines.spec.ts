import fc from 'fast-check';
import { seededRandom } from '../../engine/testing/random-game';
import { lineSnapshot } from './game-state';
import {
  closeLine,
  forkLine,
  gameSnapshot,
  lineLabel,
  linePath,
  liveLines,
  nextLineId,
  officialLine,
  pathOf,
  replayLine,
  resolveLine,
  type LineDef,
} from './lines';
import { TableGame } from './testing/table-game';

const lines = (...defs: LineDef[]) => new Map(defs.map((d) => [d.id, d]));
const move = (lineId: string, number: number) => ({ lineId, number, id: `${lineId}:${number}` });

describe('lines of play (docs/rules.md §6)', () => {
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

describe('the lines of a game as players see them (docs/rules.md §6)', () => {
  const appealedGame = () => {
    const game = TableGame.random(7).playOn(6, seededRandom(7));
    const contested = game.moves.at(-1)!;
    const { line, changes } = forkLine(game, 'main', contested.number - 1, { closeParent: false });
    game.applyLines(changes);
    game.dispute = { id: 'd1', status: 'appealed', contestedMoveId: contested.id, lines: { stands: 'main', replaced: line.id } };
    game.labels = game.dispute.lines;
    return game;
  };

  it('one line is live until an appeal; then A (the move stands) and B (it is replaced), in that order', () => {
    const game = TableGame.random(7).playOn(4, seededRandom(7));
    expect(liveLines(game).map((l) => l.id)).toEqual(['main']);
    expect(officialLine(game).id).toBe('main');
    const appealed = appealedGame();
    expect(liveLines(appealed).map((l) => [l.id, lineLabel(appealed, l.id)])).toEqual([
      ['main', 'A'],
      ['f1', 'B'],
    ]);
    expect(() => officialLine(appealed)).toThrow('2 live lines');
  });

  it('names a line by its label or its id; an unknown one is UNKNOWN_LINE, a closed one LINE_ANNULLED', () => {
    const game = appealedGame();
    expect(resolveLine(game, 'b')).toMatchObject({ id: 'f1' });
    expect(resolveLine(game, 'A')).toMatchObject({ id: 'main' });
    expect(resolveLine(game, 'f1')).toMatchObject({ id: 'f1' });
    expect(resolveLine(game, 'f9')).toMatchObject({ code: 'UNKNOWN_LINE' });
    game.applyLines(closeLine(game, 'main', 'f1'));
    // The labels outlive the ruling: a late reply to line A is told it was annulled.
    expect(resolveLine(game, 'A')).toMatchObject({ code: 'LINE_ANNULLED' });
  });

  it('closing a line annuls exactly its own moves that the kept line does not share', () => {
    const game = appealedGame();
    const random = seededRandom(3);
    game.playRandom('main', random);
    game.playRandom('f1', random);
    const changes = closeLine(game, 'main', 'f1');
    const shared = new Set(pathOf(game, 'f1').map((m) => m.id));
    expect(changes.closed).toEqual(['main']);
    expect(changes.annulled).toEqual(game.moves.filter((m) => m.lineId === 'main' && !shared.has(m.id)).map((m) => m.id));
    expect(changes.annulled).toHaveLength(2);
  });

  it('the cached snapshot has one entry per live line, A first', () => {
    const game = appealedGame();
    expect(gameSnapshot(game).lines.map((l) => [l.id, l.label, l.movesPlayed])).toEqual([
      ['main', 'A', 6],
      ['f1', 'B', 5],
    ]);
  });

  it("a forked game's two lines share the prefix, and each goes on with its own moves", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 30 }),
        fc.nat(),
        fc.integer({ min: 0, max: 6 }),
        (seed, n, at, extra) => {
          const random = seededRandom(seed);
          const game = TableGame.random(seed).playOn(n, random);
          const before = pathOf(game, 'main');
          const after = at % (before.length + 1);
          const { line, changes } = forkLine(game, 'main', after, { closeParent: false });
          expect(changes).toEqual({ opened: [line], closed: [], annulled: [] });
          game.applyLines(changes);
          for (let i = 0; i < extra; i++) {
            if (!game.stateOf(line.id).over) game.playRandom(line.id, random);
            if (!game.stateOf('main').over) game.playRandom('main', random);
          }
          const a = pathOf(game, 'main');
          const b = pathOf(game, line.id);
          expect(b.slice(0, after)).toEqual(a.slice(0, after));
          expect(a.slice(0, before.length)).toEqual(before);
          expect(b.slice(after).every((m) => m.lineId === line.id)).toBe(true);
          // The fork starts from the position its parent had after the shared moves.
          expect(lineSnapshot('x', null, replayLine(game.setup, b.slice(0, after)).state)).toEqual(
            lineSnapshot('x', null, replayLine(game.setup, a.slice(0, after)).state),
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});
