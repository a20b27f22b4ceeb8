import fc from 'fast-check';
import { applyMove, getTileSet, newGame, replayGame, type GameState } from '../../engine';
import { sequenceStarting } from '../../engine/testing/fixtures';
import { randomLegalGame } from '../../engine/testing/random-game';
import { decideConditional, isConditionalCommand, matchConditional, parseConditional, type ConditionalStep } from './conditionals';
import { isRefusal } from './refusal';

const ro = getTileSet('ro');

/** RED holds GOLASEC, BLUE LOTRUAI; RED opens with h8 CASE, then BLUE is to move. */
function opened(): GameState {
  const start = newGame({ tileSet: ro, sequence: sequenceStarting('GOLASECLOTRUAI') });
  const step = applyMove(start, 'h8 CASE');
  if (!step.ok) throw new Error(step.code);
  return step.state;
}

function stateAfter(state: GameState, moves: readonly string[]): GameState {
  const replay = replayGame(state, moves);
  if (!replay.ok) throw new Error(replay.code);
  return replay.state;
}

function steps(text: string): ConditionalStep[] {
  const parsed = parseConditional(text);
  if (isRefusal(parsed)) throw parsed;
  return parsed;
}

describe('conditional replies: reading the command', () => {
  it('reads IF … THEN … pairs in English and Romanian, with or without colons and diacritics', () => {
    expect(steps('IF 7c GO THEN c7 GOL')).toEqual([{ partner: '7c GO', reply: 'c7 GOL' }]);
    expect(steps('dacă 7c: GO atunci c7:GOL; DACA pas ATUNCI h8 CASA')).toEqual([
      { partner: '7c GO', reply: 'c7 GOL' },
      { partner: 'PAS', reply: 'h8 CASA' },
    ]);
    // A word that is also a keyword stays a word: moves are read by their shape.
    expect(steps('IF h8 DACA THEN 8h ATUNCI')).toEqual([{ partner: 'h8 DACA', reply: '8h ATUNCI' }]);
    expect(isConditionalCommand('  Dacă 7c GO atunci c7 GOL')).toBe(true);
    expect(isConditionalCommand('h8 CASA')).toBe(false);
  });

  it('names what is missing, in both languages', () => {
    for (const [text, en] of [
      ['', 'write IF'],
      ['7c GO THEN c7 GOL', 'step 1 must begin with IF'],
      ['IF THEN c7 GOL', "step 1: the partner's move after IF is missing"],
      ['IF 7c GO c7 GOL', "step 1: THEN must follow the partner's move"],
      ['IF 7c GO THEN c7 GOL IF PAS THEN', 'step 2: the reply after THEN is missing'],
    ] as const) {
      const refused = parseConditional(text);
      expect(refused).toMatchObject({ code: 'BAD_CONDITIONAL' });
      if (!isRefusal(refused)) throw new Error('accepted');
      expect(refused.messages.en).toContain(en);
      expect(refused.messages.ro).toMatch(/^Mutarea condiționată nu poate fi păstrată: /);
    }
    expect(parseConditional('IF PAS THEN PAS '.repeat(21))).toMatchObject({ code: 'BAD_CONDITIONAL' });
  });
});

describe('conditional replies: checking the chain against the position', () => {
  it('keeps each step in the platform’s notation', () => {
    // `lat` in lower case would be three blanks (docs/rules.md §3): BLUE holds none, so the engine refuses it.
    expect(decideConditional(opened(), 'red', steps('IF 9G: lat THEN G6 GOL(L)'))).toMatchObject({ code: 'BAD_CONDITIONAL' });
    expect(decideConditional(opened(), 'red', steps('IF 9G: L(A)T THEN G6 GOL(L)'))).toEqual([{ partner: '9g LAT', reply: 'g6 GOLL' }]);
  });

  it('refuses at the step that cannot be played, saying why', () => {
    const refused = decideConditional(opened(), 'red', steps('IF 9g LAT THEN g6 GOLL IF PAS THEN a1 ZZZ'));
    if (!isRefusal(refused)) throw new Error('accepted');
    expect(refused.code).toBe('BAD_CONDITIONAL');
    expect(refused.messages.en).toContain('step 2, the reply "a1 ZZZ"');
    expect(refused.messages.ro).toContain('pasul 2, răspunsul „a1 ZZZ”');
    // The owner to move: a conditional answers the partner's move, never one's own.
    expect(decideConditional(opened(), 'blue', steps('IF PAS THEN PAS'))).toMatchObject({ code: 'BAD_CONDITIONAL' });
  });

  it('matches the partner’s move at its number in its line, then waits two moves on', () => {
    const chain = {
      lineId: 'main',
      move: 2,
      steps: [
        { partner: '7c GO', reply: 'c7 GOL' },
        { partner: 'PAS', reply: 'PAS' },
      ],
    };
    expect(matchConditional(chain, [{ lineId: 'f1', number: 2, notation: '7c GO' }])).toEqual({ kind: 'waiting' });
    expect(matchConditional(chain, [{ lineId: 'main', number: 2, notation: '7c GO' }])).toEqual({
      kind: 'reply',
      reply: 'c7 GOL',
      rest: [{ partner: 'PAS', reply: 'PAS' }],
      nextMove: 4,
    });
    const other = matchConditional(chain, [{ lineId: 'main', number: 2, notation: 'PAS' }]);
    expect(other).toMatchObject({ kind: 'drop', reason: { en: 'the partner played "PAS", not "7c GO"' } });
    expect(matchConditional(chain, [{ lineId: 'main', number: 4, notation: '7c GO' }])).toMatchObject({ kind: 'drop' });
  });
});

