// The source tree as the specs that read it see it (the frame, table owners and role suffix checks).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir`, sub-folders included, whose name ends with `suffix`. */
export function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, suffix);
    return entry.name.endsWith(suffix) ? [path] : [];
  });
}

/** The TypeScript sources under `dir`, specs left out. */
export function sourcesUnder(dir: string): string[] {
  return filesUnder(dir, '.ts').filter((path) => !path.endsWith('.spec.ts'));
}
