import fc from 'fast-check';
import { addDays, addMonths, compareDays, type LocalDate } from '../../common/calendar';
import {
  DEFAULT_ELO_RANKING,
  DEFAULT_PFS_RANKING,
  computeRanking,
  eloExpected,
  pfsScalps,
  type PfsRankingSettings,
  type RankedGame,
  type Ranking,
} from './ranking';

const game = (
  id: string,
  competitionId: string,
  date: LocalDate,
  a: string,
  b: string,
  scores: [number, number],
  walkover = false,
): RankedGame => ({
  id,
  competitionId,
  date,
  players: [a, b],
  scores,
  walkover,
});

const pfs = (over: Partial<PfsRankingSettings> = {}): PfsRankingSettings => ({ ...DEFAULT_PFS_RANKING, ...over });
const listOf = (r: Ranking) => r.list.map((e) => [e.position, e.player, e.ranking, e.games]);

describe('pfsScalps: a game’s scalps (docs/rules.md §12.1)', () => {
  it('gives the opponent’s ranking 50 up for a win, 50 down for a loss, unchanged for a draw', () => {
    // The federation's own example: X 107, Y 96.
    expect(pfsScalps([107, 96], 1)).toEqual([146, 57]);
    expect(pfsScalps([107, 96], 0)).toEqual([46, 157]);
    expect(pfsScalps([107, 96], 0.5)).toEqual([96, 107]);
  });

  it('leaves both their own rankings when a favourite ahead by more than 50 wins, unless the setting is off', () => {
    // X 135 beats Y 70: 70 + 50 = 120 would lower the winner, 135 − 50 = 85 raise the loser.
    expect(pfsScalps([135, 70], 1)).toEqual([135, 70]);
    expect(pfsScalps([70, 135], 0)).toEqual([70, 135]);
    expect(pfsScalps([70, 135], 1)).toEqual([185, 20]);
    expect(pfsScalps([135, 70], 1, pfs({ favouriteKeepsOwn: false }))).toEqual([120, 85]);
  });

  it('is symmetric in the two players, and the scalps add up to the two rankings', () => {
    fc.assert(
      fc.property(fc.nat(400), fc.nat(400), fc.constantFrom<0 | 0.5 | 1>(0, 0.5, 1), fc.boolean(), (a, b, result, keep) => {
        const settings = pfs({ favouriteKeepsOwn: keep });
        const [sa, sb] = pfsScalps([a, b], result, settings);
        expect(pfsScalps([b, a], (1 - result) as 0 | 0.5 | 1, settings)).toEqual([sb, sa]);
        expect(sa + sb).toBe(a + b);
      }),
    );
  });
});

