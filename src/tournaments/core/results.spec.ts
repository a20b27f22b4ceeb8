import { capSpread, gameShares, largestDifference, SPREAD_CAP } from './results';
import type { GameResult } from './tournament';

const shares = (result: GameResult, largest = 0) => {
  const { red, blue } = gameShares(result, largest);
  return { red: [red.points, red.spread], blue: [blue.points, blue.spread] };
};

describe('results of a tournament in rounds (docs/rules.md §11.1, F 9.5)', () => {
  it('a normal game: 1 point and the difference to the winner, 0 and minus it to the loser (9.5.1a)', () => {
    expect(shares({ kind: 'normal', red: 412, blue: 380 })).toEqual({ red: [1, 32], blue: [0, -32] });
    expect(shares({ kind: 'normal', red: 300, blue: 390 })).toEqual({ red: [0, -90], blue: [1, 90] });
  });

  it('equal scores are a draw: half a point each, spread unchanged (9.5.1b)', () => {
    expect(shares({ kind: 'normal', red: 350, blue: 350 })).toEqual({ red: [0.5, 0], blue: [0.5, 0] });
  });

  it('caps the difference at 350 for winner and loser (9.5.1c)', () => {
    expect(SPREAD_CAP).toBe(350);
    expect(shares({ kind: 'normal', red: 700, blue: 200 })).toEqual({ red: [1, 350], blue: [0, -350] });
    expect(capSpread(-900)).toBe(-350);
  });

  it('six zero turns: the final scores after the racks, recorded as a normal end (9.5.4a)', () => {
    expect(shares({ kind: 'six-zeros', red: 120, blue: 140 })).toEqual({ red: [0, -20], blue: [1, 20] });
  });

  it("an excused no-show: ±75 (9.5.2a); an unexcused one costs the round's largest difference too (9.5.2b)", () => {
    expect(shares({ kind: 'no-show-excused', loser: 'blue' })).toEqual({ red: [1, 75], blue: [0, -75] });
    expect(shares({ kind: 'no-show', loser: 'red' }, 210)).toEqual({ red: [0, -285], blue: [1, 75] });
  });

  it('both absent: the game lost by both, −75 each (9.5.2c)', () => {
    expect(shares({ kind: 'both-absent' })).toEqual({ red: [0, -75], blue: [0, -75] });
  });

  it('a time forfeit: the difference at that moment, at least 50 (9.5.4b)', () => {
    expect(shares({ kind: 'time', loser: 'red', red: 300, blue: 380 })).toEqual({ red: [0, -80], blue: [1, 80] });
    expect(shares({ kind: 'time', loser: 'red', red: 380, blue: 300 })).toEqual({ red: [0, -50], blue: [1, 50] });
    expect(shares({ kind: 'time', loser: 'blue' })).toEqual({ red: [1, 50], blue: [0, -50] });
  });

  it('an abandonment: the difference plus 50, at least 50, capped at 350 (9.5.4c)', () => {
    expect(shares({ kind: 'abandon', loser: 'blue', red: 250, blue: 200 })).toEqual({ red: [1, 100], blue: [0, -100] });
    expect(shares({ kind: 'abandon', loser: 'blue', red: 100, blue: 300 })).toEqual({ red: [1, 50], blue: [0, -50] });
    expect(shares({ kind: 'abandon', loser: 'red', red: 100, blue: 500 })).toEqual({ red: [0, -350], blue: [1, 350] });
  });

  it("a draw for want of the result slip and an arbiter's draw: half a point, spread unchanged (9.5.4d–e)", () => {
    expect(shares({ kind: 'draw-no-slip' })).toEqual({ red: [0.5, 0], blue: [0.5, 0] });
    expect(shares({ kind: 'draw-arbiter' })).toEqual({ red: [0.5, 0], blue: [0.5, 0] });
  });

  it("the round's largest difference counts games played to their end, capped", () => {
    expect(
      largestDifference([
        { red: 1, blue: 2, result: { kind: 'normal', red: 400, blue: 300 } },
        { red: 3, blue: 4, result: { kind: 'normal', red: 100, blue: 600 } },
        { red: 5, blue: 6, result: { kind: 'time', loser: 'red', red: 0, blue: 900 } },
        { bye: 7 },
      ]),
    ).toBe(350);
  });
});
