import fc from 'fast-check';
import { cleanName } from './names';

describe('cleanName', () => {
  it.each([
    ['Ana\r\nBcc: evil@x.example', 'Ana Bcc: evil@x.example'],
    ['Ion\u0085Popescu', 'Ion Popescu'],
    ['Ion\u2028Popescu\u2029', 'Ion Popescu'],
    ['\tMaria  Ionescu\u001b[31m ', 'Maria Ionescu [31m'],
    ['abc\u202edcba', 'abc dcba'],
    ['Ștefan Țurcanu', 'Ștefan Țurcanu'],
  ])('%j becomes %j', (input, expected) => {
    expect(cleanName(input)).toBe(expected);
  });

  it('never leaves a character that could start a new line, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const clean = cleanName(s);
        expect(clean).not.toMatch(/[\r\n\u0085\u2028\u2029\u0000-\u001f\u007f-\u009f]/);
        expect(cleanName(clean)).toBe(clean);
      }),
    );
  });
});
