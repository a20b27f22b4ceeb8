import fc from 'fast-check';
import { getTileSet } from '../../engine/tile-sets';
import { COMMAND_HELP, describeCommandRefusal } from './command-texts';
import { parseCommand, type CommandResult, type MailCommand } from './commands';

function command(...lines: string[]): MailCommand {
  const result = parseCommand(lines);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result.command;
}

function refusal(...lines: string[]): Exclude<CommandResult, { ok: true }> {
  const result = parseCommand(lines);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.command)}`);
  return result;
}

/** The move line of a command, as text and direction, to keep expectations short. */
function moveOf(c: MailCommand): { text: string; direction?: string; declaredScore?: number } {
  if (c.kind !== 'move') throw new Error(c.kind);
  const m = c.move.move;
  return {
    text: c.move.text,
    ...(m.kind === 'place' && { direction: m.direction }),
    ...(c.move.declaredScore !== undefined && { declaredScore: c.move.declaredScore }),
  };
}

describe('parseCommand (docs/mail-rules.md 10)', () => {
  describe('moves, read by the engine’s notation reader', () => {
    it('across and down, with or without a colon', () => {
      expect(moveOf(command('h8 CASA'))).toEqual({ text: 'h8 CASA', direction: 'across' });
      expect(moveOf(command('8h: CASA'))).toEqual({ text: '8h: CASA', direction: 'down' });
    });

    it('blanks in lower case, diacritics and cedilla folded', () => {
      const c = command('h8 ŢARă');
      expect(
        c.kind === 'move' && c.move.move.kind === 'place' && c.move.move.letters.map((l) => `${l.letter}${l.blank ? '?' : ''}`),
      ).toEqual(['T', 'A', 'R', 'A?']);
    });

    it('a declared score after the word, returned to be compared (docs/rules.md §3)', () => {
      expect(moveOf(command('h8 CASA 24'))).toEqual({ text: 'h8 CASA 24', direction: 'across', declaredScore: 24 });
    });

    it('a pass in either language, any case, a full stop allowed', () => {
      for (const text of ['PAS', 'pass', 'Pas.'])
        expect(command(text)).toEqual({ kind: 'move', move: { text: text.replace('.', ''), move: { kind: 'pass' } } });
    });

    it('a line written as a move but unreadable: the engine’s reason', () => {
      const r = refusal('h8 CAS4');
      expect(r).toMatchObject({ code: 'BAD_MOVE', text: 'h8 CAS4', error: { code: 'BAD_NOTATION' } });
      expect(describeCommandRefusal(r, 'ro')).toContain('„h8 CAS4”');
    });

    it('the game’s alphabet decides the letters', () => {
      expect(parseCommand(['h8 KWAY'], { tileSet: getTileSet('en') }).ok).toBe(true);
      expect(parseCommand(['h8 ĄŁ'], { tileSet: getTileSet('en') })).toMatchObject({ ok: false, code: 'BAD_MOVE' });
    });
  });

  describe('disputes (docs/rules.md §6)', () => {
    it('CONTEST with its words and the provisional reply on the next line', () => {
      expect(command('CONTEST CASA, MAS', 'd4 MARE')).toMatchObject({
        kind: 'contest',
        words: ['CASA', 'MAS'],
        reply: { text: 'd4 MARE' },
      });
      expect(command('contestez 8h: casa', 'PAS')).toMatchObject({ kind: 'contest', words: ['CASA'], reply: { move: { kind: 'pass' } } });
    });

    it('CONTEST without the reply move is incomplete', () => {
      expect(refusal('CONTEST CASA')).toEqual({ ok: false, code: 'INCOMPLETE', command: 'contest', missing: 'reply-move' });
      expect(refusal('CONTEST', 'h8 MASA')).toEqual({ ok: false, code: 'INCOMPLETE', command: 'contest', missing: 'words' });
    });

    it('VERIFIC / CHALLENGE / SPRAWDZAM (PFS rules, docs/rules.md §13) names the words to check, and nothing else', () => {
      expect(command('VERIFIC CASA, ASA')).toEqual({ kind: 'challenge', words: ['CASA', 'ASA'] });
      expect(command('challenge 8h: casa')).toEqual({ kind: 'challenge', words: ['CASA'] });
      expect(command('Sprawdzam żółw')).toEqual({ kind: 'challenge', words: ['ŻÓŁW'] });
      expect(refusal('VERIFIC')).toEqual({ ok: false, code: 'INCOMPLETE', command: 'challenge', missing: 'challenge-words' });
      expect(COMMAND_HELP.ro).toContain('VERIFIC');
      expect(COMMAND_HELP.en).toContain('CHALLENGE');
    });

    it('ADMIT / RECUNOSC with the replacement, on the next line or the same one', () => {
      expect(command('RECUNOSC', 'h8 MASA')).toMatchObject({ kind: 'admit', replacement: { text: 'h8 MASA' } });
      expect(command('admit h8 MASA')).toMatchObject({ kind: 'admit', replacement: { text: 'h8 MASA' } });
      expect(refusal('ADMIT')).toMatchObject({ code: 'INCOMPLETE', missing: 'replacement-move' });
    });

    it('APEL / APPEAL with one move per line, labelled A and B in either order', () => {
      expect(command('APEL', 'A: h8 CASA', 'B: 8h MASA')).toMatchObject({
        kind: 'appeal',
        lines: { A: { text: 'h8 CASA' }, B: { text: '8h MASA' } },
      });
      expect(command('appeal', 'b: PASS', 'a: h8 CASA')).toMatchObject({
        kind: 'appeal',
        lines: { A: { text: 'h8 CASA' }, B: { move: { kind: 'pass' } } },
      });
      expect(refusal('APEL', 'A: h8 CASA')).toMatchObject({ code: 'INCOMPLETE', missing: 'line-B' });
      expect(refusal('APEL', 'A: h8 CASA', 'A: d4 MARE')).toMatchObject({ code: 'BAD_ARGUMENT', expected: 'one-line-each' });
    });

    it('a turn in a game with two live lines', () => {
      expect(command('A: h8 CASA', 'B: 8h CASA')).toMatchObject({
        kind: 'line-moves',
        lines: { A: { text: 'h8 CASA' }, B: { text: '8h CASA' } },
      });
      expect(refusal('A: h8 CASA')).toMatchObject({ code: 'INCOMPLETE', command: 'line-moves', missing: 'line-B' });
      expect(refusal('A: h8 CAS4', 'B: 8h CASA')).toMatchObject({ code: 'BAD_MOVE' });
    });
  });

  describe('time (docs/rules.md §5)', () => {
    it('CONCEDIU / HOLIDAY with two dates as players write them', () => {
      const holiday = { kind: 'holiday', from: '2027-02-01', to: '2027-02-20' };
      expect(command('CONCEDIU 01.02.2027 20.02.2027')).toEqual(holiday);
      expect(command('concediu 1.2.2027 - 20.2.2027')).toEqual(holiday);
      expect(command('CONCEDIU de la 01/02/2027 până la 20/02/2027')).toEqual(holiday);
      expect(command('HOLIDAY 2027-02-01 to 2027-02-20')).toEqual(holiday);
    });

    it('refuses dates that are missing, unreal or reversed', () => {
      expect(refusal('CONCEDIU')).toMatchObject({ code: 'INCOMPLETE', missing: 'dates' });
      expect(refusal('CONCEDIU 01.02.2027')).toMatchObject({ code: 'BAD_ARGUMENT', expected: 'dates' });
      expect(refusal('CONCEDIU 30.02.2027 10.03.2027')).toMatchObject({
        code: 'BAD_ARGUMENT',
        argument: '30.02.2027',
        expected: 'real-date',
      });
      expect(refusal('HOLIDAY 2027-03-01 2027-02-01')).toMatchObject({ code: 'BAD_ARGUMENT', expected: 'dates-in-order' });
      expect(refusal('CONCEDIU 01.02.2027 20.02.2027 poate')).toMatchObject({ code: 'BAD_ARGUMENT', expected: 'dates' });
    });

    it('GANDESC / GÂNDESC / THINKING with a number of days', () => {
      expect(command('GANDESC 15')).toEqual({ kind: 'long-thinking', days: 15 });
      expect(command('Gândesc 12 zile')).toEqual({ kind: 'long-thinking', days: 12 });
      expect(command('THINKING 20 days')).toEqual({ kind: 'long-thinking', days: 20 });
      expect(refusal('GANDESC mult')).toMatchObject({ code: 'BAD_ARGUMENT', expected: 'days' });
      expect(refusal('THINKING')).toMatchObject({ code: 'INCOMPLETE', missing: 'days' });
    });

    it('RECLAM TIMP / CLAIM TIME, RASPUNS / ANSWER with its text', () => {
      expect(command('RECLAM TIMP')).toEqual({ kind: 'claim-time' });
      expect(command('claim time')).toEqual({ kind: 'claim-time' });
      expect(command('RĂSPUNS: am trimis mutarea la timp.', 'Dovada e atașată.')).toEqual({
        kind: 'answer',
        text: 'am trimis mutarea la timp.\nDovada e atașată.',
      });
      expect(refusal('ANSWER')).toMatchObject({ code: 'INCOMPLETE', missing: 'text' });
    });
  });

  describe('offers, endings, the sheet and the rest', () => {
    it.each([
      ['REMIZA', 'draw'],
      ['Remiză', 'draw'],
      ['DRAW', 'draw'],
      ['INTRERUPERE', 'interrupt'],
      ['întrerupere', 'interrupt'],
      ['INTERRUPT', 'interrupt'],
      ['REFUZ', 'decline'],
      ['decline', 'decline'],
      ['ABANDON', 'resign'],
      ['RESIGN.', 'resign'],
      ['STARE', 'status'],
      ['status', 'status'],
    ])('%s', (line, kind) => {
      expect(command(line)).toEqual({ kind });
    });

    it('nothing may follow an irreversible word on its line', () => {
      expect(refusal('ABANDON felicitări')).toEqual({
        ok: false,
        code: 'BAD_ARGUMENT',
        command: 'resign',
        argument: 'felicitări',
        expected: 'nothing',
      });
    });

    it('SITUATIE / POSITION, CONFIRM and OBIECTIE / OBJECTION', () => {
      expect(command('SITUAȚIE câștigam cu 40 de puncte')).toEqual({ kind: 'position', text: 'câștigam cu 40 de puncte' });
      expect(command('CONFIRM')).toEqual({ kind: 'confirm' });
      expect(command('OBIECTIE', 'scorul turului 3 e greșit')).toEqual({ kind: 'objection', text: 'scorul turului 3 e greșit' });
      expect(command('objection')).toEqual({ kind: 'objection' });
    });

    it('DIGEST ON | OFF', () => {
      expect(command('DIGEST ON')).toEqual({ kind: 'digest', on: true });
      expect(command('digest off')).toEqual({ kind: 'digest', on: false });
      expect(command('DIGEST da')).toEqual({ kind: 'digest', on: true });
      expect(refusal('DIGEST maybe')).toMatchObject({ code: 'BAD_ARGUMENT', expected: 'on-off' });
    });
  });

  describe('one action per mail', () => {
    it('allows a greeting before the command and anything that is no command after it', () => {
      expect(moveOf(command('Bună ziua,', 'h8 CASA', 'Mulțumesc pentru joc!'))).toMatchObject({ text: 'h8 CASA' });
    });

    it('refuses two commands rather than guess between them', () => {
      expect(refusal('PAS', 'h8 CASA')).toEqual({ ok: false, code: 'SEVERAL_COMMANDS', lines: ['PAS', 'h8 CASA'] });
    });

    it('finds no command in prose, and says what is accepted', () => {
      expect(refusal('mut CASA pe h8 dacă se poate')).toEqual({ ok: false, code: 'NO_COMMAND' });
      expect(refusal()).toEqual({ ok: false, code: 'NO_COMMAND' });
      expect(refusal('Salut,', 'Ce mai faci,', 'Ion,', 'h8 CASA')).toEqual({ ok: false, code: 'NO_COMMAND' });
      expect(COMMAND_HELP.ro).toContain('CONCEDIU');
      expect(COMMAND_HELP.en).toContain('HOLIDAY');
    });
  });

  it('the help text keeps to 78 columns', () => {
    for (const text of Object.values(COMMAND_HELP)) for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
  });

  it('never throws; a refusal always has a description in both languages', () => {
    const word = fc.constantFrom(
      'h8',
      '8h:',
      'CASA',
      'casa',
      'PAS',
      'CONTEST',
      'APEL',
      'A:',
      'B:',
      'CONCEDIU',
      '01.02.2027',
      '2027-13-45',
      'GANDESC',
      '15',
      'DIGEST',
      'ON',
      'RECLAM',
      'TIMP',
      'Ţ',
      '(AS)',
      ',',
      '!',
    );
    const line = fc.oneof(
      fc.array(word, { maxLength: 5 }).map((w) => w.join(' ')),
      fc.string({ maxLength: 30 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
        const result = parseCommand(lines);
        if (!result.ok) {
          expect(describeCommandRefusal(result, 'ro')).not.toBe('');
          expect(describeCommandRefusal(result, 'en')).not.toBe('');
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('a note with a move', () => {
  it('the non-empty lines after the move become its note, up to a signature', () => {
    const c = parseCommand(['h8 CASA', '', 'Bună mutare, nu?', 'Pe curând.', '--', 'Ion Popescu', 'tel. 0722']);
    expect(c).toMatchObject({ ok: true, command: { kind: 'move', note: 'Bună mutare, nu?\nPe curând.' } });
  });

  it('a move alone has no note; a pass may carry one', () => {
    expect(command('h8 CASA')).not.toHaveProperty('note');
    expect(command('PAS', 'Nu am vocale.')).toMatchObject({ kind: 'move', move: { move: { kind: 'pass' } }, note: 'Nu am vocale.' });
  });

  it('a second command below the move is still refused, not taken as a note', () => {
    expect(refusal('h8 CASA', 'Salut', '9g ASA').code).toBe('SEVERAL_COMMANDS');
  });

  it('property: any note text written below the move comes back as the note', () => {
    const noteLine = fc.string({ minLength: 1, maxLength: 40 }).map((s) => `— ${s.replace(/[\r\n\u0000-\u001f]/g, ' ')}`.trim());
    fc.assert(
      fc.property(fc.array(noteLine, { minLength: 1, maxLength: 5 }), (lines) => {
        const result = parseCommand(['h8 CASA', ...lines]);
        expect(result).toMatchObject({ ok: true, command: { kind: 'move', note: lines.map((l) => l.trim()).join('\n') } });
      }),
    );
  });
});

describe('conditional replies by mail', () => {
  it('IF … THEN … and DACĂ … ATUNCI … are one command, its pairs on one line or several', () => {
    expect(command('IF 7c GO THEN c7 GOL')).toEqual({ kind: 'conditional', text: 'IF 7c GO THEN c7 GOL' });
    expect(command('Bună ziua,', 'Dacă 7c GO atunci c7 GOL', 'DACA pas', 'ATUNCI h8 CASA', '', '--', 'Ion')).toEqual({
      kind: 'conditional',
      text: 'Dacă 7c GO atunci c7 GOL\nDACA pas\nATUNCI h8 CASA',
    });
  });

  it('a sentence that opens with "Dacă" is not a conditional; a move below a conditional is a second command', () => {
    expect(refusal('Dacă puteți, scrieți-mi.')).toEqual({ ok: false, code: 'NO_COMMAND' });
    expect(refusal('IF 7c GO THEN c7 GOL', 'h8 CASA')).toMatchObject({ code: 'SEVERAL_COMMANDS' });
  });
});
