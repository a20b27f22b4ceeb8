import fc from 'fast-check';
import { readFileSync, readdirSync } from 'fs';
import { join } from 'path';
import { decodeGcg, parseGcg, type GcgEvent, type GcgGame } from './gcg';
import { toGcg } from './gcg-export';
import { checkGcg, gcgTileSetId } from './gcg-replay';
import { replayGame, type GameSetup } from './replay';
import { randomLegalGame } from './testing/random-game';
import { getTileSet } from './tile-sets';
import { DEFAULT_RULES, type EndRackRule, type TileSet, type TileSetId } from './types';

const TESTDATA = join(__dirname, '../../test/fixtures');
const en = getTileSet('en');

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

function parsed(text: string): GcgGame {
  const result = parseGcg(text);
  if (!result.ok) throw new Error(result.message.en);
  return result.game;
}

const PLAYERS = '#player1 doug Doug Smith\n#player2 emely Emely\n';

function events(lines: string): GcgEvent[] {
  return [...parsed(PLAYERS + lines).events];
}

describe('decodeGcg', () => {
  it('reads ISO-8859-1 when the file declares nothing (GCG spec)', () => {
    const bytes = readFileSync(join(TESTDATA, 'gcg/macondo/gcgio_testdata_name_iso8859-1.gcg'));
    const result = decodeGcg(bytes);
    expect(result).toMatchObject({ ok: true, encoding: 'ISO-8859-1' });
    expect(result.ok && parsed(result.text).header.players.map((p) => p.nick)).toEqual(['césar', 'hércules']);
  });

  it('reads UTF-8 when the first line declares it', () => {
    const bytes = readFileSync(join(TESTDATA, 'gcg/macondo/gcgio_testdata_name_utf8_with_header.gcg'));
    const result = decodeGcg(bytes);
    expect(result).toMatchObject({ ok: true, encoding: 'UTF-8' });
    expect(result.ok && parsed(result.text).header).toMatchObject({ encoding: 'UTF-8', players: [{ nick: 'césar' }, { nick: 'doug' }] });
  });

  it('keeps to the spec for undeclared UTF-8: ISO-8859-1, names garbled as in Macondo', () => {
    const bytes = readFileSync(join(TESTDATA, 'gcg/macondo/gcgio_testdata_name_utf8_noheader.gcg'));
    const result = decodeGcg(bytes);
    expect(result.ok && parsed(result.text).header.players[0].nick).toBe('cÃ©sar');
  });

  it('maps bytes 0x80–0x9F to U+0080–U+009F, not windows-1252', () => {
    const result = decodeGcg(new Uint8Array([0x80, 0x9f, 0xe9]));
    expect(result.ok && result.text).toBe('\u0080\u009f\u00e9');
  });

  it('accepts the ways of writing the two encodings', () => {
    for (const name of ['UTF-8', 'utf8', 'Utf-8']) {
      expect(decodeGcg(utf8(`#character-encoding ${name}\n`))).toMatchObject({ ok: true, encoding: 'UTF-8' });
    }
    for (const name of ['ISO-8859-1', 'iso8859-1', 'latin1']) {
      expect(decodeGcg(utf8(`#character-encoding ${name}\n`))).toMatchObject({ ok: true, encoding: 'ISO-8859-1' });
    }
  });

  it('refuses any other declared encoding with BAD_INPUT (test/fixtures/gcg-invalid)', () => {
    const bytes = readFileSync(join(TESTDATA, 'gcg-invalid/declares_iso8859-6_unsupported.gcg'));
    const result = decodeGcg(bytes);
    expect(result).toMatchObject({ ok: false, code: 'BAD_INPUT', line: 1 });
    expect(!result.ok && result.message.en).toContain('ISO8859-6');
    expect(checkGcg(bytes, en)).toMatchObject({ ok: false, code: 'BAD_INPUT', line: 1 });
  });

  it('refuses a file that declares UTF-8 but is not', () => {
    expect(decodeGcg(new Uint8Array([...utf8('#character-encoding UTF-8\n#player1 c'), 0xe9]))).toMatchObject({
      ok: false,
      code: 'BAD_INPUT',
    });
  });

  it('takes a UTF-8 byte order mark as UTF-8', () => {
    const result = decodeGcg(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('#player1 ł Ł\n')]));
    expect(result).toMatchObject({ ok: true, encoding: 'UTF-8', text: '#player1 ł Ł\n' });
  });
});

