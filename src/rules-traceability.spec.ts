// docs/rules.md §10 names, for each article, the pure functions that enforce it and the unit
// tests that prove them. This keeps that table true: a renamed function or a deleted test fails here.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');

interface Row {
  readonly article: number;
  readonly functions: readonly { readonly file: string; readonly name: string }[];
  readonly tests: readonly string[];
}

function traceability(): Row[] {
  const book = read('docs/rules.md');
  const section = book.slice(book.indexOf('## 10. Where each rule lives'));
  return section
    .split('\n')
    .filter((line) => /^\| \d+ \|/.test(line))
    .map((line) => {
      const [, article, , enforcedBy, provenBy] = line.split('|').map((cell) => cell.trim());
      const refs = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
      return {
        article: Number(article),
        functions: refs(enforcedBy).map((ref) => {
          const [file, name] = ref.split('#');
          return { file, name };
        }),
        tests: refs(provenBy),
      };
    });
}

describe('docs/rules.md §10: every rule traceable to its function and its tests', () => {
  const rows = traceability();

  it('has a row for each article of the rule book, §1 to §9, and the PFS rules of §11', () => {
    expect(rows.map((r) => r.article)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11]);
  });

  it.each(rows.map((r) => [r.article, r] as const))('§%i: the functions exist and its tests exist and exercise them', (_article, row) => {
    expect(row.functions.length).toBeGreaterThan(0);
    expect(row.tests.length).toBeGreaterThan(0);
    for (const test of row.tests) {
      expect({ test, exists: existsSync(join(root, test)) }).toEqual({ test, exists: true });
      expect(test).toMatch(/\.spec\.ts$/);
    }
    const testTexts = row.tests.map(read);
    for (const { file, name } of row.functions) {
      expect({ file, exists: existsSync(join(root, file)) }).toEqual({ file, exists: true });
      const declared = new RegExp(`export (async )?(function\\*?|const|class) ${name}\\b`).test(read(file));
      expect({ file, name, declared }).toEqual({ file, name, declared: true });
      const exercised = testTexts.some((text) => new RegExp(`\\b${name}\\b`).test(text));
      expect({ name, exercisedByItsTests: exercised }).toEqual({ name, exercisedByItsTests: true });
    }
  });
});
