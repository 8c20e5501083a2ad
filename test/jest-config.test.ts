// The test harness's own settings: a global option placed inside a project is ignored by Jest without a word
// (jest-circus reads the test timeout from the global config only), and every test would get Jest's 5 s instead.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const config = createRequire(__filename)(join(__dirname, '..', 'jest.config.cjs')) as {
  testTimeout?: number;
  projects: Record<string, unknown>[];
};

it('sets the test timeout globally (30 s), where jest-circus reads it, and in no project', () => {
  expect(config.testTimeout).toBe(30_000);
  expect(config.projects.filter((p) => 'testTimeout' in p).map((p) => p.displayName)).toEqual([]);
});

it('runs the fast loop (unit) and the end-to-end files (e2e) as two projects', () => {
  expect(config.projects.map((p) => p.displayName)).toEqual(['unit', 'e2e']);
});
