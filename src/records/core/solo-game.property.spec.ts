// Property tests of the record core over random solo games: the dealing from the fixed sequence,
// the ends and the success test (docs/rules.md §14).
import fc from 'fast-check';
import { LOST_TURN, getTileSet, rackLetters, type TileSetId } from '../../engine';
import { randomSequence, seededRandom } from '../../engine/testing/random-game';
import { protocolOutcome, type Signature } from './record-rules';
import { playSolo, soloEnd, soloFinalScore, SOLO_PASSES_TO_END, SOLO_ZERO_TURNS_TO_END, startSolo, type SoloState } from './solo-game';
import { randomSoloMove } from './testing';

interface Played {
  readonly start: SoloState;
  readonly states: SoloState[];
  readonly drawnOrder: number[];
  readonly scores: number[];
}

/** A random solo game to its end, a lost turn now and then in place of a move. */
function soloGame(seed: number, tileSetId: TileSetId, lostProbability: number, passProbability: number): Played {
  const random = seededRandom(seed);
  const start = startSolo(tileSetId, randomSequence(getTileSet(tileSetId), random));
  const states = [start];
  const drawnOrder = start.rack.map((t) => t.position);
  const scores: number[] = [];
  let state = start;
  while (soloEnd(state) === undefined && states.length < 200) {
    const move = random() < lostProbability ? LOST_TURN : randomSoloMove(state, random, passProbability);
    const step = playSolo(state, move);
    if (!step.ok) throw new Error(`${seed}: ${String(move)} refused: ${step.code}`);
    drawnOrder.push(...step.record.drawn);
    scores.push(step.record.score);
    state = step.state;
    states.push(state);
  }
  return { start, states, drawnOrder, scores };
}

const gameArb = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  tileSet: fc.constantFrom<TileSetId>('pl', 'ro', 'en'),
  lost: fc.constantFrom(0, 0.1),
  pass: fc.constantFrom(0.02, 0.3),
});

describe('the one-player game, over random games', () => {
  it('draws the fixed sequence in order, never holds more than seven tiles, and totals its scores', () => {
    fc.assert(
      fc.property(gameArb, ({ seed, tileSet, lost, pass }) => {
        const { states, drawnOrder, scores } = soloGame(seed, tileSet, lost, pass);
        const last = states.at(-1)!;
        expect(drawnOrder).toEqual(Array.from({ length: last.next }, (_, i) => i));
        for (const s of states) {
          expect(s.rack.length).toBeLessThanOrEqual(7);
          expect(rackLetters(s.rack)).toEqual(s.rack.map((t) => s.sequence[t.position]));
        }
        expect(last.total).toBe(scores.reduce((a, b) => a + b, 0));
      }),
      { numRuns: 15 },
    );
  });

  it('ends exactly when the rack and sequence run out or the zero turns of P 6.1.1 come, never earlier', () => {
    fc.assert(
      fc.property(gameArb, ({ seed, tileSet, lost, pass }) => {
        const { states } = soloGame(seed, tileSet, lost, pass);
        for (const s of states.slice(0, -1)) expect(soloEnd(s)).toBeUndefined();
        const last = states.at(-1)!;
        const reason = soloEnd(last);
        if (reason === 'out') expect(last.rack.length + last.sequence.length - last.next).toBe(0);
        if (reason === 'passes') expect(last.passRun >= SOLO_PASSES_TO_END || last.zeroRun >= SOLO_ZERO_TURNS_TO_END).toBe(true);
        if (reason !== undefined) expect(soloFinalScore(last, reason)).toBeLessThanOrEqual(last.total);
        if (reason === 'out') expect(soloFinalScore(last, reason)).toBe(last.total);
      }),
      { numRuns: 15 },
    );
  });

  it('a lost turn gives back the very position of before the move it replaces [P 4.8]', () => {
    fc.assert(
      fc.property(gameArb, fc.nat(), ({ seed, tileSet, lost, pass }, pick) => {
        const { states } = soloGame(seed, tileSet, lost, pass);
        const before = states[pick % states.length];
        const step = playSolo(before, LOST_TURN);
        expect(step.ok && step.state).toMatchObject({ board: before.board, rack: before.rack, next: before.next, total: before.total });
      }),
      { numRuns: 15 },
    );
  });
});

describe('the success test of the protocol, over random facts', () => {
  const committee = ['a', 'b'];
  const sig = (userId: string, regular: boolean): Signature => ({ userId, regular, remarks: '', at: '2027-01-01T00:00:00Z' });

  it('succeeds exactly when both members sign it regular and the score beats the standing record strictly', () => {
    fc.assert(
      fc.property(
        fc.nat(2000),
        fc.nat(2000),
        fc.option(fc.nat(2000), { nil: null }),
        fc.boolean(),
        fc.boolean(),
        (score, toBeat, best, ra, rb) => {
          const outcome = protocolOutcome([sig('a', ra), sig('b', rb)], committee, score, toBeat, best);
          const standing = Math.max(toBeat, best ?? 0);
          expect(outcome).toEqual({ regular: ra && rb, succeeded: ra && rb && score > standing, standing });
          expect(protocolOutcome([sig('a', ra)], committee, score, toBeat, best)).toBeNull();
        },
      ),
    );
  });
});