describe('parseGcg', () => {
  it('reads the header pragmas', () => {
    const game = parsed(
      [
        '#character-encoding UTF-8',
        '#player1 doug Doug Smith',
        '#player2 emely Emely',
        '#title 2019 NSC Round 7',
        '#description Doug plays Emely',
        '#id io.woogles kYmDwcfkbY',
        '#lexicon NWL23',
        '#tile-set en',
        '#tile-distribution english',
        '#game-type classic',
        '#note before the game',
        '>doug: DINNVWY 8D WINDY +32 32',
      ].join('\n'),
    );
    expect(game.header).toEqual({
      encoding: 'UTF-8',
      players: [
        { nick: 'doug', name: 'Doug Smith' },
        { nick: 'emely', name: 'Emely' },
      ],
      title: '2019 NSC Round 7',
      description: 'Doug plays Emely',
      id: { authority: 'io.woogles', id: 'kYmDwcfkbY' },
      lexicon: 'NWL23',
      tileSet: 'en',
      tileDistribution: 'english',
      notes: ['before the game'],
      racks: [undefined, undefined],
      pragmas: [{ name: 'game-type', value: 'classic', line: 10 }],
    });
    expect(gcgTileSetId(game.header)).toBe('en');
  });

  it('reads every kind of event', () => {
    expect(
      events(
        [
          '>doug: DINNVWY 8D WINDY +32 32',
          '>emely: ADEEGIL 4B TIL.. +24 24',
          '>emely: ADEEGIL --  -24 0',
          '>doug: AAEINRU - +0 32',
          '>emely: ADEEGIL -  +0 0',
          '>doug: AAEINRU -AIU +0 32',
          '>emely: IIIU -4 +0 0',
          '>doug: ADDIPYZ (challenge) +5 37',
          '>emely:  (challenge) +5 5',
          '>doug:  (OPEG) +14 51',
          '>emely: (BLONST) +16 21',
          '>doug: ?AEEOTT (?AEEOTT) -6 45',
          '>emely: NU (time) -10 11',
          '>doug: EIOQRRT (EIOQRRT) -16 -16 ',
        ].join('\n'),
      ).map(({ line: _line, ...e }) => e),
    ).toEqual([
      { type: 'place', player: 0, rack: 'DINNVWY', coord: '8D', word: 'WINDY', score: 32, total: 32 },
      { type: 'place', player: 1, rack: 'ADEEGIL', coord: '4B', word: 'TIL..', score: 24, total: 24 },
      { type: 'withdrawn', player: 1, rack: 'ADEEGIL', score: -24, total: 0 },
      { type: 'pass', player: 0, rack: 'AAEINRU', score: 0, total: 32 },
      { type: 'pass', player: 1, rack: 'ADEEGIL', score: 0, total: 0 },
      { type: 'exchange', player: 0, rack: 'AAEINRU', exchanged: 'AIU', score: 0, total: 32 },
      { type: 'exchange', player: 1, rack: 'IIIU', exchanged: 4, score: 0, total: 0 },
      { type: 'challenge-bonus', player: 0, rack: 'ADDIPYZ', score: 5, total: 37 },
      { type: 'challenge-bonus', player: 1, rack: '', score: 5, total: 5 },
      { type: 'end-rack-points', player: 0, rack: '', tiles: 'OPEG', score: 14, total: 51 },
      { type: 'end-rack-points', player: 1, rack: '', tiles: 'BLONST', score: 16, total: 21 },
      { type: 'end-rack-penalty', player: 0, rack: '?AEEOTT', tiles: '?AEEOTT', score: -6, total: 45 },
      { type: 'time-penalty', player: 1, rack: 'NU', score: -10, total: 11 },
      { type: 'end-rack-penalty', player: 0, rack: 'EIOQRRT', tiles: 'EIOQRRT', score: -16, total: -16 },
    ]);
  });

  it('numbers events by their line in the file', () => {
    expect(events('\n>doug: DINNVWY 8D WINDY +32 32').map((e) => e.line)).toEqual([4]);
  });

  it('attaches notes to the event above, continuation lines included, and handles CRLF', () => {
    const [first, second] = events(
      '>doug: DINNVWY 8D WINDY +32 32\r\n#note nice\r\n#note opening\r\nstill the note\r\n>emely: ADEEGIL 7C GALE +16 16\r\n',
    );
    expect(first.note).toBe('nice\nopening\nstill the note');
    expect(second.note).toBeUndefined();
  });

  it('takes #rack1 and #rack2 anywhere, for an unfinished game', () => {
    expect(parsed(`${PLAYERS}>doug: GMU 8G GUM +12 12\n#rack1 AEEIILZ\n#rack2 AAAELQS`).header.racks).toEqual(['AEEIILZ', 'AAAELQS']);
  });

  it('reads a nick that is not ASCII, and a player without a real name', () => {
    const game = parsed('#player1 úrsula\n#player2 2 smut3k\n>úrsula: (DIIT) +10 409');
    expect(game.header.players).toEqual([
      { nick: 'úrsula', name: 'úrsula' },
      { nick: '2', name: 'smut3k' },
    ]);
    expect(game.events[0]).toMatchObject({ player: 0, type: 'end-rack-points' });
  });

  it.each([
    ['a line that is nothing GCG knows', 'hello', 5, 'unrecognised line'],
    ['an event without its total', '>doug: DINNVWY 8D WINDY +32', 5, 'unreadable move'],
    ['a play scored with no sign', '>doug: DINNVWY 8D WINDY 32 32', 5, 'unreadable move'],
    ['a play with a negative score', '>doug: DINNVWY 8D WINDY -32 32', 5, 'unreadable move'],
    ['a pass that scores', '>doug: DINNVWY - +3 3', 5, 'unreadable move'],
    ['a word with a digit', '>doug: DINNVWY 8D WIND1 +32 32', 5, 'unreadable move'],
    ['an unknown player', '>cesar: DINNVWY 8D WINDY +32 32', 5, 'player "cesar" is not declared'],
    ['a withdrawal of nothing', '>doug: DINNVWY --  -32 0', 5, 'does not follow a play by the same player'],
    ['a header pragma after the first move', '>doug: DINNVWY 8D WINDY +32 32\n#lexicon CSW21', 6, '#lexicon must come before'],
    ['an encoding pragma not on the first line', '#character-encoding UTF-8', 5, 'must be the first line'],
  ])('refuses %s with BAD_INPUT naming the line', (_, line, lineNo, message) => {
    const result = parseGcg(`${PLAYERS}\n\n${line}`);
    expect(result).toMatchObject({ ok: false, code: 'BAD_INPUT', line: lineNo });
    expect(!result.ok && result.message.en).toContain(`line ${lineNo}: `);
    expect(!result.ok && result.message.en).toContain(message);
    expect(!result.ok && result.message.ro).toContain(`linia ${lineNo}: `);
  });

  it('refuses a withdrawal of the other player’s play', () => {
    expect(parseGcg(`${PLAYERS}>doug: DINNVWY 8D WINDY +32 32\n>emely: ADEEGIL -- -32 0`)).toMatchObject({
      ok: false,
      line: 4,
    });
  });

  it('refuses duplicate or missing players', () => {
    expect(parseGcg('#player1 doug Doug\n#player2 doug Doug B')).toMatchObject({ ok: false, code: 'BAD_INPUT', line: 2 });
    expect(parseGcg('#player1 doug Doug\n#player1 cesar Cesar')).toMatchObject({ ok: false, line: 2 });
    expect(parseGcg('#player1 doug Doug\n')).toMatchObject({ ok: false, code: 'BAD_INPUT' });
    expect(parseGcg('')).toMatchObject({ ok: false, code: 'BAD_INPUT' });
  });

  it('never throws on random bytes', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 200; i++) {
      const noise = Uint8Array.from({ length: Math.floor(random() * 300) }, () => Math.floor(random() * 256));
      // Half the time behind a valid header, so that the event parser gets the noise.
      const bytes = i % 2 === 0 ? new Uint8Array([...utf8('#player1 a A\n#player2 b B\n>a: '), ...noise]) : noise;
      expect(() => checkGcg(bytes, en)).not.toThrow();
    }
  });
});

