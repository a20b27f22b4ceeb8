// Tiers, selected by scripts/test.js: unit (pure code beside the source), integration on
// PostgreSQL, the same integration suite once on PGlite, mail (Dovecot + SMTP) and browser (Chromium).
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.json' }];
const base = {
  moduleFileExtensions: ['js', 'json', 'ts'],
  transform: { '^.+\\.ts$': tsJest },
  testEnvironment: 'node',
  // The default bound of a test or hook, scaled by TEST_TIME_SCALE: it catches a hang, it is no speed budget.
  setupFilesAfterEnv: ['<rootDir>/test/support/hang-bounds.ts'],
};
/** A tier of test/<folder> whose run shares the template databases of the global setup. */
const withDatabases = (folder) => ({
  ...base,
  displayName: folder,
  rootDir: '.',
  testMatch: [`<rootDir>/test/${folder}/**/*.spec.ts`],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // A test that gives one database client two queries at once fails (pg 9 refuses them).
  testEnvironment: '<rootDir>/test/support/database-environment.ts',
  setupFiles: ['<rootDir>/test/support/one-query-at-a-time.ts'],
});
module.exports = {
  projects: [
    { ...base, displayName: 'unit', rootDir: '.', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    withDatabases('integration'),
    // The mail channel through a private Dovecot and an in-process SMTP server, on PostgreSQL.
    withDatabases('mail'),
    // The web pages in the machine's Chromium (playwright-core), on PostgreSQL.
    withDatabases('browser'),
    // Faults: connections killed, Dovecot restarted, the process SIGKILLed; PostgreSQL + Dovecot.
    withDatabases('faults'),
  ],
};
