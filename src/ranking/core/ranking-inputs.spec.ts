import fc from 'fast-check';
import { DEFAULT_ELO_RANKING, DEFAULT_PFS_RANKING, computeRanking, type RankedGame } from './ranking';
import { checkRankingChoice, effectiveSettings, rankedGameOf, type HomologatedResultRow } from './ranking-inputs';

const row = (outcome: HomologatedResultRow['outcome'], scores: [number, number] = [300, 350]): HomologatedResultRow => ({
  gameId: 'g',
  competitionId: 'c',
  day: '2026-05-01',
  red: 'R',
  blue: 'B',
  redScore: scores[0],
  blueScore: scores[1],
  outcome,
});

describe('rankedGameOf: a homologated result as the ranking counts it (docs/rules.md §12.1)', () => {
  it('decides a normal end and an interruption by the scores', () => {
    expect(rankedGameOf(row({ type: 'finished' }))).toEqual({
      id: 'g',
      competitionId: 'c',
      date: '2026-05-01',
      players: ['R', 'B'],
      scores: [300, 350],
    });
    expect(rankedGameOf(row({ type: 'interrupted' }))?.result).toBeUndefined();
  });

  it('marks a walkover, scored 400:1 [P 7.1]', () => {
    expect(rankedGameOf(row({ type: 'walkover', by: 'blue' }, [400, 1]))).toMatchObject({ walkover: true, scores: [400, 1] });
  });

  it('gives an abandonment, a time forfeit and a no-show to the other player whatever the scores', () => {
    for (const type of ['abandon', 'timeout', 'no-show']) {
      expect(rankedGameOf(row({ type, by: 'red' }, [300, 100]))?.result).toBe(0);
      expect(rankedGameOf(row({ type, by: 'blue' }, [100, 300]))?.result).toBe(1);
    }
  });

  it('counts an agreed draw and an unfinished game as draws, and no information not at all', () => {
    expect(rankedGameOf(row({ type: 'draw-agreement' }))?.result).toBe(0.5);
    expect(rankedGameOf(row({ type: 'unfinished' }))?.result).toBe(0.5);
    expect(rankedGameOf(row({ type: 'no-information' }))).toBeNull();
  });
});

describe("a federation's ranking choice (docs/rules.md §12.1)", () => {
  it('defaults to the PFS method for the PFS and to none for the FRSc', () => {
    expect(effectiveSettings('pfs', null)).toEqual(DEFAULT_PFS_RANKING);
    expect(effectiveSettings('frsc', null)).toEqual({ method: 'none' });
    expect(effectiveSettings('frsc', { method: 'elo', constants: {} })).toEqual(DEFAULT_ELO_RANKING);
  });

  it("lays the constants changed over the method's defaults, ignoring another method's", () => {
    expect(effectiveSettings('pfs', { method: null, constants: { minGames: 20, k: 30 } })).toEqual({
      ...DEFAULT_PFS_RANKING,
      minGames: 20,
    });
  });

  it('takes whole numbers within bounds and yes/no flags, and refuses anything else with what is allowed', () => {
    expect(checkRankingChoice('elo', { k: '24', countWalkovers: 'no' })).toEqual({
      ok: true,
      choice: { method: 'elo', constants: { k: 24, countWalkovers: false } },
    });
    expect(checkRankingChoice('glicko', {})).toEqual({ ok: false, refusal: { setting: 'method', allowed: 'pfs | elo | none' } });
    expect(checkRankingChoice('pfs', { minGames: '-1' })).toMatchObject({ ok: false, refusal: { setting: 'minGames' } });
    expect(checkRankingChoice('pfs', { minGames: '2.5' })).toMatchObject({ ok: false, refusal: { setting: 'minGames' } });
    expect(checkRankingChoice('pfs', { k: '20' })).toMatchObject({ ok: false, refusal: { setting: 'k' } });
    expect(checkRankingChoice('pfs', { favouriteKeepsOwn: 'maybe' })).toEqual({
      ok: false,
      refusal: { setting: 'favouriteKeepsOwn', allowed: 'yes | no' },
    });
    expect(checkRankingChoice('none', { minGames: '3' })).toMatchObject({ ok: false, refusal: { setting: 'minGames' } });
  });
});

