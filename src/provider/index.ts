// The `uptime` provider: configuration (base URL, token, timeouts, retries), checked once at configure time
// through GET /capabilities (kept for plan-time checks), and the resources and data sources.
import {
  defineProvider,
  int64Attr,
  stringAttr,
  intBetween,
  DiagnosticError,
} from '../protocol/framework/index.js';
import { isUnknown } from '../protocol/cty/values.js';
import { apiFailure, buildClient, statusOf, type UptimeProviderData } from './client.js';
import type { Capabilities } from '../api/index.js';
import { monitorResource } from './resources/monitor.js';
import { alertSettingsResource } from './resources/alert-settings.js';
import { statusPageResource } from './resources/status-page.js';
import { dataSources } from './data-sources/index.js';
import { newBulkReadState } from './resources/monitor-reader.js';
import { PROVIDER_ADDRESS } from './address.js';

export type { UptimeProviderData } from './client.js';

export { PROVIDER_ADDRESS };

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Checks base_url: absolute, https unless it points at this machine (the local service). */
export function checkBaseUrl(raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new DiagnosticError(
      'Invalid base_url',
      `base_url must be an absolute URL, got ${JSON.stringify(raw)}.`,
      ['base_url'],
    );
  }
  if (u.protocol === 'https:') return raw;
  if (u.protocol === 'http:' && LOCAL_HOSTS.has(u.hostname)) return raw;
  throw new DiagnosticError(
    'Insecure base_url',
    `base_url must use https (plain http is only accepted for localhost, e.g. the local service); got ${u.protocol}//${u.host}. The API token would otherwise travel unencrypted.`,
    ['base_url'],
  );
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
          'Base URL of the Monitoring Service API, e.g. `https://api.uptime.example/v1`. Defaults to the `UPTIME_BASE_URL` environment variable. Must use https except for localhost.',
      }),
      token: stringAttr({
        optional: true,
        sensitive: true,
        description: 'API token. Defaults to the `UPTIME_API_TOKEN` environment variable.',
      }),
      request_timeout_ms: int64Attr({
        optional: true,
        validators: [intBetween(1, 600_000)],
        description: 'Timeout of one API request in milliseconds. Omitted: the client default.',
      }),
      max_retries: int64Attr({
        optional: true,
        validators: [intBetween(0, 20)],
        description:
          'How many times a failed request is retried (connection errors, timeouts, 429 and 5xx; writes always with the same Idempotency-Key). Omitted: the client default.',
      }),
    },
  },
  configure: async ({ config, ctx }): Promise<UptimeProviderData> => {
    const memo = new Map<string, Promise<unknown>>();
    const bulk = newBulkReadState();
    if (Object.values(config).some((v) => isUnknown(v)))
      return { client: null, capabilities: null, memo, bulk };
    const baseUrl = (config.base_url as string | null) ?? process.env.UPTIME_BASE_URL ?? null;
    const token = (config.token as string | null) ?? process.env.UPTIME_API_TOKEN ?? null;
    if (!baseUrl)
      throw new DiagnosticError(
        'Missing base_url',
        'Set the provider argument base_url or the UPTIME_BASE_URL environment variable.',
        ['base_url'],
      );
    if (!token)
      throw new DiagnosticError(
        'Missing API token',
        'Set the provider argument token (from a sensitive variable) or the UPTIME_API_TOKEN environment variable. Tokens are created in the dashboard under account integrations.',
        ['token'],
      );
    checkBaseUrl(baseUrl);
    // Client events carry method, path template, attempt and status only (never headers or bodies).
    const apiLog = ctx.logger.named('api');
    const client = buildClient(
      {
        baseUrl,
        token,
        requestTimeoutMs: (config.request_timeout_ms as number | null) ?? null,
        maxRetries: (config.max_retries as number | null) ?? null,
      },
      (e) => apiLog.debug(`${e.event} ${e.method} ${e.path}`, { ...e }),
    );
    let capabilities: Capabilities;
    try {
      capabilities = (await client.getCapabilities()).data as Capabilities;
    } catch (e) {
      if (statusOf(e) === 401)
        throw new DiagnosticError(
          'API token rejected',
          'The service did not accept the API token (401): it is unknown, malformed, revoked or expired. Create a token in the dashboard (account integrations) and set token or UPTIME_API_TOKEN.',
          ['token'],
        );
      if (statusOf(e) === 403)
        throw new DiagnosticError('API token not usable', apiFailure('', e).detail ?? '', ['token']);
      throw apiFailure('Cannot reach the Monitoring Service API', e);
    }
    return { client, capabilities, memo, bulk };
  },
  resources: [monitorResource, alertSettingsResource, statusPageResource],
  dataSources,
});
