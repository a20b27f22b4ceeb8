import fc from 'fast-check';
import { emptyBoard, renderBoardText, withTiles } from './board';
import { replayGame } from './replay';
import { SHEET_WIDTH, renderSheet, sheetModelFromReplay, type SheetInfo, type SheetModel, type SheetRow } from './sheet';
import { randomLegalGame } from './testing/random-game';
import { getTileSet } from './tile-sets';
import type { TileSetId } from './types';

const SEQUENCE = 'CASAOGEIRNTUAL?BEMPI';

function model(overrides: Partial<SheetModel> = {}): SheetModel {
  return {
    language: 'en',
    competition: 'National Correspondence Championship 2027',
    group: 'A',
    red: { name: 'Ion Popescu', previousCoefficient: 1.2345, previousRank: 3 },
    blue: { name: 'Maria Ionescu' },
    arbiter: 'Dan Georgescu',
    tileSet: 'Română (FRSc)',
    startDate: '2027-01-10',
    closingDate: '2027-12-31',
    sequence: SEQUENCE,
    taken: [...'RRRRRRRBBBBBBBRRRR'].map((c) => (c === 'R' ? 'red' : 'blue')),
    board: withTiles(emptyBoard(), [
      { row: 7, col: 7, letter: 'C', blank: false },
      { row: 7, col: 8, letter: 'A', blank: false },
      { row: 7, col: 9, letter: 'S', blank: true },
      { row: 7, col: 10, letter: 'A', blank: false },
    ]),
    rows: [
      {
        tour: 1,
        player: 'red',
        letters: ['C', 'A', 'S', 'A'],
        main: { coord: 'h8', word: 'CAsA' },
        adjacent: [],
        score: 6,
        recorded: 6,
        total: 6,
        thinkingDays: 1,
        sent: '2027-01-12',
      },
      {
        tour: 1,
        player: 'blue',
        letters: ['O', 'G'],
        main: { coord: '7c', word: 'GO' },
        adjacent: [
          { coord: 'c7', word: 'GO' },
          { coord: 'd7', word: 'OL' },
        ],
        score: 40,
        recorded: 20,
        total: 20,
        thinkingDays: 2,
        sent: '2027-01-15',
      },
      { tour: 2, player: 'red', letters: [], adjacent: [], score: 0, recorded: 0, total: 6, thinkingDays: 0, sent: '2027-01-15' },
    ],
    ...overrides,
  };
}

function lines(text: string): string[] {
  return text.split('\n');
}

