// A token with a small per-minute allowance: the provider slows down instead of failing, and says so at the end of
// the run, with the numbers and what helps, and without the token.
import type { Seed } from '../../src/service/seed.js';
import { terraformAvailable } from '../helpers/terraform.js';
import { startE2E, testSeed, type E2E } from './helpers.js';

const describeTf = terraformAvailable() ? describe : describe.skip;
const PER_MINUTE = 6;

function seedWithSlowToken(): Seed {
  const s = testSeed() as any;
  s.tenants[0].tokens.push({ name: 'slow', perMinuteLimit: PER_MINUTE });
  return s as Seed;
}

const config = Array.from(
  { length: 4 },
  (_, i) => `
resource "uptime_monitor" "m${i}" {
  url = "https://rate-limited.example.com/${i}"
}
resource "uptime_monitor_alert_settings" "m${i}" {
  monitor_id = uptime_monitor.m${i}.id
  channels   = { email = true }
}
`,
).join('');

describeTf('rate limit with real terraform', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E(seedWithSlowToken(), 'slow');
  }, 120_000);
  afterAll(async () => e?.dispose());

  it('an apply slowed by a 6-per-minute token succeeds and ends with a warning that says why and what helps', async () => {
    const { ws, svc } = e;
    ws.write({ 'main.tf': config });
    const r = await ws.run(['apply', '-auto-approve', '-no-color']);
    const out = `${r.stdout}\n${r.stderr}`;
    if (r.code !== 0) throw new Error(`apply failed:\n${out}`);
    expect(out).toMatch(/Apply complete! Resources: 8 added/);
    const warnings = out.split('Warning: API rate limit slowed this run').length - 1;
    expect(warnings).toBeGreaterThanOrEqual(1);
    const flat = out.replace(/\s+/g, ' ');
    const m =
      /made (\d+) API requests so far; (\d+) of them waited for the token's per-minute allowance \(6 requests per minute\), ([\d.]+) s in all/.exec(
        flat,
      );
    expect(m).not.toBeNull();
    const [, requests, waited, secs] = m!.map(Number) as number[];
    // configure's GET /capabilities, 4 creates, 4 alert-settings reads and writes at least: more than one minute's worth.
    expect(requests).toBeGreaterThan(PER_MINUTE);
    expect(waited).toBeGreaterThanOrEqual(1);
    expect(secs).toBeGreaterThanOrEqual(1);
    process.stdout.write(
      `rate-limited apply: ${warnings} warning(s), ${requests} requests, ${waited} waited, ${secs} s\n`,
    );
    expect(flat).toMatch(/a token with a higher allowance/);
    expect(flat).toMatch(/-refresh=false/);
    expect(flat).toMatch(/fewer monitors per state/);
    expect(out).not.toContain(svc.tokens['slow']!);
    // Nothing was refused: the limiter waited for the allowance instead of collecting 429s.
    expect(flat).not.toMatch(/answered 429/);
  }, 300_000);
});
