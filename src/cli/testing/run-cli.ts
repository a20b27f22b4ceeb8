// The CLI run in-process through its real runner (runCli), for the command specs: arguments and
// stdin in, stdout, stderr and the exit status out.
import { Readable } from 'node:stream';
import { runCli } from '../../cli';

export interface CliRun {
  readonly status: number;
  readonly out: string;
  readonly err: string;
}

export async function cliRun(argv: readonly string[], stdin: string | Uint8Array = ''): Promise<CliRun> {
  let out = '';
  let err = '';
  const status = await runCli(argv, {
    stdin: Readable.from([Buffer.from(stdin)]),
    out: (text) => (out += text),
    err: (text) => (err += text),
    env: {},
  });
  return { status, out, err };
}
