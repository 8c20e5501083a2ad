// The hand-written constructs: what they synthesize, the provider's validation at synth (same words as the
// provider's plan-time diagnostics), secrets only through sensitive variables, destination lookups, group defaults.
import { TerraformStack, TerraformVariable, Testing } from 'cdktf';
import { INTERVAL_SECONDS, SLOW_RESPONSE_THRESHOLD_MS } from '../../src/api/limits.js';
import {
  UptimeAlertDestination,
  UptimeMonitor,
  UptimeMonitorGroup,
  UptimeMonitorLookup,
  UptimeStatusPage,
  provider,
  type UptimeMonitorProps,
} from '../../src/constructs/index.js';
import { validateMonitorConfig } from '../../src/provider/mapping/monitor.js';

function newStack(): TerraformStack {
  const stack = new TerraformStack(Testing.app(), 'stack');
  new provider.UptimeProvider(stack, 'uptime', {});
  return stack;
}

/** Synthesizes with validation, as `cdktf synth` does; returns the parsed configuration. */
function synth(stack: TerraformStack): any {
  return JSON.parse(Testing.synth(stack, true));
}

/** The validation error messages of a synth (fails the test when synth succeeds). */
function synthErrors(stack: TerraformStack): string {
  try {
    Testing.synth(stack, true);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('synth succeeded, but validation errors were expected');
}

const only = (o: Record<string, any>) => Object.values(o);
const sensitiveVar = (stack: TerraformStack, name = 'api_key') =>
  new TerraformVariable(stack, name, { type: 'string', sensitive: true });

describe('UptimeMonitor', () => {
  it('synthesizes one uptime_monitor with the props under their Terraform names', () => {
    const stack = newStack();
    const key = sensitiveVar(stack);
    new UptimeMonitor(stack, 'api', {
      name: 'API',
      url: 'https://api.example.com/health',
      intervalSeconds: 60,
      timeoutMs: 5000,
      requestMethod: 'HEAD',
      followRedirects: false,
      acceptedStatusCodes: [200, 204],
      requestHeaders: [{ name: 'X-Api-Key', value: key.stringValue }, { name: 'X-Trace' }],
      sslMonitoring: { warnDays: 30 },
      enabled: false,
    });
    const json = synth(stack);
    const [monitor, ...more] = only(json.resource.uptime_monitor);
    expect(more).toEqual([]);
    expect(monitor).toMatchObject({
      name: 'API',
      url: 'https://api.example.com/health',
      interval_seconds: 60,
      timeout_ms: 5000,
      request_method: 'HEAD',
      follow_redirects: false,
      accepted_status_codes: [200, 204],
      request_headers: [{ name: 'X-Api-Key', value: '${var.api_key}' }, { name: 'X-Trace' }],
      ssl_monitoring: { enabled: true, warn_days: 30 },
      enabled: false,
    });
    expect(monitor).not.toHaveProperty('auth_config');
    // Without alerts or statusPage, nothing else is managed.
    expect(json.resource.uptime_monitor_alert_settings).toBeUndefined();
    expect(json.resource.uptime_status_page).toBeUndefined();
    expect(json.variable.api_key).toEqual({ type: 'string', sensitive: true });
  });

  it('leaves unset props out, so the service defaults apply', () => {
    const stack = newStack();
    new UptimeMonitor(stack, 'home', { url: 'https://www.example.com/' });
    const [monitor] = only(synth(stack).resource.uptime_monitor);
    const { '//': _meta, ...attrs } = monitor;
    expect(attrs).toEqual({ url: 'https://www.example.com/' });
  });

  it('fails synth for an interval outside the value set, naming the prop, the rule and the allowed values', () => {
    const stack = newStack();
    new UptimeMonitor(stack, 'api', { url: 'https://api.example.com/', intervalSeconds: 120 as never });
    const message = synthErrors(stack);
    expect(message).toContain(
      `[stack/api] intervalSeconds must be one of ${INTERVAL_SECONDS.join(', ')} (rule: one_of; allowed values: ${INTERVAL_SECONDS.join(', ')}).`,
    );
  });

  it('validates a string as Terraform reads it: `$${` is one literal `${`, a live `${…}` is an expression', () => {
    // 60 escaped `${` are 120 characters of name (the limit) in 180 characters of cdk.tf.json: valid.
    const stack = newStack();
    new UptimeMonitor(stack, 'escaped', { url: 'https://a.example.com/', name: '$${'.repeat(60) });
    const [monitor] = only(synth(stack).resource.uptime_monitor);
    expect(monitor.name).toBe('$${'.repeat(60));
    // One more is 121: the provider's max-length error, at synth.
    const over = newStack();
    new UptimeMonitor(over, 'long', { url: 'https://b.example.com/', name: '$${'.repeat(60) + 'x' });
    expect(synthErrors(over)).toContain('[stack/long] name');
    // A live interpolation is unknown until Terraform evaluates it: not judged at synth, as at plan time.
    const live = newStack();
    new UptimeMonitor(live, 'live', {
      url: 'https://c.example.com/',
      name: `\${upper("x")}${'y'.repeat(130)}`,
    });
    expect(() => synth(live)).not.toThrow();
  });

  it('fails synth for credentials in the url, naming the prop and the rule', () => {
    const stack = newStack();
    new UptimeMonitor(stack, 'creds', { url: 'https://alice:pw-SENTINEL@api.example.com/' });
    const message = synthErrors(stack);
    expect(message).toContain('[stack/creds] url must not contain credentials');
    expect(message).toContain('rule: no_credentials');
    expect(message).not.toContain('pw-SENTINEL');
  });

  it("uses the provider's own words (the plan-time diagnostic, with the prop's name)", () => {
    const config = { url: 'ftp://x', interval_seconds: 7, timeout_ms: 50, accepted_status_codes: [99] };
    const provider = validateMonitorConfig(config).map((d) => d.detail!);
    expect(provider.length).toBe(4);
    const stack = newStack();
    new UptimeMonitor(stack, 'm', {
      url: 'ftp://x',
      intervalSeconds: 7 as never,
      timeoutMs: 50,
      acceptedStatusCodes: [99],
    });
    const message = synthErrors(stack);
    for (const detail of provider)
      expect(message).toContain(
        detail
          .replace('interval_seconds', 'intervalSeconds')
          .replace('timeout_ms', 'timeoutMs')
          .replace('accepted_status_codes', 'acceptedStatusCodes'),
      );
  });

  it('reports every problem at once, with the path of the offending element', () => {
    const stack = newStack();
    const key = sensitiveVar(stack);
    new UptimeMonitor(stack, 'm', {
      url: 'https://example.com',
      name: 'x'.repeat(121),
      requestHeaders: [{ name: 'Bad Name', value: key.stringValue }],
      sslMonitoring: { warnDays: 0 },
    });
    const message = synthErrors(stack);
    expect(message).toContain('name must have at most 120 characters (rule: max_length)');
    expect(message).toContain('requestHeaders[0].name must be an HTTP header name');
    expect(message).toContain('sslMonitoring.warnDays must be at least 1 (rule: minimum)');
  });

  it('skips values that are tokens (known only to Terraform)', () => {
    const stack = newStack();
    const interval = new TerraformVariable(stack, 'interval', { type: 'number' });
    new UptimeMonitor(stack, 'm', {
      url: 'https://example.com',
      intervalSeconds: interval.numberValue as never,
    });
    const [monitor] = only(synth(stack).resource.uptime_monitor);
    expect(monitor.interval_seconds).toBe('${var.interval}');
  });
});

describe('secrets', () => {
  it('refuses a literal header value at synth, without printing it', () => {
    const stack = newStack();
    new UptimeMonitor(stack, 'm', {
      url: 'https://example.com',
      requestHeaders: [{ name: 'Authorization', value: 'Bearer hunter2-literal' }],
    });
    const message = synthErrors(stack);
    expect(message).toContain('requestHeaders[0].value (Authorization) is a literal string');
    expect(message).toContain('rule: sensitive_variable');
    expect(message).toContain('sensitive: true');
    expect(message).not.toContain('hunter2');
  });

  it('refuses a literal basic-auth password', () => {
    const stack = newStack();
    new UptimeMonitor(stack, 'm', {
      url: 'https://example.com',
      basicAuth: { username: 'probe', password: 'hunter2-literal' },
    });
    const message = synthErrors(stack);
    expect(message).toContain('basicAuth.password is a literal string');
    expect(message).not.toContain('hunter2');
  });

  it('refuses a variable that is not declared sensitive', () => {
    const stack = newStack();
    const plain = new TerraformVariable(stack, 'plain', { type: 'string' });
    new UptimeMonitor(stack, 'm', {
      url: 'https://example.com',
      basicAuth: { username: 'probe', password: plain.stringValue },
    });
    expect(synthErrors(stack)).toContain(
      'basicAuth.password comes from variable "plain", which is not sensitive',
    );
  });

  it('accepts a sensitive variable; cdk.tf.json holds only the reference', () => {
    const stack = newStack();
    const pw = sensitiveVar(stack, 'probe_password');
    new UptimeMonitor(stack, 'm', {
      url: 'https://example.com',
      basicAuth: { username: 'probe', password: pw.stringValue },
    });
    const [monitor] = only(synth(stack).resource.uptime_monitor);
    expect(monitor.auth_config).toEqual({
      type: 'basic',
      username: 'probe',
      password: '${var.probe_password}',
    });
  });
});

describe('alert destinations by label', () => {
  it('looks destinations up by channel and label, once per stack, and wires their ids', () => {
    const stack = newStack();
    const props = (url: string): UptimeMonitorProps => ({
      url,
      alerts: {
        email: UptimeAlertDestination.lookup(stack, 'email', 'Ops team'),
        sms: UptimeAlertDestination.lookup(stack, 'sms', 'On-call phone'),
        slowResponse: { thresholdMs: 2000 },
      },
    });
    new UptimeMonitor(stack, 'a', props('https://a.example.com'));
    new UptimeMonitor(stack, 'b', props('https://b.example.com'));
    const json = synth(stack);

    const lookups = only(json.data.uptime_alert_destinations);
    expect(lookups.map(({ channel, label }) => ({ channel, label }))).toEqual([
      { channel: 'email', label: 'Ops team' },
      { channel: 'sms', label: 'On-call phone' },
    ]);
    // Exactly one match or the plan fails, naming the label.
    expect(lookups[0].lifecycle.postcondition).toEqual([
      {
        condition: '${length(self.ids) == 1}',
        error_message: expect.stringContaining('verified email destination labelled "Ops team"'),
      },
    ]);

    const [emailKey, smsKey] = Object.keys(json.data.uptime_alert_destinations);
    const settings = only(json.resource.uptime_monitor_alert_settings);
    expect(settings).toHaveLength(2);
    const monitors = Object.keys(json.resource.uptime_monitor);
    settings.forEach((s, i) =>
      expect(s).toMatchObject({
        monitor_id: `\${uptime_monitor.${monitors[i]}.id}`,
        channels: { email: true, sms: true },
        destination_ids: {
          email: `\${element(data.uptime_alert_destinations.${emailKey}.ids, 0)}`,
          sms: `\${element(data.uptime_alert_destinations.${smsKey}.ids, 0)}`,
        },
        slow_response_alerts: { enabled: true, threshold_ms: 2000 },
      }),
    );
  });

  it('keeps labels that differ only in case apart', () => {
    const stack = newStack();
    const a = UptimeAlertDestination.lookup(stack, 'email', 'Ops team');
    const b = UptimeAlertDestination.lookup(stack, 'email', 'ops-team');
    expect(b).not.toBe(a);
    expect(UptimeAlertDestination.lookup(stack, 'email', 'ops-team')).toBe(b);
    expect(UptimeAlertDestination.lookup(stack, 'email', 'Ops team')).toBe(a);
    expect(a.destinationId).not.toEqual(b.destinationId);
  });

  it('turns channels without a destination off and slow-response alerts off by default', () => {
    const stack = newStack();
    new UptimeMonitor(stack, 'a', {
      url: 'https://a.example.com',
      alerts: { email: new UptimeAlertDestination(stack, 'ops', { channel: 'email', label: 'Ops' }) },
    });
    const [s] = only(synth(stack).resource.uptime_monitor_alert_settings);
    expect(s.channels).toEqual({ email: true, sms: false });
    expect(Object.keys(s.destination_ids)).toEqual(['email']);
    expect(s.slow_response_alerts).toEqual({ enabled: false });
  });

  it('fails synth for a destination of the wrong channel and for a threshold outside the value set', () => {
    const stack = newStack();
    const ops = UptimeAlertDestination.lookup(stack, 'email', 'Ops team');
    new UptimeMonitor(stack, 'a', {
      url: 'https://a.example.com',
      alerts: { sms: ops as never, slowResponse: { thresholdMs: 1500 as never } },
    });
    const message = synthErrors(stack);
    expect(message).toContain('alerts.sms is the email destination labelled "Ops team"');
    expect(message).toContain(
      `alerts.slowResponse.thresholdMs must be one of ${SLOW_RESPONSE_THRESHOLD_MS.join(', ')} (rule: one_of; allowed values: ${SLOW_RESPONSE_THRESHOLD_MS.join(', ')}).`,
    );
  });
});

describe('UptimeMonitorGroup', () => {
  it("gives its monitors the group's defaults; a monitor's own props win", () => {
    const stack = newStack();
    const ops = UptimeAlertDestination.lookup(stack, 'email', 'Ops team');
    const key = sensitiveVar(stack);
    const web = new UptimeMonitorGroup(stack, 'web', {
      defaults: {
        intervalSeconds: 900,
        timeoutMs: 5000,
        requestHeaders: [{ name: 'X-Api-Key', value: key.stringValue }, { name: 'X-From' }],
        alerts: { email: ops, slowResponse: { thresholdMs: 3000 } },
      },
    });
    const home = web.addMonitor('home', { url: 'https://www.example.com/' });
    web.addMonitor('docs', {
      url: 'https://docs.example.com/',
      intervalSeconds: 60,
      requestHeaders: [{ name: 'x-from', value: key.stringValue }],
      alerts: { slowResponse: false },
    });
    // Created directly in the group's scope: also gets the defaults.
    new UptimeMonitor(web, 'blog', { url: 'https://blog.example.com/' });
    expect(web.monitors.map((m) => m.node.id)).toEqual(['home', 'docs', 'blog']);
    expect(home.settings.intervalSeconds).toBe(900);

    const json = synth(stack);
    const monitors = Object.fromEntries(only(json.resource.uptime_monitor).map((m) => [m.url, m]));
    expect(monitors['https://www.example.com/']).toMatchObject({
      interval_seconds: 900,
      timeout_ms: 5000,
      request_headers: [{ name: 'X-Api-Key', value: '${var.api_key}' }, { name: 'X-From' }],
    });
    expect(monitors['https://docs.example.com/']).toMatchObject({
      interval_seconds: 60,
      timeout_ms: 5000,
      request_headers: [
        { name: 'X-Api-Key', value: '${var.api_key}' },
        { name: 'x-from', value: '${var.api_key}' },
      ],
    });
    expect(monitors['https://blog.example.com/'].interval_seconds).toBe(900);

    const settings = only(json.resource.uptime_monitor_alert_settings).map((s) => s.slow_response_alerts);
    expect(settings).toEqual([
      { enabled: true, threshold_ms: 3000 },
      { enabled: false },
      { enabled: true, threshold_ms: 3000 },
    ]);
  });

  it('nests: the inner group refines the outer one', () => {
    const stack = newStack();
    const outer = new UptimeMonitorGroup(stack, 'outer', {
      defaults: { intervalSeconds: 900, timeoutMs: 4000 },
    });
    const inner = new UptimeMonitorGroup(outer, 'inner', { defaults: { intervalSeconds: 60 } });
    inner.addMonitor('m', { url: 'https://example.com' });
    const [m] = only(synth(stack).resource.uptime_monitor);
    expect(m).toMatchObject({ interval_seconds: 60, timeout_ms: 4000 });
  });

  it("validates the merged settings, so a bad group default fails each monitor's synth", () => {
    const stack = newStack();
    const g = new UptimeMonitorGroup(stack, 'g', { defaults: { timeoutMs: 60_000 } });
    g.addMonitor('a', { url: 'https://a.example.com' });
    expect(synthErrors(stack)).toContain('[stack/g/a] timeoutMs must be at most 10000 (rule: maximum)');
  });
});

describe('status pages', () => {
  it("manages a monitor's page content, validated like the provider", () => {
    const stack = newStack();
    new UptimeMonitor(stack, 'api', {
      url: 'https://api.example.com/',
      statusPage: { title: 'x'.repeat(121), description: 'API' },
    });
    expect(synthErrors(stack)).toContain(
      'statusPage.title must have at most 120 characters (rule: max_length)',
    );
  });

  it('a literal monitorId that is not a monitor id fails synth; a reference is left to Terraform', () => {
    const stack = newStack();
    new UptimeStatusPage(stack, 'page', { monitorId: 'my-api-monitor', title: 'Status' });
    expect(synthErrors(stack)).toContain('monitorId must be a monitor id (a UUID) (rule: format)');
    const ok = newStack();
    const site = new UptimeMonitorLookup(ok, 'site', { name: 'Example status' });
    new UptimeStatusPage(ok, 'page', { monitorId: site.monitorId, title: 'Status' });
    expect(() => synth(ok)).not.toThrow();
  });

  it('finds an existing monitor by name and publishes its page', () => {
    const stack = newStack();
    const site = new UptimeMonitorLookup(stack, 'site', { name: 'Example status' });
    new UptimeStatusPage(stack, 'page', {
      monitorId: site.monitorId,
      title: 'Status',
      displayOptions: { responseTime: false },
    });
    const json = synth(stack);
    const [lookupKey] = Object.keys(json.data.uptime_monitors);
    const [page] = only(json.resource.uptime_status_page);
    expect(page).toMatchObject({
      monitor_id: `\${one([for m in data.uptime_monitors.${lookupKey}.monitors : m.id if m.name == "Example status" && !m.archived])}`,
      title: 'Status',
      display_options: { response_time: false },
    });
    expect(json.data.uptime_monitors[lookupKey].lifecycle.postcondition[0].error_message).toContain(
      'Expected exactly one non-archived monitor named "Example status"',
    );
  });
});
