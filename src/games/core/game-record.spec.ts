// The JSON game record (docs/operations.md, Command line): parsing (BAD_INPUT naming the field), replay with
// thinking days (docs/rules.md §5), the endings and coefficients of docs/rules.md §7.
import fc from 'fast-check';
import { computeCoefficients, toDecimal } from '../../coefficients/core/coefficients';
import { addDays, type LocalDate } from '../../common/calendar';
import { checkGcg } from '../../engine/gcg-replay';
import { loadWordList } from '../../engine/lexicon';
import { randomLegalGame } from '../../engine/testing/random-game';
import { ro, sequenceStarting } from '../../engine/testing/fixtures';
import { getTileSet } from '../../engine/tile-sets';
import { DECLARED_OUTCOMES, parseGameRecord, parseGameRecordJson, type GameRecord } from './game-record';
import { recordGcg, recordSheet, replayRecord, type RecordReplay, type ReplayOptions } from './game-record-replay';
import { EXAMPLE_RECORD, SEQUENCE, moves } from '../record/testing/records';

function parsed(value: unknown): GameRecord {
  const result = parseGameRecord(value);
  if (!result.ok) throw new Error(result.message);
  return result.record;
}

function replayed(value: unknown, options?: ReplayOptions): RecordReplay {
  const result = replayRecord(parsed(value), options);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result;
}

function report(value: unknown) {
  return replayed(value).report;
}

/** The BAD_INPUT message for a record, failing the test if it is usable. */
function badInput(value: unknown): string {
  const result = parseGameRecord(value);
  if (result.ok) throw new Error('expected BAD_INPUT, the record was accepted');
  expect(result.code).toBe('BAD_INPUT');
  return result.message;
}

describe('replayRecord: the example record', () => {
  it('gives the moves, scores, thinking days, the ending and the coefficients', () => {
    const out = report(EXAMPLE_RECORD);
    expect(out).toEqual({
      tileSet: 'ro',
      moves: [
        {
          n: 1,
          tour: 1,
          player: 'red',
          type: 'place',
          notation: 'h8 CASA',
          coord: 'h8',
          word: 'CASA',
          words: [{ coord: 'h8', word: 'CASA', score: 8 }],
          tilesUsed: ['C', 'A', 'S', 'A'],
          score: 8,
          recorded: 8,
          total: 8,
          rackBefore: 'CASTALE',
          rackAfter: 'TLEAAAA',
          arrived: '2027-01-10',
          date: '2027-01-12',
          thinkingDays: 1,
        },
        {
          n: 2,
          tour: 1,
          player: 'blue',
          type: 'pass',
          notation: 'PAS',
          words: [],
          tilesUsed: [],
          score: 0,
          recorded: 0,
          total: 0,
          rackBefore: 'HAINERU',
          rackAfter: 'HAINERU',
          arrived: '2027-01-12',
          date: '2027-01-15',
          thinkingDays: 2,
        },
      ],
      totals: { red: 8, blue: 0 },
      endAdjustment: { red: 0, blue: 0 },
      scores: { red: 8, blue: 0 },
      ended: true,
      endReason: 'abandon',
      by: 'blue',
      thinkingDays: { red: 1, blue: 2 },
      // docs/rules.md §7: winner positive, loser zero → 1.53 / 0.47; one full tour allows up to 1.54.
      coefficients: { red: 1.53, blue: 0.47 },
      racks: { red: 'TLEAAAA', blue: 'HAINERU' },
      tilesLeft: 82,
    });
  });

  it('applies the defaults of docs/rules.md: Romanian tiles, handicap, six zero turns, transfer; a game in progress', () => {
    const { record, report: out } = (() => {
      const r = parsed({ sequence: SEQUENCE, moves: moves('h8 CASA') });
      return { record: r, report: replayed(r).report };
    })();
    expect(record).toMatchObject({
      tileSet: 'ro',
      rules: { handicap: true, zeroTurnsToEnd: 6, endRackRule: 'transfer' },
      holidays: { red: [], blue: [] },
    });
    expect(out).toMatchObject({ ended: false, toMove: 'blue', scores: { red: 8, blue: 0 } });
    expect(out).not.toHaveProperty('endReason');
    expect(out).not.toHaveProperty('coefficients');
  });

  it('caps recorded scores in tours I–II and totals the recorded scores (docs/rules.md §2)', () => {
    const out = report({ sequence: SEQUENCE, moves: moves('h8 CASA', '8h CHIN') });
    expect(out.moves[1]).toMatchObject({ score: 13, recorded: 13, total: 13 });
    const uncapped = report({ sequence: sequenceStarting('ZAXAEEEHAINERU'), moves: moves('h8 ZAXA') });
    // Z10 A1 X10 A1 on the h8 double word: 44, written on the sheet as 10.
    expect(uncapped.moves[0]).toMatchObject({ score: 44, recorded: 10, total: 10 });
  });
});

