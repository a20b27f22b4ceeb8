// Reading the arbiter's list of players: a CSV with a header, one player a
// line. Pure: text in, rows or every problem found out. Nothing is imported unless the
// whole file is right, so the arbiter fixes all the lines at once.
import { CsvError, parse } from 'csv-parse/sync';
import { isEmailAddress, normalizeEmail } from '../../auth/core/email-address';
import { cleanName } from '../../common/names';
import type { Bilingual } from '../../engine';
import { countIn, countOf, type Language } from '../../common/bilingual';
import { Refusal } from '../../common/refusal';

export interface PlayerRow {
  /** Line of the file the player was read from (1 = the header). */
  readonly line: number;
  readonly name: string;
  /** One or more, lower-cased; several are separated by spaces or `|` in the cell. */
  readonly emails: readonly string[];
  readonly club: string | null;
  readonly language: Language;
  /** Ten-thousandths (1.5219 → 15219). */
  readonly previousCoefficient: number | null;
  readonly previousRank: number | null;
}

export interface CsvProblem {
  readonly line: number;
  readonly column?: string;
  readonly message: Bilingual;
}

export type PlayersCsvRefusalCode = 'EMPTY_CSV' | 'MISSING_COLUMN' | 'UNKNOWN_COLUMN' | 'BAD_CSV';

export type PlayersCsvResult =
  | { readonly ok: true; readonly rows: readonly PlayerRow[] }
  | {
      readonly ok: false;
      readonly code: PlayersCsvRefusalCode;
      readonly message: Bilingual;
      readonly problems: readonly CsvProblem[];
    };

export type PlayersCsvRefusal = Extract<PlayersCsvResult, { readonly ok: false }>;

export const REQUIRED_COLUMNS = ['name', 'email', 'club', 'language'] as const;
export const OPTIONAL_COLUMNS = ['previous_coefficient', 'previous_rank'] as const;
type Column = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];

/** Header spellings accepted for each column (case, spaces and dashes are ignored). */
const ALIASES: Readonly<Record<string, Column>> = {
  name: 'name',
  email: 'email',
  e_mail: 'email',
  club: 'club',
  language: 'language',
  previous_coefficient: 'previous_coefficient',
  coefficient: 'previous_coefficient',
  previous_rank: 'previous_rank',
  rank: 'previous_rank',
};

const LANGUAGES: readonly Language[] = ['ro', 'en', 'pl'];

/** A player's language when the line leaves it empty: the competition's own (Polish for a Polish tile set), else Romanian. */
export function defaultPlayerLanguage(tileSet: string): Language {
  return tileSet === 'pl' ? 'pl' : 'ro';
}

/**
 * The most one players' file may hold, checked before it is parsed (docs/web.md, "What is
 * limited"): far above any championship's list (tens of players, docs/scale.md), and small
 * enough that an import neither holds the server nor outgrows a statement's parameters.
 */
export const PLAYERS_CSV_LIMITS = { players: 1000, characters: 1_000_000 } as const;

/** Why a players' file is too large to be read (413), found by counting its lines, or undefined. */
export function playersCsvTooLarge(text: string): Refusal | undefined {
  const split = {
    ro: 'împărțiți lista în mai multe importuri',
    en: 'split the list into several imports',
    pl: 'podziel listę na kilka importów',
  };
  if (text.length > PLAYERS_CSV_LIMITS.characters) {
    const most = countIn(PLAYERS_CSV_LIMITS.characters);
    return new Refusal(
      'PAYLOAD_TOO_LARGE',
      {
        ro: `Fișierul jucătorilor are peste ${most.ro} de caractere: ${split.ro}.`,
        en: `The players' file has over ${most.en} characters: ${split.en}.`,
        pl: `Plik graczy ma ponad ${most.pl} znaków: ${split.pl}.`,
      },
      413,
    );
  }
  // Lines with anything on them, the header included; a quoted field over two lines counts twice, erring on the safe side.
  let lines = 0;
  for (let at = 0; at < text.length && lines <= PLAYERS_CSV_LIMITS.players + 1;) {
    const end = text.indexOf('\n', at);
    const stop = end < 0 ? text.length : end;
    if (text.slice(at, stop).trim() !== '') lines++;
    at = stop + 1;
  }
  if (lines <= PLAYERS_CSV_LIMITS.players + 1) return undefined;
  const most = countOf(PLAYERS_CSV_LIMITS.players, ['jucător', 'jucători'], ['player', 'players'], ['gracz', 'graczy', 'graczy']);
  return new Refusal(
    'TOO_MANY_PLAYERS',
    {
      ro: `Fișierul are mai mult de ${most.ro}, cât primește un import: ${split.ro}.`,
      en: `The file has more than ${most.en}, the most one import takes: ${split.en}.`,
      pl: `Plik ma więcej niż ${most.pl}, najwięcej, ile przyjmuje jeden import: ${split.pl}.`,
    },
    413,
    { limit: PLAYERS_CSV_LIMITS.players },
  );
}

