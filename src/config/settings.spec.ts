import { parseSettings, SettingsError } from './settings';

describe('ANALYSIS_WORKER', () => {
  it('is on outside tests, off under NODE_ENV=test, and either when set', () => {
    expect(parseSettings({}).analysisWorker).toBe(true);
    expect(parseSettings({ NODE_ENV: 'test' }).analysisWorker).toBe(false);
    expect(parseSettings({ NODE_ENV: 'test', ANALYSIS_WORKER: 'on' }).analysisWorker).toBe(true);
    expect(parseSettings({ NODE_ENV: 'production', ANALYSIS_WORKER: 'off' }).analysisWorker).toBe(false);
    expect(() => parseSettings({ ANALYSIS_WORKER: 'yes' })).toThrow(SettingsError);
  });
});

describe('GAME_CACHE_GAMES', () => {
  it('keeps 5,000 games by default, any whole number ≥ 0 when set, and refuses anything else by name', () => {
    expect(parseSettings({}).gameCacheGames).toBe(5_000);
    expect(parseSettings({ GAME_CACHE_GAMES: '5000' }).gameCacheGames).toBe(5000);
    expect(parseSettings({ GAME_CACHE_GAMES: '0' }).gameCacheGames).toBe(0);
    for (const bad of ['-1', '2.5', 'many']) {
      expect(() => parseSettings({ GAME_CACHE_GAMES: bad })).toThrow(SettingsError);
      expect(() => parseSettings({ GAME_CACHE_GAMES: bad })).toThrow(/GAME_CACHE_GAMES/);
    }
  });
});
