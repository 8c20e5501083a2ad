// The example's tests, once with cdktf and once with cdktn (CDK Terrain): for cdktn every `cdktf` import,
// the constructs' own included, resolves to `cdktn`. In your project keep the one you use, and import from
// `terraform-provider-uptime/cdktf` (or `/cdktn`) as installed: the mapping to ../../../src below only lets the
// example run from a checkout without a build.
const swc = [
  '@swc/jest',
  { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
];
const common = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/*.test.ts'],
  transform: { '^.+\\.(t|j)s$': swc },
  setupFilesAfterEnv: ['<rootDir>/setup.cjs'],
};
const fromCheckout = {
  '^terraform-provider-uptime/cdktf$': '<rootDir>/../../../src/constructs/index.ts',
  '^(\\.{1,2}/.*)\\.js$': '$1',
};

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 120000,
  projects: [
    { ...common, displayName: 'cdktf', moduleNameMapper: fromCheckout },
    { ...common, displayName: 'cdktn', moduleNameMapper: { '^cdktf$': 'cdktn', ...fromCheckout } },
  ],
};
