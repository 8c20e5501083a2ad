// Tests are compiled by swc to CommonJS (fast, no type-check; `npm test` runs `tsc --noEmit` first).
const { availableParallelism } = require('node:os');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)s$': [
      '@swc/jest',
      { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
    ],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  extensionsToTreatAsEsm: [],
  testTimeout: 30000,
  // Jest's default (cores − 1) runs a 2-core machine's suite in band, one file at a time, though most end-to-end
  // files spend their time waiting on terraform, the CDK CLI or a service's rate window: two files at a time
  // there (issue 43: the Node 22 pass went from about 1,000 s to 790 s). --maxWorkers / --runInBand still win.
  maxWorkers: Math.max(2, availableParallelism() - 1),
};
