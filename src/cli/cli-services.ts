import { Abstract, DynamicModule, LoggerService, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Refusal } from '../common/refusal';
import { ClockModule } from '../common/clock.module';
import { CoefficientsModule } from '../coefficients/coefficients.module';
import { parseSettings, type Settings } from '../config/settings';
import { SettingsModule } from '../config/settings.module';
import { DatabaseModule } from '../database/database.module';
import { GamesModule } from '../games/games.module';
import { loadRehearsalClock } from '../rehearsal/rehearsal-clock-state';
import { type Command, type CommandIo, jsonLine } from './command';
import { withDatabase } from './database-command';
import { defineCommand, type ActionStatus, type CommandArgs, type CommandSpec, type NoOptions } from './define-command';
import type { OptionSpec } from './options';

/** The feature modules wired as in the platform, without HTTP, scheduler or workers running. */
@Module({})
class ServicesModule {
  static forRoot(parts: DynamicModule[], features: readonly Type[]): DynamicModule {
    return { module: ServicesModule, imports: [...parts, ...features] };
  }
}

/** Nest's own messages go to stderr: stdout carries only the command's JSON result. */
function stderrLogger(io: CommandIo): LoggerService {
  const write = (level: string) => (message: unknown) => io.err(`${level}: ${String(message)}\n`);
  return { log: () => undefined, warn: write('warn'), error: write('error') };
}

/** A service of the wired context, by class (abstract ones too, such as Clock). */
export type ServiceGetter = <S>(service: Type<S> | Abstract<S>) => S;

export interface ServicesOptions {
  /** The feature modules to wire (default: competitions, which brings games, mail and results). */
  readonly features?: readonly Type[];
  /** Settings over the environment's, e.g. workers a command must not start. */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Runs CLI work with the platform's services (the same ones the API calls), on the
 * database the environment names. Commands act as the platform itself (system actor):
 * whoever runs them has the database anyway.
 */
export async function withServices<T>(
  io: CommandIo,
  work: (get: ServiceGetter, settings: Settings) => Promise<T>,
  { features = [GamesModule, CoefficientsModule], env = {} }: ServicesOptions = {},
): Promise<T> {
  // A command is short work: the games' analyses are the server's background job, never a command's (ANALYSIS_WORKER).
  const settings = parseSettings({ ...io.env, ANALYSIS_WORKER: 'off', ...env });
  return withDatabase(io, async (database, migrations) => {
    const context = await NestFactory.createApplicationContext(
      ServicesModule.forRoot(
        [
          SettingsModule.forRoot(settings),
          // Under REHEARSAL_CLOCK=on commands run on the rehearsal's day, as the platform does.
          ClockModule.forRoot(settings.rehearsalClock ? await loadRehearsalClock(database) : undefined),
          // withDatabase closes the database; the module must not close it a second time.
          DatabaseModule.forRoot({ database, migrations, close: async () => undefined }),
        ],
        features,
      ),
      { logger: stderrLogger(io), abortOnError: false },
    );
    try {
      return await work((service) => context.get(service, { strict: false }), settings);
    } finally {
      await context.close();
    }
  });
}

/** A refusal as the CLI prints it: the API's JSON body; exit 2 for unusable input, 1 for a rule's no. */
function printRefusal(io: CommandIo, error: unknown): number {
  if (!(error instanceof Refusal)) throw error;
  io.out(jsonLine(error.getResponse()));
  return error.getStatus() === 400 ? 2 : 1;
}

export interface ServiceCommandSpec<S extends OptionSpec, I> extends CommandSpec<S, I>, ServicesOptions {
  /**
   * Refusals print as the API's JSON body (exit 2 or 1), the default. False for `sweep` and
   * `check`, which never printed them: a refusal there fails the command (exit 1, on stderr).
   */
  readonly printRefusals?: boolean;
  /** The action, on the platform's services, acting as the platform (SYSTEM_ACTOR). */
  readonly run: (input: I, get: ServiceGetter, io: CommandIo, settings: Settings) => ActionStatus;
}

/** A command whose action runs on the platform's services: its arguments checked before they boot. */
export function serviceCommand<const S extends OptionSpec = NoOptions, I = CommandArgs<S>>(spec: ServiceCommandSpec<S, I>): Command {
  const { features, env, printRefusals = true } = spec;
  return defineCommand<S, I>({
    ...spec,
    run: (input, io) =>
      withServices(
        io,
        async (get, settings) => {
          try {
            return await spec.run(input, get, io, settings);
          } catch (error) {
            if (!printRefusals) throw error;
            return printRefusal(io, error);
          }
        },
        { features, env },
      ),
  });
}