describe('thinking days (docs/rules.md §5)', () => {
  const dated = (start: string | undefined, ...dates: (string | { date?: string; arrived?: string })[]) => ({
    sequence: SEQUENCE,
    ...(start && { start }),
    holidays: { red: [['2027-02-01', '2027-02-20']] },
    moves: dates.map((d, i) => ({ move: ['h8 CASA', 'PAS', 'PAS', 'PAS'][i], ...(typeof d === 'string' ? { date: d } : d) })),
  });

  it('counts the days strictly between arrival and sending: 10→10 = 0, 10→11 = 0, 10→13 = 2', () => {
    expect(report(dated('2027-01-10', '2027-01-10')).moves[0].thinkingDays).toBe(0);
    expect(report(dated('2027-01-10', '2027-01-11')).moves[0].thinkingDays).toBe(0);
    expect(report(dated('2027-01-10', '2027-01-13')).moves[0].thinkingDays).toBe(2);
  });

  it("arrives with the previous move's date, RED's first with the start, and totals per player", () => {
    const out = report(dated('2027-01-10', '2027-01-13', '2027-01-25', '2027-01-26'));
    expect(out.moves.map((m) => [m.arrived, m.thinkingDays])).toEqual([
      ['2027-01-10', 2],
      ['2027-01-13', 11],
      ['2027-01-25', 0],
    ]);
    expect(out.thinkingDays).toEqual({ red: 2, blue: 11 });
  });

  it("subtracts the mover's holiday, both ends included", () => {
    // Jan 26 – Feb 24 is 30 days, less RED's 1–20 February.
    const out = report(dated('2027-01-10', '2027-01-13', '2027-01-25', '2027-02-25', '2027-02-26'));
    expect(out.moves[2].thinkingDays).toBe(10);
    // BLUE has no holiday: Jan 27 – Feb 24 costs BLUE all its 29 days.
    const blue = report(dated('2027-01-10', '2027-01-13', '2027-01-25', '2027-01-26', '2027-02-25'));
    expect(blue.moves[3].thinkingDays).toBe(29);
  });

  it('takes a move\'s own "arrived" over the previous move\'s date', () => {
    const out = report(dated('2027-01-10', '2027-01-13', '2027-01-25', { date: '2027-02-25', arrived: '2027-01-27' }));
    expect(out.moves[2]).toMatchObject({ arrived: '2027-01-27', thinkingDays: 8 });
  });

  it("leaves a move without its dates, and its player's total, unknown (null), never guessed", () => {
    // No start: RED's first move has no arrival; BLUE's days are still known.
    const out = report(dated(undefined, '2027-01-13', '2027-01-25'));
    expect(out.moves.map((m) => m.thinkingDays)).toEqual([null, 11]);
    expect(out.moves[0]).not.toHaveProperty('arrived');
    expect(out.thinkingDays).toEqual({ red: null, blue: 11 });
    expect(report({ sequence: SEQUENCE, moves: moves('h8 CASA', 'PAS') }).thinkingDays).toEqual({ red: null, blue: null });
  });
});

