// What the rules commands' specs share: one JSON answer a run, temporary input files, and what
// any answer may be (a report, an engine refusal or BAD_INPUT).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineErrorCode } from '../../engine/types';
import { cliRun } from './run-cli';

/** What the rules commands print: a report, or `{error: {code, …}}`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each command's report has its own shape; the tests read its fields
export type Answer = any;

/** A run that printed exactly one JSON line and nothing on stderr: its status and value. */
export async function json(argv: readonly string[], stdin?: string | Uint8Array): Promise<{ status: number; value: Answer }> {
  const run = await cliRun(argv, stdin);
  expect(run.err).toBe('');
  expect(run.out).toMatch(/^[^\n]*\n$/);
  return { status: run.status, value: JSON.parse(run.out) };
}

let dir: string | undefined;
/** Registers the spec's temporary folder for file(): call once at the top of a spec. */
export function useInputFiles(): void {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rules-commands-'));
  });
  afterAll(() => rmSync(dir ?? '', { recursive: true, force: true }));
}

let fileCount = 0;
export function file(content: string | Uint8Array | object, name = `input-${++fileCount}.json`): string {
  if (dir === undefined) throw new Error('useInputFiles() was not called');
  const path = join(dir, name);
  const bytes = typeof content === 'string' || content instanceof Uint8Array ? content : JSON.stringify(content);
  writeFileSync(path, bytes);
  return path;
}

export const ENGINE_CODES: readonly EngineErrorCode[] = [
  'BAD_NOTATION',
  'OFF_BOARD',
  'FIRST_MOVE_NOT_ON_CENTER',
  'NOT_CONNECTED',
  'INCOMPLETE_WORD',
  'WORD_MISMATCH',
  'NO_NEW_TILES',
  'WORD_TOO_SHORT',
  'TILES_NOT_IN_RACK',
  'ZERO_SCORE_PLACEMENT',
  'GAME_OVER',
  'NOT_IN_LINE',
  'GAP',
];

/** What any input may give: a report (0), a refusal with an engine code (1) or BAD_INPUT (2). */
export function expectAnswer(status: number, value: Answer): void {
  if (value.error === undefined) {
    expect(status).toBe(0);
    expect(value).toHaveProperty('moves');
  } else if (value.error.code === 'BAD_INPUT') {
    expect(status).toBe(2);
    expect(typeof value.error.message).toBe('string');
  } else {
    expect(status).toBe(1);
    expect(ENGINE_CODES).toContain(value.error.code);
  }
}

/** The spec's temporary folder (useInputFiles). */
export function inputDir(): string {
  if (dir === undefined) throw new Error('useInputFiles() was not called');
  return dir;
}
