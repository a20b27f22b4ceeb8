import { getTileSet, newGame, replayGame, type Color, type GameState, type MoveRecord } from '../../engine';
import { randomMove, randomSequence, seededRandom } from '../../engine/testing/random-game';
import { lineSnapshot } from '../../games/core/game-state';
import type { GameView, MoveView } from '../../games/model/game-views';
import { formatDay } from './format-day';
import { boardModel, moveRows, rackModel, sequenceModel } from './game-board';
import { gamePageModel, runOutDay, runOutFromTimeline, type GamePageInput } from './game-page';

const ro = getTileSet('ro');

/** A game of `count` random legal moves on a seeded sequence, as the shell would pass it. */
function played(count: number, seed = 7): { sequence: string; state: GameState; records: readonly MoveRecord[] } {
  const random = seededRandom(seed);
  const sequence = randomSequence(ro, random);
  let state = newGame({ tileSet: 'ro', sequence });
  const moves: string[] = [];
  for (let i = 0; i < count; i++) {
    const move = randomMove(state, random, { passProbability: 0 });
    moves.push(move);
    const r = replayGame({ tileSet: 'ro', sequence }, moves);
    if (!r.ok) throw new Error(r.code);
    state = r.state;
  }
  const r = replayGame({ tileSet: 'ro', sequence }, moves);
  if (!r.ok) throw new Error(r.code);
  return { sequence, state: r.state, records: r.records };
}

function moveViewOf(record: MoveRecord): MoveView {
  return {
    id: `m${record.n}`,
    line: 'main',
    label: null,
    number: record.n,
    turn: record.tour,
    color: record.player,
    kind: record.type,
    notation: record.notation,
    words: record.words,
    score: record.score,
    recorded: record.recorded,
    total: record.total,
    tilesUsed: record.tilesUsed,
    unknownWords: [],
    arrivedOn: '2027-01-10',
    sentOn: '2027-01-12',
    thinkingDays: 1,
    source: 'web',
    annulled: false,
  };
}

function input(count: number, me: Color | null, extra: Partial<GameView> = {}): GamePageInput {
  const { sequence, state, records } = played(count);
  const view: GameView = {
    id: 'g1',
    competitionId: 'c1',
    groupId: 'gr1',
    round: 1,
    status: 'playing',
    version: count + 1,
    turn: count + 1,
    startedOn: '2027-01-10',
    endedAt: null,
    endReason: null,
    outcome: null,
    red: { playerId: 'pr', name: 'Ana' },
    blue: { playerId: 'pb', name: 'Bogdan' },
    toMove: state.toMove,
    awaiting: 'move',
    sequence,
    lines: [lineSnapshot('main', null, state)],
    moves: records.map(moveViewOf),
    dispute: null,
    offers: [],
    clocks: {
      red: { used: 3, left: 47, exceeded: false, onHoliday: false, longThinking: false },
      blue: { used: 5, left: 45, exceeded: false, onHoliday: false, longThinking: false },
    },
    result: null,
    rules: 'frsc',
    challenges: [],
    ...extra,
  };
  return {
    view,
    lines: [
      {
        id: 'main',
        label: null,
        snapshot: view.lines[0],
        taken: state.taken,
        path: records.map((record) => ({ moveId: `m${record.n}`, record })),
      },
    ],
    me,
    tileSet: ro,
    today: '2027-02-01',
    limit: 50,
    competitionName: 'Campionatul 2027',
    lang: 'ro',
  };
}

describe('boardModel', () => {
  it('gives 15 rows a–o of 15 cells with the standard premiums and FRSc coordinates', () => {
    const rows = boardModel({ board: Array(15).fill('.'.repeat(15)) }, ro);
    expect(rows.map((r) => r.letter).join('')).toBe('abcdefghijklmno');
    const cells = rows.flatMap((r) => r.cells);
    expect(cells).toHaveLength(225);
    const count = (p: string) => cells.filter((c) => c.premium === p).length;
    expect([count('tw'), count('dw'), count('tl'), count('dl')]).toEqual([8, 17, 12, 24]);
    expect(rows[7].cells[7]).toMatchObject({ coord: 'h8', center: true, premium: 'dw' });
    expect(rows[0].cells[0]).toMatchObject({ coord: 'a1', premium: 'tw', premiumKey: 'player.premium.tw' });
  });

  it('shows tiles with values, a blank as worth 0, and hides the premium under a tile', () => {
    const board = Array(15).fill('.'.repeat(15));
    board[7] = '.......Xa......';
    const rows = boardModel({ board }, ro, [{ row: 7, col: 8 }]);
    expect(rows[7].cells[7]).toMatchObject({ letter: 'X', blank: false, value: 10, premium: null, last: false });
    expect(rows[7].cells[8]).toMatchObject({ letter: 'A', blank: true, value: 0, last: true });
  });
});

