import fc from 'fast-check';
import { CLUB_BEST, cupaPoints, cupaScale, cupaStandings, type CupaSeries } from './cupa';
import { parseCupaJson } from './cupa-input';

const player = (id: number, club?: string) => ({ id, name: `P${String(id).padStart(3, '0')}`, ...(club && { club }) });
/** An event whose places follow the order of `ids`. */
const event = (name: string, ids: readonly number[]) => ({ name, standings: ids.map((id, i) => ({ id, place: i + 1 })) });

describe('the Cupa scale (F, Cupa regulation)', () => {
  it('is the number of starters, at least 10 and at most 100', () => {
    expect([1, 9, 10, 40, 100, 101, 250].map(cupaScale)).toEqual([10, 10, 10, 40, 100, 100, 100]);
  });

  it('gives the winner the whole scale and each place one fewer, never below 0', () => {
    expect([1, 2, 40].map((place) => cupaPoints(place, 40))).toEqual([40, 39, 1]);
    expect([1, 6].map((place) => cupaPoints(place, 6))).toEqual([10, 5]);
    expect([1, 100, 101, 150].map((place) => cupaPoints(place, 150))).toEqual([100, 1, 0, 0]);
  });
});

describe('the Cupa standings', () => {
  const players = [
    player(1, 'Atlantis'),
    player(2, 'Atlantis'),
    player(3, 'Atlantis'),
    player(4, 'Atlantis'),
    player(5, 'Elite'),
    player(6, 'Elite'),
    player(7),
  ];

  it('adds each player’s points over the events, ties broken by the best single event', () => {
    // Two events of 7 starters, scale 10. 1: 10 + 5 = 15; 5: 7 + 8 = 15 — 1 is ahead (10 > 8).
    const series: CupaSeries = {
      players,
      events: [event('Duplicat clasic', [1, 2, 3, 5, 6, 7, 4]), event('Libere', [2, 3, 5, 6, 4, 1, 7])],
    };
    const { players: rows } = cupaStandings(series);
    expect(rows.map((r) => [r.id, r.place, r.points])).toEqual([
      [2, 1, 19],
      [3, 2, 17],
      [1, 3, 15],
      [5, 4, 15],
      [6, 5, 13],
      [4, 6, 10],
      [7, 7, 9],
    ]);
    expect(rows.find((r) => r.id === 1)!.events).toEqual([10, 5]);
  });

  it('shares a place only when points and every event score are equal; a player who did not start has null', () => {
    const series: CupaSeries = {
      players: players.slice(0, 3),
      events: [event('A', [1, 2]), event('B', [2, 1])],
    };
    const { players: rows } = cupaStandings(series);
    expect(rows.map((r) => [r.id, r.place, r.points, r.events])).toEqual([
      [1, 1, 19, [10, 9]],
      [2, 1, 19, [9, 10]],
      [3, 3, 0, [null, null]],
    ]);
  });

  it('ranks clubs by their best three results in each event, ties by their best placed player', () => {
    // Atlantis has four players: the fourth result of each event does not count.
    const series: CupaSeries = {
      players,
      events: [event('Duplicat clasic', [1, 2, 3, 5, 6, 7, 4]), event('Libere', [2, 3, 5, 6, 4, 1, 7])],
    };
    const { clubs, clubsAwarded } = cupaStandings(series);
    expect(clubs).toEqual([
      { club: 'Atlantis', place: 1, points: 10 + 9 + 8 + (10 + 9 + 6), events: [27, 25] },
      { club: 'Elite', place: 2, points: 7 + 6 + 8 + 7, events: [13, 15] },
    ]);
    // Fewer than four clubs: the club trophy is not awarded.
    expect(clubsAwarded).toBe(false);
  });

  it('leaves out a club with fewer than two players taking part, and awards the trophy from four clubs', () => {
    const field = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => player(id, id === 9 ? 'Solo' : `Club ${Math.ceil(id / 2)}`));
    const { clubs, clubsAwarded } = cupaStandings({ players: field, events: [event('A', [1, 3, 5, 7, 2, 4, 6, 8, 9])] });
    expect(clubs.map((c) => c.club)).toEqual(['Club 1', 'Club 2', 'Club 3', 'Club 4']);
    expect(clubsAwarded).toBe(true);
  });

  const series = fc
    .record({
      n: fc.integer({ min: 1, max: 60 }),
      clubs: fc.integer({ min: 1, max: 8 }),
      events: fc.integer({ min: 1, max: 5 }),
      seed: fc.integer(),
    })
    .chain(({ n, clubs, events }) =>
      fc.record({
        n: fc.constant(n),
        clubs: fc.constant(clubs),
        orders: fc.array(
          fc.shuffledSubarray(
            [...Array(n).keys()].map((i) => i + 1),
            { minLength: 1 },
          ),
          {
            minLength: events,
            maxLength: events,
          },
        ),
      }),
    );

  it('holds its invariants on random series: totals add up, places ordered, a club at most its best three in an event', () => {
    fc.assert(
      fc.property(series, ({ n, clubs, orders }) => {
        const field = Array.from({ length: n }, (_, i) => player(i + 1, `C${i % clubs}`));
        const result = cupaStandings({ players: field, events: orders.map((ids, e) => event(`E${e}`, ids)) });
        for (const row of result.players) expect(row.points).toBe(row.events.reduce<number>((s, p) => s + (p ?? 0), 0));
        for (let i = 1; i < result.players.length; i++) {
          expect(result.players[i].points).toBeLessThanOrEqual(result.players[i - 1].points);
          expect(result.players[i].place).toBeGreaterThanOrEqual(result.players[i - 1].place);
        }
        orders.forEach((ids, e) => {
          const scale = cupaScale(ids.length);
          for (const club of result.clubs) expect(club.events[e]).toBeLessThanOrEqual(CLUB_BEST * scale);
          // The event's winner has the whole scale.
          expect(result.players.find((r) => r.id === ids[0])!.events[e]).toBe(scale);
        });
        for (let i = 1; i < result.clubs.length; i++) expect(result.clubs[i].points).toBeLessThanOrEqual(result.clubs[i - 1].points);
      }),
      { numRuns: 50 },
    );
  });
});

describe('the Cupa series as JSON', () => {
  it('reads players and events, taking rows as `standings --final` prints them', () => {
    const text = JSON.stringify({
      players: [player(1), player(2)],
      events: [
        {
          name: 'Libere',
          standings: [
            { id: 2, place: 1, points: 5, spread: 300, games: 6 },
            { id: 1, place: 2 },
          ],
        },
      ],
    });
    expect(parseCupaJson(text)).toEqual({
      ok: true,
      series: {
        players: [player(1), player(2)],
        events: [
          {
            name: 'Libere',
            standings: [
              { id: 2, place: 1 },
              { id: 1, place: 2 },
            ],
          },
        ],
      },
    });
  });

  it.each([
    ['{', /^not JSON/],
    [JSON.stringify({ players: [player(1)], events: [event('A', [2])] }), /^events\[0\]\.standings\[0\]\.id: no player has the id 2$/],
    [JSON.stringify({ players: [player(1)], events: [event('A', [1, 1])] }), /is in event 1 twice$/],
    [
      JSON.stringify({ players: [player(1)], events: [{ name: 'A', standings: [{ id: 1, place: 3 }] }] }),
      /place 3 in an event of 1 starters$/,
    ],
    [JSON.stringify({ players: [player(1), player(1)], events: [] }), /is given twice$/],
  ])('refuses %s naming the field', (text, message) => {
    const parsed = parseCupaJson(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });
});
