// The rules commands (replay, coefficients, sheet, gcg), run in-process through the real CLI runner
// (runCli): arguments, files and stdin in, stdout and the exit status out.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sequenceStarting } from '../engine/testing/fixtures';
import { getTileSet } from '../engine/tile-sets';
import { EXAMPLE_RECORD as EXAMPLE, SEQUENCE } from '../games/record/testing/records';
import { MAX_INPUT_BYTES } from './input';
import { cliRun } from './testing/run-cli';

import { file, inputDir, json, useInputFiles } from './testing/rules-answers';

const TESTDATA = join(__dirname, '../../test/fixtures');
useInputFiles(beforeAll, afterAll);

describe('replay FILE', () => {
  it('prints the replay of the example record as one JSON line, exit status 0', async () => {
    const { status, value } = await json(['replay', file(EXAMPLE)]);
    expect(status).toBe(0);
    expect(value).toMatchObject({
      moves: [
        {
          n: 1,
          player: 'red',
          type: 'place',
          coord: 'h8',
          words: [{ coord: 'h8', word: 'CASA', score: 8 }],
          score: 8,
          recorded: 8,
          total: 8,
          thinkingDays: 1,
        },
        { n: 2, player: 'blue', type: 'pass', score: 0, total: 0, thinkingDays: 2 },
      ],
      scores: { red: 8, blue: 0 },
      ended: true,
      endReason: 'abandon',
      thinkingDays: { red: 1, blue: 2 },
      coefficients: { red: 1.53, blue: 0.47 },
    });
  });

  it('a refused move: exit status 1 with the move, its code and the messages', async () => {
    const { status, value } = await json(['replay', file({ sequence: SEQUENCE, moves: [{ move: 'h8 CASA' }, { move: 'a1 HAIN' }] })]);
    expect(status).toBe(1);
    expect(value).toEqual({
      error: {
        move: 2,
        code: 'NOT_CONNECTED',
        message: 'The word must touch at least one tile already on the board.',
        messages: {
          ro: expect.any(String),
          en: 'The word must touch at least one tile already on the board.',
          pl: 'Wyraz musi stykać się z co najmniej jedną płytką leżącą już na planszy.',
        },
      },
    });
  });

  it('an outcome after the moves ended the game: GAME_OVER, exit status 1', async () => {
    const record = {
      sequence: SEQUENCE,
      rules: { zeroTurnsToEnd: 2 },
      moves: [{ move: 'PAS' }, { move: 'PAS' }],
      outcome: { type: 'unfinished' },
    };
    const { status, value } = await json(['replay', file(record)]);
    expect(status).toBe(1);
    expect(value.error).toMatchObject({ code: 'GAME_OVER' });
  });

  it("passes the engine's order of errors through: GAME_OVER before bad notation", async () => {
    const record = { sequence: SEQUENCE, rules: { zeroTurnsToEnd: 2 }, moves: [{ move: 'PAS' }, { move: 'PAS' }, { move: '!!' }] };
    expect((await json(['replay', file(record)])).value.error).toMatchObject({ move: 3, code: 'GAME_OVER' });
  });

  it('input that is not a usable record: exit status 2, BAD_INPUT naming what is wrong', async () => {
    const cases: [string | Uint8Array | object, RegExp][] = [
      ['', /^not JSON: Unexpected end of JSON input$/],
      ['{"sequence": "AB", ', /^not JSON: /],
      [[1, 2], /^the record: expected object, got an array$/],
      [{ ...EXAMPLE, sequence: 'ABC' }, /^sequence: The sequence has 3 tiles instead of 100\.$/],
      [{ ...EXAMPLE, start: '2027-13-01' }, /^start: expected a calendar date YYYY-MM-DD, got "2027-13-01"$/],
      [{ ...EXAMPLE, outcome: { type: 'resign' } }, /^outcome\.type: expected one of /],
      [{ ...EXAMPLE, outcome: { type: 'timeout' } }, /^outcome\.by: "timeout" needs the player it is about/],
      [Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), /is not UTF-8 text$/],
    ];
    for (const [content, message] of cases) {
      const { status, value } = await json(['replay', file(content)]);
      expect(status).toBe(2);
      expect(value).toEqual({ error: { code: 'BAD_INPUT', message: expect.stringMatching(message) } });
    }
  });

  it('a file that cannot be read, or is far larger than any game: BAD_INPUT', async () => {
    const huge = file(Buffer.alloc(MAX_INPUT_BYTES + 1, 0x20));
    const cases: [string, string][] = [
      [join(inputDir(), 'missing.json'), `cannot read ${join(inputDir(), 'missing.json')}: no such file`],
      [inputDir(), `cannot read ${inputDir()}: it is a directory`],
      [huge, `${huge} is larger than 4 MiB`],
    ];
    for (const [path, message] of cases) {
      expect(await json(['replay', path])).toEqual({ status: 2, value: { error: { code: 'BAD_INPUT', message } } });
    }
    // Just under the limit is read, and is then simply not JSON.
    expect((await json(['replay', file(Buffer.alloc(MAX_INPUT_BYTES, 0x20))])).value.error.message).toMatch(/^not JSON/);
  });

  it('options: BAD_INPUT for a wrong format, tile set, missing or extra FILE, unknown option', async () => {
    const cases: [string[], string][] = [
      [['replay'], 'FILE (or - for stdin) is missing'],
      [['replay', 'a.json', 'b.json'], 'one FILE (or - for stdin) only, got: a.json b.json'],
      [['replay', '--format', 'xml', 'a.json'], '--format must be one of json, gcg, not "xml"'],
      [['replay', '--tile-set', 'de', 'a.json'], '--tile-set must be one of ro, en, pl, not "de"'],
      [['replay', '--speed', '2', 'a.json'], 'unknown option --speed'],
      [['replay', 'a.json', '--format'], '--format needs a value'],
      [['replay', '--format', 'gcg', '--lexicon', 'w.txt', 'a.gcg'], '--lexicon applies to JSON game records only'],
      [['replay', '--tile-set', 'en', file(EXAMPLE)], 'tileSet: the record\'s tile set is "ro", not "en" as asked'],
    ];
    for (const [argv, message] of cases) {
      expect(await json(argv)).toEqual({ status: 2, value: { error: { code: 'BAD_INPUT', message } } });
    }
  });

  it('--tile-set gives a record without one its tile set; --lexicon reports unknown words', async () => {
    const english = { sequence: sequenceStarting('CATSDOGHAINERU', getTileSet('en')), moves: [{ move: 'h8 CATS' }] };
    const { status, value } = await json(['replay', '--tile-set', 'en', file(english)]);
    expect(status).toBe(0);
    expect(value).toMatchObject({ tileSet: 'en', scores: { red: 10 } });
    expect(value.moves[0]).not.toHaveProperty('unknownWords');

    const words = file('cats\nDOGS\n', 'words.txt');
    const checked = await json(['replay', '--tile-set', 'en', '--lexicon', words, file(english)]);
    expect(checked.value.moves[0].unknownWords).toEqual([]);
    const strict = await json(['replay', '--lexicon', file('DOG\n', 'few.txt'), file({ ...english, tileSet: 'en' })]);
    expect(strict.value.moves[0].unknownWords).toEqual(['CATS']);
  });
});

