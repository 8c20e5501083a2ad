// Waiting for a condition instead of sleeping a fixed time: on a loaded machine a fixed sleep is either too short
// (the test fails at random) or too long (the suite is slow). `until` polls and fails with what it waited for.

/** Resolves with `probe`'s first truthy value; rejects naming `what` when `timeoutMs` passes first. */
export async function until<T>(
  probe: () => T | Promise<T>,
  what: string,
  { timeoutMs = 20_000, everyMs = 10 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * The timeout of every test and hook in an end-to-end file (`*-e2e.test.ts`): a guard against a hang, not a speed
 * check (the benchmarks and CI's per-suite wall times measure speed). With two test files at a time on CI's 2 cores
 * and another suite beside them, tests that drive terraform or a CDK CLI ran to 70–100 % of the 120–300 s they used to
 * allow, and the CDKTF import of 300 monitors past it (issue 43); a hang still ends the run, and fails it.
 */
export const HANG_GUARD_MS = 30 * 60_000;
