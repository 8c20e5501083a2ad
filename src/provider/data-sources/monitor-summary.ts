// data "uptime_monitor_summary": a monitor's uptime, check counts, response times and incidents over 24 h, 7 d or
// 30 d (GET /monitors/{id}/summary), optionally after waiting for a check since the monitor's last change.
// The summary's fields are not shown in the spec: the client reads them leniently and a missing part is null.
import { uptimeDataSource } from '../declarations.js';
import { SUMMARY_RANGES, type Lenient, type MonitorSummary } from '../../api/index.js';
import { float64Attr, int64Attr, listNestedAttr, oneOf, stringAttr } from '../../protocol/framework/index.js';
import { apiFailure } from '../api-errors.js';
import { requireClient } from '../client.js';
import { checkedSinceChange, freshAttributes, readFreshMonitor, validateWait } from '../fresh-facts.js';
import { monitorIdArgument } from './fields.js';

const n = (v: number | null | undefined): number | null => (typeof v === 'number' ? v : null);
const s = (v: string | null | undefined): string | null => (typeof v === 'string' ? v : null);

export const monitorSummaryDataSource = uptimeDataSource({
  typeName: 'uptime_monitor_summary',
  description:
    "A monitor's summary over a range (`GET /monitors/{id}/summary`): uptime percentage, checks up and down, response-time figures, incidents and a timeline. Needs the `monitors:read` scope. The summary's fields are not shown in the API specification: a figure the service does not report (or not as a number) is null, never an error. With `wait_for_check`, it first waits until the monitor has been checked since its last change.",
  docs: {
    examples: [
      {
        hcl: `data "uptime_monitor_summary" "api_week" {
  monitor_id = "3f2b8c1e-0000-4000-8000-000000000000"
  range      = "7d"
}

check "api_sla" {
  assert {
    condition     = coalesce(data.uptime_monitor_summary.api_week.uptime_percent, 100) >= 99.9
    error_message = "The API was up \${data.uptime_monitor_summary.api_week.uptime_percent}% over 7 days."
  }
}`,
      },
    ],
  },
  attributes: {
    monitor_id: monitorIdArgument(),
    range: stringAttr({
      optional: true,
      description: `The window, ending now: ${SUMMARY_RANGES.map((r) => `\`${r}\``).join(', ')}. Omitted or null: \`24h\`.`,
      validators: [oneOf(...SUMMARY_RANGES)],
    }),
    ...freshAttributes,
    from: stringAttr({
      computed: true,
      description: 'Start of the window (RFC 3339); null when not reported.',
    }),
    to: stringAttr({ computed: true, description: 'End of the window (RFC 3339); null when not reported.' }),
    uptime_percent: float64Attr({
      computed: true,
      description: 'Share of checks that were up, in percent (0–100); null without checks in the window.',
    }),
    checks_total: int64Attr({ computed: true, description: 'Checks in the window.' }),
    checks_up: int64Attr({ computed: true, description: 'Checks that were up.' }),
    checks_down: int64Attr({ computed: true, description: 'Checks that were down.' }),
    response_time_avg_ms: float64Attr({
      computed: true,
      description: 'Mean response time in milliseconds; null without a timed check.',
    }),
    response_time_p95_ms: float64Attr({
      computed: true,
      description: '95th-percentile response time in milliseconds; null without a timed check.',
    }),
    response_time_max_ms: float64Attr({
      computed: true,
      description: 'Longest response time in milliseconds; null without a timed check.',
    }),
    incidents: int64Attr({
      computed: true,
      description: 'Incidents of the monitor that started in the window.',
    }),
    timeline: listNestedAttr({
      computed: true,
      description:
        'The window in buckets of equal length, oldest first (our service: 24 for `24h`, 28 for `7d`, 30 for `30d`); empty when not reported.',
      attributes: {
        start: stringAttr({ computed: true, description: 'Bucket start (RFC 3339).' }),
        end: stringAttr({ computed: true, description: 'Bucket end (RFC 3339).' }),
        checks: int64Attr({ computed: true, description: 'Checks in the bucket.' }),
        up_checks: int64Attr({ computed: true, description: 'Checks that were up.' }),
        uptime_percent: float64Attr({
          computed: true,
          description: 'Uptime in percent; null without checks.',
        }),
        avg_response_time_ms: float64Attr({
          computed: true,
          description: 'Mean response time in milliseconds; null without a timed check.',
        }),
      },
    }),
  },
  validateConfig: (config, diags) => {
    validateWait(config.wait_for_check, diags);
  },
  read: async ({ config, ctx }) => {
    const client = requireClient(ctx.providerData);
    const m = await readFreshMonitor(client, config.monitor_id, config.wait_for_check, 'monitor_id', {
      signal: ctx.signal,
    });
    let sum: Lenient<MonitorSummary>;
    try {
      sum = (
        await client.getMonitorSummary(
          config.monitor_id,
          { range: (config.range ?? '24h') as (typeof SUMMARY_RANGES)[number] },
          { signal: ctx.signal },
        )
      ).data;
    } catch (e) {
      throw apiFailure('Reading the monitor summary failed', e);
    }
    return {
      ...config,
      checked_since_change: checkedSinceChange(m),
      ...summaryValues(sum),
    };
  },
});

/** The summary as attribute values: whatever is missing or not a number is null. */
export function summaryValues(sum: Lenient<MonitorSummary>) {
  return {
    from: s(sum.from),
    to: s(sum.to),
    uptime_percent: n(sum.uptimePercent),
    checks_total: n(sum.checks?.total),
    checks_up: n(sum.checks?.up),
    checks_down: n(sum.checks?.down),
    response_time_avg_ms: n(sum.responseTimeMs?.avg),
    response_time_p95_ms: n(sum.responseTimeMs?.p95),
    response_time_max_ms: n(sum.responseTimeMs?.max),
    incidents: n(sum.incidents),
    timeline: (sum.timeline ?? []).map((b) => ({
      start: s(b.start),
      end: s(b.end),
      checks: n(b.checks),
      up_checks: n(b.upChecks),
      uptime_percent: n(b.uptimePercent),
      avg_response_time_ms: n(b.avgResponseTimeMs),
    })),
  };
}