describe('endings and coefficients (docs/rules.md §4, §7)', () => {
  const twoMoves = { sequence: SEQUENCE, moves: moves('h8 CASA', '8h CHIN') }; // 8 – 13 after one full tour

  it('a game the moves end: zero-score turns, each player losing their own rack', () => {
    const out = report({ sequence: SEQUENCE, rules: { zeroTurnsToEnd: 2 }, moves: moves('PAS', 'PAS') });
    // CASTALE = 7, HAINERU = 16; both negative → 1.5 / 0.5.
    expect(out).toMatchObject({
      ended: true,
      endReason: 'zero-turns',
      totals: { red: 0, blue: 0 },
      endAdjustment: { red: -7, blue: -16 },
      scores: { red: -7, blue: -16 },
      coefficients: { red: 1.5, blue: 0.5 },
    });
    expect(out).not.toHaveProperty('by');
    expect(out).not.toHaveProperty('toMove');
  });

  it('a game played out: coefficients of the final scores, after the rack adjustment', () => {
    for (const seed of [1, 2, 3]) {
      const game = randomLegalGame(seed, ro);
      const out = report({ sequence: game.sequence, moves: moves(...game.moves) });
      expect(out.ended).toBe(true);
      expect(['out', 'zero-turns']).toContain(out.endReason);
      const expected = computeCoefficients(out.scores, { type: 'finished' });
      expect(out.coefficients).toEqual({ red: toDecimal(expected.red), blue: toDecimal(expected.blue) });
    }
  });

  it('abandon and timeout: the running totals, capped at 1.53 + 0.01 per full tour played', () => {
    // 13 / 21 would be 1.6190; one full tour caps the winner at 1.54; the abandoner 8/21.
    expect(report({ ...twoMoves, outcome: { type: 'abandon', by: 'red' } })).toMatchObject({
      endReason: 'abandon',
      by: 'red',
      coefficients: { red: 0.381, blue: 1.54 },
    });
    expect(report({ ...twoMoves, outcome: { type: 'timeout', by: 'red' } }).coefficients).toEqual({ red: 0.381, blue: 1.54 });
    // The score against the one who stays: at least 1.53.
    expect(report({ ...twoMoves, outcome: { type: 'abandon', by: 'blue' } }).coefficients).toEqual({ red: 1.53, blue: 0.47 });
  });

  it('no-show: 0 for the one who never played, 1.53 for the partner', () => {
    expect(report({ sequence: SEQUENCE, moves: [], outcome: { type: 'no-show', by: 'red' } })).toMatchObject({
      endReason: 'no-show',
      by: 'red',
      coefficients: { red: 0, blue: 1.53 },
    });
    expect(report({ sequence: SEQUENCE, moves: moves('h8 CASA'), outcome: { type: 'no-show', by: 'blue' } }).coefficients).toEqual({
      red: 1.53,
      blue: 0,
    });
  });

  it('interrupted, draw agreed, unfinished, no information', () => {
    // 8 – 13 interrupted: 0.5 + 13/21 = 1.1190 for BLUE, 2 minus that for RED.
    expect(report({ ...twoMoves, outcome: { type: 'interrupted' } }).coefficients).toEqual({ red: 0.881, blue: 1.119 });
    expect(report({ ...twoMoves, outcome: { type: 'draw-agreement' } }).coefficients).toEqual({ red: 1, blue: 1 });
    expect(report({ ...twoMoves, outcome: { type: 'unfinished' } }).coefficients).toEqual({ red: 1, blue: 1 });
    expect(report({ ...twoMoves, outcome: { type: 'no-information' } }).coefficients).toEqual({ red: 0, blue: 0 });
    for (const type of DECLARED_OUTCOMES) {
      const by = ['abandon', 'timeout', 'no-show'].includes(type) ? { by: 'blue' } : {};
      const game = type === 'no-show' ? { sequence: SEQUENCE, moves: moves('h8 CASA') } : twoMoves;
      expect(report({ ...game, outcome: { type, ...by } })).toMatchObject({ ended: true, endReason: type });
    }
  });

  it('refuses an outcome for a game the moves already ended: GAME_OVER', () => {
    const result = replayRecord(
      parsed({ sequence: SEQUENCE, rules: { zeroTurnsToEnd: 2 }, moves: moves('PAS', 'PAS'), outcome: { type: 'draw-agreement' } }),
    );
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'GAME_OVER',
        message: 'The game already ended at move 2; no other ending ("draw-agreement") can be declared.',
        messages: {
          ro: expect.stringContaining('s-a încheiat deja la mutarea 2'),
          en: expect.any(String),
          pl: expect.stringContaining('zakończyła się już na ruchu 2'),
        },
      },
    });
  });
});

