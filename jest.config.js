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
      setupFilesAfterEnv: [
        // Their time limit, 30 s rather than Jest's default 5 s: see the file.
        '<rootDir>/tests/support/integration-time-limit.ts',
        // Every answer a test server gives is checked against the API document.
        '<rootDir>/tests/support/response-contract-hooks.ts',
      ],
      globalSetup: '<rootDir>/tests/support/postgres-global-setup.ts',
      globalTeardown: '<rootDir>/tests/support/postgres-global-teardown.ts',
    },
  ],
};
