// The `uptime` provider declaration. Resources and data sources arrive in later issues; for now only the
// provider configuration schema and configure().
import { defineProvider, int64Attr, stringAttr, intBetween } from '../protocol/framework/index.js';
import { isUnknown } from '../protocol/cty/values.js';

export const PROVIDER_ADDRESS = 'registry.terraform.io/uptime-monitoring/uptime';

/** What configure() hands to every resource handler as ctx.providerData. */
export interface UptimeProviderData {
  baseUrl: string | null;
  token: string | null;
  requestTimeoutMs: number | null;
  maxRetries: number | null;
  /** False when some configuration was unknown during plan. */
  known: boolean;
}

export const uptimeProvider = defineProvider({
  typeName: 'uptime',
  address: PROVIDER_ADDRESS,
  schema: {
    description:
      'Manages monitors and related objects of the uptime-monitoring service (Monitoring Service API v1).',
    attributes: {
      base_url: stringAttr({
        optional: true,
        description:
          'Base URL of the Monitoring Service API, e.g. `https://api.uptime.example/v1`. Defaults to the `UPTIME_BASE_URL` environment variable.',
      }),
      token: stringAttr({
        optional: true,
        sensitive: true,
        description: 'API token. Defaults to the `UPTIME_API_TOKEN` environment variable.',
      }),
      request_timeout_ms: int64Attr({
        optional: true,
        validators: [intBetween(1, 600_000)],
        description: 'Timeout of one API request in milliseconds.',
      }),
      max_retries: int64Attr({
        optional: true,
        validators: [intBetween(0, 20)],
        description: 'How many times a failed idempotent request is retried.',
      }),
    },
  },
  configure: ({ config }): UptimeProviderData => {
    const known = Object.values(config).every((v) => !isUnknown(v));
    const str = (v: string | null | typeof config.base_url, env: string | undefined) =>
      isUnknown(v) ? null : (v ?? env ?? null);
    const num = (v: number | null | typeof config.max_retries) => (isUnknown(v) ? null : v);
    return {
      baseUrl: str(config.base_url, process.env.UPTIME_BASE_URL),
      token: str(config.token, process.env.UPTIME_API_TOKEN),
      requestTimeoutMs: num(config.request_timeout_ms),
      maxRetries: num(config.max_retries),
      known,
    };
  },
  resources: [],
  dataSources: [],
});