describe('refused moves', () => {
  function refusal(texts: string[], rules?: object) {
    const result = replayRecord(parsed({ sequence: SEQUENCE, ...(rules && { rules }), moves: moves(...texts) }));
    if (result.ok) throw new Error('expected a refusal');
    return result.error;
  }

  it('name the move, the engine code and the message in English and Romanian', () => {
    expect(refusal(['h8 CASA', 'a1 HAIN'])).toEqual({
      move: 2,
      code: 'NOT_CONNECTED',
      message: 'The word must touch at least one tile already on the board.',
      messages: {
        ro: 'Cuvântul trebuie să atingă cel puțin o piesă aflată deja pe tablă.',
        en: 'The word must touch at least one tile already on the board.',
        pl: 'Wyraz musi stykać się z co najmniej jedną płytką leżącą już na planszy.',
      },
    });
  });

  it("keep the engine's order: GAME_OVER first, an upper-case Romanian K is a tile not in the rack", () => {
    expect(refusal(['PAS', 'PAS', 'xx yy'], { zeroTurnsToEnd: 2 })).toMatchObject({ move: 3, code: 'GAME_OVER' });
    expect(refusal(['h8 KASA'])).toMatchObject({ move: 1, code: 'TILES_NOT_IN_RACK' });
    expect(refusal(['h8 C'])).toMatchObject({ move: 1, code: 'WORD_TOO_SHORT' });
    expect(refusal(['h8 CA$A'])).toMatchObject({ move: 1, code: 'BAD_NOTATION' });
  });
});

