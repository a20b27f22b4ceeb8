/**
 * A template's layout whitespace, dropped once when it is read: every run of whitespace that
 * holds a line break becomes one line break, which HTML renders the same (a
 * page's indentation was a sixth of its bytes). The text of <pre> and <textarea> is kept
 * as written, since there whitespace is content.
 */
export function compactHtml(source: string): string {
  return source
    .split(/(<(pre|textarea)\b[\s\S]*?<\/\2>)/i)
    .map((part, i) => (i % 3 === 0 ? part.replace(/[ \t\r\n]*\n[ \t\r\n]*/g, '\n') : i % 3 === 1 ? part : ''))
    .join('');
}
