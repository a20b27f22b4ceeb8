import { downtimeCaseView, downtimeSummary } from './downtime-case';

const payload = {
  outageId: 'o1',
  outage: { from: '2027-02-13T23:05:00.000Z', to: '2027-02-24T23:05:00.000Z' },
  days: { from: '2027-02-15', to: '2027-02-24' },
  games: [
    {
      gameId: 'g1',
      competitionId: 'c1',
      competition: 'CN 2027',
      red: 'Ana Popescu',
      blue: 'Ion Ionescu',
      from: '2027-02-15',
      to: '2027-02-24',
      days: { red: 0, blue: 10 },
    },
    {
      gameId: 'g2',
      competitionId: 'c2',
      competition: 'Cupa 2027',
      red: 'Maria Pop',
      blue: 'Radu Stan',
      from: '2027-02-15',
      to: '2027-02-24',
      days: { red: 5, blue: 0 },
    },
  ],
  credits: [],
};

describe('the downtime credit case as the arbiter reads it (docs/sweep.md, Downtime credits)', () => {
  it("names the outage's days and every game with each player's days", () => {
    expect(downtimeCaseView(payload)).toEqual({
      from: '15.02.2027',
      to: '24.02.2027',
      totalDays: 15,
      games: [
        { gameId: 'g1', competition: 'CN 2027', red: 'Ana Popescu', blue: 'Ion Ionescu', redDays: 0, blueDays: 10 },
        { gameId: 'g2', competition: 'Cupa 2027', red: 'Maria Pop', blue: 'Radu Stan', redDays: 5, blueDays: 0 },
      ],
    });
  });

  it('says the dates and the number of games in both languages', () => {
    expect(downtimeSummary(payload)).toEqual({
      ro: 'Zile de creditat după întreruperea platformei 15.02.2027 – 24.02.2027: 2 partide',
      en: 'Days to credit after the platform outage 15.02.2027 – 24.02.2027: 2 games',
    });
  });

  it('reads a case written before the games were named, from its credits', () => {
    const old = { days: { from: '2027-02-15', to: '2027-02-16' }, credits: [{ gameId: 'g1', playerId: 'p', color: 'blue', days: 2 }] };
    expect(downtimeCaseView(old).games).toEqual([{ gameId: 'g1', competition: '', red: '', blue: '', redDays: 0, blueDays: 2 }]);
  });
});