describe('sequenceModel', () => {
  it('marks the opening racks and each draw with the player who took it, in rows of ten', () => {
    const { sequence, state } = played(4);
    const rows = sequenceModel(sequence, state.taken);
    expect(rows).toHaveLength(10);
    const cells = rows.flat();
    expect(cells[0]).toMatchObject({ n: 1, letter: sequence[0], by: 'red', order: 1 });
    expect(cells[7]).toMatchObject({ n: 8, by: 'blue', order: 1 });
    const takenCount = cells.filter((c) => c.by !== null).length;
    expect(takenCount).toBe(state.next);
    expect(cells.filter((c) => c.by === null).every((c) => c.n > state.next)).toBe(true);
  });
});

describe('moveRows', () => {
  it('writes each move as the paper sheet does: letters, main word, adjacent words, score and total', () => {
    const { records } = played(6);
    const rows = moveRows(
      records.map((record) => ({ moveId: `m${record.n}`, record })),
      new Map(records.map((r) => [`m${r.n}`, moveViewOf(r)])),
      'ro',
    );
    expect(rows).toHaveLength(6);
    rows.forEach((row, i) => {
      const r = records[i];
      expect(row.letters).toBe(r.tilesUsed.join(','));
      expect(row.main).toBe(r.type === 'pass' ? 'PAS' : `${r.words[0].coord}: ${r.words[0].word}`);
      expect(row.adjacent).toBe(
        r.words
          .slice(1)
          .map((w) => `${w.coord}: ${w.word}`)
          .join('; '),
      );
      expect(row.total).toBe(r.total);
      expect(row.capped).toBe(r.recorded !== r.score);
      expect(row.sentOn).toBe('12.01.2027');
    });
    // docs/rules.md §2: tour I RED is capped at 10.
    expect(rows[0].recorded).toBeLessThanOrEqual(10);
  });
});

describe('gamePageModel', () => {
  it('lets the player to move play, pass and contest the partner’s last placement', () => {
    const base = input(3, 'blue');
    const model = gamePageModel(base);
    expect(model.me).toBe('blue');
    expect(model.myTurn).toBe(true);
    expect(model.canMove).toBe(true);
    expect(model.owedLines.map((l) => l.field)).toEqual(['move']);
    expect(model.lines[0].myRack.map((t) => t.letter).join('')).toBe(base.view.lines[0].racks.blue);
    expect(model.lines[0].otherRacks).toEqual([{ color: 'red', name: 'Ana', tiles: base.view.lines[0].racks.red.split('').join(' ') }]);
    const last = base.lines[0].path.at(-1)!.record;
    expect(model.contest?.words.map((w) => w.word)).toEqual(last.words.map((w) => w.word));
    expect(model.clocks.find((c) => c.color === 'blue')).toMatchObject({
      running: true,
      deadline: '18.03.2027',
      deadlineIso: '2027-03-18',
      mine: true,
    });
    expect(model.clocks.find((c) => c.color === 'red')).toMatchObject({ running: false, deadline: null });
  });

  it('past the closing date says the game is closed, with the proposal, and offers no play (docs/rules.md "The closing date")', () => {
    const proposal = { outcome: { type: 'unfinished' as const }, scores: { red: 212, blue: 187 }, coefficients: { red: 1, blue: 1 } };
    const closing = { closingDate: '2027-01-31' as const, reportBy: '2027-02-05' as const, proposal };
    const model = gamePageModel(input(3, 'blue', { closing }));
    expect(model.closed).toEqual({
      closingDate: '31.01.2027',
      reportBy: '05.02.2027',
      reportWindowOpen: true,
      proposal: { key: 'player.closed.unfinished', name: null, red: 212, blue: 187, coefficients: { red: '1,0000', blue: '1,0000' } },
    });
    expect(model).toMatchObject({
      myTurn: false,
      canMove: false,
      canPass: false,
      canOffer: false,
      canHoliday: false,
      contest: null,
      ended: false,
    });
    const after = gamePageModel({ ...input(3, 'blue', { closing }), today: '2027-02-06' });
    expect(after.closed?.reportWindowOpen).toBe(false);
    const noShow = { ...closing, proposal: { ...proposal, outcome: { type: 'no-show' as const, by: 'red' as const } } };
    expect(gamePageModel(input(0, 'blue', { closing: noShow })).closed?.proposal).toMatchObject({
      key: 'player.closed.noShow',
      name: 'Ana',
    });
    expect(gamePageModel(input(3, 'blue', { closing: { ...closing, proposal: null } })).closed?.proposal).toBeNull();
    expect(gamePageModel(input(3, 'blue')).closed).toBeNull();
  });

  it('gives the waiting player nothing to play, and the arbiter no player forms', () => {
    const waiting = gamePageModel(input(3, 'red'));
    expect(waiting.myTurn).toBe(false);
    expect(waiting.canMove).toBe(false);
    expect(waiting.contest).toBeNull();
    expect(waiting.canAbandon).toBe(true);
    const arbiter = gamePageModel(input(3, null));
    expect(arbiter.canMove || arbiter.canAbandon || arbiter.canOffer || arbiter.canHoliday).toBe(false);
    expect(arbiter.lines[0].myRack).toEqual([]);
    expect(arbiter.lines[0].otherRacks.map((r) => r.color)).toEqual(['red', 'blue']);
  });

  it('asks the mover to answer an open contest and lists the partner’s offers to answer', () => {
    const base = input(4, 'red');
    const contested = base.view.moves[2];
    const model = gamePageModel({
      ...base,
      view: {
        ...base.view,
        toMove: 'red',
        awaiting: 'contest-answer',
        dispute: {
          id: 'd1',
          status: 'open',
          contester: 'blue',
          words: ['ABC'],
          contestedMoveId: contested.id,
          provisionalReplyId: 'm4',
          lines: null,
          keptLine: null,
        },
        offers: [{ id: 'o1', kind: 'draw', by: 'blue', status: 'pending', createdAt: '2027-01-20T00:00:00Z' }],
      },
    });
    expect(model.disputeToAnswer).toEqual({ id: 'd1', words: 'ABC', notation: contested.notation });
    expect(model.canMove).toBe(false);
    expect(model.offersToAnswer.map((o) => o.id)).toEqual(['o1']);
    expect(model.canOffer).toBe(true);
  });

  it('shows both live lines of an appealed dispute, with one field per owed line', () => {
    const base = input(4, 'red');
    const line = base.lines[0];
    const model = gamePageModel({
      ...base,
      lines: [
        { ...line, id: 'main', label: 'A' },
        { ...line, id: 'f1', label: 'B' },
      ],
    });
    expect(model.twoLines).toBe(true);
    expect(model.owedLines.map((l) => l.field)).toEqual(['lines[A]', 'lines[B]']);
    expect(model.contest).toBeNull();
  });

  it('shows the result of an ended game and no forms', () => {
    const base = input(2, 'red');
    const model = gamePageModel({
      ...base,
      view: {
        ...base.view,
        status: 'ended',
        awaiting: null,
        toMove: null,
        endReason: 'abandon',
        result: {
          gameId: 'g1',
          status: 'proposed',
          outcome: { type: 'abandon', by: 'blue' } as never,
          scores: { red: 10, blue: 20 },
          coefficients: { red: 1.53, blue: 0.47 },
          automatic: false,
          dueOn: '2027-02-05',
          confirmed: { red: false, blue: false },
          confirmedAt: { red: null, blue: null },
          objections: [],
          homologatedAt: null,
        },
      },
    });
    expect(model.ended).toBe(true);
    expect(model.canMove || model.canAbandon || model.canOffer).toBe(false);
    // docs/rules.md §7 four decimals, with the page's (Romanian) decimal comma.
    expect(model.result?.coefficients).toEqual({ red: '1,5300', blue: '0,4700' });
    expect(model.canConfirm).toBe(true);
    expect(model.confirmBy).toBe('05.02.2027');
  });
});

