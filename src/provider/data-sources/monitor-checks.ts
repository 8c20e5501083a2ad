// data "uptime_monitor_checks": a monitor's most recent check results (GET /monitors/{id}/checks: Pro plan and
// checks:read), optionally after waiting for a check since the monitor's last change. Check results' fields are not
// shown in the spec: each is read leniently and a missing one is null.
import { uptimeDataSource } from '../declarations.js';
import type { CheckResult, Lenient } from '../../api/index.js';
import { listNestedAttr } from '../../protocol/framework/index.js';
import { apiFailure } from '../api-errors.js';
import { requireClient } from '../client.js';
import { computedValues } from '../fields/mapping.js';
import { checkResultFields } from '../fields/observations.js';
import { computedAttributes } from '../fields/schema.js';
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
      attributes: computedAttributes(checkResultFields),
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
        .map((c) => computedValues(checkResultFields, c)),
    };
  },
});
