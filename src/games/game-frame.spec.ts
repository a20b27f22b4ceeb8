// docs/architecture.md, "The action frame": every write to a game runs in GameActions' frame,
// which alone takes a game's row lock (through its loader's lock statement) and bumps a game's
// version. This keeps it so: a lock of the game table or a version bump written anywhere else in
// src/ fails here, as does a use of the loader outside the frame.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sourcesUnder } from '../common/testing/source-files';

const SRC = join(__dirname, '..');

/** The frame: the entries (game-actions.service.ts), the write they hold (game-write.ts) and the loader. */
const FRAME = new Set([
  'games/actions/game-actions.service.ts',
  'games/actions/game-write.ts',
  'games/persistence/game-loader.repository.ts',
]);

/** The one file that issues the lock statement. */
const LOCK_STATEMENT = 'games/persistence/game-loader.repository.ts';

/**
 * The benchmark replays statements it recorded from the frame against a bare connection
 * (docs/scale.md, the SQL ceiling): a measuring tool, not a path that writes a game.
 */
const MEASURING = ['bench/'];

/** A record attempt is its own aggregate (docs/rules.md §14): its one write method locks the attempt's row, never a game's. */
const ATTEMPT_FRAME = 'records/record-attempt-actions.service.ts';

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly what: string;
}

const RULES: readonly { readonly what: string; readonly pattern: RegExp; readonly allowed: (file: string) => boolean }[] = [
  // A game's row lock in SQL: the loader's statement alone.
  { what: 'FOR UPDATE', pattern: /FOR\s+UPDATE/gi, allowed: (f) => f === LOCK_STATEMENT },
  // A game's row lock through TypeORM (find/findOne of Game with a pessimistic lock, or a query builder's setLock on the game).
  {
    what: 'a pessimistic lock of Game',
    pattern: /\.find\w*\(\s*Game\s*,[^;]*?pessimistic_write|createQueryBuilder\(\s*Game\b[^;]*?setLock\(/g,
    allowed: (f) => f === LOCK_STATEMENT,
  },
  // A loader asked for a locked row (`findGame(id, { lock: true })`, `GameSession.open(…, { lock: true })`).
  { what: 'a lock asked of a loader', pattern: /\block:\s*true\b/g, allowed: (f) => f === LOCK_STATEMENT || f === ATTEMPT_FRAME },
  // A version bump: the frame's GameWrite.changed, after the caller's change.
  { what: 'bumpVersions call', pattern: /\.bumpVersions\(/g, allowed: (f) => FRAME.has(f) },
  // The loader is the frame's own.
  { what: 'the action loader', pattern: /\bGameLoader\b|\.actionRows\(|\.lockGames\(/g, allowed: (f) => FRAME.has(f) },
];

/** The code of a file without its comments (a comment may name the lock it explains). */
function codeOf(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

export function frameViolations(root: string): Finding[] {
  const found: Finding[] = [];
  for (const path of sourcesUnder(root)) {
    const file = relative(root, path).split('\\').join('/');
    if (MEASURING.some((m) => file.startsWith(m))) continue;
    const code = codeOf(readFileSync(path, 'utf8'));
    for (const rule of RULES) {
      if (rule.allowed(file)) continue;
      for (const m of code.matchAll(rule.pattern)) {
        found.push({ file, line: code.slice(0, m.index).split('\n').length, what: rule.what });
      }
    }
  }
  return found;
}

describe('the action frame', () => {
  it('is the only place that locks a game row or bumps a game version', () => {
    expect(frameViolations(SRC)).toEqual([]);
  });

  it('has its lock statement in the loader', () => {
    const loader = codeOf(readFileSync(join(SRC, LOCK_STATEMENT), 'utf8'));
    expect(loader).toMatch(/FOR UPDATE/);
    expect(loader).toMatch(/pessimistic_write/);
  });
});
