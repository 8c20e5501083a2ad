// The rate-limit warning rides on the answer that leaves the provider idle (a provider process has no last call of
// its own), once, with the totals of the process and advice that fits; the framework tells it whether any other
// call of Terraform's is in flight.
import { encodeMsgpack } from '../../src/protocol/cty/msgpack.js';
import { ctyObject, ctyString } from '../../src/protocol/cty/types.js';
import {
  defineDataSource,
  defineProvider,
  stringAttr,
  warningDiag,
  type RunCall,
} from '../../src/protocol/framework/index.js';
import { createProviderHandlers } from '../../src/protocol/framework/server.js';
import { Logger } from '../../src/protocol/logging.js';
import type { LimiterUsage, RateLimiter } from '../../src/client/index.js';
import { apiFailure } from '../../src/provider/api-errors.js';
import { createNotSent, limiterUsage } from '../client/helpers.js';
import {
  newRunReport,
  rateLimitDiagnostic,
  rateLimitWarning,
} from '../../src/provider/rate-limit-warning.js';
import { parseShare, rateLimitSettings } from '../../src/provider/rate-limit-settings.js';

const T = ctyObject({ key: ctyString });
const dv = (key: string) => ({ msgpack: Buffer.from(encodeMsgpack(T, { key })) });

describe('framework: run-wide diagnostics know whether other calls are in flight', () => {
  it('quiet() is false while another call runs and true for the last answer; what it returns rides on that answer', async () => {
    const gates = new Map<string, () => void>();
    const provider = defineProvider({
      typeName: 'test',
      address: 'registry.terraform.io/x/test',
      schema: { attributes: {} },
      dataSources: [
        defineDataSource({
          typeName: 'test_wait',
          attributes: { key: stringAttr({ required: true }) },
          read: ({ config }: { config: { key: string } }) =>
            new Promise((ok) => gates.set(config.key, () => ok(config))),
        } as never),
      ],
      runDiagnostics: (_pd: unknown, call: RunCall) =>
        call.quiet() ? [warningDiag('last', 'the run ends here')] : [],
    });
    const h = createProviderHandlers(provider, {
      logger: new Logger(undefined, 'test'),
      signal: new AbortController().signal,
    });
    const a = h.ReadDataSource!({ type_name: 'test_wait', config: dv('a') });
    const b = h.ReadDataSource!({ type_name: 'test_wait', config: dv('b') });
    await new Promise((r) => setImmediate(r));
    gates.get('a')!();
    const first = await a;
    gates.get('b')!();
    const last = await b;
    expect(first.diagnostics).toEqual([]);
    expect(last.diagnostics).toEqual([expect.objectContaining({ severity: 'WARNING', summary: 'last' })]);
  });
});

/** A limiter stand-in whose usage the test sets. */
function fakeLimiter(u: Partial<LimiterUsage>) {
  const usage = limiterUsage(u);
  return { usage: () => usage, set: (v: Partial<LimiterUsage>) => Object.assign(usage, v) };
}

const call = (rpc: RunCall['rpc'], quiet = true): RunCall => ({ rpc, quiet: () => quiet });

