// Every injectable says its role in its file name (docs/architecture.md, "Folders and roles"):
// a reader finds the services, repositories and controllers of a feature from its listing.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { sourcesUnder } from './common/testing/source-files';

const ROLES = ['service', 'repository', 'controller', 'guard', 'middleware', 'filter', 'cron', 'commands', 'module', 'sender'];

/** The files of `dir` that declare an injectable without a role suffix. */
export function unsuffixedInjectables(dir: string): string[] {
  const suffix = new RegExp(`\\.(${ROLES.join('|')})\\.ts$`);
  return sourcesUnder(dir)
    .filter((file) => !suffix.test(file) && /^@Injectable\(/m.test(readFileSync(file, 'utf8')))
    .map((file) => relative(dir, file));
}

describe('role suffixes', () => {
  it('every @Injectable() lives in a file named for its role', () => {
    expect(unsuffixedInjectables(__dirname)).toEqual([]);
  });
});
