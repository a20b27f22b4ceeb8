import fc from 'fast-check';
import { Refusal } from '../../common/refusal';
import { checkLexiconUpload, countWords, lexiconExists, MAX_LEXICON_BYTES } from './lexicon-upload';

const messageOf = (result: unknown) => (result instanceof Refusal ? result.messages : null);

describe('checkLexiconUpload: a word list before it is stored', () => {
  it('takes a safe name in lower case and counts the non-blank lines, ending the text with a line break', () => {
    expect(checkLexiconUpload(' Test-RO ', 'CASA\r\n\nMASĂ')).toEqual({ name: 'test-ro', words: 2, text: 'CASA\r\n\nMASĂ\n' });
    expect(checkLexiconUpload('dex_2027', 'CASA\n')).toEqual({ name: 'dex_2027', words: 1, text: 'CASA\n' });
  });

  it('refuses any name that could leave the lexicon folder', () => {
    for (const name of ['../../evil', '..%2fevil', '/tmp/evil', 'a/../../evil', '.hidden', '', 'x'.repeat(41)]) {
      expect(messageOf(checkLexiconUpload(name, 'CASA\n'))?.ro).toBe(
        'Numele listei: litere mici, cifre, - și _, cel mult 40 de caractere.',
      );
    }
  });

  it('accepts exactly the names made of lower-case letters, digits, - and _ (at most 40, not starting with - or _)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 45 }), (name) => {
        const ok = /^[a-z0-9][a-z0-9_-]{0,39}$/.test(name.trim().toLowerCase());
        expect(checkLexiconUpload(name, 'CASA\n') instanceof Refusal).toBe(!ok);
      }),
    );
  });

  it('refuses a list with no word, and one over 20 MB', () => {
    expect(messageOf(checkLexiconUpload('gol', ' \n\r\n\t'))?.en).toBe('The list holds no word.');
    expect(messageOf(checkLexiconUpload('mare', 'Ș'.repeat(MAX_LEXICON_BYTES / 2 + 1)))?.ro).toBe('Lista depășește 20 MB.');
  });

  it('says an existing list is never replaced, in both languages', () => {
    const refusal = lexiconExists('test-ro');
    expect([refusal.code, refusal.getStatus()]).toEqual(['LEXICON_EXISTS', 409]);
    expect(refusal.messages.ro).toContain('„test-ro” există deja');
    expect(refusal.messages.en).toContain('"test-ro" already exists');
  });

  it('counts the lines holding more than white space, as splitting the text would', () => {
    expect(countWords('żółw\r\n\n  \t\r\nźdźbło  \nx')).toBe(3);
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'ł', ' ', '\n', '\r', '\t', '\u00a0') }), (text) => {
        expect(countWords(text)).toBe(text.split(/\r?\n/).filter((l) => l.trim() !== '').length);
      }),
    );
  });
});
