// Replays kept between reads (a game page under load). A line's replay is
// a pure function of the game's setup and the line's notations, so it is cached under
// exactly those: any new move, fork, closed line or other rules/word list is another key,
// and nothing ever needs invalidating. Several instances each keep their own; the rows
// that name the key are read from the database on every request as before.
import { LruMap } from '../../common/lru-map';
import type { GameSetup, GameState, MoveRecord } from '../../engine';

export interface LineReplay {
  readonly state: GameState;
  readonly records: readonly MoveRecord[];
}

/** Objects (a word list, a tile set given as an object) stand in the key by identity. */
const identities = new WeakMap<object, number>();
let nextIdentity = 1;
function identity(value: object | undefined): string {
  if (value === undefined) return '-';
  let id = identities.get(value);
  if (id === undefined) {
    id = nextIdentity++;
    identities.set(value, id);
  }
  return `#${id}`;
}

/** Everything the replay reads: tile set, sequence, rules, word list, and the notations in order. */
export function replayKey(setup: GameSetup, path: readonly { readonly notation: string }[]): string {
  const tileSet = typeof setup.tileSet === 'string' ? setup.tileSet : identity(setup.tileSet);
  // \u0000 separates fields: it never occurs in a notation, a sequence or a tile set's id.
  return [tileSet, setup.sequence, JSON.stringify(setup.rules ?? null), identity(setup.lexicon), ...path.map((m) => m.notation)].join(
    '\u0000',
  );
}

/**
 * A small least-recently-used map of line replays. Callers treat what it returns as
 * read-only (the engine's states are never mutated: applyMove returns new ones).
 */
export class ReplayCache {
  private readonly entries: LruMap<string, LineReplay>;

  constructor(readonly capacity = 500) {
    this.entries = new LruMap(capacity);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The replay of `path` from `setup`: the cached one, else `compute()`'s, kept. */
  replay(setup: GameSetup, path: readonly { readonly notation: string }[], compute: () => LineReplay): LineReplay {
    const key = replayKey(setup, path);
    const hit = this.entries.get(key);
    if (hit) return hit;
    const computed = compute();
    this.entries.set(key, computed);
    return computed;
  }
}