export function parsePlayersCsv(text: string, defaultLanguage: Language = 'ro'): PlayersCsvResult {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  // Spreadsheets set to Romanian write `;` between fields (the comma is their decimal mark).
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  let records: Array<{ record: string[]; info: { lines: number }; raw: string }>;
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      info: true,
      raw: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines ?? 0;
    const problem = {
      line,
      message: {
        ro: `linia ${line}: fișierul CSV nu poate fi citit (${error.message})`,
        en: `line ${line}: the CSV cannot be read (${error.message})`,
        pl: `wiersz ${line}: nie można odczytać pliku CSV (${error.message})`,
      },
    };
    return refusal('BAD_CSV', [problem]);
  }
  // info.lines is where a record ends; its raw text starts with the blank lines skipped before it.
  const lineOf = (r: (typeof records)[number]) =>
    r.info.lines -
    (r.raw
      .replace(/^(\r?\n)+/, '')
      .replace(/\r?\n$/, '')
      .match(/\n/g)?.length ?? 0);

  if (records.length === 0) {
    return refusal('EMPTY_CSV', [], {
      ro: `Fișierul este gol: prima linie trebuie să fie capul de tabel (${REQUIRED_COLUMNS.join(', ')}).`,
      en: `The file is empty: its first line must be the header (${REQUIRED_COLUMNS.join(', ')}).`,
      pl: `Plik jest pusty: pierwszy wiersz musi być nagłówkiem (${REQUIRED_COLUMNS.join(', ')}).`,
    });
  }

  const [header, ...body] = records;
  const columns = new Map<Column, number>();
  const unknown: string[] = [];
  header.record.forEach((cell, i) => {
    const key = cell.toLowerCase().replace(/[\s-]+/g, '_');
    const column = ALIASES[key];
    if (column && !columns.has(column)) columns.set(column, i);
    else unknown.push(cell);
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.has(c));
  if (missing.length) {
    return refusal(
      'MISSING_COLUMN',
      missing.map((column) => ({
        line: 1,
        column,
        message: { ro: `lipsește coloana „${column}”`, en: `the column "${column}" is missing`, pl: `brakuje kolumny „${column}”` },
      })),
      {
        ro: `Capul de tabel (linia 1) nu are coloana ${missing.map((c) => `„${c}”`).join(', ')}; coloanele sunt: ${[...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].join(', ')}.`,
        en: `The header (line 1) lacks the column ${missing.map((c) => `"${c}"`).join(', ')}; the columns are: ${[...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].join(', ')}.`,
        pl: `W nagłówku (wiersz 1) brakuje kolumny ${missing.map((c) => `„${c}”`).join(', ')}; kolumny to: ${[...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].join(', ')}.`,
      },
    );
  }
  if (unknown.length) {
    // A misspelt optional column would otherwise be silently dropped.
    return refusal(
      'UNKNOWN_COLUMN',
      unknown.map((column) => ({
        line: 1,
        column,
        message: {
          ro: `coloana „${column}” nu este cunoscută`,
          en: `the column "${column}" is not known`,
          pl: `kolumna „${column}” jest nieznana`,
        },
      })),
      {
        ro: `Capul de tabel (linia 1) are coloane necunoscute sau repetate: ${unknown.map((c) => `„${c}”`).join(', ')}; coloanele sunt: ${[...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].join(', ')}.`,
        en: `The header (line 1) has unknown or repeated columns: ${unknown.map((c) => `"${c}"`).join(', ')}; the columns are: ${[...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].join(', ')}.`,
        pl: `Nagłówek (wiersz 1) ma nieznane albo powtórzone kolumny: ${unknown.map((c) => `„${c}”`).join(', ')}; kolumny to: ${[...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].join(', ')}.`,
      },
    );
  }
  if (body.length === 0) {
    return refusal('EMPTY_CSV', [], {
      ro: 'Fișierul nu conține niciun jucător.',
      en: 'The file lists no player.',
      pl: 'Plik nie zawiera żadnego gracza.',
    });
  }

  const problems: CsvProblem[] = [];
  const rows: PlayerRow[] = [];
  const firstLineOfEmail = new Map<string, number>();
  for (const r of body) {
    const line = lineOf(r);
    if (r.record.length !== header.record.length) {
      problems.push({
        line,
        message: at(line, {
          ro: `are ${r.record.length} câmpuri, capul de tabel are ${header.record.length}`,
          en: `has ${r.record.length} fields, the header has ${header.record.length}`,
          pl: `ma ${r.record.length} pól, a nagłówek ma ${header.record.length}`,
        }),
      });
      continue;
    }
    const cell = (c: Column) => (columns.has(c) ? r.record[columns.get(c)!] : '');
    const read = readPlayerCells(cell, line, firstLineOfEmail, defaultLanguage);
    if (read.ok) rows.push(read.row);
    else problems.push(...read.problems.map((p) => ({ ...p, message: at(line, p.message) })));
  }
  return problems.length ? refusal('BAD_CSV', problems) : { ok: true, rows };
}

