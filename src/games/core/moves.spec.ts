import { refusals } from './game-refusals';
import { seededRandom } from '../../engine/testing/random-game';
import { arbiterMoveDays, decideMove, moveRow } from './moves';
import { orThrow } from './refusal';
import { START, TableGame } from './testing/table-game';

const at = (day: string) => new Date(`${day}T12:00:00Z`);

describe('a move in a line (docs/rules.md §3, §5)', () => {
  it('is the engine’s record, arriving when the partner’s last move was sent, sent the day it was received', () => {
    const game = TableGame.random(81).playOn(2, seededRandom(81));
    const plan = orThrow(decideMove(game, 'main', 'red', 'PAS', { receivedAt: at('2027-02-20') }, 'Europe/Bucharest'));
    expect(plan).toMatchObject({
      lineId: 'main',
      color: 'red',
      turn: 3,
      record: { n: 3, type: 'pass' },
      arrivedOn: game.moves[1].sentOn,
      sentOn: '2027-02-20',
    });
    const row = moveRow(plan, { id: 'm9', gameId: 'g1', playerId: 'p-red' }, { receivedAt: at('2027-02-20'), source: 'web' }, [
      { from: '2027-02-10', to: '2027-02-12' },
    ]);
    // Days strictly between arrival (2027-02-03) and sending, less the three days of holiday.
    expect(row).toMatchObject({
      id: 'm9',
      number: 3,
      turn: 3,
      kind: 'pass',
      written: 'PAS',
      thinkingDays: 13,
      annulled: false,
      inboundMailId: null,
    });
  });

  it('is refused when the line is over, when it is the partner’s turn, when illegal, or when sent before it arrived', () => {
    const game = TableGame.random(81);
    const timing = { receivedAt: at(START) };
    expect(decideMove(game, 'main', 'blue', 'PAS', timing, 'UTC')).toMatchObject({ code: 'NOT_YOUR_TURN' });
    expect(decideMove(game, 'main', 'red', 'a1 ZZZZZZZZ', timing, 'UTC')).toMatchObject({
      code: expect.not.stringMatching(/^(NOT_YOUR_TURN|GAME_OVER)$/),
    });
    expect(decideMove(game, 'main', 'red', 'PAS', { receivedAt: at('2027-01-31') }, 'UTC')).toMatchObject({ code: 'NOT_STARTED' });
    // The day in the reader's form (docs/web.md, "Dates"), not ISO.
    expect(refusals.notStarted('2027-01-10').messages).toEqual({
      ro: 'Partida începe la 10.01.2027.',
      en: 'The game starts on 10 Jan 2027.',
      pl: 'Partia zaczyna się 10 stycznia 2027.',
    });
    expect(decideMove(game, 'main', 'red', 'PAS', timing, 'UTC')).toMatchObject({ record: { type: 'pass' } });
    const ended = TableGame.random(82);
    while (!ended.stateOf('main').over) orThrow(ended.play('main', ended.stateOf('main').toMove, 'PAS'));
    expect(decideMove(ended, 'main', 'red', 'PAS', timing, 'UTC')).toMatchObject({ code: 'GAME_OVER' });
  });

  it('an arbiter’s move follows the game’s dates and is never sent after today', () => {
    const game = TableGame.random(83).playOn(2, seededRandom(83));
    const arrival = game.moves[1].sentOn;
    expect(arbiterMoveDays(game, 'red', { sentOn: '2027-02-10' }, '2027-02-20')).toEqual({ sentOn: '2027-02-10', arrivedOn: arrival });
    expect(arbiterMoveDays(game, 'red', { sentOn: '2027-02-21' }, '2027-02-20')).toMatchObject({
      code: 'BAD_INPUT',
      messages: { en: 'the move cannot be sent after today' },
    });
    expect(arbiterMoveDays(game, 'red', { sentOn: '2027-02-10', arrivedOn: '2027-02-01' }, '2027-02-20')).toMatchObject({
      code: 'BAD_INPUT',
    });
    expect(arbiterMoveDays(game, 'red', { sentOn: '2027-02-04', arrivedOn: '2027-02-05' }, '2027-02-20')).toMatchObject({
      code: 'BAD_INPUT',
    });
  });
});