describe('replay - (JSON Lines on stdin)', () => {
  it('answers every non-blank line with one line, whatever it holds, and exits 0', async () => {
    const lines = [
      JSON.stringify(EXAMPLE),
      '',
      'not json',
      '   ',
      JSON.stringify({ sequence: SEQUENCE, moves: [{ move: 'h1 CASA' }] }),
      JSON.stringify({
        sequence: SEQUENCE,
        rules: { zeroTurnsToEnd: 2 },
        moves: [{ move: 'PAS' }, { move: 'PAS' }],
        outcome: { type: 'draw-agreement' },
      }),
      '[]\r',
      JSON.stringify({ sequence: SEQUENCE, moves: [] }),
    ];
    const run = await cliRun(['replay', '-'], `${lines.join('\n')}\n\n`);
    expect(run.status).toBe(0);
    expect(run.err).toBe('');
    const out = run.out.split('\n');
    expect(out.pop()).toBe('');
    const values = out.map((line) => JSON.parse(line));
    expect(values.map((v) => v.error?.code ?? v.endReason ?? 'in progress')).toEqual([
      'abandon',
      'BAD_INPUT',
      'FIRST_MOVE_NOT_ON_CENTER',
      'GAME_OVER',
      'BAD_INPUT',
      'in progress',
    ]);
    expect(values[1].error.message).toMatch(/^not JSON: /);
    expect(values[2].error.move).toBe(1);
    expect(values[4].error.message).toBe('the record: expected object, got an array');
  });

  it('a line that is not UTF-8 or is far too long still gets its one line', async () => {
    const stdin = Buffer.concat([
      Buffer.from([0xc3, 0x28, 0x0a]),
      Buffer.alloc(MAX_INPUT_BYTES + 10, 0x61),
      Buffer.from(`\n${JSON.stringify(EXAMPLE)}`),
    ]);
    const run = await cliRun(['replay', '-'], stdin);
    expect(run.status).toBe(0);
    expect(
      run.out
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).error?.message ?? 'ok'),
    ).toEqual(['the line is not UTF-8 text', 'the line is larger than 4 MiB', 'ok']);
  });

  it('empty stdin: no output, exit 0', async () => {
    expect(await cliRun(['replay', '-'], '')).toEqual({ status: 0, out: '', err: '' });
  });
});