describe('conditional replies: properties', () => {
  // The moves of random legal games are written in varied styles (case, colons, parentheses).
  const games = [11, 12, 13, 14, 15].map((seed) => ({ seed, ...randomLegalGame(seed, ro) }));

  it('a chain of a game’s own next moves is accepted, kept as the replay writes them, and matches that replay move by move', () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.constantFrom(...games), fc.nat(), fc.integer({ min: 1, max: 3 }), (game, from, depth) => {
        const at = from % Math.max(1, game.moves.length - 2 * depth - 1);
        const before = replayGame({ tileSet: ro, sequence: game.sequence }, game.moves.slice(0, at));
        if (!before.ok) throw new Error('replay');
        const ahead = game.moves.slice(at, at + 2 * depth);
        const after = replayGame(before.state, ahead);
        if (!after.ok || ahead.length < 2 || ahead.length % 2 === 1) return;
        // A partner move that ends the game leaves nothing to reply: such a chain is refused, not compared.
        const endsEarly = ahead.some((_, i) => i % 2 === 0 && after.records[i] && stateAfter(before.state, ahead.slice(0, i + 1)).over);
        if (endsEarly) return;
        const text = Array.from({ length: ahead.length / 2 }, (_, i) => `IF ${ahead[2 * i]} THEN ${ahead[2 * i + 1]}`).join('\n');
        const owner = before.state.toMove === 'red' ? 'blue' : 'red';
        const chain = decideConditional(before.state, owner, steps(text));
        if (isRefusal(chain)) throw chain;
        expect(chain).toEqual(
          Array.from({ length: ahead.length / 2 }, (_, i) => ({
            partner: after.records[2 * i].notation,
            reply: after.records[2 * i + 1].notation,
          })),
        );
        let pending = { lineId: 'main', move: at + 1, steps: chain as readonly ConditionalStep[] };
        for (let i = 0; i < chain.length; i++) {
          const outcome = matchConditional(pending, [{ lineId: 'main', number: pending.move, notation: after.records[2 * i].notation }]);
          expect(outcome).toMatchObject({ kind: 'reply', reply: after.records[2 * i + 1].notation });
          if (outcome.kind !== 'reply') return;
          pending = { ...pending, move: outcome.nextMove, steps: outcome.rest };
        }
        expect(pending.steps).toEqual([]);
        checked += 1;
      }),
      { numRuns: 60 },
    );
    // The early returns are the few chains a game's end cuts short, not the rule.
    expect(checked).toBeGreaterThan(30);
  });

  it('any other partner move drops the chain, never replies', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (notation) => {
        const chain = { lineId: 'main', move: 5, steps: [{ partner: 'h8 CASA', reply: 'PAS' }] };
        const outcome = matchConditional(chain, [{ lineId: 'main', number: 5, notation }]);
        expect(outcome.kind).toBe(notation === 'h8 CASA' ? 'reply' : 'drop');
      }),
    );
  });

  it('reading never throws: any text is steps or a BAD_CONDITIONAL refusal', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const parsed = parseConditional(text);
        if (isRefusal(parsed)) expect(parsed.code).toBe('BAD_CONDITIONAL');
        else expect(parsed.length).toBeGreaterThan(0);
      }),
    );
  });
});
