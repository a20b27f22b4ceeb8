import fc from 'fast-check';
import { closingResult, proposedResult, reportWindowEnd } from './closing-result';

const facts = { openClaim: false, liveLines: 1, movesMade: 4, firstToMove: 'red' as const };
const line = { totals: { red: 212, blue: 187 }, movesPlayed: 4 };

describe('the result proposed at the closing date (docs/rules.md "The closing date")', () => {
  it('proposes 1 / 1 on the running totals for a game with moves and no open claim', () => {
    expect(closingResult(facts, line)).toEqual({
      outcome: { type: 'unfinished' },
      scores: { red: 212, blue: 187 },
      coefficients: { red: 1, blue: 1 },
    });
  });

  it('proposes the no-show of the player who owed the first move in a game never started: 0, the partner 1.5300', () => {
    expect(closingResult({ ...facts, movesMade: 0 }, { totals: { red: 0, blue: 0 }, movesPlayed: 0 })).toEqual({
      outcome: { type: 'no-show', by: 'red' },
      scores: { red: 0, blue: 0 },
      coefficients: { red: 0, blue: 1.53 },
    });
  });

  it('proposes nothing while a time claim is open or two lines are live: the arbiter rules first', () => {
    expect(closingResult({ ...facts, openClaim: true }, line)).toBeNull();
    expect(closingResult({ ...facts, liveLines: 2 }, null)).toBeNull();
  });

  it('an unfinished game is 1 / 1 whatever the scores (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50, max: 900 }),
        fc.integer({ min: -50, max: 900 }),
        fc.integer({ min: 1, max: 60 }),
        (red, blue, n) => {
          const proposal = closingResult({ ...facts, movesMade: n }, { totals: { red, blue }, movesPlayed: n });
          expect(proposal?.coefficients).toEqual({ red: 1, blue: 1 });
          expect(proposal?.scores).toEqual({ red, blue });
        },
      ),
    );
  });

  it('scores an abandonment on the running totals, as a silence case proposes it (the winner capped after two full tours, the abandoner at the score)', () => {
    expect(proposedResult({ type: 'abandon', by: 'blue' }, { red: 300, blue: 100 }, 4).coefficients).toEqual({ red: 1.55, blue: 0.25 });
  });

  it("the report window's last day is the closing date plus 5: the result's only window", () => {
    expect(reportWindowEnd('2027-03-31')).toBe('2027-04-05');
    expect(reportWindowEnd('2027-12-29')).toBe('2028-01-03');
  });
});
