import fc from 'fast-check';
import {
  matchKnownPlayers,
  parseCoefficient,
  parsePlayersCsv,
  parsePlayerFields,
  PLAYERS_CSV_LIMITS,
  playersCsvTooLarge,
  type PlayerRow,
} from './players-csv';

const HEADER = 'name,email,club,language,previous_coefficient,previous_rank';

describe('the players CSV', () => {
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

describe('matching a list to the players already known (docs/rules.md §6)', () => {
  const row = (line: number, ...emails: string[]): PlayerRow => ({
    line,
    name: `Player ${line}`,
    emails,
    club: null,
    language: 'ro',
    previousCoefficient: null,
    previousRank: null,
  });

  it('links a row to the owner of its addresses, and makes the others new players', () => {
    const rows = [row(2, 'a@x.ro'), row(3, 'new@x.ro', 'b@x.ro'), row(4, 'fresh@x.ro')];
    const owners = new Map([
      ['a@x.ro', 'pa'],
      ['b@x.ro', 'pb'],
    ]);
    expect(matchKnownPlayers(rows, owners, new Set())).toEqual({
      ok: true,
      known: [
        { row: rows[0], playerId: 'pa' },
        { row: rows[1], playerId: 'pb' },
      ],
      fresh: [rows[2]],
    });
  });

  it('refuses the whole list, each row named: addresses of two players, a player registered already, the same player twice', () => {
    const owners = new Map([
      ['a@x.ro', 'pa'],
      ['b@x.ro', 'pb'],
      ['c@x.ro', 'pc'],
    ]);
    const result = matchKnownPlayers(
      [row(2, 'a@x.ro', 'b@x.ro'), row(3, 'c@x.ro'), row(4, 'b@x.ro'), row(5, 'b@x.ro')],
      owners,
      new Set(['pc']),
    );
    expect(result).toMatchObject({
      ok: false,
      code: 'BAD_CSV',
      problems: [
        { line: 2, column: 'email' },
        { line: 3, column: 'email' },
        { line: 5, column: 'email' },
      ],
    });
    if (result.ok) return;
    expect(result.message.en).toBe(
      'No player was imported. line 2: the addresses belong to different players; ' +
        'line 3: the player is already registered in this competition; line 5: this is the same player as on line 4.',
    );
    expect(result.message.ro).toMatch(/^Nu s-a importat niciun jucător\. linia 2: adresele aparțin unor jucători diferiți; /);
  });

  it("puts every row of an accepted list in exactly one place, in the list's order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5', 'p6'), { nil: undefined }), { maxLength: 12 }),
        (ownerOfRow) => {
          const rows = ownerOfRow.map((_, i) => row(i + 2, `r${i}@x.ro`));
          const owners = new Map(ownerOfRow.flatMap((id, i) => (id === undefined ? [] : [[`r${i}@x.ro` as string, id] as const])));
          const result = matchKnownPlayers(rows, owners, new Set());
          const distinct = new Set(ownerOfRow.filter((id) => id !== undefined));
          expect(result.ok).toBe(distinct.size === ownerOfRow.filter((id) => id !== undefined).length);
          if (!result.ok) return;
          expect([...result.known.map((k) => k.row), ...result.fresh].sort((a, b) => a.line - b.line)).toEqual(rows);
          for (const { row: r, playerId } of result.known) expect(owners.get(r.emails[0])).toBe(playerId);
        },
      ),
    );
  });

  it('is refused by its size before it is parsed: at most 1,000 players (blank lines aside) and 1,000,000 characters', () => {
    const file = (players: number, blank = '') =>
      `${HEADER}\n${Array.from({ length: players }, (_, i) => `P${i},p${i}@x.ro,,ro,,`).join(`\n${blank}`)}\n`;
    expect(playersCsvTooLarge(file(PLAYERS_CSV_LIMITS.players))).toBeUndefined();
    expect(playersCsvTooLarge(file(PLAYERS_CSV_LIMITS.players, '\n  \n'))).toBeUndefined();
    const over = playersCsvTooLarge(file(PLAYERS_CSV_LIMITS.players + 1));
    expect(over).toMatchObject({ code: 'TOO_MANY_PLAYERS', status: 413 });
    expect(over!.messages.ro).toContain('1.000 de jucători');
    expect(over!.messages.en).toContain('1,000 players');
    expect(playersCsvTooLarge(`${HEADER}\n${'x'.repeat(PLAYERS_CSV_LIMITS.characters)}`)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      status: 413,
    });
  });
});

describe('parsePlayerFields (one player typed in a form)', () => {
  it("reads the fields by a list line's rules", () => {
    expect(
      parsePlayerFields({
        name: ' Popescu  Ion ',
        email: 'Ion@Example.org | ion.p@example.org',
        club: 'CS Arad',
        language: 'EN',
        previousCoefficient: '1,5',
        previousRank: '3',
      }),
    ).toEqual({
      ok: true,
      row: {
        line: 1,
        name: 'Popescu Ion',
        emails: ['ion@example.org', 'ion.p@example.org'],
        club: 'CS Arad',
        language: 'en',
        previousCoefficient: 15000,
        previousRank: 3,
      },
    });
  });

  it('refuses with every problem, in both languages and without a line number', () => {
    const parsed = parsePlayerFields({ name: '', email: 'nope', language: 'fr', previousRank: '0' });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems.map((p) => p.column)).toEqual(['name', 'email', 'language', 'previous_rank']);
    expect(parsed.message.ro).toMatch(/^Jucătorul nu a fost adăugat: numele lipsește; „nope” nu este o adresă de e-mail; /);
    expect(parsed.message.en).not.toMatch(/line \d/);
  });

  it('takes nothing but text: an array or an object is no value', () => {
    const parsed = parsePlayerFields({ name: ['a'], email: { a: 1 } });
    expect(parsed.ok).toBe(false);
  });

  it('reads what the CSV reads: the same player from a list line and from the form', () => {
    const csv = parsePlayersCsv('name,email,club,language,previous_coefficient,previous_rank\nAna,ana@x.example,Club,ro,0.5,2\n');
    const form = parsePlayerFields({
      name: 'Ana',
      email: 'ana@x.example',
      club: 'Club',
      language: 'ro',
      previousCoefficient: '0.5',
      previousRank: '2',
    });
    expect(csv.ok && form.ok && { ...csv.rows[0], line: 1 }).toEqual(form.ok && { ...form.row, line: 1 });
  });
});
