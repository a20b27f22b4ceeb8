import fc from 'fast-check';
import { isOwnAddress, verpAddress, verpRecipient } from './mail-addresses';

describe('our addresses (MAIL.md 5, 7, 18)', () => {
  it('a VERP address names its recipient, and only ours are read as VERP', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (recipient) => {
        const verp = verpAddress('Moves@Example.org', recipient);
        expect(verp).toMatch(/^moves\+bounce-.*@example\.org$/);
        expect(verpRecipient('moves@example.org', verp)).toBe(recipient.toLowerCase());
        expect(verpRecipient('moves@other.org', verp)).toBeUndefined();
      }),
    );
    expect(verpRecipient('moves@example.org', 'moves+g123-t1-abc@example.org')).toBeUndefined();
  });

  it('our own addresses include their plus forms, and nothing that merely starts like them', () => {
    const own = ['corr-scrabble@example.org', 'moves@example.org'];
    expect(isOwnAddress(own, 'Moves@Example.org')).toBe(true);
    expect(isOwnAddress(own, 'moves+bounce-a=b.org@example.org')).toBe(true);
    expect(isOwnAddress(own, 'movesx@example.org')).toBe(false);
    expect(isOwnAddress(own, 'moves@example.org.evil')).toBe(false);
  });
});
