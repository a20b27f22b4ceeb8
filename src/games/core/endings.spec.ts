import fc from 'fast-check';
import { addDays } from '../../common/calendar';
import { seededRandom } from '../../engine/testing/random-game';
import { decideEnd, decideForfeitVoiding, endedByPlay } from './endings';
import { officialLine, pathOf } from './lines';
import { orThrow } from './refusal';
import { START, TableGame } from './testing/table-game';

describe('the end of a game (docs/rules.md §4, §7)', () => {
  it('by play once every live line is over and no dispute waits; the reason is the official line’s', () => {
    const game = TableGame.random(91);
    while (!game.stateOf('main').over) orThrow(game.play('main', game.stateOf('main').toMove, 'PAS'));
    expect(endedByPlay(game)).toBe(true);
    expect(decideEnd(game, null)).toEqual({ status: 'ended', outcome: null, endReason: 'zero-turns' });
    expect(decideEnd(game, { type: 'abandon', by: 'blue' })).toEqual({
      status: 'ended',
      outcome: { type: 'abandon', by: 'blue' },
      endReason: 'abandon',
    });
    game.dispute = { id: 'd1', status: 'open', contestedMoveId: game.moves[0].id, lines: null };
    expect(endedByPlay(game)).toBe(false);
  });

  it('a game still in play has not ended by play', () => {
    expect(endedByPlay(TableGame.random(92).playOn(5, seededRandom(92)))).toBe(false);
  });

  it('a time forfeit voids exactly the moves sent after the day the time ran out, and keeps those before', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: -1, max: 32 }),
        (seed, n, d) => {
          const game = TableGame.random(seed).playOn(n, seededRandom(seed));
          const since = addDays(START, d);
          const path = pathOf(game, 'main');
          const late = path.filter((m) => m.sentOn > since);
          const { voided, changes } = decideForfeitVoiding(game, since);
          expect(voided).toBe(late.length);
          expect(changes.annulled).toEqual(late.map((m) => m.id));
          game.applyLines(changes);
          expect(pathOf(game, officialLine(game).id)).toEqual(path.filter((m) => m.sentOn <= since));
        },
      ),
      { numRuns: 40 },
    );
    expect(decideForfeitVoiding(TableGame.random(1).playOn(3, seededRandom(1)), null)).toEqual({
      voided: 0,
      changes: { opened: [], closed: [], annulled: [] },
    });
  });
});
