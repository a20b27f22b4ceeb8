// Every injectable says its role in its file name (docs/architecture.md, "Folders and roles"):
// a reader finds the services, repositories and controllers of a feature from its listing.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROLES = ['service', 'repository', 'controller', 'guard', 'middleware', 'filter', 'cron', 'commands', 'module', 'sender'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The files of `dir` that declare an injectable without a role suffix. */
export function unsuffixedInjectables(dir: string): string[] {
  const suffix = new RegExp(`\\.(${ROLES.join('|')})\\.ts$`);
  return sources(dir)
    .filter((file) => !suffix.test(file) && /^@Injectable\(/m.test(readFileSync(file, 'utf8')))
    .map((file) => relative(dir, file));
}

describe('role suffixes', () => {
  it('every @Injectable() lives in a file named for its role', () => {
    expect(unsuffixedInjectables(__dirname)).toEqual([]);
  });
});