/** One player's fields, as an arbiter types them in the form for a single player (or the API's). */
export interface PlayerFields {
  readonly name?: unknown;
  /** One or more addresses, separated by spaces or `|`. */
  readonly email?: unknown;
  readonly club?: unknown;
  readonly language?: unknown;
  readonly previousCoefficient?: unknown;
  readonly previousRank?: unknown;
}

/**
 * One player typed in a form, checked by the very rules of a list's line (readPlayerCells): the
 * row, or every problem found, without line numbers (there is one player).
 */
export function parsePlayerFields(
  fields: PlayerFields,
  defaultLanguage: Language = 'ro',
): { readonly ok: true; readonly row: PlayerRow } | PlayersCsvRefusal {
  const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
  const cells: Record<Column, string> = {
    name: text(fields.name),
    email: text(fields.email),
    club: text(fields.club),
    language: text(fields.language),
    previous_coefficient: text(fields.previousCoefficient),
    previous_rank: text(fields.previousRank),
  };
  const read = readPlayerCells((c) => cells[c], 1, new Map(), defaultLanguage);
  if (read.ok) return read;
  return {
    ok: false,
    code: 'BAD_CSV',
    problems: read.problems,
    message: {
      ro: `Jucătorul nu a fost adăugat: ${read.problems.map((p) => p.message.ro).join('; ')}.`,
      en: `The player was not added: ${read.problems.map((p) => p.message.en).join('; ')}.`,
      pl: `Gracz nie został dodany: ${read.problems.map((p) => p.message.pl).join('; ')}.`,
    },
  };
}

/**
 * The rules of one player's line (docs/web.md, players' list): a name, one or more e-mail addresses (none seen
 * on an earlier line: `firstLineOfEmail`, filled here), the language ro, en or pl (the competition's when empty), a previous
 * coefficient and rank if given. The row, or its problems (messages without the line).
 */
function readPlayerCells(
  cell: (c: Column) => string,
  line: number,
  firstLineOfEmail: Map<string, number>,
  defaultLanguage: Language,
): { readonly ok: true; readonly row: PlayerRow } | { readonly ok: false; readonly problems: readonly CsvProblem[] } {
  const problems: CsvProblem[] = [];
  const bad = (column: Column | undefined, message: Bilingual) => problems.push({ line, column, message });

  const name = cleanName(cell('name'));
  if (!name) bad('name', { ro: 'numele lipsește', en: 'the name is missing', pl: 'brakuje imienia i nazwiska' });

  const emails = cell('email')
    .split(/[\s|]+/)
    .filter(Boolean)
    .map(normalizeEmail);
  if (emails.length === 0)
    bad('email', { ro: 'adresa de e-mail lipsește', en: 'the e-mail address is missing', pl: 'brakuje adresu e-mail' });
  for (const address of new Set(emails)) {
    if (!isEmailAddress(address)) {
      bad('email', {
        ro: `„${address}” nu este o adresă de e-mail`,
        en: `"${address}" is not an e-mail address`,
        pl: `„${address}” nie jest adresem e-mail`,
      });
    } else if (firstLineOfEmail.has(address)) {
      const first = firstLineOfEmail.get(address)!;
      bad('email', {
        ro: `adresa ${address} apare deja pe linia ${first}`,
        en: `the address ${address} is already on line ${first}`,
        pl: `adres ${address} jest już w wierszu ${first}`,
      });
    } else {
      firstLineOfEmail.set(address, line);
    }
  }

  const languageCell = cell('language').toLowerCase();
  const language = (languageCell || defaultLanguage) as Language;
  if (!LANGUAGES.includes(language)) {
    bad('language', {
      ro: `limba „${cell('language')}” nu este ro, en sau pl`,
      en: `the language "${cell('language')}" is not ro, en or pl`,
      pl: `język „${cell('language')}” to nie ro, en ani pl`,
    });
  }

  const previousCoefficient = parseCoefficient(cell('previous_coefficient'));
  if (previousCoefficient === undefined) {
    bad('previous_coefficient', {
      ro: `coeficientul „${cell('previous_coefficient')}” nu este un număr între 0 și 2 cu cel mult 4 zecimale (ex. 1.5219)`,
      en: `the coefficient "${cell('previous_coefficient')}" is not a number from 0 to 2 with at most 4 decimals (e.g. 1.5219)`,
      pl: `współczynnik „${cell('previous_coefficient')}” nie jest liczbą od 0 do 2 z najwyżej 4 miejscami po przecinku (np. 1.5219)`,
    });
  }
  const rankCell = cell('previous_rank');
  const previousRank = rankCell === '' ? null : /^[1-9]\d{0,5}$/.test(rankCell) ? Number(rankCell) : undefined;
  if (previousRank === undefined) {
    bad('previous_rank', {
      ro: `locul „${rankCell}” nu este un număr întreg pozitiv`,
      en: `the rank "${rankCell}" is not a positive whole number`,
      pl: `miejsce „${rankCell}” nie jest dodatnią liczbą całkowitą`,
    });
  }

  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    row: {
      line,
      name,
      emails: [...new Set(emails)],
      club: cleanName(cell('club')) || null,
      language,
      previousCoefficient: previousCoefficient ?? null,
      previousRank: previousRank ?? null,
    },
  };
}

