const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.tsx?$': ['ts-jest', { useESM: true, diagnostics: false }] },
};

/** Unit tests (pure logic) and integration tests (real Postgres), run by `npm test`. */
export default {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/tests/unit/**/*.test.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
      // A hook copies a database and starts a server, a test makes members and waits on sockets:
      // seconds, and far more on a busy two-core machine than Jest's default 5 s. The limit is
      // only there to catch a hang; a test that needs more says so itself.
      testTimeout: 30_000,
      globalSetup: '<rootDir>/tests/support/postgres-global-setup.ts',
      // Every answer a test server gives is checked against the API document.
      setupFilesAfterEnv: ['<rootDir>/tests/support/response-contract-hooks.ts'],
      globalTeardown: '<rootDir>/tests/support/postgres-global-teardown.ts',
    },
  ],
};