describe('the PFS ranking: a hand-computed example (docs/rules.md §12.1)', () => {
  // Minimum 2 games, a window of 12 months, the other values the federation's.
  const settings = pfs({ minGames: 2, windowMonths: 12 });
  const games = [
    game('g1', 'c1', '2026-01-10', 'A', 'B', [400, 300]),
    game('g2', 'c1', '2026-01-10', 'B', 'C', [350, 340]),
    game('g3', 'c1', '2026-01-10', 'A', 'C', [320, 320]),
    game('g4', 'c2', '2026-02-20', 'C', 'A', [380, 370]),
    game('g5', 'c2', '2026-03-01', 'A', 'B', [400, 1], true),
    game('g6', 'c3', '2026-04-01', 'D', 'B', [410, 390]),
  ];

  it('reproduces the computation by hand', () => {
    // c1: nobody ranked, everyone plays with the floor, 100.
    //   g1 A beats B: A 100 + 50 = 150, B 100 − 50 = 50
    //   g2 B beats C: B 150, C 50
    //   g3 A draws C: A 100, C 100
    //   after c1: A (150 + 100) / 2 = 125, B (50 + 150) / 2 = 100, C (50 + 100) / 2 = 75
    // c2: A plays with 125, B with 100, C with 100 (75 is below the floor).
    //   g4 C beats A: C 125 + 50 = 175, A 100 − 50 = 50 (C is no favourite)
    //   g5 A beats B by walkover, 400:1, counted ([P 7.1]): A 100 + 50 = 150, B 125 − 50 = 75
    //   after c2: A (150 + 100 + 50 + 150) / 4 = 112.5 → 113; B (50 + 150 + 75) / 3 = 91.67 → 92;
    //             C (50 + 100 + 175) / 3 = 108.33 → 108
    // c3: B plays with 100 (92 is below the floor), D with 100 (a debutant).
    //   g6 D beats B: D 150, B 50; B (50 + 150 + 75 + 50) / 4 = 81.25 → 81; D has 1 game, unlisted.
    const ranking = computeRanking(games, '2026-06-01', settings);
    expect(listOf(ranking)).toEqual([
      [1, 'A', 113, 4],
      [2, 'C', 108, 3],
      [3, 'B', 81, 4],
    ]);
    expect(ranking.list[0].exact).toBe(112.5);
    expect(ranking.history.get('A')).toEqual([
      { competitionId: 'c1', date: '2026-01-10', ranking: 125, exact: 125, games: 2, listed: true },
      { competitionId: 'c2', date: '2026-03-01', ranking: 113, exact: 112.5, games: 4, listed: true },
    ]);
    expect(ranking.history.get('D')).toEqual([
      { competitionId: 'c3', date: '2026-04-01', ranking: 150, exact: 150, games: 1, listed: false },
    ]);
  });

  it('leaves the walkover out when the federation does not count it', () => {
    // Without g5: A (150 + 100 + 50) / 3 = 100; B plays c3 with 100: (50 + 150 + 50) / 3 = 83.33 → 83;
    // C unchanged (g4 was reckoned from A's 125): 108.33.
    expect(listOf(computeRanking(games, '2026-06-01', { ...settings, countWalkovers: false }))).toEqual([
      [1, 'C', 108, 3],
      [2, 'A', 100, 3],
      [3, 'B', 83, 3],
    ]);
  });

  it('counts only the games of the window: a year later c1 has left it', () => {
    // From 2026-02-15 on: A 50 and 150 → 100; B 75 and 50 → 62.5 → 63; C and D one game each.
    expect(listOf(computeRanking(games, '2027-02-15', settings))).toEqual([
      [1, 'A', 100, 2],
      [2, 'B', 63, 2],
    ]);
  });

  it('takes whole competitions from the latest up to the most games, and the floor for players who fell below it', () => {
    // At most 3 games: B's c3 (1) and c2 (1) fit, c1 (2) would make 4. (75 + 50) / 2 = 62.5.
    const ranking = computeRanking(games, '2026-06-01', { ...settings, maxGames: 3 });
    expect(ranking.list.find((e) => e.player === 'B')).toEqual({ position: 3, player: 'B', ranking: 63, exact: 62.5, games: 2 });
  });

  it('has no list under the method "none", and the Elo list its own', () => {
    expect(computeRanking(games, '2026-06-01', { method: 'none' })).toEqual({ list: [], history: new Map() });
    // Two newcomers at 1,500: the winner expected 0.5, gains 20 × 0.5 = 10.
    const elo = computeRanking([game('e1', 'c1', '2026-01-10', 'A', 'B', [400, 300])], '2026-06-01', {
      ...DEFAULT_ELO_RANKING,
      minGames: 1,
    });
    expect(listOf(elo)).toEqual([
      [1, 'A', 1510, 1],
      [2, 'B', 1490, 1],
    ]);
    expect(eloExpected(1600, 1200)).toBeCloseTo(10 / 11, 10);
  });
});

