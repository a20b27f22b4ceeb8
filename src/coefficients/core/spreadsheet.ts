// The standings and crosstables as spreadsheet files, in the reader's locale (docs/web.md,
// "Spreadsheets"). A Romanian-locale Excel splits a CSV on `;` and reads `1,5219` as a number;
// an English one splits on `,` and reads `1.5219`. A file written for the other locale opens as
// one column, so each export has two variants with the same rows. Pure: rows in, text out.
import type { Bilingual } from '../../common/bilingual';
import { formatCoefficient } from '../../common/coefficient-format';
import type { Crosstable } from './crosstable';
import { UNFINISHED_MARK } from './crosstable-view';
import type { StandingRow } from './standings';

/** The spreadsheet locales: Romanian and Polish (`;`, decimal comma) and English (`,`, decimal point). */
export type SheetLocale = 'ro' | 'en' | 'pl';

export const SHEET_LOCALES: readonly SheetLocale[] = ['ro', 'en', 'pl'];

/**
 * The variant asked for (`?locale=` on the download), else the competition's own: Romanian for a
 * Romanian competition (its tile set), Polish for a Polish one, English otherwise. Null for a value that names no variant.
 */
export function sheetLocale(asked: string | undefined, tileSet: string): SheetLocale | null {
  if (asked === undefined || asked === '') return tileSet === 'ro' || tileSet === 'pl' ? tileSet : 'en';
  return (SHEET_LOCALES as readonly string[]).includes(asked) ? (asked as SheetLocale) : null;
}

/** The refusal of an unknown `?locale=`, in both languages. */
export const UNKNOWN_SHEET_LOCALE: Bilingual = {
  ro: 'Varianta fișierului poate fi „ro” (separator „;”, virgulă zecimală) sau „en” (separator „,”, punct zecimal).',
  en: 'The file variant is "ro" (";" separator, decimal comma), "pl" (the same, Polish headings) or "en" ("," separator, decimal point).',
  pl: 'Wariant pliku to „ro” (separator „;”, przecinek dziesiętny), „pl” (to samo, polskie nagłówki) albo „en” (separator „,”, kropka dziesiętna).',
};

function separator(locale: SheetLocale): string {
  return locale === 'en' ? ',' : ';';
}

/** Excel reads a CSV as the local code page unless it starts with the UTF-8 byte order mark (Iași, not IaÈ™i). */
export const UTF8_BOM = '\uFEFF';

/** What a spreadsheet takes for a formula (OWASP CSV injection): = + - @, and tab or CR before one. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell (a name, a group): RFC 4180 quoting (the locale's separator included), and a cell a
 * spreadsheet would run as a formula is prefixed with ' and quoted (OWASP), so `=HYPERLINK(…)` in
 * a player's name stays text.
 */
export function csvText(value: string, locale: SheetLocale = 'en'): string {
  const inert = FORMULA_START.test(value) ? `'${value}` : value;
  const special = locale === 'en' ? /[",\r\n]/ : /[";\r\n]/;
  return inert !== value || special.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

/**
 * A number the platform computed is written as it is, minus sign included: it cannot carry a
 * formula, and a quoted '-12 would turn a score difference into text nobody can sum.
 */
function csvNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`not a number for the CSV: ${value}`);
  return String(value);
}

/** A coefficient (ten-thousandths) with the locale's decimal mark: a number to the spreadsheet, never a formula. */
function csvCoefficient(value: number, locale: SheetLocale): string {
  return formatCoefficient(value, locale);
}

const STANDINGS_HEADERS: Record<SheetLocale, readonly string[]> = {
  ro: ['Grupa', 'Loc', 'Nume', 'Jucate', 'Coeficient total', 'Media', 'Cel mai bun', 'Diferență de puncte'],
  en: ['group', 'rank', 'name', 'played', 'total', 'average', 'best', 'score_difference'],
  pl: ['Grupa', 'Miejsce', 'Nazwisko', 'Rozegrane', 'Współczynnik łączny', 'Średnia', 'Najlepszy', 'Różnica punktów'],
};

