// The unit project's guard: a unit test file that starts a child process (terraform, a CDK CLI, a browser, tsx, a
// provider or service process of ours) fails with a message saying where it belongs. Such a file is an end-to-end
// test: name it *-e2e.test.ts.
const refuse = (name: string) => () => {
  throw new Error(
    `child_process.${name} in a unit test file: unit tests start no process (no terraform, no CDK CLI, no browser); ` +
      `name this file *-e2e.test.ts`,
  );
};
for (const id of ['child_process', 'node:child_process']) {
  jest.mock(id, () => {
    const real = jest.requireActual<typeof import('node:child_process')>('node:child_process');
    const names = ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'] as const;
    return { ...real, ...Object.fromEntries(names.map((n) => [n, refuse(n)])) };
  });
}
