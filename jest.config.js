/** @type {import('jest').Config} */
const common = {
  transform: { '\\.[jt]sx?$': '<rootDir>/jest.transform.cjs' },
  // Some dependencies ship ESM only; let the esbuild transform handle them.
  transformIgnorePatterns: ['/node_modules/(?!(jwt-decode|jose)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testEnvironment: 'node',
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      setupFilesAfterEnv: ['<rootDir>/server/jest-setup.ts'],
      testMatch: ['<rootDir>/{server,client,shared,locales}/**/*.test.{ts,tsx}'],
    },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/e2e/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/e2e/jest-setup.ts'],
    },
  ],
};
