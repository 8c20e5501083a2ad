// Marks a test file of the unit project (set by test/helpers/no-child-process.ts in that file's own global), so the
// availability checks of Terraform and Chromium refuse there instead of skipping: a skipped file runs no afterAll.
export const UNIT_TEST_FILE = Symbol.for('uptime.unitTestFile');

/** Throws inside a unit test file: what needs `what` is an end-to-end test. */
export function refuseInUnitFile(what: string): void {
  if ((globalThis as Record<symbol, unknown>)[UNIT_TEST_FILE])
    throw new Error(`${what} in a unit test file: unit tests start no process; name this file *-e2e.test.ts`);
}