describe('renderSheet', () => {
  it('prints the whole sheet', () => {
    const board = renderBoardText(model().board as Exclude<SheetModel['board'], string>, 'en');
    expect(renderSheet(model())).toBe(
      [
        '='.repeat(80),
        '                      GAME SHEET — CORRESPONDENCE SCRABBLE',
        '='.repeat(80),
        'Competition:  National Correspondence Championship 2027',
        'Group:        A',
        'RED:          Ion Popescu (prev. coefficient 1.2345, rank 3)',
        'BLUE:         Maria Ionescu',
        'Arbiter:      Dan Georgescu',
        'Tile set:     Română (FRSc)',
        'Start:        2027-01-10',
        'Closing date: 2027-12-31',
        '',
        'SEQUENCE (R = RED, B = BLUE, . = not taken)',
        '',
        '  1  C  A  S  A  O  G  E  I  R  N    11  T  U  A  L  ?  B  E  M  P  I',
        '     R  R  R  R  R  R  R  B  B  B        B  B  B  B  R  R  R  R  .  .',
        '',
        'GRID',
        '----',
        board,
        '',
        'MOVES',
        '-----',
        'Round  Letters  Move      Score  Rec.  Total  Days  Sent',
        '--------------------------------------------------------------',
        '  1 R  C,A,S,A  h8: CAsA      6            6     1  2027-01-12',
        '    B  O,G      7c: GO       40    20     20     2  2027-01-15',
        '                c7: GO;  d7: OL',
        '  2 R           PASS          0            6     0  2027-01-15',
        '',
        'RESULT',
        '------',
        'The game is in progress.',
        '',
      ].join('\n'),
    );
  });

  it('lays out the move of the rule book example: letters, position and word, adjacent words below', () => {
    const row: SheetRow = {
      tour: 9,
      player: 'blue',
      letters: ['O', 'G'],
      main: { coord: '7c', word: 'GO' },
      adjacent: [
        { coord: 'c7', word: 'GO' },
        { coord: 'd7', word: 'OL' },
      ],
      score: 40,
      total: 146,
    };
    const text = lines(renderSheet(model({ rows: [row] })));
    const at = text.findIndex((l) => l.includes('7c: GO'));
    expect(text[at]).toMatch(/^ {2}9 B {2}O,G {6}7c: GO {5}40 {4}146$/);
    // [C]: the adjacent words start under the move.
    expect(text[at + 1]).toBe(`${' '.repeat(text[at].indexOf('7c'))}c7: GO;  d7: OL`);
  });

  it('keeps a move’s note under the move, each of its lines, after the adjacent words', () => {
    const row: SheetRow = {
      tour: 9,
      player: 'blue',
      letters: ['O', 'G'],
      main: { coord: '7c', word: 'GO' },
      adjacent: [{ coord: 'c7', word: 'GO' }],
      score: 40,
      total: 146,
      note: 'Bună mutare!\nPe curând.',
    };
    const text = lines(renderSheet(model({ rows: [row], language: 'ro' })));
    const at = text.findIndex((l) => l.includes('7c: GO'));
    const indent = ' '.repeat(text[at].indexOf('7c'));
    expect(text.slice(at + 1, at + 4)).toEqual([`${indent}c7: GO`, `${indent}Notă: Bună mutare!`, `${indent}Pe curând.`]);
    expect(renderSheet(model({ rows: [row], language: 'en' }))).toContain('Note: Bună mutare!');
  });

  it('speaks Romanian: labels, colours Ro/Al (never a tile letter), decimal comma, day-first dates', () => {
    const text = renderSheet(
      model({
        language: 'ro',
        holidays: { red: [['2027-02-01', '2027-02-20']], blue: [] },
        result: {
          totals: { red: 412, blue: 377 },
          endAdjustment: { red: 5, blue: -5 },
          scores: { red: 417, blue: 372 },
          endReason: 'out',
          coefficients: { red: 1.5285, blue: 0.4715 },
        },
      }),
    );
    expect(text).toContain('FIȘA DE CONCURS — SCRABBLE PRIN CORESPONDENȚĂ');
    expect(text).toContain('ROȘU:              Ion Popescu (coef. anterior 1,2345, locul 3)');
    expect(text).toContain('Concedii:          ROȘU 01.02.2027 – 20.02.2027');
    expect(text).toContain('SECVENȚA (Ro = ROȘU, Al = ALBASTRU, . = neluată)');
    expect(text).toContain('    Ro Ro Ro Ro Ro Ro Ro Al Al Al       Al Al Al Al Ro Ro Ro Ro  .  .');
    expect(text).toContain('\n  Al  O,G      7c: GO      40    20     20     2  15.01.2027\n');
    expect(text).toContain('Tur  Litere   Mutarea   Scor  Înr.  Total  Zile  Trimisă');
    expect(text).toContain('\n2 Ro           PAS          0            6     0  15.01.2027\n');
    expect(text).toContain(
      [
        'REZULTATUL',
        '----------',
        '                ROȘU  ALBASTRU',
        'Total mutări     412       377',
        'Piese rămase      +5        -5',
        'Scor final       417       372',
        'Coeficient    1,5285    0,4715',
        '',
        'Încheiere: un jucător a terminat piesele',
      ].join('\n'),
    );
  });

  it('shows a recorded column only when the handicap capped a score', () => {
    const uncapped = model().rows.map((r) => ({ ...r, recorded: r.score }));
    expect(renderSheet(model({ rows: uncapped }))).not.toContain('Rec.');
    expect(renderSheet(model())).toContain('Rec.');
  });

  it('shows arrival dates only when a move arrived other than at the previous sending', () => {
    const rows = model().rows;
    const implied = rows.map((r, i) => ({ ...r, arrived: i === 0 ? '2027-01-10' : rows[i - 1].sent }));
    expect(renderSheet(model({ rows: implied }))).not.toContain('Arrived');
    const late = implied.map((r, i) => (i === 1 ? { ...r, arrived: '2027-01-13' } : r));
    expect(renderSheet(model({ rows: late }))).toContain('40    20     20     2  2027-01-13  2027-01-15');
  });

  it('breaks a long list of adjacent words between words, within the width', () => {
    const word = 'ABCDEFGHIJKLMNO';
    const adjacent = Array.from({ length: 7 }, (_, i) => ({ coord: `${String.fromCharCode(97 + i)}15`, word }));
    const row: SheetRow = {
      tour: 1,
      player: 'red',
      letters: [...'ABCDEFG'],
      main: { coord: '15a', word },
      adjacent,
      score: 140,
      total: 140,
    };
    const text = lines(renderSheet(model({ rows: [row] })));
    const first = text.findIndex((l) => l.includes('a15: '));
    const wrapped = text.slice(first, first + 4);
    expect(wrapped.every((l) => l.length <= SHEET_WIDTH)).toBe(true);
    expect(wrapped.join(' ').match(/\d+: ABCDEFGHIJKLMNO/g)).toHaveLength(7);
    expect(wrapped[0].trimEnd()).toMatch(/;$/);
  });

  it('takes the grid as text too', () => {
    expect(renderSheet(model({ board: 'GRID TEXT' }))).toContain('GRID\n----\nGRID TEXT\n');
  });

  it('names who an abandonment is about', () => {
    const text = renderSheet(
      model({ result: { totals: { red: 6, blue: 20 }, scores: { red: 6, blue: 20 }, endReason: 'abandon', by: 'red' } }),
    );
    expect(text).toContain('End: abandonment (RED)');
    expect(text).not.toContain('Tiles left');
  });

  it('prints the record sections it is given between the moves and the result, and leaves an empty one out', () => {
    const text = renderSheet(
      model({
        sections: [
          { title: 'DISPUTES', lines: ['Tour 1, move 2 (Maria Ionescu (BLUE)): GO — contested by Ion Popescu (RED) 2027-01-14; open.'] },
          { title: 'PENALTIES', lines: [] },
        ],
      }),
    );
    const at = (needle: string) => text.indexOf(needle);
    expect(at('DISPUTES\n--------\nTour 1, move 2')).toBeGreaterThan(at('MOVES'));
    expect(at('DISPUTES')).toBeLessThan(at('RESULT'));
    expect(text).not.toContain('PENALTIES');
    expect(renderSheet(model({ sections: [] }))).toBe(renderSheet(model()));
  });
});

