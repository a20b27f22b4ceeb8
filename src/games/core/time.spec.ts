import { seededRandom } from '../../engine/testing/random-game';
import { TableGame } from './testing/table-game';
import { decideLongThinking, decideTimeClaim } from './time';

describe("a player's actions on the clock (docs/rules.md §5)", () => {
  it('a long-thinking notice is for more than 10 days, within the time left, by the player to move', () => {
    const game = TableGame.random(101).playOn(2, seededRandom(101));
    expect(decideLongThinking(game, 'red', 11, 30)).toBeNull();
    expect(decideLongThinking(game, 'red', 30, 30)).toBeNull();
    expect(decideLongThinking(game, 'red', 10, 30)).toMatchObject({ code: 'LONG_THINKING_REFUSED', details: { left: 30 } });
    expect(decideLongThinking(game, 'red', 31, 30)).toMatchObject({ code: 'LONG_THINKING_REFUSED' });
    expect(decideLongThinking(game, 'red', 12.5, 30)).toMatchObject({ code: 'LONG_THINKING_REFUSED' });
    expect(decideLongThinking(game, 'blue', 11, 30)).toMatchObject({ code: 'NOT_YOUR_TURN' });
    game.status = 'ended';
    expect(decideLongThinking(game, 'red', 11, 30)).toMatchObject({ code: 'GAME_OVER' });
  });

  it('a time claim needs the partner past the thinking days, and no other claim waiting', () => {
    const game = TableGame.random(102);
    const facts = { thinkingDays: 45, claimWaiting: false };
    expect(decideTimeClaim(game, { exceeded: true, used: 46 }, facts)).toBeNull();
    expect(decideTimeClaim(game, { exceeded: false, used: 40 }, facts)).toMatchObject({
      code: 'NOT_ALLOWED_NOW',
      messages: { en: "by the platform's count your partner has used 40 of 45 days: there is nothing to claim" },
    });
    expect(decideTimeClaim(game, { exceeded: true, used: 46 }, { ...facts, claimWaiting: true })).toMatchObject({
      messages: { en: 'a time claim is already waiting for the arbiter' },
    });
  });
});
