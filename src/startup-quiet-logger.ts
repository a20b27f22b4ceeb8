import type { LoggerService } from '@nestjs/common';

/**
 * Nest's own start-up chatter: a line per module wired and per route mapped (some 200 lines).
 * It tells an operator nothing a failed start would not, and buried the first admin's login
 * link (docs/web.md "The first admin"), so it is logged at `debug`: LOG_LEVEL=debug shows it.
 */
const STARTUP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/** Whether a `log` call of this context is Nest's start-up chatter. */
export function isStartupChatter(optionalParams: readonly unknown[]): boolean {
  const context = optionalParams.at(-1);
  return typeof context === 'string' && STARTUP_CONTEXTS.has(context);
}

/** The platform's logger with Nest's start-up lines moved down to `debug`; everything else as it was. */
export class StartupQuietLogger implements LoggerService {
  constructor(private readonly logger: LoggerService & { debug(message: unknown, ...optionalParams: unknown[]): void }) {}

  log(message: unknown, ...optionalParams: unknown[]): void {
    if (isStartupChatter(optionalParams)) this.logger.debug(message, ...optionalParams);
    else this.logger.log(message, ...optionalParams);
  }
  error(message: unknown, ...optionalParams: unknown[]): void {
    this.logger.error(message, ...optionalParams);
  }
  warn(message: unknown, ...optionalParams: unknown[]): void {
    this.logger.warn(message, ...optionalParams);
  }
  debug(message: unknown, ...optionalParams: unknown[]): void {
    this.logger.debug(message, ...optionalParams);
  }
  verbose(message: unknown, ...optionalParams: unknown[]): void {
    this.logger.verbose?.(message, ...optionalParams);
  }
  fatal(message: unknown, ...optionalParams: unknown[]): void {
    (this.logger.fatal ?? this.logger.error).call(this.logger, message, ...optionalParams);
  }
}