describe('small helpers', () => {
  it('formats days per language and counts the run-out day from the days left', () => {
    expect(formatDay('2027-03-01', 'ro')).toBe('01.03.2027');
    // One form per language for people (docs/web.md, "Dates"): the English mails' and instants' form, not ISO.
    expect(formatDay('2027-03-01', 'en')).toBe('1 Mar 2027');
    expect(runOutDay('2027-02-01', 10)).toBe('2027-02-11');
    expect(runOutDay('2027-02-01', 0)).toBe('2027-02-01');
    expect(rackModel('A?X', ro)).toEqual([
      { letter: 'A', blank: false, value: 1, index: 0 },
      { letter: '?', blank: true, value: 0, index: 1 },
      { letter: 'X', blank: false, value: 10, index: 2 },
    ]);
  });
});

describe('runOutFromTimeline', () => {
  it('is the last day the awaited move may be sent within 50 days, later by the holiday days', () => {
    const base = { start: '2027-02-01', closing: '2027-12-31', moves: [] } as const;
    // docs/rules.md §5: counted from the day after the start, the sending day not counted: 1 Feb → 24 Mar is 50 days.
    expect(runOutFromTimeline(base, '2027-02-01', 'red', 50)).toBe('2027-03-24');
    const holiday = { ...base, holidays: { red: [{ from: '2027-02-10', to: '2027-02-19' }] } } as const;
    expect(runOutFromTimeline(holiday, '2027-02-01', 'red', 50)).toBe('2027-04-03');
    // Pauses longer than the first, short walk: found by the walk to the whole bound.
    const long = { ...base, holidays: { red: [{ from: '2027-02-10', to: '2027-04-10' }] } } as const;
    expect(runOutFromTimeline(long, '2027-02-01', 'red', 50)).toBe('2027-05-23');
    // Not before the closing date: nothing to show.
    expect(runOutFromTimeline({ ...base, closing: '2027-03-01' }, '2027-02-01', 'red', 50)).toBeNull();
  });
});
