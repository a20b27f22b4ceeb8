// Command-line options for CLI commands. Not node:util parseArgs: it refuses an option value
// that starts with a dash (`--red -5`), and negative scores are written that way. Here an option
// that takes a value always takes the next argument.
import { BadInputError } from './command';

/** Each option's name (without `--`) and whether it takes a value or is a flag. */
export type OptionSpec = Readonly<Record<string, 'value' | 'flag'>>;

export type ParsedOptions<S extends OptionSpec> = {
  readonly [K in keyof S]?: S[K] extends 'value' ? string : true;
};

/**
 * Splits `args` into the options of `spec` and the positional arguments. `--name value` and
 * `--name=value` both work; `-` alone is a positional (stdin); `--` ends the options.
 * Unknown, repeated or valueless options are BadInputError (exit status 2).
 */
export function parseOptions<S extends OptionSpec>(args: readonly string[], spec: S): { options: ParsedOptions<S>; positionals: string[] } {
  const options: Record<string, string | true> = {};
  const positionals: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const kind = Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (kind === undefined) throw new BadInputError(`unknown option --${name}`);
    if (Object.hasOwn(options, name)) throw new BadInputError(`--${name} is given twice`);
    if (kind === 'flag') {
      if (eq >= 0) throw new BadInputError(`--${name} takes no value`);
      options[name] = true;
    } else if (eq >= 0) {
      options[name] = arg.slice(eq + 1);
    } else if (i + 1 < args.length) {
      options[name] = args[++i];
    } else {
      throw new BadInputError(`--${name} needs a value`);
    }
  }
  return { options: options as ParsedOptions<S>, positionals };
}

/** The value of an option that must be one of `choices`; undefined when the option is absent. */
export function choiceOption<T extends string>(name: string, value: string, choices: readonly T[]): T;
export function choiceOption<T extends string>(name: string, value: string | undefined, choices: readonly T[]): T | undefined;
export function choiceOption<T extends string>(name: string, value: string | undefined, choices: readonly T[]): T | undefined {
  if (value === undefined || (choices as readonly string[]).includes(value)) return value as T | undefined;
  throw new BadInputError(`--${name} must be one of ${choices.join(', ')}, not "${value}"`);
}

/** A whole number written in decimal (`-5`, `524`); `min` bounds it from below. */
export function integerOption(name: string, value: string, min = Number.MIN_SAFE_INTEGER): number {
  const n = /^[+-]?\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw new BadInputError(`--${name} must be a whole number, not "${value}"`);
  if (n < min) throw new BadInputError(`--${name} must be at least ${min}, not ${n}`);
  return n;
}

/** Exactly one positional argument, named in the message when it is missing or repeated. */
export function onePositional(positionals: readonly string[], what: string): string {
  if (positionals.length === 1) return positionals[0];
  throw new BadInputError(positionals.length === 0 ? `${what} is missing` : `one ${what} only, got: ${positionals.join(' ')}`);
}
