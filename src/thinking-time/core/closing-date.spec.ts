import fc from 'fast-check';
import { computeCoefficients } from '../../coefficients/core/coefficients';
import { coefficientOutcome } from '../../games/core/game-record-replay';
import { addDays, compareDays, type LocalDate } from '../../common/calendar';
import { closingDateProposal, isPlayClosed, isPlayClosedAt } from './closing-date';

const closing: LocalDate = '2027-06-30';

describe('play at the closing date (docs/rules.md §5, §7; docs/rules.md)', () => {
  it('is open through the closing day and closed from the day after', () => {
    expect(isPlayClosed('2027-06-29', closing)).toBe(false);
    expect(isPlayClosed('2027-06-30', closing)).toBe(false);
    expect(isPlayClosed('2027-07-01', closing)).toBe(true);
    expect(isPlayClosed('2028-01-01', closing)).toBe(true);
  });

  it('reads an instant in the competition time zone', () => {
    // 30 June 23:30 in Bucharest is 20:30 UTC: still the closing day; 21:30 UTC is already 1 July there.
    expect(isPlayClosedAt(new Date('2027-06-30T20:30:00Z'), 'Europe/Bucharest', closing)).toBe(false);
    expect(isPlayClosedAt(new Date('2027-06-30T21:30:00Z'), 'Europe/Bucharest', closing)).toBe(true);
    // In Auckland 1 July has begun while it is still 30 June in UTC.
    expect(isPlayClosedAt(new Date('2027-06-30T13:00:00Z'), 'Pacific/Auckland', closing)).toBe(true);
  });

  it('is closed exactly on the days after the closing date (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), fc.integer({ min: -400, max: 400 }), (a, b) => {
        const day = addDays('2027-01-01', a);
        const end = addDays('2027-01-01', b);
        expect(isPlayClosed(day, end)).toBe(compareDays(day, end) > 0);
      }),
    );
  });
});

describe('the result the closing-date procedure proposes (docs/rules.md, the platform’s reading)', () => {
  const facts = { openClaim: false, liveLines: 1, movesMade: 14, firstToMove: 'red' } as const;
  const coefficients = (outcome: NonNullable<ReturnType<typeof closingDateProposal>>, scores = { red: 212, blue: 187 }) =>
    computeCoefficients(scores, coefficientOutcome(outcome, facts.movesMade));

  it('is 1 / 1 for an unfinished game with moves and no open claim, declared or not, whatever the score', () => {
    const outcome = closingDateProposal(facts);
    expect(outcome).toEqual({ type: 'unfinished' });
    expect(coefficients(outcome!)).toEqual({ red: 10_000, blue: 10_000 });
    expect(coefficients(outcome!, { red: 0, blue: 480 })).toEqual({ red: 10_000, blue: 10_000 });
    // One pass is a move: the game started.
    expect(closingDateProposal({ ...facts, movesMade: 1 })).toEqual({ type: 'unfinished' });
  });

  it('is the no-show of the player who owed the first move when no move was ever made', () => {
    const outcome = closingDateProposal({ ...facts, movesMade: 0 });
    expect(outcome).toEqual({ type: 'no-show', by: 'red' });
    expect(coefficients(outcome!, { red: 0, blue: 0 })).toEqual({ red: 0, blue: 15_300 });
  });

  it('proposes nothing while a time claim is open or two lines are live: the arbiter rules first', () => {
    expect(closingDateProposal({ ...facts, openClaim: true })).toBeNull();
    expect(closingDateProposal({ ...facts, openClaim: true, movesMade: 0 })).toBeNull();
    expect(closingDateProposal({ ...facts, liveLines: 2 })).toBeNull();
  });

  it('never proposes a score result or the 0 / 0 of no information (property)', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.integer({ min: 1, max: 2 }), fc.integer({ min: 0, max: 200 }), (openClaim, liveLines, movesMade) => {
        const outcome = closingDateProposal({ openClaim, liveLines, movesMade, firstToMove: 'red' });
        if (openClaim || liveLines !== 1) return expect(outcome).toBeNull();
        expect(outcome).toEqual(movesMade === 0 ? { type: 'no-show', by: 'red' } : { type: 'unfinished' });
      }),
    );
  });
});
