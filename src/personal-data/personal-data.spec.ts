import { anonymousName, competitionsEnded } from './personal-data.service';

describe('personal data', () => {
  it('counts a competition as ended when finished, or started with every game ended and homologated', () => {
    expect(competitionsEnded([])).toBe(true);
    expect(competitionsEnded([{ status: 'finished', games: [{ status: 'playing', homologated: false }] }])).toBe(true);
    expect(competitionsEnded([{ status: 'started', games: [{ status: 'ended', homologated: true }] }])).toBe(true);
    expect(competitionsEnded([{ status: 'started', games: [{ status: 'ended', homologated: false }] }])).toBe(false);
    expect(competitionsEnded([{ status: 'started', games: [{ status: 'playing', homologated: false }] }])).toBe(false);
    // Signed up for one that has not begun: not ended.
    expect(competitionsEnded([{ status: 'draft', games: [] }])).toBe(false);
    expect(
      competitionsEnded([
        { status: 'finished', games: [] },
        { status: 'draft', games: [] },
      ]),
    ).toBe(false);
  });

  it('names an anonymised player by a short, stable, meaningless tag', () => {
    expect(anonymousName('0f1e2d3c-aaaa-bbbb-cccc-000000000000')).toBe('Jucător anonim 0f1e2d3c');
  });
});
