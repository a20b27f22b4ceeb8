// Reading what a CLI command is given — a file, stdin whole, or stdin as JSON Lines — with a
// size limit, so that a huge or binary file is a clear BAD_INPUT and never exhausts memory.
import { open } from 'node:fs/promises';
import { BadInputError } from './command';

/** A game record or a GCG file is a few kilobytes; this leaves room for any real one. */
export const MAX_INPUT_BYTES = 4 * 1024 * 1024;

const MIB = 1024 * 1024;

function tooLarge(what: string, maxBytes: number): string {
  return `${what} is larger than ${maxBytes / MIB} MiB`;
}

/** The bytes of `path` (at most `maxBytes`); BadInputError when it cannot be read or is larger. */
export async function readInputFile(path: string, maxBytes = MAX_INPUT_BYTES): Promise<Buffer> {
  let handle;
  try {
    handle = await open(path, 'r');
    // Read one byte past the limit: that is how a file too large is told from one just large enough.
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) throw new BadInputError(tooLarge(path, maxBytes));
    }
    return buffer.subarray(0, length);
  } catch (error) {
    if (error instanceof BadInputError) throw error;
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new BadInputError(`cannot read ${path}: ${FILE_ERRORS[reason] ?? reason}`);
  } finally {
    await handle?.close();
  }
}

const FILE_ERRORS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
};

/** All of a stream (stdin given as `-` for a whole file), at most `maxBytes`. */
export async function readInputStream(stream: NodeJS.ReadableStream, maxBytes = MAX_INPUT_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const bytes = toBuffer(chunk);
    length += bytes.length;
    if (length > maxBytes) throw new BadInputError(tooLarge('the input', maxBytes));
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, length);
}

/** Text from bytes that must be UTF-8 (a leading byte-order mark is dropped); undefined when they are not. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** {@link decodeUtf8}, or BadInputError naming `what`. */
export function requireUtf8(bytes: Uint8Array, what: string): string {
  const text = decodeUtf8(bytes);
  if (text === undefined) throw new BadInputError(`${what} is not UTF-8 text`);
  return text;
}

/** One line of JSON Lines input: its text, or why it cannot be used. */
export type InputLine = { readonly text: string } | { readonly problem: string };

/**
 * The non-blank lines of a stream, in order, each at most `maxBytes` (in `-` mode
 * every non-blank input line gets exactly one output line). A line too long or not UTF-8
 * comes as a problem, so that it still gets its line of output; its bytes are not kept.
 */
export async function* inputLines(stream: NodeJS.ReadableStream, maxBytes = MAX_INPUT_BYTES): AsyncGenerator<InputLine> {
  let parts: Buffer[] = [];
  let length = 0;
  let oversized = false;

  const finish = (): InputLine | undefined => {
    const bytes = Buffer.concat(parts, length);
    const tooLong = oversized;
    parts = [];
    length = 0;
    oversized = false;
    if (tooLong) return { problem: tooLarge('the line', maxBytes) };
    const text = decodeUtf8(bytes);
    if (text === undefined) return { problem: 'the line is not UTF-8 text' };
    return text.trim() === '' ? undefined : { text };
  };
  const append = (piece: Buffer) => {
    if (oversized) return;
    if (length + piece.length > maxBytes) {
      oversized = true;
      parts = [];
      length = 0;
      return;
    }
    parts.push(piece);
    length += piece.length;
  };

  for await (const chunk of stream) {
    const bytes = toBuffer(chunk);
    let from = 0;
    for (let nl = bytes.indexOf(0x0a, from); nl >= 0; nl = bytes.indexOf(0x0a, from)) {
      append(bytes.subarray(from, nl));
      from = nl + 1;
      const line = finish();
      if (line) yield line;
    }
    append(bytes.subarray(from));
  }
  const last = finish();
  if (last) yield last;
}

function toBuffer(chunk: string | Buffer | Uint8Array): Buffer {
  return typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
}