describe('replay --format gcg', () => {
  const gcgDir = join(TESTDATA, 'gcg');
  const files = readdirSync(gcgDir).flatMap((sub) => readdirSync(join(gcgDir, sub)).map((f) => join(sub, f)));

  it('checks all 93 real games: 2,101 placements, the one mismatch the file got wrong', async () => {
    let placements = 0;
    const mismatches: unknown[] = [];
    for (const name of files) {
      // `polish_endgame` is Polish, every other game English.
      const tileSet = name.includes('polish_endgame') ? 'pl' : 'en';
      const { status, value } = await json(['replay', '--format', 'gcg', '--tile-set', tileSet, join(gcgDir, name)]);
      if (status !== 0) throw new Error(`${name}: ${JSON.stringify(value)}`);
      expect(value.tileSet).toBe(tileSet);
      placements += value.placements;
      mismatches.push(...value.mismatches.map((m: object) => ({ name, ...m })));
    }
    expect(files).toHaveLength(93);
    expect(placements).toBe(2101);
    expect(mismatches).toEqual([
      { name: 'liwords/puzzles_testdata_r20_peter.gcg', line: 19, coord: 'N1', word: 'BRUnCH..Y', fileScore: 115, computedScore: 113 },
    ]);
  });

  it('refuses a file declaring an encoding other than ISO-8859-1 or UTF-8: BAD_INPUT, exit 2', async () => {
    const path = join(TESTDATA, 'gcg-invalid', 'declares_iso8859-6_unsupported.gcg');
    const { status, value } = await json(['replay', '--format', 'gcg', '--tile-set', 'en', path]);
    expect(status).toBe(2);
    expect(value.error).toMatchObject({
      code: 'BAD_INPUT',
      line: 1,
      message: 'line 1: character encoding "ISO8859-6" is not supported; a GCG file is ISO-8859-1 or UTF-8',
    });
  });

  const gcg = (...plays: string[]) => ['#player1 ana Ana', '#player2 bob Bob', ...plays, ''].join('\n');

  it('a play the board refuses: exit 1 with its line and code; a file it cannot read: exit 2', async () => {
    const offCentre = await json(['replay', '--format', 'gcg', '--tile-set', 'en', file(gcg('>ana: DINNVWY 1A WINDY +32 32'), 'off.gcg')]);
    expect(offCentre.status).toBe(1);
    expect(offCentre.value.error).toMatchObject({ line: 3, code: 'FIRST_MOVE_NOT_ON_CENTER', message: expect.stringMatching(/^line 3: /) });
    const unreadable = await json(['replay', '--format', 'gcg', file(gcg('>carol: DINNVWY 8D WINDY +32 32'), 'who.gcg')]);
    expect(unreadable).toMatchObject({ status: 2, value: { error: { code: 'BAD_INPUT', line: 3 } } });
  });

  it('takes the tile set from --tile-set, else the file, else Romanian; refuses a contradiction', async () => {
    const windy = gcg('>ana: DINNVWY 8D WINDY +32 32');
    const english = file(`#tile-set en\n${windy}`, 'en.gcg');
    expect((await json(['replay', '--format', 'gcg', english])).value).toMatchObject({ tileSet: 'en', placements: 1, mismatches: [] });
    // CASA on the centre: 8 with Romanian values (C = 1), 12 with English ones (C = 3).
    const casa = file(gcg('>ana: CASAXYZ 8G CASA +8 8'), 'plain.gcg');
    expect((await json(['replay', '--format', 'gcg', casa])).value).toMatchObject({ tileSet: 'ro', placements: 1, mismatches: [] });
    expect((await json(['replay', '--format', 'gcg', '--tile-set', 'en', casa])).value).toMatchObject({
      tileSet: 'en',
      mismatches: [{ fileScore: 8, computedScore: 12 }],
    });
    expect(await json(['replay', '--format', 'gcg', '--tile-set', 'pl', english])).toEqual({
      status: 2,
      value: { error: { code: 'BAD_INPUT', message: 'the file\'s tile set is "en", not "pl" as asked' } },
    });
  });

  it('reads one GCG file from stdin with -', async () => {
    const { status, value } = await json(['replay', '--format', 'gcg', '--tile-set', 'en', '-'], gcg('>ana: DINNVWY 8D WINDY +32 32'));
    expect(status).toBe(0);
    expect(value).toEqual({
      tileSet: 'en',
      encoding: 'ISO-8859-1',
      players: [
        { nick: 'ana', name: 'Ana' },
        { nick: 'bob', name: 'Bob' },
      ],
      placements: 1,
      mismatches: [],
    });
  });
});

