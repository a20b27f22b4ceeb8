import type { Competition } from '../../competitions/competition.entity';
import { timelineOn } from '../../thinking-time/core';
import { toLocalDate } from '../../common/calendar';
import { gameTimeline, type TimelineMoveRow } from './game-timeline';

const competition = { closingDate: '2027-12-31', thinkingDays: 50, reminderDays: 15, escalationDays: 30 } as Pick<
  Competition,
  'closingDate' | 'thinkingDays' | 'reminderDays' | 'escalationDays'
>;
const none = { red: [], blue: [] };
const row = (
  turn: number,
  color: 'red' | 'blue',
  arrivedOn: string,
  sentOn: string,
  thinkingDays: number,
  annulled = false,
): TimelineMoveRow => ({
  turn,
  color,
  arrivedOn,
  sentOn,
  thinkingDays,
  annulled,
});
const timeline = (moves: TimelineMoveRow[], currentTurn: number) =>
  gameTimeline({ competition, startedOn: '2027-02-01', currentTurn, moves, holidays: none, notices: none, dayPenalties: none });

describe("a game's timeline from its rows (docs/rules.md §5, §6)", () => {
  it('counts a turn played in two lines once, to the last of its moves', () => {
    const t = timeline(
      [
        row(1, 'red', '2027-02-01', '2027-02-03', 1),
        row(2, 'blue', '2027-02-03', '2027-02-05', 1),
        row(2, 'blue', '2027-02-03', '2027-02-09', 5),
      ],
      3,
    );
    expect(t.moves).toEqual([
      { player: 'red', sent: '2027-02-03', arrived: '2027-02-01' },
      { player: 'blue', sent: '2027-02-09', arrived: '2027-02-03' },
    ]);
    expect(timelineOn(t, toLocalDate('2027-02-09')).clocks.blue.used).toBe(5);
  });

  it('keeps the days of a voided turn charged, and leaves the turn being played out', () => {
    const t = timeline(
      [
        row(1, 'red', '2027-02-01', '2027-02-05', 3),
        row(2, 'blue', '2027-02-05', '2027-02-10', 4, true),
        row(3, 'red', '2027-02-10', '2027-02-12', 1, true),
        row(4, 'blue', '2027-02-12', '2027-02-14', 1),
        row(5, 'red', '2027-02-14', '2027-02-15', 0),
      ],
      5,
    );
    expect(t.moves.map((m) => m.player)).toEqual(['red', 'blue']);
    expect(t.adjustments).toEqual({
      red: [{ kind: 'charge', days: 1, on: '2027-02-12', reason: 'voided move' }],
      blue: [{ kind: 'charge', days: 4, on: '2027-02-10', reason: 'voided move' }],
    });
    expect(timelineOn(t, toLocalDate('2027-02-14')).clocks).toMatchObject({ red: { used: 4 }, blue: { used: 5 } });
  });

  it("turns the arbiter's day rulings into charges and credits", () => {
    const t = gameTimeline({
      competition,
      startedOn: '2027-02-01',
      currentTurn: 1,
      moves: [],
      holidays: none,
      notices: none,
      dayPenalties: { red: [{ days: 10, on: '2027-02-02' }], blue: [{ days: -3, on: '2027-02-02' }] },
    });
    expect(t.adjustments).toEqual({
      red: [{ kind: 'charge', days: 10, on: '2027-02-02' }],
      blue: [{ kind: 'credit', days: 3, on: '2027-02-02' }],
    });
  });
});
