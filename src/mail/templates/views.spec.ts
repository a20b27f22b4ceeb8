import { renderBoardText } from '../../engine/board';
import { replayGame } from '../../engine/replay';
import { getTileSet } from '../../engine/tile-sets';
import { randomLegalGame } from '../../engine/testing/random-game';
import { boardGrid, boardRows, sequenceText } from './blocks';
import { boardView, clocksView, moveView, positionView, reasonView, replyView, sequenceView, threadSubject, yourMoveModel } from '../../notifications/models/views';

const ro = getTileSet('ro');
const NAMES = { red: 'Popescu', blue: 'Ionescu' };
const GAME = { competition: 'CN 2027', group: 'A', red: 'Popescu', blue: 'Ionescu', gameUrl: 'https://scrabble.example/games/1' };

function replay(moves: number) {
  const game = randomLegalGame(7, ro);
  const r = replayGame({ tileSet: ro, sequence: game.sequence }, game.moves.slice(0, moves));
  if (!r.ok) throw new Error(r.code);
  return r;
}

describe('views from engine data', () => {
  const r = replay(9);
  const last = r.records[r.records.length - 1];

  it('the board round-trips to the engine’s fixed-width grid, the last move marked', () => {
    const view = boardView(r.state.board, last);
    expect(view.rows).toHaveLength(15);
    // The engine's grid, its legend in the mail's language (docs/mail.md, "Mail weight").
    const engine = renderBoardText(r.state.board, 'ro').split('\n');
    const grid = boardGrid(view, 'ro').split('\n');
    expect(grid.slice(0, -1)).toEqual(engine.slice(0, -1));
    expect(grid.at(-1)).toBe(`= cuvânt ×3   - cuvânt ×2   " literă ×3   ' literă ×2   * h8`);
    expect(boardGrid(view, 'en').split('\n').at(-1)).toBe(`= word ×3   - word ×2   " letter ×3   ' letter ×2   * h8`);
    expect(view.fresh).toEqual(last.tiles.map((t) => `${String.fromCharCode(97 + t.row)}${t.col + 1}`));
    const cells = boardRows(view, 'ro').flatMap((row) => row.cells);
    expect(cells.filter((c) => c.letter !== '')).toHaveLength(r.state.board.tileCount);
    expect(cells.filter((c) => c.fresh).map((c) => c.square).sort()).toEqual([...view.fresh!].sort());
    expect(cells.find((c) => c.square === 'a1')).toMatchObject({ premium: 'TW' });
  });

  it('the sequence marks every tile each player has taken (docs/rules.md §2)', () => {
    const view = sequenceView(r.state);
    expect(view.tiles).toBe(r.state.sequence.join(''));
    expect([...view.takenBy].filter((c) => c === 'r')).toHaveLength(r.state.taken.red.length);
    expect([...view.takenBy].filter((c) => c === 'b')).toHaveLength(r.state.taken.blue.length);
    for (const line of sequenceText(view, 'en').split('\n')) expect(line.length).toBeLessThanOrEqual(78);
  });

  it('a move carries its tour, notation, words with scores, letters used and total (docs/rules.md §3)', () => {
    const view = moveView(last, NAMES);
    expect(view).toMatchObject({ n: 9, tour: 5, player: 'red', playerName: 'Popescu', notation: last.notation, total: last.total });
    expect(view.words).toEqual(last.words);
    expect(view.tilesUsed).toEqual(last.tilesUsed);
    expect(view.bingo).toBe(last.tiles.length === 7);
  });

  it('the position as the player to move sees it', () => {
    const view = positionView(r, r.state.toMove, NAMES);
    expect(view.rack).toBe(r.state.racks[r.state.toMove].map((t) => t.letter).join(''));
    expect(view.totals).toEqual(r.state.totals);
    expect(view.tilesLeft).toBe(100 - r.state.next);
    expect(view.lastMove?.n).toBe(9);
  });

  it('the your-move model from the replay, in one line or two', () => {
    const clock = { used: 3, left: 47, exceeded: false, exceededSince: null, onHoliday: false, longThinking: false };
    const input = { game: GAME, you: r.state.toMove, language: 'ro' as const, clocks: { red: clock, blue: clock }, deadlines: { closing: '2027-06-30' as const }, replyAddress: 'moves+t@x.example' };
    const one = yourMoveModel({ ...input, replay: r });
    expect(one).toMatchObject({ you: 'blue', moveNumber: 10, tour: 5, position: positionView(r, 'blue', NAMES), reply: replyView('moves+t@x.example', GAME, 'ro') });
    const two = yourMoveModel({ ...input, replay: { A: r, B: replay(7) } });
    expect(two.lines?.map((l) => [l.label, l.position.lastMove?.n])).toEqual([
      ['A', 9],
      ['B', 7],
    ]);
    expect(two).toMatchObject({ moveNumber: 10, tour: 5 });
    expect(two.position).toBeUndefined();
  });

  it('the clocks keep only what a mail shows', () => {
    const clock = { used: 3, left: 47, exceeded: false, exceededSince: null, onHoliday: true, longThinking: false };
    expect(clocksView({ red: clock, blue: { ...clock, onHoliday: false } })).toEqual({ red: { used: 3, left: 47, onHoliday: true }, blue: { used: 3, left: 47 }, limit: 50 });
  });

  it('one constant subject per game thread (docs/mail-rules.md 18), kept by the mailto link', () => {
    expect(threadSubject(GAME, 'ro')).toBe('[CN 2027 · Grupa A] Popescu – Ionescu');
    expect(threadSubject({ ...GAME, group: undefined }, 'en')).toBe('[CN 2027] Popescu – Ionescu');
    expect(replyView('moves+t@x.example', GAME, 'en')).toEqual({
      address: 'moves+t@x.example',
      mailto: `mailto:moves+t@x.example?subject=${encodeURIComponent('Re: [CN 2027 · Group A] Popescu – Ionescu')}`,
    });
  });

  it('an engine refusal in the player’s language', () => {
    const error = { ok: false as const, code: 'NOT_CONNECTED' as const, message: { ro: 'Cuvântul trebuie…', en: 'The word must…', pl: 'Wyraz musi…' } };
    expect(reasonView(error, 'pl')).toEqual({ code: 'NOT_CONNECTED', message: 'Wyraz musi…' });
    expect(reasonView(error, 'ro')).toEqual({ code: 'NOT_CONNECTED', message: 'Cuvântul trebuie…' });
  });
});
