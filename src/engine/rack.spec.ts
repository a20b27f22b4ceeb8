import { openingRacks, parseSequence, rackLetters, refillRack, takeFromRack, type Rack } from './rack';
import { en, ro, sequenceStarting } from './testing/fixtures';

const tiles = (letters: string, from = 0): Rack => [...letters].map((letter, i) => ({ letter, position: from + i }));

describe('racks from the dealt sequence (docs/rules.md §2)', () => {
  const sequence = [...sequenceStarting('CASTELEHAINERU')];

  it('deals RED tiles 1–7 and BLUE tiles 8–14', () => {
    const { red, blue, next } = openingRacks(sequence);
    expect(rackLetters(red).join('')).toBe('CASTELE');
    expect(rackLetters(blue).join('')).toBe('HAINERU');
    expect(blue.map((t) => t.position)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(next).toBe(14);
  });

  it('refills from the next untaken tiles, in order, up to seven', () => {
    const kept = tiles('AB', 3);
    const refill = refillRack(kept, sequence, 20);
    expect(refill.drawn).toEqual([20, 21, 22, 23, 24]);
    expect(refill.next).toBe(25);
    expect(refill.rack.map((t) => t.position)).toEqual([3, 4, 20, 21, 22, 23, 24]);
  });

  it('draws what is left when the sequence runs out, and nothing from an empty one', () => {
    expect(refillRack([], sequence, 97).drawn).toEqual([97, 98, 99]);
    expect(refillRack(tiles('A'), sequence, 100)).toEqual({ rack: tiles('A'), next: 100, drawn: [] });
  });

  it('takes tiles out, the earliest of equal letters first, reporting them in sequence order', () => {
    const rack = tiles('CASTELE');
    const taken = takeFromRack(rack, ['E', 'C', 'E'])!;
    expect(taken.used.map((t) => t.position)).toEqual([0, 4, 6]);
    expect(rackLetters(taken.kept).join('')).toBe('ASTL');
    expect(takeFromRack(rack, ['?'])).toBeUndefined();
    expect(takeFromRack(rack, ['C', 'C'])).toBeUndefined();
  });
});

describe('parseSequence', () => {
  it('accepts the exact distribution, ignoring spaces, case and diacritics', () => {
    const text = sequenceStarting('CASA');
    expect(parseSequence(ro, text)).toMatchObject({ ok: true, tiles: [...text] });
    const spaced = `căȘA ${text.slice(4)}`.replace(/(.{10})/g, '$1 ');
    expect(parseSequence(ro, spaced)).toMatchObject({ ok: true, tiles: [...text] });
  });

  it('refuses a letter in excess, an unknown letter, a wrong length', () => {
    const text = sequenceStarting('');
    const excess = parseSequence(ro, `H${text.slice(1)}`);
    expect(excess).toMatchObject({ ok: false });
    if (!excess.ok) expect(excess.message.en).toContain('2 × H');
    expect(parseSequence(ro, `K${text.slice(1)}`)).toMatchObject({ ok: false });
    const short = parseSequence(ro, text.slice(1));
    if (short.ok) throw new Error('accepted 99 tiles');
    expect(short.message.ro).toContain('99');
    expect(parseSequence(en, sequenceStarting('', en))).toMatchObject({ ok: true });
  });
});