function lines(rows: readonly (readonly string[])[], locale: SheetLocale): string {
  return `${rows.map((r) => r.join(separator(locale))).join('\n')}\n`;
}

/** The standings as CSV, one row per player, group by group; coefficients with four decimals. */
export function standingsCsv(
  groups: readonly { readonly name: string; readonly rows: readonly StandingRow[] }[],
  locale: SheetLocale = 'en',
): string {
  const rows: string[][] = [STANDINGS_HEADERS[locale].map((h) => csvText(h, locale))];
  for (const group of groups) {
    for (const r of group.rows) {
      rows.push([
        csvText(group.name, locale),
        csvNumber(r.rank),
        csvText(r.name, locale),
        csvNumber(r.played),
        csvCoefficient(r.total, locale),
        csvCoefficient(r.average, locale),
        csvCoefficient(r.best, locale),
        csvNumber(r.scoreDifference),
      ]);
    }
  }
  return lines(rows, locale);
}

const CROSSTABLE_TEXTS = {
  group: { ro: 'Grupa', en: 'group', pl: 'Grupa' },
  number: { ro: 'Nr.', en: 'no', pl: 'Nr' },
  player: { ro: 'Nume', en: 'name', pl: 'Nazwisko' },
  remaining: { ro: 'Partide rămase', en: 'games_left', pl: 'Pozostałe partie' },
  provisional: {
    ro: '* rezultat propus, neomologat încă',
    en: '* result proposed, not yet homologated',
    pl: '* wynik zgłoszony, jeszcze niezatwierdzony',
  },
  unfinishedLegend: {
    ro: `${UNFINISHED_MARK} partidă fără rezultat`,
    en: `${UNFINISHED_MARK} game without a result`,
    pl: `${UNFINISHED_MARK} partia bez wyniku`,
  },
} as const satisfies Record<string, Bilingual>;

/**
 * Each group's crosstable as CSV: a header row (the players numbered in standings order), one
 * row per player with the coefficient won against each column's player, the games left; a blank
 * row between groups and the marks explained at the end. A cell with one homologated game is a
 * number; a provisional result carries `*`, a game without a result `–`, repeated pairings `/`.
 */
export function crosstableCsv(
  groups: readonly { readonly name: string; readonly table: Crosstable }[],
  locale: SheetLocale = 'en',
): string {
  const t = (key: keyof typeof CROSSTABLE_TEXTS) => CROSSTABLE_TEXTS[key][locale];
  const rows: string[][] = [];
  let provisional = false;
  let unfinished = false;
  for (const [i, group] of groups.entries()) {
    if (i > 0) rows.push([]);
    rows.push(
      [t('group'), t('number'), t('player'), ...group.table.players.map((_, k) => String(k + 1)), t('remaining')].map((h) =>
        csvText(h, locale),
      ),
    );
    for (const [k, row] of group.table.rows.entries()) {
      const cells = row.cells.map((cell) => {
        if (cell.self) return '';
        const [only] = cell.entries;
        // One homologated game: the coefficient alone, a number the spreadsheet can sum (a penalty's negative one too).
        if (cell.entries.length === 1 && only.state === 'homologated' && only.coefficient !== null)
          return csvCoefficient(only.coefficient, locale);
        const text = cell.entries
          .map((e) => {
            if (e.coefficient === null) {
              unfinished = true;
              return UNFINISHED_MARK;
            }
            const value = csvCoefficient(e.coefficient, locale);
            if (e.state !== 'provisional') return value;
            provisional = true;
            return `${value}*`;
          })
          .join(' / ');
        return csvText(text, locale);
      });
      rows.push([csvText(group.name, locale), csvNumber(k + 1), csvText(row.name, locale), ...cells, csvNumber(row.remaining)]);
    }
  }
  if (provisional || unfinished) rows.push([]);
  if (provisional) rows.push([csvText(t('provisional'), locale)]);
  if (unfinished) rows.push([csvText(t('unfinishedLegend'), locale)]);
  return lines(rows, locale);
}