describe("each player's counted games and the players off the list", () => {
  const settings = { ...DEFAULT_PFS_RANKING, minGames: 2, windowMonths: 12 };
  const game = (id: string, c: string, date: string, a: string, b: string, scores: [number, number], more: Partial<RankedGame> = {}) =>
    ({ id, competitionId: c, date, players: [a, b], scores, ...more }) as RankedGame;
  const games = [
    game('g1', 'c1', '2026-01-10', 'A', 'B', [400, 300]),
    game('g2', 'c1', '2026-01-10', 'B', 'C', [350, 340]),
    game('g3', 'c1', '2026-01-10', 'A', 'C', [0, 0], { result: 0.5 }),
    // C abandoned against A: A wins whatever the board said.
    game('g4', 'c2', '2026-02-20', 'C', 'A', [380, 370], { result: 0 }),
    game('g5', 'c2', '2026-03-01', 'A', 'B', [400, 1], { walkover: true }),
    game('g6', 'c3', '2026-04-01', 'D', 'B', [410, 390]),
  ];

  it('lists game by game the rankings played with and the scalp, computed by hand', () => {
    // c1 everyone at the floor 100: A 150 (g1), 100 (g3); after c1 A 125, B 100, C 75 → plays with 100.
    // c2: g4 A (125) beats C (100) by C's abandonment: A's scalp 150, C's 75;
    //     g5 A beats B (100) by walkover: A 150, B 75.
    const ranking = computeRanking(games, '2026-06-01', settings);
    expect(
      ranking.games!.get('A')!.map((g) => [g.gameId, g.opponent, g.result, g.walkover, g.ranking, g.opponentRanking, g.value]),
    ).toEqual([
      ['g1', 'B', 1, false, 100, 100, 150],
      ['g3', 'C', 0.5, false, 100, 100, 100],
      ['g4', 'C', 1, false, 125, 100, 150],
      ['g5', 'B', 1, true, 125, 100, 150],
    ]);
    // A: (150 + 100 + 150 + 150) / 4 = 137.5 → 138; D one game (g6), off the list.
    expect(ranking.list[0]).toMatchObject({ player: 'A', ranking: 138, games: 4 });
    expect(ranking.unlisted).toEqual([{ player: 'D', games: 1 }]);
  });

  it('lists Elo changes that add up to each rating', () => {
    const elo = { ...DEFAULT_ELO_RANKING, minGames: 2 };
    const ranking = computeRanking(games, '2026-06-01', elo);
    for (const [player, lines] of ranking.games!) {
      const last = ranking.history.get(player)!.at(-1)!;
      expect(lines.reduce((sum, g) => sum + g.value, elo.initial)).toBeCloseTo(last.exact, 9);
    }
  });

  it('gives every counted game two lines, one per player, of opposite results, and every player once on or off the list', () => {
    const day = fc.integer({ min: 0, max: 300 }).map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
    const arbitraryGame = fc.record({
      c: fc.constantFrom('c1', 'c2', 'c3'),
      date: day,
      a: fc.constantFrom('P', 'Q', 'R', 'S'),
      b: fc.constantFrom('P', 'Q', 'R', 'S'),
      scores: fc.tuple(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 600 })),
    });
    fc.assert(
      fc.property(
        fc.array(arbitraryGame, { maxLength: 30 }),
        fc.constantFrom(settings, { ...DEFAULT_ELO_RANKING, minGames: 2 }),
        (raw, s) => {
          const list = raw.filter((g) => g.a !== g.b).map((g, i) => game(`g${i}`, g.c, g.date, g.a, g.b, g.scores));
          const ranking = computeRanking(list, '2027-01-01', s);
          const lines = [...ranking.games!.values()].flat();
          expect(lines).toHaveLength(2 * list.length);
          for (const g of list) {
            const [x, y] = g.players.map((p) => ranking.games!.get(p)!.find((l) => l.gameId === g.id)!);
            expect(x.result + y.result).toBe(1);
          }
          const players = [...ranking.list.map((e) => e.player), ...ranking.unlisted!.map((e) => e.player)].sort();
          expect(players).toEqual([...new Set(list.flatMap((g) => g.players))].sort());
        },
      ),
    );
  });
});
