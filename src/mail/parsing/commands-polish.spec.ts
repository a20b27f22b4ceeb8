// The Polish command words (docs/mail-rules.md 10), as a Polish player writes them: with and
// without diacritics, any case, beside the Romanian and English ones; the PFS regulation's own
// words where it has them (PAUZA for a pass, SPRAWDZAM for a check).
import { getTileSet } from '../../engine/tile-sets';
import { COMMAND_HELP, describeCommandRefusal } from './command-texts';
import { parseCommand, type CommandResult, type MailCommand } from './commands';
import { extractReply, REPLY_MARKER } from './quotes';

const POLISH = { tileSet: getTileSet('pl') };

function command(...lines: string[]): MailCommand {
  const result = parseCommand(lines, POLISH);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result.command;
}

function refusal(...lines: string[]): Exclude<CommandResult, { ok: true }> {
  const result = parseCommand(lines, POLISH);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.command)}`);
  return result;
}

describe('Polish mail commands (docs/mail-rules.md 10)', () => {
  it('a pass is PAS or PAUZA, any case', () => {
    for (const word of ['PAS', 'PAUZA', 'pauza', 'Pauza.'])
      expect(command(word)).toMatchObject({ kind: 'move', move: { move: { kind: 'pass' } } });
  });

  it('a move uses the Polish letters of the Polish tile set', () => {
    const c = command('h8 ŻÓŁW');
    expect(c.kind === 'move' && c.move.move.kind === 'place' && c.move.move.letters.map((l) => l.letter)).toEqual(['Ż', 'Ó', 'Ł', 'W']);
  });

  it('SPRAWDZAM names every word checked', () => {
    expect(command('SPRAWDZAM KOTA, TA')).toEqual({ kind: 'challenge', words: ['KOTA', 'TA'] });
    expect(refusal('Sprawdzam')).toMatchObject({ code: 'INCOMPLETE', missing: 'challenge-words' });
  });

  it('KWESTIONUJĘ with the reply below, UZNAJĘ with the replacement, ODWOŁANIE with both lines', () => {
    expect(command('KWESTIONUJĘ KOTA', 'h8 MAMA')).toMatchObject({ kind: 'contest', words: ['KOTA'], reply: { text: 'h8 MAMA' } });
    expect(command('kwestionuje KOTA', 'h8 MAMA').kind).toBe('contest');
    expect(command('UZNAJĘ', 'h8 MAMA')).toMatchObject({ kind: 'admit', replacement: { text: 'h8 MAMA' } });
    expect(command('uznaje h8 MAMA').kind).toBe('admit');
    for (const word of ['ODWOŁANIE', 'ODWOLANIE', 'odwołanie'])
      expect(command(word, 'B: 8h MAMA', 'A: h8 KOTA')).toMatchObject({
        kind: 'appeal',
        lines: { A: { text: 'h8 KOTA' }, B: { text: '8h MAMA' } },
      });
  });

  it('URLOP with two dates, "od … do …" allowed', () => {
    expect(command('URLOP 01.02.2027 20.02.2027')).toEqual({ kind: 'holiday', from: '2027-02-01', to: '2027-02-20' });
    expect(command('urlop od 1.2.2027 do 20.2.2027')).toEqual({ kind: 'holiday', from: '2027-02-01', to: '2027-02-20' });
    expect(refusal('URLOP 20.02.2027 01.02.2027')).toMatchObject({ code: 'BAD_ARGUMENT', expected: 'dates-in-order' });
  });

  it('MYŚLĘ / MYSLE with a number of days, "dni" allowed', () => {
    expect(command('MYŚLĘ 15')).toEqual({ kind: 'long-thinking', days: 15 });
    expect(command('mysle 12 dni')).toEqual({ kind: 'long-thinking', days: 12 });
    expect(command('Myślę 1 dzień')).toEqual({ kind: 'long-thinking', days: 1 });
  });

  it('offers and endings: REMIS, PRZERWANIE, ODMAWIAM, PODDAJĘ SIĘ, PRZEKROCZENIE CZASU', () => {
    expect(command('REMIS').kind).toBe('draw');
    expect(command('przerwanie').kind).toBe('interrupt');
    expect(command('Odmawiam.').kind).toBe('decline');
    for (const words of ['PODDAJĘ SIĘ', 'PODDAJE SIE', 'poddaję się!', 'PODDAJĘ']) expect(command(words).kind).toBe('resign');
    expect(refusal('PODDAJĘ SIĘ jutro')).toMatchObject({ code: 'BAD_ARGUMENT', command: 'resign', expected: 'nothing' });
    expect(command('PRZEKROCZENIE CZASU').kind).toBe('claim-time');
  });

  it('ODPOWIEDŹ and POZYCJA carry their text; POTWIERDZAM / AKCEPTUJĘ and ZASTRZEŻENIE answer the final sheet', () => {
    expect(command('ODPOWIEDŹ: byłem w szpitalu')).toEqual({ kind: 'answer', text: 'byłem w szpitalu' });
    expect(command('odpowiedz', 'byłem w szpitalu')).toEqual({ kind: 'answer', text: 'byłem w szpitalu' });
    expect(command('POZYCJA CZERWONY 212 – NIEBIESKI 187')).toEqual({ kind: 'position', text: 'CZERWONY 212 – NIEBIESKI 187' });
    expect(command('POTWIERDZAM')).toEqual({ kind: 'confirm' });
    expect(command('Akceptuję')).toEqual({ kind: 'confirm' });
    expect(command('ZASTRZEŻENIE zły wynik w 12. ruchu')).toEqual({ kind: 'objection', text: 'zły wynik w 12. ruchu' });
    expect(command('zastrzezenie').kind).toBe('objection');
  });

  it('PODSUMOWANIE TAK | NIE, PLANSZA or STATUS', () => {
    expect(command('PODSUMOWANIE TAK')).toEqual({ kind: 'digest', on: true });
    expect(command('podsumowanie nie')).toEqual({ kind: 'digest', on: false });
    expect(command('PLANSZA').kind).toBe('status');
    expect(command('STATUS').kind).toBe('status');
  });

  it('JEŚLI … WTEDY … is a conditional; a sentence opening with "Jeśli" is not', () => {
    expect(command('JEŚLI 7c GO WTEDY c7 GOL')).toEqual({ kind: 'conditional', text: 'JEŚLI 7c GO WTEDY c7 GOL' });
    expect(command('jesli 7c GO wtedy c7 GOL', 'JEŚLI PAS', 'WTEDY h8 KOTA')).toEqual({
      kind: 'conditional',
      text: 'jesli 7c GO wtedy c7 GOL\nJEŚLI PAS\nWTEDY h8 KOTA',
    });
    expect(refusal('Jeśli można, proszę o więcej czasu.')).toEqual({ ok: false, code: 'NO_COMMAND' });
  });

  it('a Polish greeting before the command is allowed', () => {
    expect(command('Dzień dobry,', 'REMIS').kind).toBe('draw');
  });

  it('Romanian and English words keep working for a Polish game', () => {
    expect(command('VERIFIC KOTA')).toEqual({ kind: 'challenge', words: ['KOTA'] });
    expect(command('HOLIDAY 2027-02-01 2027-02-20').kind).toBe('holiday');
  });

  it('every refusal reads in Polish', () => {
    expect(describeCommandRefusal(refusal('Dziękuję za partię'), 'pl')).toBe('W Twojej odpowiedzi nie ma żadnego polecenia.');
    expect(describeCommandRefusal(refusal('URLOP'), 'pl')).toBe('Polecenie jest niepełne: wpisz pierwszy i ostatni dzień urlopu.');
    expect(describeCommandRefusal(refusal('REMIS', 'PODDAJĘ SIĘ'), 'pl')).toContain('kilka poleceń');
    expect(describeCommandRefusal(refusal('h8 KOT4'), 'pl')).not.toBe('');
  });

  it('the help lists the Polish words in all three languages, the Romanian and English ones in the Polish help', () => {
    for (const language of ['ro', 'en'] as const)
      expect(COMMAND_HELP[language]).toMatch(/PAUZA, SPRAWDZAM, URLOP, REMIS, PODDAJĘ, POTWIERDZAM/);
    for (const word of [
      'PAUZA',
      'SPRAWDZAM',
      'KWESTIONUJĘ',
      'UZNAJĘ',
      'ODWOŁANIE',
      'URLOP',
      'MYŚLĘ',
      'REMIS',
      'PRZERWANIE',
      'ODMAWIAM',
      'PODDAJĘ SIĘ',
      'PRZEKROCZENIE CZASU',
      'ODPOWIEDŹ',
      'POZYCJA',
      'POTWIERDZAM',
      'ZASTRZEŻENIE',
      'PODSUMOWANIE',
      'PLANSZA',
      'JEŚLI',
    ])
      expect(COMMAND_HELP.pl).toContain(word);
    expect(COMMAND_HELP.pl).toMatch(/VERIFIC, CHALLENGE, CONCEDIU, HOLIDAY/);
  });
});

describe('a Polish reply, cut where its mail client quotes', () => {
  it('at our Polish marker and at "W dniu … napisał(a):"', () => {
    const text = ['REMIS', '', `> ${REPLY_MARKER.pl}`, '> h8 KOTA'].join('\n');
    expect(extractReply({ text }).lines).toEqual(['REMIS']);
    const gmail = ['PAUZA', '', 'W dniu 6.12.2026 o 12:00 Jan Kowalski <jan@example.pl> napisał(a):', 'h8 KOTA'].join('\n');
    expect(extractReply({ text: gmail }).lines).toEqual(['PAUZA']);
  });

  it("at Outlook's Polish header block", () => {
    const text = [
      'PODDAJĘ SIĘ',
      '',
      'Od: Platforma <moves@example.org>',
      'Wysłano: sobota, 6 grudnia 2026',
      'Temat: partia',
      'h8 KOTA',
    ].join('\n');
    expect(extractReply({ text }).lines).toEqual(['PODDAJĘ SIĘ']);
  });
});
