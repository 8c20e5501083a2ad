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
 * The timeout of an end-to-end test that drives hundreds of resources through terraform: a guard against a hang,
 * not a speed check (the benchmarks measure speed). On CI's 2 cores, beside another suite, such a test took over the
 * 300 s it used to allow (issue 43); a hang still ends the run.
 */
export const HANG_GUARD_MS = 30 * 60_000;