describe('the ranking’s properties under fast-check (docs/rules.md §12.1)', () => {
  const players = ['p0', 'p1', 'p2', 'p3', 'p4'];
  const START: LocalDate = '2025-01-01';
  const gamesArb = fc
    .array(
      fc.record({
        competition: fc.constantFrom('c0', 'c1', 'c2', 'c3'),
        day: fc.nat(900),
        pair: fc.tuple(fc.constantFrom(...players), fc.constantFrom(...players)).filter(([a, b]) => a !== b),
        scores: fc.tuple(fc.nat(500), fc.nat(500)),
        walkover: fc.boolean(),
      }),
      { maxLength: 40 },
    )
    .map((rows) => rows.map((r, i) => game(`g${i}`, r.competition, addDays(START, r.day), r.pair[0], r.pair[1], r.scores, r.walkover)));
  const pfsArb = fc
    .record({
      minGames: fc.integer({ min: 1, max: 4 }),
      extra: fc.nat(6),
      windowMonths: fc.integer({ min: 1, max: 30 }),
      walkovers: fc.boolean(),
      keep: fc.boolean(),
    })
    .map((s) =>
      pfs({
        minGames: s.minGames,
        maxGames: s.minGames + s.extra,
        windowMonths: s.windowMonths,
        countWalkovers: s.walkovers,
        favouriteKeepsOwn: s.keep,
      }),
    );
  const settingsArb = fc.oneof(
    pfsArb,
    pfsArb.map((s) => ({ ...DEFAULT_ELO_RANKING, minGames: s.minGames, windowMonths: s.windowMonths, countWalkovers: s.countWalkovers })),
  );
  const asOfArb = fc.nat(1000).map((d) => addDays(START, d));
  const comparable = (r: Ranking) => ({ list: r.list, history: [...r.history].sort(([a], [b]) => (a < b ? -1 : 1)) });

  it('does not depend on the order of the games nor on which side of a game a player sits', () => {
    fc.assert(
      fc.property(gamesArb, settingsArb, asOfArb, (games, settings, asOf) => {
        const flipped = [...games]
          .reverse()
          .map((g) => ({ ...g, players: [g.players[1], g.players[0]] as const, scores: [g.scores[1], g.scores[0]] as const }));
        expect(comparable(computeRanking(flipped, asOf, settings))).toEqual(comparable(computeRanking(games, asOf, settings)));
      }),
    );
  });

  it('lists exactly the players with the minimum of games in the window, in order, ties sharing a place, never over the most games', () => {
    fc.assert(
      fc.property(gamesArb, settingsArb, asOfArb, (games, settings, asOf) => {
        const { list } = computeRanking(games, asOf, settings);
        const from = addMonths(asOf, -settings.windowMonths);
        const inWindow = (p: string) =>
          games.filter(
            (g) =>
              g.players.includes(p) &&
              (settings.countWalkovers || !g.walkover) &&
              compareDays(g.date, from) > 0 &&
              compareDays(g.date, asOf) <= 0,
          ).length;
        expect(list.map((e) => e.player).sort()).toEqual(players.filter((p) => inWindow(p) >= settings.minGames));
        list.forEach((e, i) => {
          expect(e.games).toBeLessThanOrEqual(inWindow(e.player));
          if (settings.method === 'pfs') expect(e.games).toBeLessThanOrEqual(settings.maxGames);
          if (i === 0) expect(e.position).toBe(1);
          else {
            expect(e.exact).toBeLessThanOrEqual(list[i - 1].exact);
            expect(e.position).toBe(e.exact === list[i - 1].exact ? list[i - 1].position : i + 1);
          }
        });
      }),
    );
  });

  it('ignores games after the day of the list', () => {
    fc.assert(
      fc.property(gamesArb, settingsArb, asOfArb, (games, settings, asOf) => {
        const before = games.filter((g) => compareDays(g.date, asOf) <= 0);
        expect(comparable(computeRanking(games, asOf, settings))).toEqual(comparable(computeRanking(before, asOf, settings)));
      }),
    );
  });

  it('never puts a PFS ranking below the least scalp (the floor less the margin); Elo moves ratings between players and never makes them', () => {
    fc.assert(
      fc.property(gamesArb, pfsArb, asOfArb, (games, settings, asOf) => {
        for (const e of computeRanking(games, asOf, settings).list)
          expect(e.exact).toBeGreaterThanOrEqual(settings.floor - settings.scalpMargin);
        const elo = computeRanking(games, asOf, { ...DEFAULT_ELO_RANKING, minGames: 0, countWalkovers: settings.countWalkovers });
        // Each game moves as much to one player as from the other: the ratings add up to newcomers' ones.
        const total = elo.list.reduce((sum, e) => sum + e.exact, 0);
        expect(total).toBeCloseTo(elo.list.length * DEFAULT_ELO_RANKING.initial, 6);
      }),
    );
  });
});
