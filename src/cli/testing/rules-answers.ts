// What the rules commands' specs share: one JSON answer a run, and temporary input files.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliRun } from './run-cli';

/** What the rules commands print: a report, or `{error: {code, …}}`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each command's report has its own shape; the tests read its fields
export type Answer = any;

/** A run that printed exactly one JSON line and nothing on stderr: its status and value. */
export async function json(argv: readonly string[], stdin?: string | Uint8Array): Promise<{ status: number; value: Answer }> {
  const run = await cliRun(argv, stdin);
  // Plain throws, not expect(): this file is built with the CLI, where the test globals do not exist.
  if (run.err !== '') throw new Error(`${argv.join(' ')} wrote to stderr: ${run.err}`);
  if (!/^[^\n]*\n$/.test(run.out)) throw new Error(`${argv.join(' ')} did not print exactly one line: ${run.out}`);
  return { status: run.status, value: JSON.parse(run.out) };
}

let dir: string | undefined;
/** The test runner's hooks, passed in: this file is built with the CLI, where its globals do not exist. */
type Hook = (work: () => void) => void;

/** Registers the spec's temporary folder for file(): call once at the top of a spec with its beforeAll and afterAll. */
export function useInputFiles(before: Hook, after: Hook): void {
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'rules-commands-'));
  });
  after(() => rmSync(dir ?? '', { recursive: true, force: true }));
}

let fileCount = 0;
export function file(content: string | Uint8Array | object, name = `input-${++fileCount}.json`): string {
  if (dir === undefined) throw new Error('useInputFiles() was not called');
  const path = join(dir, name);
  const bytes = typeof content === 'string' || content instanceof Uint8Array ? content : JSON.stringify(content);
  writeFileSync(path, bytes);
  return path;
}

/** The spec's temporary folder (useInputFiles). */
export function inputDir(): string {
  if (dir === undefined) throw new Error('useInputFiles() was not called');
  return dir;
}