describe('coefficients', () => {
  const coefficients = (...args: string[]) => json(['coefficients', ...args]);

  it('the worked example and every outcome', async () => {
    expect(await coefficients('--red', '524', '--blue', '480')).toEqual({ status: 0, value: { red: 1.5219, blue: 0.4781 } });
    const cases: [string[], { red: number; blue: number }][] = [
      [['--red', '524', '--blue', '480', '--outcome', 'finished'], { red: 1.5219, blue: 0.4781 }],
      [['--red', '-5', '--blue', '3'], { red: 0.47, blue: 1.53 }],
      [['--red=-5', '--blue=-3'], { red: 0.5, blue: 1.5 }],
      [['--red', '100', '--blue', '100'], { red: 1, blue: 1 }],
      [['--red', '400', '--blue', '100'], { red: 1.6667, blue: 0.2 }],
      [['--red', '300', '--blue', '100', '--outcome', 'abandon', '--by', 'blue', '--full-tours', '5'], { red: 1.58, blue: 0.25 }],
      [['--red', '100', '--blue', '300', '--outcome', 'timeout', '--by', 'blue', '--full-tours', '0'], { red: 1.53, blue: 0.47 }],
      [['--red', '0', '--blue', '0', '--outcome', 'no-show', '--by', 'red'], { red: 0, blue: 1.53 }],
      [['--red', '524', '--blue', '480', '--outcome', 'interrupted'], { red: 1.0219, blue: 0.9781 }],
      [['--red', '524', '--blue', '10', '--outcome', 'draw-agreement'], { red: 1, blue: 1 }],
      [['--red', '524', '--blue', '10', '--outcome', 'unfinished'], { red: 1, blue: 1 }],
      [['--red', '524', '--blue', '10', '--outcome', 'no-information'], { red: 0, blue: 0 }],
    ];
    for (const [args, expected] of cases) {
      expect({ args, ...(await coefficients(...args)) }).toEqual({ args, status: 0, value: expected });
    }
  });

  it('every flag error: exit status 2 and BAD_INPUT', async () => {
    const cases: [string[], string][] = [
      [[], "--red is required (the red player's score)"],
      [['--red', '5'], "--blue is required (the blue player's score)"],
      [['--blue', '5'], "--red is required (the red player's score)"],
      [['--red', 'five', '--blue', '5'], '--red must be a whole number, not "five"'],
      [['--red', '5.5', '--blue', '5'], '--red must be a whole number, not "5.5"'],
      [['--red', '99999999999999999999', '--blue', '5'], '--red must be a whole number, not "99999999999999999999"'],
      [['--red', '5', '--blue'], '--blue needs a value'],
      [['--red', '5', '--red', '6', '--blue', '1'], '--red is given twice'],
      [['--red', '5', '--blue', '1', 'extra'], 'unexpected argument "extra"'],
      [['--red', '5', '--blue', '1', '--score', '3'], 'unknown option --score'],
      [
        ['--red', '5', '--blue', '1', '--outcome', 'resign'],
        '--outcome must be one of finished, abandon, timeout, no-show, interrupted, draw-agreement, unfinished, no-information, not "resign"',
      ],
      [['--red', '5', '--blue', '1', '--outcome', 'abandon', '--full-tours', '3'], '--by red|blue is required for --outcome abandon'],
      [['--red', '5', '--blue', '1', '--outcome', 'timeout', '--by', 'red'], '--full-tours N is required for --outcome timeout'],
      [['--red', '5', '--blue', '1', '--outcome', 'no-show'], '--by red|blue is required for --outcome no-show'],
      [
        ['--red', '5', '--blue', '1', '--outcome', 'abandon', '--by', 'green', '--full-tours', '1'],
        '--by must be one of red, blue, not "green"',
      ],
      [
        ['--red', '5', '--blue', '1', '--outcome', 'abandon', '--by', 'red', '--full-tours', '-1'],
        '--full-tours must be at least 0, not -1',
      ],
      [['--red', '5', '--blue', '1', '--by', 'red'], '--by applies to --outcome abandon, timeout and no-show, not finished'],
      [
        ['--red', '5', '--blue', '1', '--outcome', 'no-show', '--by', 'red', '--full-tours', '2'],
        '--full-tours applies to --outcome abandon and timeout, not no-show',
      ],
    ];
    for (const [args, message] of cases) {
      expect({ args, ...(await coefficients(...args)) }).toEqual({ args, status: 2, value: { error: { code: 'BAD_INPUT', message } } });
    }
  });
});

