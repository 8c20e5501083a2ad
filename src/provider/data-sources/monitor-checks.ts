// data "uptime_monitor_checks": a monitor's most recent check results (GET /monitors/{id}/checks: Pro plan and
// checks:read), optionally after waiting for a check since the monitor's last change. Check results' fields are not
// shown in the spec: each is read leniently and a missing one is null.
import { uptimeDataSource } from '../declarations.js';
import type { CheckResult, Lenient } from '../../api/index.js';
import { int64Attr, listNestedAttr, stringAttr } from '../../protocol/framework/index.js';
import { apiFailure, requireClient } from '../client.js';
import { checkedSinceChange, freshAttributes, readFreshMonitor } from '../fresh-facts.js';
import { newestFirst, recentAttributes, validateRecent, wanted } from './recent.js';

export const monitorChecksDataSource = uptimeDataSource({
  typeName: 'uptime_monitor_checks',
  description:
    "A monitor's most recent check results (`GET /monitors/{id}/checks`), newest first. Needs a Pro plan and the `checks:read` scope (else the read fails with the service's 403). The provider reads whole pages of 100 until it has `limit` results and keeps the newest `limit` of them: our service lists newest first, so these are the most recent (the order is not shown in the specification; from a service that lists oldest first they are the newest of its first pages). A field the service does not report is null.",
  docs: {
    examples: [
      {
        hcl: `data "uptime_monitor_checks" "api" {
  monitor_id     = "3f2b8c1e-0000-4000-8000-000000000000"
  limit          = 5
  wait_for_check = "3m"
}

output "last_failures" {
  value = [for c in data.uptime_monitor_checks.api.checks : c.failure_reason if c.status == "down"]
}`,
      },
    ],
  },
  attributes: {
    ...recentAttributes('checks'),
    ...freshAttributes,
    checks: listNestedAttr({
      computed: true,
      description: 'The most recent check results, newest first.',
      attributes: {
        id: stringAttr({ computed: true, description: 'Check result id.' }),
        checked_at: stringAttr({ computed: true, description: 'When the check ran (RFC 3339).' }),
        status: stringAttr({ computed: true, description: '`up` or `down`.' }),
        http_status: int64Attr({ computed: true, description: 'HTTP status answered; null when none.' }),
        response_time_ms: int64Attr({
          computed: true,
          description: 'Time to the complete answer in milliseconds; null when there was none.',
        }),
        failure_category: stringAttr({
          computed: true,
          description:
            'Why a down check failed (our service: `dns`, `connection`, `timeout`, `tls`, `http_status`, `redirect`); null when up.',
        }),
        failure_reason: stringAttr({ computed: true, description: 'A sentence saying why; null when up.' }),
      },
    }),
  },
  validateConfig: (config, diags) => validateRecent(config, diags),
  read: async ({ config, ctx }) => {
    const client = requireClient(ctx.providerData);
    const m = await readFreshMonitor(client, config.monitor_id, config.wait_for_check, 'monitor_id', {
      signal: ctx.signal,
    });
    const limit = wanted(config.limit);
    // Whole pages of 100 until there are `limit` results, then newest first: with a service that lists newest
    // first (ours) these are the most recent; one that lists oldest first gives the newest of its first pages.
    const out: Lenient<CheckResult>[] = [];
    try {
      let cursor: string | undefined;
      const seen = new Set<string>();
      do {
        const page = (
          await client.listMonitorChecks(
            config.monitor_id,
            { limit: 100, ...(cursor ? { cursor } : {}) },
            { signal: ctx.signal },
          )
        ).data;
        out.push(...(page.items as Lenient<CheckResult>[]));
        cursor = page.nextCursor ?? undefined;
        if (cursor && seen.has(cursor)) break;
        if (cursor) seen.add(cursor);
      } while (cursor && out.length < limit);
    } catch (e) {
      throw apiFailure('Listing check results failed', e);
    }
    return {
      ...config,
      checked_since_change: checkedSinceChange(m),
      checks: newestFirst(out, (c) => c.checkedAt)
        .slice(0, limit)
        .map((c) => ({
          id: c.id ?? null,
          checked_at: c.checkedAt ?? null,
          status: c.status ?? null,
          http_status: c.httpStatus ?? null,
          response_time_ms: c.responseTimeMs ?? null,
          failure_category: c.failureCategory ?? null,
          failure_reason: c.failureReason ?? null,
        })),
    };
  },
});
