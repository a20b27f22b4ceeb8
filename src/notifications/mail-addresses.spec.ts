import fc from 'fast-check';
import { isOwnAddress, readVerp, verpAddress, verpRecipient } from './mail-addresses';

const SECRET = 'a-test-secret-of-at-least-32-characters!';

describe('our addresses (docs/mail-rules.md 5, 7, 18)', () => {
  it('a VERP address names its recipient, signed; only ours, with a MAC that verifies, are read as VERP (docs/mail-rules.md 7)', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (recipient) => {
        const verp = verpAddress(SECRET, 'Moves@Example.org', recipient);
        expect(verp).toMatch(/^moves\+bounce-.*-[0-9a-f]{20}@example\.org$/);
        expect(verpRecipient(SECRET, 'moves@example.org', verp)).toBe(recipient.toLowerCase());
        expect(verpRecipient(SECRET, 'moves@other.org', verp)).toBeUndefined();
        // Another server's secret, or the MAC cut off: forged.
        expect(verpRecipient('another-secret-of-at-least-32-characters', 'moves@example.org', verp)).toBeUndefined();
        expect(readVerp('another-secret-of-at-least-32-characters', 'moves@example.org', verp)).toEqual({
          recipient: recipient.toLowerCase(),
          signed: false,
        });
      }),
    );
    expect(verpRecipient(SECRET, 'moves@example.org', 'moves+g123-t1-abc@example.org')).toBeUndefined();
    expect(readVerp(SECRET, 'moves@example.org', 'moves+g123-t1-abc@example.org')).toBeUndefined();
    // The unsigned form of earlier versions, and a MAC for another recipient, are refused.
    expect(readVerp(SECRET, 'moves@example.org', 'moves+bounce-ana=example.org@example.org')).toEqual({
      recipient: undefined,
      signed: false,
    });
    const ion = verpAddress(SECRET, 'moves@example.org', 'ion@example.org');
    const swapped = ion.replace('bounce-ion=', 'bounce-ana=');
    expect(readVerp(SECRET, 'moves@example.org', swapped)).toEqual({ recipient: 'ana@example.org', signed: false });
  });

  it('our own addresses include their plus forms, and nothing that merely starts like them', () => {
    const own = ['corr-scrabble@example.org', 'moves@example.org'];
    expect(isOwnAddress(own, 'Moves@Example.org')).toBe(true);
    expect(isOwnAddress(own, 'moves+bounce-a=b.org@example.org')).toBe(true);
    expect(isOwnAddress(own, 'movesx@example.org')).toBe(false);
    expect(isOwnAddress(own, 'moves@example.org.evil')).toBe(false);
  });
});
