import fc from 'fast-check';
import { parseCoefficient, parsePlayersCsv } from './players-csv';

const HEADER = 'name,email,club,language,previous_coefficient,previous_rank';

describe('the players CSV (issue 4 §2)', () => {
  it('reads every column, lower-cases addresses, splits several addresses, defaults the language to ro', () => {
    const result = parsePlayersCsv(`\uFEFF${HEADER}\r\n"Popescu, Ion",Ion@X.ro,CS Arad,RO,"1,5219",3\r\nJane,jane@x.org | j@y.org,,,,\r\n`);
    expect(result).toEqual({
      ok: true,
      rows: [
        {
          line: 2,
          name: 'Popescu, Ion',
          emails: ['ion@x.ro'],
          club: 'CS Arad',
          language: 'ro',
          previousCoefficient: 15219,
          previousRank: 3,
        },
        {
          line: 3,
          name: 'Jane',
          emails: ['jane@x.org', 'j@y.org'],
          club: null,
          language: 'ro',
          previousCoefficient: null,
          previousRank: null,
        },
      ],
    });
  });

  it('reads a semicolon-separated export (Romanian spreadsheets) and accepts "e-mail" as the column name', () => {
    const result = parsePlayersCsv('Name;E-mail;Club;Language\nIon;ion@x.ro;CS;ro\n');
    expect(result).toMatchObject({ ok: true, rows: [{ name: 'Ion', emails: ['ion@x.ro'], club: 'CS' }] });
  });

  it('counts lines as the file has them: blank lines and quoted line breaks included', () => {
    const result = parsePlayersCsv(`${HEADER}\n\n"Two\nLines",bad1,,ro,,\nGood,a@x.ro,,ro,,\n\n\nBad,bad2,,ro,,\n`);
    expect(result).toMatchObject({
      ok: false,
      code: 'BAD_CSV',
      problems: [
        { line: 3, column: 'email' },
        { line: 8, column: 'email' },
      ],
    });
  });

  it('names every missing column, and refuses unknown ones (a misspelt optional column is not dropped silently)', () => {
    expect(parsePlayersCsv('name,language\nA,ro\n')).toMatchObject({
      ok: false,
      code: 'MISSING_COLUMN',
      problems: [
        { line: 1, column: 'email' },
        { line: 1, column: 'club' },
      ],
    });
    expect(parsePlayersCsv('name,email,club,language,previous_rnak\nA,a@x.ro,,ro,1\n')).toMatchObject({
      ok: false,
      code: 'UNKNOWN_COLUMN',
      problems: [{ line: 1, column: 'previous_rnak' }],
    });
  });

  it('reports each bad field by line, and a row with the wrong number of fields', () => {
    const csv = [
      HEADER,
      ',a@x.ro,,ro,,', // no name
      'B,b@x.ro,,de,,', // language
      'C,c@x.ro,,ro,2.5,', // coefficient above 2
      'D,d@x.ro,,ro,,0', // rank
      'E,e@x.ro,,ro', // fields
    ].join('\n');
    const result = parsePlayersCsv(csv);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => [p.line, p.column])).toEqual([
      [2, 'name'],
      [3, 'language'],
      [4, 'previous_coefficient'],
      [5, 'previous_rank'],
      [6, undefined],
    ]);
    expect(result.message.en).toMatch(/^No player was imported\. line 2: the name is missing; line 3/);
    expect(result.message.ro).toMatch(/^Nu s-a importat niciun jucător\. linia 2: numele lipsește/);
  });

  it('refuses a malformed file (an unclosed quote) with the line where reading stopped', () => {
    expect(parsePlayersCsv(`${HEADER}\nA,a@x.ro,,ro,,\n"B,b@x.ro,,ro,,\n`)).toMatchObject({
      ok: false,
      code: 'BAD_CSV',
      problems: [{ line: expect.any(Number) }],
    });
  });

  it('finds a duplicate address whatever its case, naming the first line', () => {
    const result = parsePlayersCsv(`${HEADER}\nA,same@x.ro,,ro,,\nB,SAME@x.ro,,ro,,\n`);
    expect(result).toMatchObject({ ok: false, code: 'BAD_CSV', problems: [{ line: 3, column: 'email' }] });
    if (!result.ok) expect(result.message.en).toContain('the address same@x.ro is already on line 2');
  });

  it('reads a coefficient exactly, as four decimals, never through floating point', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), (n) => {
        const text = `${Math.floor(n / 10_000)}.${String(n % 10_000).padStart(4, '0')}`;
        expect(parseCoefficient(text)).toBe(n);
        expect(parseCoefficient(text.replace('.', ','))).toBe(n);
      }),
    );
    expect(parseCoefficient('1.5')).toBe(15_000);
    expect(parseCoefficient('')).toBeNull();
    for (const bad of ['2.0001', '1.23456', '-1', 'abc', '1.', '.5']) expect(parseCoefficient(bad)).toBeUndefined();
  });
});
