/** What a CLI command gets: its arguments and the two streams (results to stdout, logs to stderr). */
export interface CommandIo {
  readonly args: readonly string[];
  readonly stdin: NodeJS.ReadableStream;
  out(text: string): void;
  err(text: string): void;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export interface Command {
  /** One or more words: `replay`, `competition create`. */
  readonly name: string;
  readonly usage: string;
  readonly summary: string;
  /** Resolves to the exit status: 0 done, 1 refused (a rule said no), 2 unusable input. */
  run(io: CommandIo): Promise<number>;
}

/** Unusable input: exit status 2 with `{"error":{"code":"BAD_INPUT","message"}}`. */
export class BadInputError extends Error {}

export function jsonLine(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}
