// A token with a small allowance (4 requests per 5-second window: the local service's test-only short window):
// the provider waits instead of failing, and the apply ends with one warning whose totals are the whole run's:
// the requests it names are exactly the requests the service received from that apply.
import { MESSAGE_DURATION_PATTERN, readMessageDuration } from '../../src/client/duration.js';
import type { Seed } from '../../src/service/seed.js';
import { terraformAvailable } from '../helpers/terraform.js';
import { ServiceApi, startE2E, testSeed, type E2E } from './helpers.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';

const describeTf = terraformAvailable() ? describe : describe.skip;
const PER_WINDOW = 4;
const MONITORS = 12;

function seedWithSlowToken(): Seed {
  const s = testSeed() as any;
  s.tenants[0].tokens.push({ name: 'slow', perMinuteLimit: PER_WINDOW });
  return s as Seed;
}

const config = `
resource "uptime_monitor" "m" {
  count = ${MONITORS}
  url   = "https://rate-limited.example.com/\${count.index}"
}
`;

describeTf('rate limit with real terraform', () => {
  let e: E2E;
  /** The test's own reads go through another token: they must not take from (or meet) the small allowance. */
  const reader = () => new ServiceApi(e.svc, e.svc.tokens.full!);
  let requests = 0;
  beforeAll(async () => {
    e = await startE2E(
      seedWithSlowToken(),
      'slow',
      {},
      {
        rateLimitWindowSeconds: 5,
        onResponse: (r) => {
          if (r.url.startsWith('/v1/')) requests++;
        },
      },
    );
  }, HANG_GUARD_MS);
  afterAll(async () => e?.dispose());

  it(
    "a slowed apply succeeds and ends with one warning giving the whole run: its requests are the service's count",
    async () => {
      const { ws, svc } = e;
      ws.write({ 'main.tf': config });
      await ws.must(['plan', '-out=tfplan', '-no-color', '-input=false']);
      const before = requests;
      const r = await ws.run(['apply', '-no-color', '-input=false', 'tfplan']);
      const received = requests - before;
      const out = `${r.stdout}\n${r.stderr}`;
      if (r.code !== 0) throw new Error(`apply failed:\n${out}`);
      expect(out).toMatch(new RegExp(`Apply complete! Resources: ${MONITORS} added`));
      expect(out.split('Warning: API rate limit slowed this apply').length - 1).toBe(1);
      expect(out).not.toMatch(/more similar warning|so far/);
      const flat = out.replace(/\s+/g, ' ');
      // the durations in whatever unit the formatter chose (a long wait on a loaded machine reads "1 min 4 s")
      const d = `(${MESSAGE_DURATION_PATTERN})`;
      const m = new RegExp(
        `This apply sent (\\d+) API requests; (\\d+) of them waited for the token's allowance \\(4 requests per 5 s\\), ${d} in all, the longest ${d}\\.`,
      ).exec(flat);
      expect(m).not.toBeNull();
      const [sent, waited] = [m![1], m![2]].map(Number) as [number, number];
      const [total, longest] = [m![3], m![4]].map((t) => readMessageDuration(t!)! / 1000) as [number, number];
      // the totals of the whole apply, not of the moment the warning happened to be written
      expect(sent).toBe(received);
      expect(waited).toBeGreaterThanOrEqual(MONITORS - PER_WINDOW);
      expect(total).toBeGreaterThanOrEqual(5);
      expect(longest).toBeLessThanOrEqual(total);
      process.stdout.write(
        `rate-limited apply: ${sent} requests (service: ${received}), ${waited} waited, ${total} s\n`,
      );
      // one stack alone on its token: the advice is about its own size, not about sharing
      expect(flat).toContain('Nothing else used the token: this run alone needed more than its allowance');
      expect(flat).toMatch(/a token on a plan with a larger allowance/);
      expect(flat).toMatch(/-refresh=false/);
      expect(flat).not.toContain('Other users of the same token');
      expect(out).not.toContain(svc.tokens['slow']!);
      expect((await ws.planHasChanges()).changes).toBe(false);
      await ws.destroy();
      expect(
        (await reader().listMonitors()).filter((x) => !x.archived && /rate-limited/.test(x.url)),
      ).toEqual([]);
    },
    HANG_GUARD_MS,
  );

  it(
    'a run that may wait only 3 s fails with an error naming the allowance, the wait and what helps; the next apply finishes the work, nothing duplicated',
    async () => {
      const { ws, svc } = e;
      ws.write({ 'main.tf': config.replace(/rate-limited/g, 'bounded-wait') });
      // a fresh window, so that the provider starts at once and runs out of patience among the creates
      await new Promise((ok) => setTimeout(ok, 5_000 - (Date.now() % 5_000) + 100));
      const r = await ws.run(['apply', '-auto-approve', '-no-color', '-input=false'], {
        UPTIME_RATE_LIMIT_MAX_WAIT: '3s',
      });
      const out = `${r.stdout}\n${r.stderr}`;
      expect(r.code).toBe(1);
      // (a process that has seen one window only takes it for the spec's minute). Each duration is read in whatever
      // unit the message's formatter chose ("0.4 s", "57 s", "1 min"): where in the window the run falls is not asserted.
      const flat = out.replace(/\s+/g, ' ');
      const d = `(${MESSAGE_DURATION_PATTERN})`;
      const m = new RegExp(
        `POST /monitors not sent: waiting for the API rate limit reached its bound of ${d} in all \\(waited ${d}; ` +
          `the next request could go in ${d}\\)\\. The token's allowance: 4 requests per (minute|${d}); ` +
          `this process sent (\\d+) requests?`,
      ).exec(flat);
      if (!m) throw new Error(`no rate-limit error in:\n${flat}`);
      const [bound, waited, next] = [m[1], m[2], m[3]].map((t) => readMessageDuration(t!)!);
      expect(bound).toBe(3000);
      // it stopped because the next wait would have taken it past the bound (the figures are rounded to 0.1 s)
      expect(waited).toBeLessThanOrEqual(bound!);
      expect(waited! + next!).toBeGreaterThan(bound! - 200);
      expect(next).toBeLessThanOrEqual(60_000);
      if (m[4] !== 'minute') expect(readMessageDuration(m[5]!)).toBe(5000);
      expect(Number(m[6])).toBeGreaterThanOrEqual(1);
      expect(flat).toContain('What helps: a longer `rate_limit_max_wait` (or UPTIME_RATE_LIMIT_MAX_WAIT)');
      expect(out).not.toContain(svc.tokens['slow']!);
      // what was created is in state; the rest is created by the next apply, none twice
      await ws.apply();
      const live = (await reader().listMonitors()).filter((x) => !x.archived && /bounded-wait/.test(x.url));
      expect(live).toHaveLength(MONITORS);
      expect(new Set(live.map((x) => x.url)).size).toBe(MONITORS);
      expect((await ws.planHasChanges()).changes).toBe(false);
      await ws.destroy();
    },
    HANG_GUARD_MS,
  );
});