describe('checkGcg', () => {
  const check = (lines: string[]) => checkGcg(utf8(`#character-encoding UTF-8\n${PLAYERS}${lines.join('\n')}`), en);
  // WINDY across h4–h8: W on a DL, Y on the centre DW: (8 + 1 + 1 + 2 + 4) × 2.
  const WINDY = '>doug: DINNVWY 8D WINDY +32 32';

  it('replays plays on the board and lists the ones the file miscounted', () => {
    const result = check(['>doug: DINNVWY 8D WINDY +30 30', '>emely: ADEEGIL 7C GALE +16 16']);
    expect(result).toMatchObject({ ok: true, placements: 2 });
    expect(result.ok && result.mismatches).toEqual([{ line: 4, coord: '8D', word: 'WINDY', fileScore: 30, computedScore: 32 }]);
  });

  it('takes a withdrawn play off the board and does not count it, but checks its claim', () => {
    const result = check([
      WINDY,
      '>emely: ADEEGIL 7C GALE +20 20',
      '>emely: ADEEGIL --  -20 0',
      // Played again on the same squares: only possible if the withdrawal emptied them.
      '>emely: ADEEGIL 7C GALE +16 16',
    ]);
    expect(result).toMatchObject({ ok: true, placements: 2 });
    expect(result.ok && result.mismatches).toEqual([{ line: 5, coord: '7C', word: 'GALE', fileScore: 20, computedScore: 16 }]);
  });

  it('reads played-through letters written out instead of dots, as Elise writes them', () => {
    // Down column D from row 8 (our 4h): the W of WINDY, then A and X on plain squares.
    for (const word of ['WAX', '.AX']) {
      const result = check([WINDY, `>emely: AX D8 ${word} +13 13`]);
      expect(result.ok && result.mismatches).toEqual([]);
    }
  });

  it('names the line of a play the board refuses', () => {
    const offCentre = check(['>doug: DINNVWY 1A WINDY +32 32']);
    expect(offCentre).toMatchObject({ ok: false, code: 'FIRST_MOVE_NOT_ON_CENTER', line: 4 });
    expect(!offCentre.ok && offCentre.message.en).toMatch(/^line 4: /);
    expect(check([WINDY, '>emely: ADEEGIL 4B TIL.. +24 24'])).toMatchObject({ ok: false, code: 'WORD_MISMATCH', line: 5 });
  });
});