describe('parseGameRecord: BAD_INPUT naming the field', () => {
  const good = { sequence: SEQUENCE, moves: moves('h8 CASA') };

  it('the shape', () => {
    expect(parseGameRecordJson('{"sequence": ')).toMatchObject({
      ok: false,
      code: 'BAD_INPUT',
      message: expect.stringMatching(/^not JSON: /),
    });
    expect(badInput([good])).toBe('the record: expected object, got an array');
    expect(badInput(null)).toBe('the record: expected object, got null');
    expect(badInput({ moves: [] })).toBe('sequence: missing');
    expect(badInput({ sequence: SEQUENCE })).toBe('moves: missing');
    expect(badInput({ ...good, holiday: [] })).toBe('holiday: unknown field');
    expect(badInput({ ...good, moves: [{ move: 'h8 CASA' }, { move: 7 }] })).toBe('moves[1].move (move 2): expected string, got 7');
    expect(badInput({ ...good, moves: [{ move: 'h8 CASA', when: 'today' }] })).toBe('moves[0].when (move 1): unknown field');
    expect(badInput({ ...good, moves: [{ move: 'x'.repeat(201) }] })).toBe('moves[0].move (move 1): longer than 200 characters');
    expect(badInput({ ...good, rules: { zeroTurnsToEnd: 0 } })).toBe('rules.zeroTurnsToEnd: less than 1');
    expect(badInput({ ...good, rules: { endRackRule: 'half' } })).toBe(
      'rules.endRackRule: expected one of "transfer", "double", got "half"',
    );
    expect(badInput({ ...good, tileSet: 'de' })).toBe('tileSet: expected one of "ro", "en", "pl", got "de"');
  });

  it("the sequence: exactly the tile set's 100 tiles", () => {
    expect(badInput({ ...good, sequence: SEQUENCE.slice(1) })).toBe('sequence: The sequence has 99 tiles instead of 100.');
    expect(badInput({ ...good, sequence: `E${SEQUENCE.slice(1)}` })).toBe(
      'sequence: The sequence has 10 × E; the Română (FRSc) tile set has 9.',
    );
    expect(badInput({ ...good, tileSet: 'en' })).toMatch(/^sequence: The sequence has \d+ × \w; the English tile set has \d+\.$/);
  });

  it('dates: real calendar days, never a move sent before it arrived, holidays in order', () => {
    expect(badInput({ ...good, start: '2027-02-30' })).toBe('start: expected a calendar date YYYY-MM-DD, got "2027-02-30"');
    expect(badInput({ ...good, moves: [{ move: 'PAS', date: '12.01.2027' }] })).toBe(
      'moves[0].date (move 1): expected a calendar date YYYY-MM-DD, got "12.01.2027"',
    );
    expect(badInput({ ...good, start: '2027-01-10', moves: [{ move: 'PAS', date: '2027-01-09' }] })).toBe(
      'moves[0].date (move 1): 2027-01-09 is before the move arrived (2027-01-10, the start)',
    );
    expect(
      badInput({
        ...good,
        moves: [
          { move: 'PAS', date: '2027-01-09' },
          { move: 'PAS', date: '2027-01-08' },
        ],
      }),
    ).toBe("moves[1].date (move 2): 2027-01-08 is before the move arrived (2027-01-09, the previous move's date)");
    expect(badInput({ ...good, holidays: { blue: [['2027-02-20', '2027-02-01']] } })).toBe(
      'holidays.blue[0]: ends (2027-02-01) before it begins (2027-02-20)',
    );
    expect(badInput({ ...good, holidays: { red: [['2027-02-01']] } })).toBe('holidays.red[0]: needs at least 2 items');
  });

  it('the outcome: a known type, `by` exactly where it belongs, a no-show that never played', () => {
    expect(badInput({ ...good, outcome: { type: 'resign', by: 'red' } })).toBe(
      'outcome.type: expected one of "abandon", "timeout", "no-show", "interrupted", "draw-agreement", "unfinished", "no-information", got "resign"',
    );
    expect(badInput({ ...good, outcome: { type: 'abandon' } })).toBe('outcome.by: "abandon" needs the player it is about: "red" or "blue"');
    expect(badInput({ ...good, outcome: { type: 'timeout', by: 'green' } })).toBe('outcome.by: expected one of "red", "blue", got "green"');
    expect(badInput({ ...good, outcome: { type: 'draw-agreement', by: 'red' } })).toBe(
      'outcome.by: only abandon, timeout, no-show name a player, not "draw-agreement"',
    );
    expect(badInput({ ...good, outcome: { type: 'no-show', by: 'red' } })).toBe('outcome: a no-show by red cannot follow their own move 1');
  });

  it('a tile set other than the one asked for', () => {
    expect(parseGameRecord({ ...good, tileSet: 'ro' }, { tileSet: 'en' })).toEqual({
      ok: false,
      code: 'BAD_INPUT',
      message: 'tileSet: the record\'s tile set is "ro", not "en" as asked',
    });
    const english = parseGameRecord({ sequence: sequenceStarting('', getTileSet('en')), moves: [] }, { tileSet: 'en' });
    expect(english).toMatchObject({ ok: true, record: { tileSet: 'en' } });
  });
});

