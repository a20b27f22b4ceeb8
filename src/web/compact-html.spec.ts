import fc from 'fast-check';
import { compactHtml } from './compact-html';

describe('compactHtml', () => {
  it('turns indentation and blank lines into one line break', () => {
    expect(compactHtml('<ul>\n    <li>a</li>\n\n\t  <li>b</li>\r\n</ul>\n')).toBe('<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n');
  });

  it('keeps spaces within a line, which can be content', () => {
    expect(compactHtml('<p>Puncte:  <b>12</b> din  30</p>')).toBe('<p>Puncte:  <b>12</b> din  30</p>');
  });

  it('keeps the text of pre and textarea as written', () => {
    const source = '<div>\n  <pre class="game-sheet">  1.  H8 CASĂ\n\n     12\n</pre>\n  <textarea name="t">\n  x\n</textarea>\n</div>';
    expect(compactHtml(source)).toBe(
      '<div>\n<pre class="game-sheet">  1.  H8 CASĂ\n\n     12\n</pre>\n<textarea name="t">\n  x\n</textarea>\n</div>',
    );
  });

  it('never changes what a browser renders outside pre and textarea: whitespace runs keep their place', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(' ', '\n', '\t', '  \n  '), fc.stringMatching(/^[a-z<>\/]{1,4}$/))), (parts) => {
        const source = parts.join('');
        const collapse = (s: string) => s.replace(/\s+/g, ' ');
        expect(collapse(compactHtml(source))).toBe(collapse(source));
        expect(compactHtml(compactHtml(source))).toBe(compactHtml(source));
      }),
    );
  });
});
