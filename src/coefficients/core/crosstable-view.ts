// The crosstable as a page shows it (partials/crosstable.hbs): coefficients written in the
// page's language, players numbered in standings order so the columns can stay narrow.
import { formatCoefficient } from '../../common/coefficient-format';
import type { Crosstable } from './crosstable';

/** The mark of a game without a result; the page says in words what it means. */
export const UNFINISHED_MARK = '–';

export interface CrosstableEntryView {
  readonly gameId: string;
  readonly text: string;
  readonly provisional: boolean;
  readonly unfinished: boolean;
}

export interface CrosstableView {
  readonly columns: readonly { readonly number: number; readonly name: string }[];
  readonly rows: readonly {
    readonly number: number;
    readonly name: string;
    readonly remaining: number;
    readonly cells: readonly { readonly self: boolean; readonly entries: readonly CrosstableEntryView[] }[];
  }[];
  readonly unfinished: readonly { readonly gameId: string; readonly round: number; readonly red: string; readonly blue: string }[];
  readonly hasProvisional: boolean;
  readonly mark: string;
}

export function crosstableView(table: Crosstable, language: 'ro' | 'en' | 'pl'): CrosstableView {
  let hasProvisional = false;
  const rows = table.rows.map((row, i) => ({
    number: i + 1,
    name: row.name,
    remaining: row.remaining,
    cells: row.cells.map((cell) => ({
      self: cell.self,
      entries: cell.entries.map((e): CrosstableEntryView => {
        hasProvisional ||= e.state === 'provisional';
        return {
          gameId: e.gameId,
          text: e.coefficient === null ? UNFINISHED_MARK : formatCoefficient(e.coefficient, language),
          provisional: e.state === 'provisional',
          unfinished: e.state === 'unfinished',
        };
      }),
    })),
  }));
  return {
    columns: table.players.map((p, i) => ({ number: i + 1, name: p.name })),
    rows,
    unfinished: table.unfinished.map((g) => ({ gameId: g.gameId, round: g.round, red: g.red.name, blue: g.blue.name })),
    hasProvisional,
    mark: UNFINISHED_MARK,
  };
}
