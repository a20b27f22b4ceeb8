import * as iconv from 'iconv-lite';
import fc from 'fast-check';
import { decodeBytes } from './charset';

const ROMANIAN = 'Mulțumesc, Ștefan: țară, șah, încă, mâine.';

describe('decodeBytes (docs/mail-rules.md 8: declared, then utf-8, windows-1250, iso-8859-2, iso-8859-16)', () => {
  it('uses the declared charset when it fits the bytes', () => {
    const bytes = iconv.encode(ROMANIAN, 'iso-8859-16');
    expect(decodeBytes(bytes, 'ISO-8859-16')).toEqual({ text: ROMANIAN, charset: 'iso-8859-16', fellBack: false, unknownDeclared: false });
  });

  it('reads unlabelled UTF-8 as UTF-8', () => {
    expect(decodeBytes(Buffer.from(ROMANIAN, 'utf8'))).toMatchObject({ text: ROMANIAN, charset: 'utf-8' });
  });

  it('reads unlabelled windows-1250 with cedilla ş/ţ, as older Romanian clients send it', () => {
    const text = 'Mulţumesc, Ştefan: ţară, şah.';
    expect(decodeBytes(iconv.encode(text, 'windows-1250'))).toMatchObject({ text, charset: 'windows-1250', fellBack: false });
  });

  it('falls back when UTF-8 is declared but the bytes are windows-1250', () => {
    const text = 'Ţurcanu: şah';
    expect(decodeBytes(iconv.encode(text, 'windows-1250'), 'utf-8')).toMatchObject({ text, charset: 'windows-1250', fellBack: true });
  });

  it('falls back from a charset nobody knows, and says so', () => {
    expect(decodeBytes(Buffer.from(ROMANIAN, 'utf8'), 'x-roman-unknown')).toMatchObject({
      text: ROMANIAN,
      charset: 'utf-8',
      unknownDeclared: true,
      fellBack: true,
    });
  });

  it('never decodes from UTF-7, which would smuggle markup', () => {
    const decoded = decodeBytes(Buffer.from('+ADw-script+AD4-', 'latin1'), 'utf-7');
    expect(decoded.text).toBe('+ADw-script+AD4-');
    expect(decoded.unknownDeclared).toBe(true);
  });

  it('ends with UTF-8 and replacement characters when no charset reads every byte', () => {
    // 0x81 and 0x98 have no letter in windows-1250 and are C1 controls in iso-8859-2/16.
    expect(decodeBytes(Buffer.from([0x61, 0x81, 0x98]))).toMatchObject({ text: 'a\uFFFD\uFFFD', charset: 'utf-8' });
  });

  it('never throws, whatever the bytes and the label', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.option(fc.string({ maxLength: 20 })), (bytes, label) => {
        const decoded = decodeBytes(bytes, label);
        expect(typeof decoded.text).toBe('string');
      }),
    );
  });
});
