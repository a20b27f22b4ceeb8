// The scaffold every CLI command shares: its arguments parsed and checked before anything is
// opened, then its action, whose status is the exit status. A command file holds only its
// options and its action. Pure: the variants that open the database (database-command.ts) or
// boot the platform's services (cli-services.ts) build on it, so `coefficients` loads no Nest.
import type { Command, CommandIo } from './command';
import { parseOptions, type OptionSpec, type ParsedOptions } from './options';

/** The options of a command that takes none. */
export type NoOptions = Readonly<Record<never, never>>;

/** A command's arguments: its options and positionals (options.ts). */
export interface CommandArgs<S extends OptionSpec> {
  readonly options: ParsedOptions<S>;
  readonly positionals: readonly string[];
}

/** What every command declares beside its action. */
export interface CommandSpec<S extends OptionSpec, I> {
  readonly name: string;
  readonly usage: string;
  readonly summary: string;
  /** The options it takes. Without them nothing is parsed: every argument is a positional, as given. */
  readonly options?: S;
  /**
   * The arguments read and checked before anything is opened (a typo costs nothing): what the
   * action works on, or BadInputError (exit 2). Without it the action gets the parsed arguments.
   */
  readonly input?: (args: CommandArgs<S>, io: CommandIo) => I;
}

/** The exit status an action resolves to (0 done, 1 refused, 2 unusable input); nothing means 0. */
export type ActionStatus = Promise<number | void>;

/** The command's arguments, parsed and checked: what its action works on. */
function commandInput<S extends OptionSpec, I>(spec: CommandSpec<S, I>, io: CommandIo): I {
  const args: CommandArgs<S> = spec.options
    ? parseOptions(io.args, spec.options)
    : { options: {} as ParsedOptions<S>, positionals: io.args };
  return spec.input ? spec.input(args, io) : (args as I);
}

/** A command from its options and its action. */
export function defineCommand<const S extends OptionSpec = NoOptions, I = CommandArgs<S>>(
  spec: CommandSpec<S, I> & { readonly run: (input: I, io: CommandIo) => ActionStatus },
): Command {
  return {
    name: spec.name,
    usage: spec.usage,
    summary: spec.summary,
    async run(io) {
      return (await spec.run(commandInput(spec, io), io)) ?? 0;
    },
  };
}