/** The rows of a list matched to the players the platform knows already. */
export interface MatchedRows {
  readonly ok: true;
  /** Rows of known players, each with the player (owner of the row's addresses). */
  readonly known: ReadonlyArray<{ readonly row: PlayerRow; readonly playerId: string }>;
  /** Rows of players not known yet: new players. */
  readonly fresh: readonly PlayerRow[];
}

/**
 * Which rows are players already known, by who owns their addresses (`ownerOf`: address → player).
 * All or nothing as the reading is: a row whose addresses belong to different players, to a
 * player already `registered` in the competition, or to the player of an earlier row refuses
 * the whole list, every such row named.
 */
export function matchKnownPlayers(
  rows: readonly PlayerRow[],
  ownerOf: ReadonlyMap<string, string>,
  registered: ReadonlySet<string>,
): MatchedRows | PlayersCsvRefusal {
  const lineOfPlayer = new Map<string, number>();
  const problems: CsvProblem[] = [];
  const known: Array<{ row: PlayerRow; playerId: string }> = [];
  const fresh: PlayerRow[] = [];
  for (const row of rows) {
    const bad = (message: Bilingual) => problems.push({ line: row.line, column: 'email', message: at(row.line, message) });
    const ids = [...new Set(row.emails.map((a) => ownerOf.get(a)).filter((id): id is string => id !== undefined))];
    if (ids.length > 1) {
      bad({
        ro: 'adresele aparțin unor jucători diferiți',
        en: 'the addresses belong to different players',
        pl: 'adresy należą do różnych graczy',
      });
    } else if (ids.length === 1 && registered.has(ids[0])) {
      bad({
        ro: 'jucătorul este deja înscris în această competiție',
        en: 'the player is already registered in this competition',
        pl: 'gracz jest już zapisany do tych rozgrywek',
      });
    } else if (ids.length === 1 && lineOfPlayer.has(ids[0])) {
      bad({
        ro: `este același jucător ca pe linia ${lineOfPlayer.get(ids[0])}`,
        en: `this is the same player as on line ${lineOfPlayer.get(ids[0])}`,
        pl: `to ten sam gracz co w wierszu ${lineOfPlayer.get(ids[0])}`,
      });
    } else if (ids.length === 1) {
      lineOfPlayer.set(ids[0], row.line);
      known.push({ row, playerId: ids[0] });
    } else {
      fresh.push(row);
    }
  }
  return problems.length ? refusal('BAD_CSV', problems) : { ok: true, known, fresh };
}

/**
 * "1.5219" or "1,5219" → 15219; "" → null; anything else → undefined. Read as digits, not
 * as a float, so 1.0001 is exactly 10001 (docs/rules.md §7: four decimals).
 */
export function parseCoefficient(text: string): number | null | undefined {
  if (text === '') return null;
  const m = /^(\d)(?:[.,](\d{1,4}))?$/.exec(text);
  if (!m) return undefined;
  const value = Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
  return value <= 20_000 ? value : undefined;
}

function at(line: number, message: Bilingual): Bilingual {
  return { ro: `linia ${line}: ${message.ro}`, en: `line ${line}: ${message.en}`, pl: `wiersz ${line}: ${message.pl}` };
}

/** The whole refusal, every problem listed, so one message tells the arbiter everything to fix. */
export function refusal(code: PlayersCsvRefusalCode, problems: readonly CsvProblem[], summary?: Bilingual): PlayersCsvRefusal {
  const message = summary ?? {
    ro: `Nu s-a importat niciun jucător. ${problems.map((p) => p.message.ro).join('; ')}.`,
    en: `No player was imported. ${problems.map((p) => p.message.en).join('; ')}.`,
    pl: `Nie zaimportowano żadnego gracza. ${problems.map((p) => p.message.pl).join('; ')}.`,
  };
  return { ok: false, code, message, problems };
}