describe('rate-limit warning', () => {
  it('goes out once, on an idle answer, with the totals; not while calls wait or another call is in flight', async () => {
    const lim = fakeLimiter({ requests: 140, waitedCalls: 80, throttledMs: 95_000, longestWaitMs: 41_000 });
    const pd = { client: { limiter: lim as unknown as RateLimiter }, runReport: newRunReport(15 * 60_000) };
    expect(await rateLimitWarning(pd, call('ApplyResourceChange', false))).toEqual([]);
    lim.set({ waiting: 3 });
    expect(await rateLimitWarning(pd, call('ApplyResourceChange'))).toEqual([]);
    lim.set({ waiting: 0 });
    const [w] = await rateLimitWarning(pd, call('ApplyResourceChange'));
    expect(w).toMatchObject({ severity: 'warning', summary: 'API rate limit slowed this apply' });
    expect(w!.detail).toContain(
      "This apply sent 140 API requests; 80 of them waited for the token's allowance (60 requests per minute), 1 min 35 s in all, the longest 41 s.",
    );
    expect(w!.detail).toContain('A run stops with an error once it has waited 15 min in all');
    // once: the same totals again are not news
    expect(await rateLimitWarning(pd, call('ReadResource'))).toEqual([]);
    // a little more waiting (a dependent resource after the last answer that looked final): no second warning
    lim.set({ throttledMs: 110_000 });
    expect(await rateLimitWarning(pd, call('ApplyResourceChange'))).toEqual([]);
    // much more (a long chain, -parallelism=1): an updated one
    lim.set({ throttledMs: 160_000, requests: 200 });
    const [again] = await rateLimitWarning(pd, call('ApplyResourceChange'));
    expect(again!.detail).toContain('This apply sent 200 API requests');
  });

  it('never on the plan answers of an apply (each resource is planned again right before it is applied)', async () => {
    const lim = fakeLimiter({ requests: 10, throttledMs: 20_000 });
    const pd = { client: { limiter: lim as unknown as RateLimiter }, runReport: newRunReport(900_000) };
    pd.runReport.applying = true;
    expect(await rateLimitWarning(pd, call('PlanResourceChange'))).toEqual([]);
    // in a plan process, the plan answer can be the last one
    const plan = { client: { limiter: lim as unknown as RateLimiter }, runReport: newRunReport(900_000) };
    const [w] = await rateLimitWarning(plan, call('PlanResourceChange'));
    expect(w!.summary).toBe('API rate limit slowed this plan');
  });

  it('short waits are not worth a warning; a 429 always is', async () => {
    const lim = fakeLimiter({ requests: 30, throttledMs: 4_000 });
    const pd = { client: { limiter: lim as unknown as RateLimiter }, runReport: newRunReport(900_000) };
    expect(await rateLimitWarning(pd, call('ReadResource'))).toEqual([]);
    lim.set({ rateLimited: 1 });
    const [w] = await rateLimitWarning(pd, call('ReadResource'));
    expect(w!.detail).toContain(
      'The service answered 429 (rate limited) 1 time; those requests waited for the next window and were sent again',
    );
  });

  it('the advice fits: a token shared with other runs, or a run that alone needs more than the allowance', () => {
    const r = newRunReport(900_000);
    const base = {
      requests: 300,
      waitedCalls: 250,
      throttledMs: 240_000,
      longestWaitMs: 60_000,
      rateLimited: 0,
      limit: 60,
      windowMs: 60_000,
      share: null,
      waiting: 0,
      inFlight: 0,
    };
    const shared = rateLimitDiagnostic({ ...base, othersRequests: 1_200 }, r).detail!;
    expect(shared).toContain(
      'Other users of the same token sent at least 1200 requests in the same minutes.',
    );
    expect(shared).toContain('splitting states does not help');
    expect(shared).toContain('a token for each stack or pipeline; `rate_limit_share`');
    expect(shared).not.toContain('-refresh=false');
    const alone = rateLimitDiagnostic({ ...base, othersRequests: 2 }, r).detail!;
    expect(alone).toContain(
      'Nothing else used the token: this run alone needed more than its allowance (300 requests at 60 requests per minute are about 5 min of allowance)',
    );
    expect(alone).toContain('-refresh=false');
    expect(alone).not.toContain('splitting states');
  });
});

describe('rate-limit settings', () => {
  it('provider arguments win over the environment; the defaults are 15 minutes and an estimated share', () => {
    expect(rateLimitSettings({}, {})).toEqual({ maxWaitMs: 900_000, share: null });
    const env = { UPTIME_RATE_LIMIT_MAX_WAIT: '1h30m', UPTIME_RATE_LIMIT_SHARE: '1/4' };
    expect(rateLimitSettings({}, env)).toEqual({ maxWaitMs: 5_400_000, share: 0.25 });
    expect(rateLimitSettings({ rate_limit_max_wait: '90s', rate_limit_share: 0.5 }, env)).toEqual({
      maxWaitMs: 90_000,
      share: 0.5,
    });
  });

  it('a bad environment value is an error naming the variable, the rule and the value', () => {
    expect(() => rateLimitSettings({}, { UPTIME_RATE_LIMIT_MAX_WAIT: '15 minutes' })).toThrow(
      'The environment variable UPTIME_RATE_LIMIT_MAX_WAIT must be a duration such as `30m`, `1h` or `90s` (units h, m, s, ms), from 1s to 24h (rule: duration), got: "15 minutes".',
    );
    expect(() => rateLimitSettings({}, { UPTIME_RATE_LIMIT_SHARE: '0' })).toThrow(
      /UPTIME_RATE_LIMIT_SHARE must be a number greater than 0 and at most 1, written `0.25`, `1\/4` or `25%` .*got: "0"/,
    );
  });

  it.each([
    ['0.25', 0.25],
    ['1/4', 0.25],
    ['25%', 0.25],
    ['1', 1],
    ['.5', 0.5],
    ['0', null],
    ['1.5', null],
    ['3/2', null],
    ['a quarter', null],
    ['-0.5', null],
  ])('share %j reads as %p', (text, value) => {
    expect(parseShare(text)).toBe(value);
  });
});

describe('a run that waited as long as it may', () => {
  it("fails with the client's facts and advice that names the settings", () => {
    const e = createNotSent(900_000, 41_000, 900_000, {
      requests: 400,
      waitedCalls: 380,
      throttledMs: 900_000,
      longestWaitMs: 61_000,
      rateLimited: 2,
      othersRequests: 900,
      waiting: 12,
    });
    const d = apiFailure('Create failed', e);
    expect(d.summary).toBe('Create failed');
    expect(d.detail).toBe(
      "POST /monitors not sent: waiting for the API rate limit reached its bound of 15 min in all (waited 15 min; the next request could go in 41 s). The token's allowance: 60 requests per minute; this process sent 400 requests, 2 of them answered 429; other users of the token sent at least 900 in the same windows. Requests answered 429 wait for the token's allowance; this run waited as long as it may in all. What helps: a longer `rate_limit_max_wait` (or UPTIME_RATE_LIMIT_MAX_WAIT); a token for each stack or pipeline when several runs share one, or `rate_limit_share` (UPTIME_RATE_LIMIT_SHARE) per run; a plan with a larger allowance. What was not applied stays in the plan: run apply again.",
    );
  });
});