describe('sheetModelFromReplay', () => {
  const info = (language: 'ro' | 'en', moves: number): SheetInfo => ({
    language,
    competition: 'Campionatul Național prin Corespondență 2027',
    group: 'Grupa A',
    red: { name: 'Ion Popescu', previousCoefficient: 1.0421, previousRank: 4 },
    blue: { name: 'Maria Ionescu', previousCoefficient: 0.9579, previousRank: 9 },
    arbiter: 'Dan Georgescu',
    startDate: '2027-01-10',
    closingDate: '2027-12-31',
    timing: Array.from({ length: moves }, (_, i) => ({
      thinkingDays: (i * 7) % 50,
      sent: `2027-${String(1 + Math.floor(i / 4)).padStart(2, '0')}-${String(1 + ((i * 7) % 28)).padStart(2, '0')}`,
    })),
  });

  it('fills the sheet from a replay: rows, sequence marks, grid and result', () => {
    const ro = getTileSet('ro');
    const random = randomLegalGame(11, ro);
    const game = replayGame({ tileSet: ro, sequence: random.sequence }, random.moves);
    if (!game.ok) throw new Error(game.message.en);
    const sheet = sheetModelFromReplay(game, { ...info('ro', game.records.length), coefficients: { red: 1.5, blue: 0.5 } });

    expect(sheet.tileSet).toBe('Română (FRSc)');
    expect(sheet.rows).toHaveLength(game.records.length);
    const first = game.records[0];
    expect(sheet.rows[0]).toMatchObject({
      tour: 1,
      player: 'red',
      letters: first.tilesUsed,
      main: { coord: first.coord, word: first.word },
      score: first.score,
      total: first.total,
    });
    expect(sheet.rows[1].adjacent).toEqual(game.records[1].words.slice(1).map(({ coord, word }) => ({ coord, word })));
    expect(sheet.taken.filter((c) => c === 'red')).toHaveLength(game.state.taken.red.length);
    expect(sheet.taken.slice(0, 14)).toEqual([...Array(7).fill('red'), ...Array(7).fill('blue')]);
    expect(sheet.result).toMatchObject({
      endReason: game.state.endReason,
      scores: game.state.scores,
      coefficients: { red: 1.5, blue: 0.5 },
    });

    const text = renderSheet(sheet);
    expect(text).toContain(renderBoardText(game.state.board, 'ro'));
    expect(text).toContain('Coeficient');
  });

  it('takes an ending from outside the moves, and leaves the result out while the game goes on', () => {
    const ro = getTileSet('ro');
    const random = randomLegalGame(12, ro);
    const game = replayGame({ tileSet: ro, sequence: random.sequence }, random.moves.slice(0, 6));
    if (!game.ok) throw new Error(game.message.en);
    expect(sheetModelFromReplay(game, info('en', 6)).result).toBeUndefined();
    const abandoned = sheetModelFromReplay(game, { ...info('en', 6), outcome: { type: 'abandon', by: 'blue' } });
    expect(abandoned.result).toEqual({
      totals: game.state.totals,
      scores: game.state.scores,
      endReason: 'abandon',
      by: 'blue',
    });
  });

  it('prints real games within 80 columns', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom<TileSetId>('ro', 'en', 'pl'),
        fc.constantFrom<'ro' | 'en'>('ro', 'en'),
        (seed, id, language) => {
          const tileSet = getTileSet(id);
          const random = randomLegalGame(seed, tileSet);
          const game = replayGame({ tileSet, sequence: random.sequence }, random.moves);
          if (!game.ok) throw new Error(game.message.en);
          const text = renderSheet(sheetModelFromReplay(game, info(language, game.records.length)));
          const wide = lines(text).filter((l) => [...l].length > SHEET_WIDTH);
          // Only a main word so long that the table cannot hold it may pass the width.
          for (const line of wide) expect(line).toMatch(/: \S{12,}/);
        },
      ),
      { numRuns: 20 },
    );
  });
});
