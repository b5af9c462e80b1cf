/** @type {import('jest').Config} */
const common = {
  transform: { '\\.[jt]sx?$': '<rootDir>/jest.transform.cjs' },
  // Some dependencies ship ESM only; let the esbuild transform handle them.
  transformIgnorePatterns: ['/node_modules/(?!(jwt-decode|jose)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    // Made by build.mjs for the bundles; Node has no bundler, so the same map from the whole files.
    '^virtual:(mini-app-)?text-sections$': '<rootDir>/locales/text-sections.node.ts',
    '^virtual:page-modules$': '<rootDir>/client/app/page-modules.node.ts',
    // A page's or a feature's stylesheet, imported by its module: nothing to run.
    '\\.css$': '<rootDir>/client/testing/style-import.ts',
  },
  testEnvironment: 'node',
};

module.exports = {
  // The slowest files first (jest.durations.json), so no worker is left alone with one at the end.
  testSequencer: '<rootDir>/jest.sequencer.cjs',
  projects: [
    {
      ...common,
      displayName: 'unit',
      setupFilesAfterEnv: ['<rootDir>/server/testing/jest-setup.ts'],
      // The run's seeded stores, copied into each test's fresh folder (server/api/test-support/seeded-store.ts).
      globalSetup: '<rootDir>/server/testing/global-setup.ts',
      globalTeardown: '<rootDir>/server/testing/global-teardown.ts',
      // bench/: its first-load budgets (bench/first-load.test.ts); the benchmarks themselves are scripts, not tests.
      testMatch: ['<rootDir>/{server,client,shared,locales,docs,bench}/**/*.test.{ts,tsx}'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/e2e/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/e2e/jest-setup.ts'],
      // One Chromium for the whole run, each test file connecting to it (e2e/global-setup.ts).
      globalSetup: '<rootDir>/e2e/global-setup.ts',
      globalTeardown: '<rootDir>/e2e/global-teardown.ts',
    },
  ],
};
