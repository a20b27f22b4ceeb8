import { engineError, type ErrorDetails } from './messages';
import type { EngineErrorCode } from './types';

// One example of each code's details: the compiler checks that every code is listed.
const EXAMPLES: { [C in EngineErrorCode]: ErrorDetails[C] } = {
  GAME_OVER: {},
  BAD_NOTATION: { text: 'h8 CA1SA', problem: { kind: 'character', char: '1' } },
  OFF_BOARD: { square: 'h16', atStart: false },
  FIRST_MOVE_NOT_ON_CENTER: {},
  NOT_CONNECTED: {},
  INCOMPLETE_WORD: { square: 'h12', letter: 'T', side: 'after' },
  WORD_MISMATCH: { square: 'h9', written: 'O', found: 'A' },
  NO_NEW_TILES: {},
  WORD_TOO_SHORT: { word: 'A' },
  TILES_NOT_IN_RACK: { square: 'h8', letter: 'X', blank: false, rack: 'CASAEIR', noSuchTile: false },
  ZERO_SCORE_PLACEMENT: {},
  NOT_IN_LINE: {},
  GAP: { square: 'h10' },
};

describe('refusal messages', () => {
  it.each(Object.keys(EXAMPLES) as EngineErrorCode[])('%s has a Romanian and an English message', (code) => {
    const error = engineError(code, EXAMPLES[code] as never);
    expect(error).toMatchObject({ ok: false, code });
    expect(error.message.ro.length).toBeGreaterThan(20);
    expect(error.message.en.length).toBeGreaterThan(20);
    expect(error.message.ro).not.toBe(error.message.en);
  });

  it.each(Object.keys(EXAMPLES) as EngineErrorCode[])('%s has a Polish message too, with the same squares and letters', (code) => {
    const { en, pl } = engineError(code, EXAMPLES[code] as never).message;
    expect(pl!.length).toBeGreaterThan(20);
    expect(pl).not.toBe(en);
    for (const detail of en.match(/\b[a-o]\d{1,2}\b|\b[A-Z]{2,}\b/g)?.filter((d) => !['CASA', 'PASS'].includes(d)) ?? []) {
      expect(pl).toContain(detail);
    }
  });

  it('names the square and the letters involved', () => {
    expect(engineError('WORD_MISMATCH', EXAMPLES.WORD_MISMATCH).message).toEqual({
      ro: 'Pe h9 se află deja litera A, nu O.',
      en: 'Square h9 already holds A, not O.',
      pl: 'Na h9 leży już litera A, a nie O.',
    });
    expect(engineError('TILES_NOT_IN_RACK', EXAMPLES.TILES_NOT_IN_RACK).message.ro).toContain('CASAEIR');
  });

  it('explains every kind of notation problem in both languages', () => {
    const problems: ErrorDetails['BAD_NOTATION']['problem'][] = [
      { kind: 'empty' },
      { kind: 'coordinate', coord: 'zz' },
      { kind: 'no-word' },
      { kind: 'character', char: '1' },
      { kind: 'parentheses' },
      { kind: 'trailing', text: 'foo' },
      { kind: 'letter', letter: 'ß' },
      { kind: 'duplicate-square', square: 'h8' },
    ];
    const messages = problems.map((problem) => engineError('BAD_NOTATION', { text: 'x', problem }).message);
    expect(new Set(messages.map((m) => m.ro)).size).toBe(problems.length);
    expect(new Set(messages.map((m) => m.en)).size).toBe(problems.length);
    expect(new Set(messages.map((m) => m.pl)).size).toBe(problems.length);
  });
});