describe('lexicon (docs/rules.md §3: reported, never refused)', () => {
  it("lists each move's words missing from the word list, only when one is given", () => {
    const lexicon = loadWordList('CASA\n', ro);
    const out = replayed({ sequence: SEQUENCE, moves: moves('h8 CASA', '8h CHIN') }, { lexicon }).report;
    expect(out.moves.map((m) => m.unknownWords)).toEqual([[], ['CHIN']]);
    expect(report({ sequence: SEQUENCE, moves: moves('h8 CASA') }).moves[0]).not.toHaveProperty('unknownWords');
  });
});

describe('random dated games', () => {
  it("every ended game has coefficients; a player's days are the sum of their moves' days", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 200, maxLength: 200 }),
        (seed, gaps) => {
          const game = randomLegalGame(seed, ro);
          let day: LocalDate = '2027-01-10';
          const dated = game.moves.map((move, i) => ({ move, date: (day = addDays(day, gaps[i % gaps.length])) }));
          const out = report({ sequence: game.sequence, start: '2027-01-10', moves: dated });
          expect(out.ended).toBe(true);
          expect(out.coefficients).toBeDefined();
          for (const color of ['red', 'blue'] as const) {
            const mine = out.moves.filter((m) => m.player === color);
            expect(out.thinkingDays[color]).toBe(mine.reduce((sum, m) => sum + (m.thinkingDays ?? NaN), 0));
          }
          expect(out.scores.red).toBe(out.totals.red + out.endAdjustment.red);
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('the record as a sheet and as GCG', () => {
  const value = {
    sequence: SEQUENCE,
    start: '2027-01-10',
    closing: '2027-12-31',
    competition: 'Campionatul național 2027',
    arbiter: 'Ana Arbitru',
    lexicon: 'LOC 2027',
    players: { red: { name: 'Ion Popescu', previousCoefficient: 1.2345, previousRank: 3 }, blue: { name: 'Maria Ionescu' } },
    holidays: { red: [['2027-02-01', '2027-02-20']] },
    moves: [
      { move: 'h8 CASA', date: '2027-01-13' },
      { move: '8h CHIN', date: '2027-01-20' },
    ],
    outcome: { type: 'abandon', by: 'red' },
  };

  it('prints the sheet with the players, dates, thinking days and the result', () => {
    const record = parsed(value);
    const sheet = recordSheet(record, replayed(value), 'ro');
    expect(sheet).toContain('Competiția:');
    expect(sheet).toContain('Campionatul național 2027');
    expect(sheet).toContain('Ion Popescu (coef. anterior 1,2345, locul 3)');
    expect(sheet).toContain('ROȘU 01.02.2027 – 20.02.2027');
    // Romanian marks RED "Ro" (ALBASTRU "Al"), so no mark reads as the tile A.
    expect(sheet).toMatch(/1 Ro {2}C,A,S,A {2}h8: CASA +8 +8 +2 +13\.01\.2027/);
    expect(sheet).toMatch(/Coeficient +0,3810 +1,5400/);
    expect(sheet).toContain('Încheiere: abandon (ROȘU)');
  });

  it('writes GCG with #tile-set and #lexicon that reads back with every score', () => {
    const gcg = recordGcg(parsed(value), replayed(value));
    expect(gcg.split('\n').slice(0, 7)).toEqual([
      '#character-encoding UTF-8',
      '#player1 Ion_Popescu Ion Popescu',
      '#player2 Maria_Ionescu Maria Ionescu',
      '#title Campionatul național 2027',
      '#lexicon LOC 2027',
      '#tile-set ro',
      '>Ion_Popescu: CASTALE 8H CASA +8 8',
    ]);
    const check = checkGcg(Buffer.from(gcg, 'utf8'), ro);
    expect(check).toMatchObject({ ok: true, placements: 2, mismatches: [] });
    const anonymous = recordGcg(parsed({ sequence: SEQUENCE, moves: [] }), replayed({ sequence: SEQUENCE, moves: [] }));
    expect(anonymous).toContain('#player1 RED RED\n#player2 BLUE BLUE\n#lexicon unspecified\n#tile-set ro\n');
  });
});
