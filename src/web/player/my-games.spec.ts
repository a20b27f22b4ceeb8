import type { Color } from '../../engine';
import { myGamesModel, type MyGameInput } from './my-games';

const clock = (used: number, left: number) => ({ used, left, exceeded: false, onHoliday: false });

function game(
  id: string,
  me: Color,
  toMove: Color | null,
  left: { red: number; blue: number },
  extra: Partial<MyGameInput> = {},
): MyGameInput {
  return {
    id,
    competitionName: 'Campionatul 2027',
    round: 1,
    status: 'playing',
    me,
    names: { red: 'Ana', blue: 'Bogdan' },
    toMove,
    awaiting: toMove ? 'move' : null,
    clocks: { red: clock(50 - left.red, left.red), blue: clock(50 - left.blue, left.blue) },
    today: '2027-02-01',
    scores: { red: 100, blue: 90 },
    ...extra,
  };
}

describe('myGamesModel', () => {
  it('puts my moves first by the day my time runs out, then the partners’, then ended games', () => {
    const rows = myGamesModel(
      [
        game('ended', 'red', null, { red: 40, blue: 40 }, { status: 'ended' }),
        game('theirs-late', 'red', 'blue', { red: 40, blue: 30 }),
        game('mine-late', 'blue', 'blue', { red: 40, blue: 30 }),
        game('theirs-soon', 'red', 'blue', { red: 40, blue: 5 }),
        game('mine-soon', 'red', 'red', { red: 3, blue: 40 }),
      ],
      'ro',
    );
    expect(rows.map((r) => r.id)).toEqual(['mine-soon', 'mine-late', 'theirs-soon', 'theirs-late', 'ended']);
    expect(rows[0]).toMatchObject({
      myTurn: true,
      stateKey: 'player.state.yourMove',
      deadline: '04.02.2027',
      deadlineIso: '2027-02-04',
      opponent: 'Bogdan',
    });
    expect(rows[1]).toMatchObject({ myColor: 'blue', opponent: 'Ana', myScore: 90, theirScore: 100, mine: { used: 20, left: 30 } });
    expect(rows[2]).toMatchObject({ myTurn: false, stateKey: 'player.state.theirMove', deadline: '06.02.2027' });
    expect(rows[4]).toMatchObject({ playing: false, stateKey: 'player.state.ended', deadline: null });
  });

  it('names a contest to answer and a ruling awaited', () => {
    const [answer] = myGamesModel([game('a', 'red', 'red', { red: 10, blue: 10 }, { awaiting: 'contest-answer' })], 'en');
    expect(answer).toMatchObject({ stateKey: 'player.state.answerContest', deadline: '11 Feb 2027' });
    const [ruling] = myGamesModel([game('r', 'red', null, { red: 10, blue: 10 }, { awaiting: 'ruling' })], 'en');
    expect(ruling).toMatchObject({ stateKey: 'player.state.ruling', deadline: null });
  });

  it('says a game past the closing date is closed and waits for homologation, with no deadline', () => {
    const [row] = myGamesModel([game('closed', 'red', 'red', { red: 30, blue: 30 }, { closed: true })], 'en');
    expect(row).toMatchObject({ playing: false, myTurn: false, stateKey: 'player.state.closed', deadline: null });
  });
});
