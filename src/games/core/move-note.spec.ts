import fc from 'fast-check';
import Handlebars from 'handlebars';
import { Refusal } from '../../common/refusal';
import { ARBITER_READER, decideNote, MAX_NOTE_LENGTH, noteFor, playerReader, PUBLIC_READER } from './move-note';

function refusalOf(raw: string): Refusal {
  const decided = decideNote(raw);
  if (!(decided instanceof Refusal)) throw new Error(`accepted: ${String(decided)}`);
  return decided;
}

describe('decideNote', () => {
  it('keeps a note trimmed, its line breaks made plain', () => {
    expect(decideNote('  Frumoasă mutare!\r\nPe curând.  ')).toBe('Frumoasă mutare!\nPe curând.');
  });

  it('no note: absent, null or only blanks', () => {
    expect(decideNote(undefined)).toBeNull();
    expect(decideNote(null)).toBeNull();
    expect(decideNote(' \n\t ')).toBeNull();
  });

  it('refuses control characters with a typed refusal in both languages', () => {
    const refusal = refusalOf('bine\u0007 jucat');
    expect(refusal.code).toBe('BAD_NOTE');
    expect(refusal.status).toBe(400);
    expect(refusal.messages.ro).toMatch(/caractere de control/);
    expect(refusal.messages.en).toMatch(/control characters/);
    expect(refusalOf('\u001b[31mroșu').code).toBe('BAD_NOTE');
  });

  it('refuses a note longer than the limit, counted in characters, not UTF-16 units', () => {
    expect(decideNote('ă'.repeat(MAX_NOTE_LENGTH))).toBe('ă'.repeat(MAX_NOTE_LENGTH));
    expect(decideNote('😀'.repeat(MAX_NOTE_LENGTH))).toBe('😀'.repeat(MAX_NOTE_LENGTH));
    expect(refusalOf('x'.repeat(MAX_NOTE_LENGTH + 1)).messages.en).toMatch(/longer than 500/);
  });

  it('property: a kept note is trimmed, within the limit, free of control characters, and decided again unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 600 }), (raw) => {
        const decided = decideNote(raw);
        if (decided instanceof Refusal || decided === null) return;
        expect(decided).toBe(decided.trim());
        expect([...decided].length).toBeLessThanOrEqual(MAX_NOTE_LENGTH);
        expect(decideNote(decided)).toBe(decided);
      }),
    );
  });

  it('property: any kept note survives HTML escaping as text (what every view does)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (raw) => {
        const decided = decideNote(raw);
        if (decided instanceof Refusal || decided === null) return;
        const escaped = Handlebars.escapeExpression(decided);
        expect(escaped).not.toMatch(/[<>"'`]/);
        const unescaped = escaped.replace(
          /&(lt|gt|quot|#x27|#x60|#x3D|amp);/g,
          (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#x27': "'", '#x60': '`', '#x3D': '=', amp: '&' })[e]!,
        );
        expect(unescaped).toBe(decided);
      }),
    );
  });
});

describe('noteFor: who reads a note (docs/features.md A note with a move, docs/web.md Security model)', () => {
  const move = { color: 'red' as const, note: 'Pe curând' };

  it('its writer, the partner and the arbiter read it; a published copy, and so everyone else, does not', () => {
    expect(noteFor(playerReader('red'), move)).toBe('Pe curând');
    expect(noteFor(playerReader('blue'), move)).toBe('Pe curând');
    expect(noteFor(ARBITER_READER, move)).toBe('Pe curând');
    expect(noteFor(PUBLIC_READER, move)).toBeNull();
  });

  it('a move without a note has none for anyone', () => {
    for (const reader of [playerReader('red'), ARBITER_READER, PUBLIC_READER]) {
      expect(noteFor(reader, { color: 'blue', note: null })).toBeNull();
      expect(noteFor(reader, { color: 'blue' })).toBeNull();
    }
  });
});
