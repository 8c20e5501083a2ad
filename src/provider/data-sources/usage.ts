// data "uptime_usage": the API allowances used and remaining (GET /usage), per minute and per month, and the
// monitors counted against the plan. The record's fields are not shown in the spec: a fact the service does not
// report is null (`UsageFacts`), never an error.
import { uptimeDataSource } from '../declarations.js';
import type { UsageFacts } from '../../api/index.js';
import { int64Attr, singleNestedAttr, stringAttr, type Attributes } from '../../protocol/framework/index.js';
import { apiFailure } from '../api-errors.js';
import { requireClient } from '../client.js';

const windowFigures = {
  limit: int64Attr({ computed: true, description: 'Requests allowed in the window.' }),
  used: int64Attr({ computed: true, description: 'Requests made in the window.' }),
  remaining: int64Attr({ computed: true, description: 'Requests left in the window.' }),
  reset_at: stringAttr({ computed: true, description: 'When the window resets (RFC 3339).' }),
};

const allowance = <const A extends Attributes>(what: string, attributes: A) =>
  singleNestedAttr({
    computed: true,
    description: `${what}. Each figure is null when the service does not report it.`,
    attributes,
  });

const v = <T>(x: T | undefined): T | null => (x === undefined ? null : x);

export const usageDataSource = uptimeDataSource({
  typeName: 'uptime_usage',
  description:
    "The account's API allowances, used and remaining (`GET /usage`): per minute (for this token) and per calendar month, and the monitors counted against the plan. Needs any valid token. The record's fields are not shown in the API specification, so a service may report fewer: a figure it does not report (or not as the provider expects) is null, and `monthly` is all null when the account has no monthly allowance. Reading it is itself one request against the allowance.",
  docs: {
    examples: [
      {
        hcl: `data "uptime_usage" "now" {}

check "api_allowance_left" {
  assert {
    condition     = coalesce(data.uptime_usage.now.monthly.remaining, 1000000) > 1000
    error_message = "Fewer than 1000 API requests are left this month."
  }
}`,
      },
    ],
  },
  attributes: {
    per_minute: allowance("This token's per-minute allowance", {
      limit: windowFigures.limit,
      remaining: windowFigures.remaining,
      reset_at: windowFigures.reset_at,
    }),
    monthly: allowance("The account's monthly allowance (calendar month, UTC)", windowFigures),
    monitors: singleNestedAttr({
      computed: true,
      description:
        'Monitors counted against the plan (archived monitors do not count); null figures when not reported.',
      attributes: {
        used: int64Attr({ computed: true, description: 'Monitors counted.' }),
        capacity: int64Attr({ computed: true, description: 'Monitors the plan allows.' }),
      },
    }),
  },
  read: async ({ ctx }) => {
    const client = requireClient(ctx.providerData);
    let u: UsageFacts;
    try {
      u = (await client.getUsage({ signal: ctx.signal })).data;
    } catch (e) {
      throw apiFailure('Reading usage failed', e);
    }
    return {
      per_minute: {
        limit: v(u.perMinute.limit),
        remaining: v(u.perMinute.remaining),
        reset_at: v(u.perMinute.resetAt),
      },
      monthly: {
        limit: v(u.monthly.limit),
        used: v(u.monthly.used),
        remaining: v(u.monthly.remaining),
        reset_at: v(u.monthly.resetAt),
      },
      monitors: { used: v(u.monitors.used), capacity: v(u.monitors.capacity) },
    };
  },
});