describe('sheet and gcg', () => {
  it('sheet prints the text game sheet, in English, Romanian or Polish', async () => {
    const english = await cliRun(['sheet', file(EXAMPLE)]);
    expect(english).toMatchObject({ status: 0, err: '' });
    expect(english.out).toContain('GAME SHEET — CORRESPONDENCE SCRABBLE');
    expect(english.out).toMatch(/Coefficient +1\.5300 +0\.4700/);
    expect(english.out).toContain('End: abandonment (BLUE)');
    const romanian = await cliRun(['sheet', '--language', 'ro', file(EXAMPLE)]);
    expect(romanian.out).toContain('FIȘA DE CONCURS');
    expect(romanian.out).toMatch(/1 Ro {2}C,A,S,A {2}h8: CASA +8 +8 +1 +12\.01\.2027/);
    const polish = await cliRun(['sheet', '--language', 'pl', file(EXAMPLE)]);
    expect(polish).toMatchObject({ status: 0, err: '' });
    expect(polish.out).toContain('KARTA ZAPISU — SCRABBLE KORESPONDENCYJNY');
    expect(polish.out).not.toContain('GAME SHEET');
  });

  it('gcg converts the record, with #tile-set and #lexicon', async () => {
    const run = await cliRun(['gcg', file({ ...EXAMPLE, lexicon: 'LOC' })]);
    expect(run).toMatchObject({ status: 0, err: '' });
    expect(run.out).toContain('\n#lexicon LOC\n#tile-set ro\n>RED: CASTALE 8H CASA +8 8\n>BLUE: HAINERU - +0 0\n');
  });

  it('both refuse what replay refuses, with the same JSON and exit status', async () => {
    for (const command of ['sheet', 'gcg']) {
      const refused = await json([command, file({ sequence: SEQUENCE, moves: [{ move: 'h1 CASA' }] })]);
      expect(refused).toMatchObject({ status: 1, value: { error: { move: 1, code: 'FIRST_MOVE_NOT_ON_CENTER' } } });
      expect(await json([command, file('{}')])).toEqual({
        status: 2,
        value: { error: { code: 'BAD_INPUT', message: 'sequence: missing' } },
      });
      expect((await json([command, '--language', 'fr', 'x.json'])).status).toBe(2);
    }
  });
});
