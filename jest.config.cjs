// Tests are compiled by swc to CommonJS (fast, no type-check; `npm test` runs `tsc --noEmit` first).
// Two projects: `unit` (every file but *-e2e.test.ts; a test file there that starts a child process fails, so
// nothing that needs Terraform, a CDK CLI, a browser or another process hides in the fast loop: `npm run test:unit`)
// and `e2e` (*-e2e.test.ts: real terraform, the CDK CLIs, Chromium, processes of ours: `npm run test:e2e`).
// The provider bundle is built once per run (test/helpers/global-setup.ts) and shared by every e2e file.
const { availableParallelism } = require('node:os');

const common = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  transform: {
    '^.+\\.(t|j)s$': [
      '@swc/jest',
      { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
    ],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  // The frozen upgrade sets hold generated apps with package.json files of the same name: not modules of the tests.
  modulePathIgnorePatterns: ['<rootDir>/test/fixtures/upgrade/'],
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '-e2e\\.test\\.ts$'],
      setupFilesAfterEnv: ['<rootDir>/test/helpers/no-child-process.ts'],
    },
    { ...common, displayName: 'e2e', testMatch: ['**/*-e2e.test.ts'] },
  ],
  globalSetup: '<rootDir>/test/helpers/global-setup.ts',
  // A global option: jest-circus reads it from the global config only, so inside `projects` it would be ignored.
  testTimeout: 30000,
  // Jest's default (cores − 1) runs a 2-core machine's suite in band, one file at a time, though most end-to-end
  // files spend their time waiting on terraform, the CDK CLI or a service's rate window: two files at a time.
  // --maxWorkers / --runInBand still win.
  maxWorkers: Math.max(2, availableParallelism() - 1),
};
