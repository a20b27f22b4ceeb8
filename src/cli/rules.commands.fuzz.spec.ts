// The rules commands under any input: one clear answer, never a throw (rules.commands.spec.ts has the contract).
import fc from 'fast-check';
import { randomLegalGame } from '../engine/testing/random-game';
import { getTileSet } from '../engine/tile-sets';
import { EXAMPLE_RECORD as EXAMPLE } from '../games/record/testing/records';
import { cliRun } from './testing/run-cli';

import type { EngineErrorCode } from '../engine/types';
import { file, json, useInputFiles, type Answer } from './testing/rules-answers';

useInputFiles(beforeAll, afterAll);

const ENGINE_CODES: readonly EngineErrorCode[] = [
  'BAD_NOTATION',
  'OFF_BOARD',
  'FIRST_MOVE_NOT_ON_CENTER',
  'NOT_CONNECTED',
  'INCOMPLETE_WORD',
  'WORD_MISMATCH',
  'NO_NEW_TILES',
  'WORD_TOO_SHORT',
  'TILES_NOT_IN_RACK',
  'ZERO_SCORE_PLACEMENT',
  'GAME_OVER',
  'NOT_IN_LINE',
  'GAP',
];

/** What any input may give: a report (0), a refusal with an engine code (1) or BAD_INPUT (2). */
function expectAnswer(status: number, value: Answer): void {
  if (value.error === undefined) {
    expect(status).toBe(0);
    expect(value).toHaveProperty('moves');
  } else if (value.error.code === 'BAD_INPUT') {
    expect(status).toBe(2);
    expect(typeof value.error.message).toBe('string');
  } else {
    expect(status).toBe(1);
    expect(ENGINE_CODES).toContain(value.error.code);
  }
}

describe('bad input never crashes', () => {
  /** A valid record with some fields replaced by anything or removed: the shapes a person gets wrong. */
  const mangledRecord = fc
    .record({
      seed: fc.integer({ min: 0, max: 1000 }),
      field: fc.constantFrom('tileSet', 'sequence', 'rules', 'start', 'holidays', 'moves', 'outcome', 'players', 'extra'),
      value: fc.oneof(fc.anything(), fc.constant(undefined), fc.jsonValue()),
      moveValue: fc.oneof(fc.string(), fc.anything()),
    })
    .map(({ seed, field, value, moveValue }) => {
      const game = randomLegalGame(seed, getTileSet('ro'), { attempts: 5 });
      const moves: unknown[] = game.moves.slice(0, 6).map((move) => ({ move }));
      moves.splice(seed % 7, 0, { move: moveValue });
      return { ...EXAMPLE, sequence: game.sequence, moves, [field]: value };
    });

  const anyInput = fc.oneof(
    fc.uint8Array({ maxLength: 300 }),
    fc.string({ maxLength: 300 }),
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    mangledRecord.map((v) => JSON.stringify(v)),
  );

  it('replay FILE: one JSON line, status 0, 1 or 2, never a throw', async () => {
    await fc.assert(
      fc.asyncProperty(anyInput, async (input) => {
        const { status, value } = await json(['replay', file(typeof input === 'string' ? Buffer.from(input) : input, 'fuzz.json')]);
        expectAnswer(status, value);
      }),
      { numRuns: 150 },
    );
  });

  it('replay -: one JSON line per non-blank line, exit 0', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anyInput, { maxLength: 8 }), async (inputs) => {
        // Each input is one line: its own newlines (bytes 0x0a) would split it.
        const lines = inputs.map((i) => Buffer.from(typeof i === 'string' ? Buffer.from(i) : i).filter((b) => b !== 0x0a));
        const isBlank = (line: Uint8Array) => {
          try {
            return new TextDecoder('utf-8', { fatal: true }).decode(line).trim() === '';
          } catch {
            return false;
          }
        };
        const stdin = Buffer.concat(lines.flatMap((line) => [line, Buffer.from('\n')]));
        const run = await cliRun(['replay', '-'], stdin);
        expect(run.status).toBe(0);
        expect(run.err).toBe('');
        const out = run.out === '' ? [] : run.out.replace(/\n$/, '').split('\n');
        expect(out).toHaveLength(lines.filter((line) => !isBlank(line)).length);
        for (const line of out) {
          const value = JSON.parse(line);
          expectAnswer(value.error === undefined ? 0 : value.error.code === 'BAD_INPUT' ? 2 : 1, value);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('replay --format gcg, sheet and gcg: a clear answer for any bytes', async () => {
    const gcgLike = fc
      .array(fc.oneof(fc.string(), fc.constantFrom('#player1 a A', '#player2 b B', '>a: ABC 8H ABC +10 10', '>b: - +0 0', '#note x')), {
        maxLength: 8,
      })
      .map((lines) => lines.join('\n'));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.uint8Array({ maxLength: 300 }), gcgLike),
        fc.constantFrom('gcg-format', 'sheet', 'gcg'),
        async (input, command) => {
          const path = file(typeof input === 'string' ? Buffer.from(input) : input, 'fuzz.gcg');
          const argv = command === 'gcg-format' ? ['replay', '--format', 'gcg', '--tile-set', 'en', path] : [command, path];
          const run = await cliRun(argv);
          expect(run.err).toBe('');
          expect([0, 1, 2]).toContain(run.status);
          if (command === 'gcg-format' || run.status !== 0) {
            const value = JSON.parse(run.out);
            if (run.status !== 0) expect(value.error.code === 'BAD_INPUT' ? 2 : 1).toBe(run.status);
          }
        },
      ),
      { numRuns: 120 },
    );
  });
});
