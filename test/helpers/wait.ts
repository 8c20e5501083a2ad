// Waiting for a condition instead of sleeping a fixed time: on a loaded machine a fixed sleep is either too short
// (the test fails at random) or too long (the suite is slow). `until` polls and fails with what it waited for.
// Tests depend neither on the machine's speed nor on when they start (CI shares 2 cores): a condition is awaited
// here, not slept for; the service's clock is frozen where a test reads times (`POST /admin/clock`) and the client's
// is injected; a message's duration is read in any unit the formatter writes (MESSAGE_DURATION_PATTERN,
// readMessageDuration in src/client/duration.ts); wall times are printed, and measured against a baseline in the
// benchmarks (bench/README.md), never asserted. Suites running at once share nothing: each has its own service,
// workspace and mirror, and the CDK CLIs are kept off the shared plugin cache (withoutSharedPluginCache).

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
 * and another suite beside them, a test that drives terraform or a CDK CLI (the CDKTF import of 300 monitors) takes
 * minutes; a hang still ends the run, and fails it.
 */
export const HANG_GUARD_MS = 30 * 60_000;
