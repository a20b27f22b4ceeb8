// The crosstable of a group: who got what against whom, beside the standings.
// Pure: players in standings order and the group's games in, one cell per pair out, with the
// games still without a result counted per player. Coefficients in ten-thousandths.

export interface CrosstablePlayer {
  readonly playerId: string;
  readonly name: string;
}

export interface CrosstableGame {
  readonly gameId: string;
  readonly round: number;
  readonly redPlayerId: string;
  readonly bluePlayerId: string;
  /**
   * The coefficients after any deduction (docs/rules.md §6), and whether homologated; null while
   * the game has no result (still played, or ended with a dispute the arbiter has not ruled on).
   */
  readonly result: { readonly red: number; readonly blue: number; readonly homologated: boolean } | null;
}

/** `provisional`: a result proposed but not homologated, so not yet in the standings (docs/rules.md §7). */
export type CrosstableState = 'homologated' | 'provisional' | 'unfinished';

/** One game as one of its players sees it. */
export interface CrosstableEntry {
  readonly gameId: string;
  readonly round: number;
  readonly state: CrosstableState;
  /** The row player's coefficient from this game; null while unfinished. */
  readonly coefficient: number | null;
}

export interface CrosstableCell {
  readonly opponentId: string;
  /** The diagonal: a player does not meet themselves. */
  readonly self: boolean;
  /** Usually one game; none when the pair has no game, more if a pairing was ever repeated. */
  readonly entries: readonly CrosstableEntry[];
}

export interface CrosstableRow extends CrosstablePlayer {
  /** The row's cells, one per player, in the order of the columns. */
  readonly cells: readonly CrosstableCell[];
  /** Games of this player without a result yet. */
  readonly remaining: number;
}

export interface UnfinishedGame {
  readonly gameId: string;
  readonly round: number;
  readonly red: CrosstablePlayer;
  readonly blue: CrosstablePlayer;
}

export interface Crosstable {
  readonly players: readonly CrosstablePlayer[];
  readonly rows: readonly CrosstableRow[];
  /** The group's games without a result, by round, for the arbiter to follow up. */
  readonly unfinished: readonly UnfinishedGame[];
}

function stateOf(game: CrosstableGame): CrosstableState {
  if (!game.result) return 'unfinished';
  return game.result.homologated ? 'homologated' : 'provisional';
}

/**
 * Rows and columns are `players` in the order given (the standings'). A game whose two
 * players are not both listed is left out: it belongs to no cell of this group.
 */
export function crosstable(players: readonly CrosstablePlayer[], games: readonly CrosstableGame[]): Crosstable {
  const byId = new Map(players.map((p) => [p.playerId, p]));
  if (byId.size !== players.length) throw new Error('a player is listed twice in the crosstable');
  const inGroup = games
    .filter((g) => g.redPlayerId !== g.bluePlayerId && byId.has(g.redPlayerId) && byId.has(g.bluePlayerId))
    .sort((a, b) => a.round - b.round || (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0));
  // entries.get(row).get(column): the row player's side of their games with the column player.
  const entries = new Map(players.map((p) => [p.playerId, new Map<string, CrosstableEntry[]>()]));
  const add = (row: string, column: string, entry: CrosstableEntry) => {
    const cells = entries.get(row)!;
    cells.set(column, [...(cells.get(column) ?? []), entry]);
  };
  for (const game of inGroup) {
    const state = stateOf(game);
    const seen = { gameId: game.gameId, round: game.round, state };
    add(game.redPlayerId, game.bluePlayerId, { ...seen, coefficient: game.result?.red ?? null });
    add(game.bluePlayerId, game.redPlayerId, { ...seen, coefficient: game.result?.blue ?? null });
  }
  const rows = players.map((row): CrosstableRow => {
    const cells = players.map((column) => ({
      opponentId: column.playerId,
      self: column.playerId === row.playerId,
      entries: entries.get(row.playerId)!.get(column.playerId) ?? [],
    }));
    const remaining = cells.reduce((n, c) => n + c.entries.filter((e) => e.state === 'unfinished').length, 0);
    return { playerId: row.playerId, name: row.name, cells, remaining };
  });
  const unfinished = inGroup
    .filter((g) => !g.result)
    .map((g) => ({ gameId: g.gameId, round: g.round, red: byId.get(g.redPlayerId)!, blue: byId.get(g.bluePlayerId)! }));
  return { players, rows, unfinished };
}
