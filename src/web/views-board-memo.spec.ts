import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { translate, WEB_TEMPLATE_ROOT, WebViews } from './views.service';

/** A line as partials/board.hbs reads it: two rows, one tile placed. */
function line(letter: string | null, label: string | null = null) {
  const cell = (row: number, col: number) => ({
    coord: `${String.fromCharCode(97 + row)}${col + 1}`,
    row,
    col,
    letter: row === 0 && col === 0 ? letter : null,
    blank: false,
    value: row === 0 && col === 0 && letter ? 1 : null,
    premium: col === 1 ? 'dl' : null,
    premiumKey: col === 1 ? 'player.board.premium.dl' : null,
    premiumShortKey: col === 1 ? 'player.board.premiumShort.dl' : null,
    center: false,
    last: false,
  });
  return {
    label,
    field: label ? `lines[${label}]` : 'move',
    columns: [1, 2],
    board: [0, 1].map((row) => ({ letter: String.fromCharCode(97 + row), cells: [0, 1].map((col) => cell(row, col)) })),
    moves: [{ unrelated: 'not read by the board' }],
  };
}

describe('the rendered board is kept per board and language', () => {
  const views = new WebViews();
  const hbs = (views as unknown as { hbs: typeof Handlebars }).hbs;
  const page = hbs.compile('{{> board line=line}}');
  // The same partial rendered without the memo, with the same `t` helper: what the memo must give.
  const plain = Handlebars.create();
  plain.registerHelper('t', (key: string, options: Handlebars.HelperOptions) =>
    translate(views.messages, options.data?.root?.lang ?? 'ro', String(key), options.hash ?? {}),
  );
  const fresh = plain.compile(readFileSync(join(WEB_TEMPLATE_ROOT, 'partials/board.hbs'), 'utf8'));

  it('gives what rendering the partial gives, each time', () => {
    for (const [model, lang] of [
      [line('A'), 'ro'],
      [line('A'), 'en'],
      [line('B', 'A'), 'ro'],
      [line(null), 'en'],
    ] as const) {
      const expected = fresh({ line: model, lang });
      expect(page({ line: model, lang })).toBe(expected);
      expect(page({ line: model, lang })).toBe(expected);
    }
  });

  it('a changed board, label or language is another rendering', () => {
    expect(page({ line: line('A'), lang: 'ro' })).not.toBe(page({ line: line('B'), lang: 'ro' }));
    expect(page({ line: line('A'), lang: 'ro' })).not.toBe(page({ line: line('A', 'A'), lang: 'ro' }));
    expect(page({ line: line(null), lang: 'ro' })).not.toBe(page({ line: line(null), lang: 'en' }));
  });
});
