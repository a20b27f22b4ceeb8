// Property tests over random legal games.
import fc from 'fast-check';
import { boardTiles } from './board';
import { rackLetters } from './rack';
import { handicapCap, newGame, replayGame, replayMoves, type GameState, type MoveRecord } from './replay';
import { randomLegalGame } from './testing/random-game';
import { BLANK, getTileSet } from './tile-sets';
import { COLORS } from '../common/color';
import type { GameRules, TileSetId } from './types';

const gameArb = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  tileSet: fc.constantFrom<TileSetId>('ro', 'en', 'pl'),
  passProbability: fc.constantFrom(0, 0.02, 0.3),
  rules: fc.record<GameRules>({
    handicap: fc.boolean(),
    zeroTurnsToEnd: fc.integer({ min: 2, max: 6 }),
    endRackRule: fc.constantFrom('transfer', 'double'),
  }),
});

type GameParams = typeof gameArb extends fc.Arbitrary<infer T> ? T : never;

function playRandom(p: GameParams): { states: GameState[]; records: MoveRecord[]; sequence: string } {
  const tileSet = getTileSet(p.tileSet);
  const game = randomLegalGame(p.seed, tileSet, { rules: p.rules, passProbability: p.passProbability });
  const start = newGame({ tileSet, sequence: game.sequence, rules: p.rules });
  const states = [start];
  const records: MoveRecord[] = [];
  for (const step of replayMoves(start, game.moves)) {
    if (!step.ok) throw new Error(`move ${step.n} refused: ${step.code}`);
    states.push(step.state);
    records.push(step.record);
  }
  return { states, records, sequence: game.sequence };
}

const RUNS = { numRuns: 40 };

describe('random legal games', () => {
  it('replay is deterministic and every game ends', () => {
    fc.assert(
      fc.property(gameArb, (p) => {
        const a = playRandom(p);
        const b = playRandom(p);
        expect(b.records).toEqual(a.records);
        expect(b.states[b.states.length - 1].scores).toEqual(a.states[a.states.length - 1].scores);
        expect(a.states[a.states.length - 1].over).toBe(true);
      }),
      RUNS,
    );
  });

  it('totals are the sums of recorded scores, scores add the end adjustment', () => {
    fc.assert(
      fc.property(gameArb, (p) => {
        const { states, records } = playRandom(p);
        const final = states[states.length - 1];
        for (const color of COLORS) {
          const mine = records.filter((r) => r.player === color);
          const sum = mine.reduce((s, r) => s + r.recorded, 0);
          expect(final.totals[color]).toBe(sum);
          expect(final.scores[color]).toBe(sum + final.endAdjustment[color]);
          if (mine.length) expect(mine[mine.length - 1].total).toBe(sum);
        }
        for (const r of records) {
          expect(r.recorded).toBe(Math.min(r.score, handicapCap(p.rules, r.n)));
          expect(r.score).toBe(r.words.reduce((s, w) => s + w.score, 0) + (r.tiles.length === 7 ? 50 : 0));
          expect(r.player).toBe(r.n % 2 === 1 ? 'red' : 'blue');
          // docs/rules.md §3: only a pass scores zero.
          expect(r.type === 'pass').toBe(r.score === 0);
        }
      }),
      RUNS,
    );
  });

  it('racks hold only tiles dealt to their player, and every tile is accounted for', () => {
    fc.assert(
      fc.property(gameArb, (p) => {
        const { states, records, sequence } = playRandom(p);
        const sorted = (xs: Iterable<string>) => [...xs].sort().join('');
        // Collected rather than asserted one by one: jest's expect is slow in a hot loop.
        const problems: string[] = [];
        for (const s of states) {
          for (const color of COLORS) {
            const taken = new Set(s.taken[color]);
            for (const t of s.racks[color]) {
              if (!taken.has(t.position)) problems.push(`move ${s.movesPlayed}: ${color} holds tile ${t.position}, not dealt to them`);
              if (t.letter !== sequence[t.position]) problems.push(`move ${s.movesPlayed}: tile ${t.position} is not ${t.letter}`);
            }
            if (s.racks[color].length > 7) problems.push(`move ${s.movesPlayed}: ${color} holds more than 7`);
          }
          // Positions 0..next-1 are taken exactly once between the players.
          const taken = [...s.taken.red, ...s.taken.blue].sort((a, b) => a - b);
          if (taken.length !== s.next || taken.some((pos, i) => pos !== i)) problems.push(`move ${s.movesPlayed}: taken positions`);
          // Board + racks + untaken tiles = the sequence (a blank on the board counts as `?`).
          const onBoard = boardTiles(s.board).map((t) => (t.blank ? BLANK : t.letter));
          const inRacks = COLORS.flatMap((c) => rackLetters(s.racks[c]));
          if (sorted([...onBoard, ...inRacks, ...sequence.slice(s.next)]) !== sorted(sequence)) {
            problems.push(`move ${s.movesPlayed}: tiles not conserved`);
          }
        }
        for (const r of records) {
          if (r.positionsUsed.some((pos, i) => i > 0 && pos < r.positionsUsed[i - 1])) problems.push(`move ${r.n}: not in sequence order`);
          if (r.positionsUsed.map((pos) => sequence[pos]).join('') !== r.tilesUsed.join('')) problems.push(`move ${r.n}: letters used`);
        }
        expect(problems).toEqual([]);
      }),
      RUNS,
    );
  });

  it('ends for the reason the rules give', () => {
    fc.assert(
      fc.property(gameArb, (p) => {
        const { states, records } = playRandom(p);
        const final = states[states.length - 1];
        const last = records[records.length - 1];
        if (final.endReason === 'out') {
          expect(final.racks[last.player]).toHaveLength(0);
          expect(final.next).toBe(100);
        } else {
          expect(final.endReason).toBe('zero-turns');
          expect(records.slice(-p.rules.zeroTurnsToEnd).every((r) => r.score === 0)).toBe(true);
        }
        expect(states.slice(0, -1).every((s) => !s.over)).toBe(true);
      }),
      RUNS,
    );
  });

  it('the platform notation of each move replays to the same game', () => {
    fc.assert(
      fc.property(gameArb, (p) => {
        const { states, records, sequence } = playRandom(p);
        const again = replayGame(
          { tileSet: p.tileSet, sequence, rules: p.rules },
          records.map((r) => r.notation),
        );
        if (!again.ok) throw new Error(`${again.n}: ${again.code}`);
        expect(again.records).toEqual(records);
        expect(again.state.scores).toEqual(states[states.length - 1].scores);
      }),
      RUNS,
    );
  });
});
