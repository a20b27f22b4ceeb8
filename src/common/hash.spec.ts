import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sha256Hex } from './hash';

describe('sha256Hex', () => {
  it('gives the published test vectors (FIPS 180-2)', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('hashes a text as its UTF-8 bytes, so a text and its bytes agree', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const hex = sha256Hex(text);
        expect(hex).toMatch(/^[0-9a-f]{64}$/);
        expect(sha256Hex(Buffer.from(text, 'utf8'))).toBe(hex);
        expect(hex).toBe(createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex'));
      }),
    );
  });

  it('hashes bytes that are not UTF-8 as they are', () => {
    const bytes = Buffer.from([0xff, 0xfe, 0x00, 0xc3]);
    expect(sha256Hex(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(sha256Hex(bytes)).not.toBe(sha256Hex(bytes.toString('utf8')));
  });
});
