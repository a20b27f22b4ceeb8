import { isStartupChatter, StartupQuietLogger } from './startup-quiet-logger';

describe("Nest's start-up lines at debug", () => {
  it('moves the wiring and route lines down to debug, and nothing else', () => {
    const seen: string[] = [];
    const to = (level: string) => (message: unknown) => seen.push(`${level} ${String(message)}`);
    const logger = new StartupQuietLogger({ log: to('info'), debug: to('debug'), error: to('error'), warn: to('warn') });
    logger.log('Mapped {/login, GET} route', 'RouterExplorer');
    logger.log('AppModule dependencies initialized', 'InstanceLoader');
    logger.log('analysed 2 game(s)', 'GameAnalysisService');
    logger.warn('slow', 'Workers');
    expect(seen).toEqual([
      'debug Mapped {/login, GET} route',
      'debug AppModule dependencies initialized',
      'info analysed 2 game(s)',
      'warn slow',
    ]);
    expect(isStartupChatter([])).toBe(false);
  });
});