describe('the real games of test/fixtures/gcg', () => {
  const dir = join(TESTDATA, 'gcg');
  const files = readdirSync(dir).flatMap((sub) => readdirSync(join(dir, sub)).map((f) => join(sub, f)));

  it('replays every game with every score as the file has it, but the one the file got wrong', () => {
    let placements = 0;
    const mismatches: unknown[] = [];
    for (const file of files) {
      // `polish_endgame` is Polish, every other game English.
      const tileSet = getTileSet(file.includes('polish_endgame') ? 'pl' : 'en');
      const result = checkGcg(readFileSync(join(dir, file)), tileSet);
      if (!result.ok) throw new Error(`${file}: ${result.message.en}`);
      placements += result.placements;
      mismatches.push(...result.mismatches.map((m) => ({ file, ...m })));
    }
    expect(files).toHaveLength(93);
    expect(placements).toBe(2101);
    // The withdrawn phony BRUnCH..Y is claimed at 115 and scores 113: the file's error.
    expect(mismatches).toEqual([
      {
        file: 'liwords/puzzles_testdata_r20_peter.gcg',
        line: 19,
        coord: 'N1',
        word: 'BRUnCH..Y',
        fileScore: 115,
        computedScore: 113,
      },
    ]);
  });
});

/** A full sequence of `tileSet` dealing `prefix` first (docs/rules.md §2), the rest in tile-set order. */
function sequenceStarting(tileSet: TileSet, prefix: string): string {
  const rest = tileSet.tiles.flatMap((t) => Array<string>(t.count).fill(t.letter));
  for (const letter of prefix) rest.splice(rest.indexOf(letter), 1);
  return prefix + rest.join('');
}

function replayed(setup: GameSetup, moves: string[]) {
  const result = replayGame(setup, moves);
  if (!result.ok) throw new Error(`move ${result.n}: ${result.message.en}`);
  return result;
}

