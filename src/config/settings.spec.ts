import { parseSettings, SettingsError } from './settings';

describe('ANALYSIS_WORKER (issue 16 item 3)', () => {
  it('is on outside tests, off under NODE_ENV=test, and either when set', () => {
    expect(parseSettings({}).analysisWorker).toBe(true);
    expect(parseSettings({ NODE_ENV: 'test' }).analysisWorker).toBe(false);
    expect(parseSettings({ NODE_ENV: 'test', ANALYSIS_WORKER: 'on' }).analysisWorker).toBe(true);
    expect(parseSettings({ NODE_ENV: 'production', ANALYSIS_WORKER: 'off' }).analysisWorker).toBe(false);
    expect(() => parseSettings({ ANALYSIS_WORKER: 'yes' })).toThrow(SettingsError);
  });
});
