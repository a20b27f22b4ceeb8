import { timeNoticesModel, type TimeNoticesInput } from './time-notices.service';

const base: TimeNoticesInput = {
  lang: 'ro',
  today: '2027-03-30',
  me: 'blue',
  names: { red: 'Popescu Ion', blue: 'Ionescu Ana' },
  limit: 50,
  claim: { claimant: 'red', madeOn: '2027-03-28', daysUsed: 55, answers: [] },
  holidays: { red: [{ from: '2027-04-10', to: '2027-04-19' }], blue: [] },
};

describe('the game page’s claim and holidays', () => {
  it('shows the accused the claim, its deadline and the form; the claimant no form', () => {
    const { claim } = timeNoticesModel(base);
    expect(claim).toMatchObject({
      answerBy: '02.04.2027',
      daysSinceTold: 2,
      daysLeft: 4,
      open: true,
      lapsed: false,
      canAnswer: true,
      viewerIsAccused: true,
      daysUsed: 55,
      limit: 50,
    });
    expect(timeNoticesModel({ ...base, me: 'red' }).claim).toMatchObject({ canAnswer: false, viewerIsClaimant: true });
    expect(timeNoticesModel({ ...base, me: null }).claim).toMatchObject({
      canAnswer: false,
      viewerIsClaimant: false,
      viewerIsAccused: false,
    });
  });

  it('says the 5 days passed without an answer, and closes the form', () => {
    expect(timeNoticesModel({ ...base, today: '2027-04-03', me: null }).claim).toMatchObject({
      open: false,
      lapsed: true,
      canAnswer: false,
    });
    const answered = timeNoticesModel({
      ...base,
      today: '2027-04-03',
      claim: { ...base.claim!, answers: [{ color: 'blue', text: 'spital', at: '2027-03-29T10:00:00.000Z', source: 'web' }] },
    });
    expect(answered.claim).toMatchObject({ lapsed: false, answers: [{ on: '29.03.2027', text: 'spital' }] });
  });

  it('lists each player’s declared holidays with their days, in the page’s language', () => {
    expect(timeNoticesModel(base).holidays).toEqual([
      {
        color: 'red',
        name: 'Popescu Ion',
        mine: false,
        ranges: [{ from: '10.04.2027', to: '19.04.2027', fromIso: '2027-04-10', toIso: '2027-04-19', days: 10, daysText: '10 zile' }],
      },
    ]);
    expect(
      timeNoticesModel({ ...base, lang: 'en', holidays: { red: [], blue: [{ from: '2027-05-01', to: '2027-05-01' }] } }).holidays,
    ).toEqual([
      {
        color: 'blue',
        name: 'Ionescu Ana',
        mine: true,
        ranges: [{ from: '1 May 2027', to: '1 May 2027', fromIso: '2027-05-01', toIso: '2027-05-01', days: 1, daysText: '1 day' }],
      },
    ]);
    expect(timeNoticesModel({ ...base, claim: null }).claim).toBeNull();
  });
});