describe('toGcg', () => {
  const ro = getTileSet('ro');
  const players = { red: { name: 'Ion Popescu' }, blue: { name: 'Maria Ionescu' } };

  it('writes headers, GCG coordinates, handicap notes, passes and the end-of-game racks', () => {
    // RED holds CASAXEI, BLUE ZURNOLE; RED draws BDIM, BLUE TEP. Two zero turns end this game.
    const rules = { ...DEFAULT_RULES, zeroTurnsToEnd: 2 };
    const game = replayed({ tileSet: ro, sequence: sequenceStarting(ro, 'CASAXEIZURNOLEBDIMTEP'), rules }, [
      'h8 CASA',
      '11e ZURA', // Z on the e11 DW: (10 + 1 + 1 + 1) × 2 = 26, recorded 20 in tour I
      'PAS',
      'PAS',
    ]);
    expect(toGcg({ ...game, lexicon: 'LOC', players, title: 'Campionat 2027' })).toBe(
      [
        '#character-encoding UTF-8',
        '#player1 Ion_Popescu Ion Popescu',
        '#player2 Maria_Ionescu Maria Ionescu',
        '#title Campionat 2027',
        '#lexicon LOC',
        '#tile-set ro',
        '>Ion_Popescu: CASAXEI 8H CASA +8 8',
        '>Maria_Ionescu: ZURNOLE K5 ZUR. +26 20',
        '#note Handicap FRSc: recorded 20 of 26 in tour 1.',
        '>Ion_Popescu: XEIBDIM - +0 8',
        '>Maria_Ionescu: NOLETEP - +0 20',
        // F 7.2: each loses their own rack: X10 E1 I1 B9 D2 I1 M4 = 28; N O L E T E 1, P 2 = 8.
        '>Ion_Popescu: XEIBDIM (XEIBDIM) -28 -20',
        '>Maria_Ionescu: NOLETEP (NOLETEP) -8 12',
        '',
      ].join('\n'),
    );
  });

  it('saves the racks of a game in progress', () => {
    const game = replayed({ tileSet: ro, sequence: sequenceStarting(ro, 'CASAXEIZURNOLEBDIM') }, ['h8 CASA']);
    expect(
      toGcg({ ...game, lexicon: 'LOC' })
        .split('\n')
        .slice(-3),
    ).toEqual(['#rack1 XEIBDIM', '#rack2 ZURNOLE', '']);
  });

  it('makes nicks one distinct word, defaulting to the colour', () => {
    const game = replayed({ tileSet: ro, sequence: sequenceStarting(ro, 'CASA') }, ['h8 CASA']);
    const header = (p?: Parameters<typeof toGcg>[0]['players']) =>
      toGcg({ ...game, lexicon: 'LOC', players: p })
        .split('\n')
        .slice(1, 3);
    expect(header()).toEqual(['#player1 RED RED', '#player2 BLUE BLUE']);
    expect(header({ red: { name: 'Ana' }, blue: { name: 'Ana', nick: 'Ana' } })).toEqual(['#player1 Ana_RED Ana', '#player2 Ana_BLUE Ana']);
    expect(header({ red: { name: 'A: B\nC' }, blue: { name: 'D' } })[0]).toBe('#player1 A_B_C A: B C');
  });

  it('round-trips: export then import gives every score, every total and the final scores', () => {
    const rules = fc.record({
      handicap: fc.boolean(),
      zeroTurnsToEnd: fc.integer({ min: 2, max: 6 }),
      endRackRule: fc.constantFrom<EndRackRule>('transfer', 'double'),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom<TileSetId>('ro', 'en', 'pl'),
        rules,
        fc.constantFrom(0.02, 0.4),
        (seed, id, gameRules, passProbability) => {
          const tileSet = getTileSet(id);
          const random = randomLegalGame(seed, tileSet, { rules: gameRules, passProbability });
          const game = replayed({ tileSet, sequence: random.sequence, rules: gameRules }, [...random.moves]);
          const bytes = utf8(toGcg({ ...game, lexicon: 'TEST', players }));

          const decoded = decodeGcg(bytes);
          const parsedBack = decoded.ok ? parseGcg(decoded.text) : decoded;
          if (!parsedBack.ok) throw new Error(parsedBack.message.en);
          const tileSetBack = gcgTileSetId(parsedBack.game.header);
          expect(tileSetBack).toBe(id);
          const check = checkGcg(bytes, getTileSet(tileSetBack!));
          if (!check.ok) throw new Error(check.message.en);
          expect(check.mismatches).toEqual([]);
          expect(check.placements).toBe(game.records.filter((r) => r.type === 'place').length);

          const moves = check.game.events.filter((e) => e.type === 'place' || e.type === 'pass');
          expect(moves.map((e) => [e.type, e.score, e.total])).toEqual(game.records.map((r) => [r.type, r.score, r.total]));
          const last = (player: 0 | 1) => [...check.game.events].reverse().find((e) => e.player === player)?.total ?? 0;
          expect({ red: last(0), blue: last(1) }).toEqual(game.state.scores);
          expect(check.board).toEqual(game.state.board);
        },
      ),
      { numRuns: 25 },
    );
  });
});
