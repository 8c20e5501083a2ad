// One provider process's run session: what configure() makes and every handler reads as ctx.providerData
// (`UptimeProviderData`). Terraform starts a provider process for each phase of a command and configures it once;
// what one call of the process learns or does that a later call must know lives here, under a name:
// - `client` and `capabilities` (GET /capabilities at configure time): null while the configuration is unknown;
// - `listings`: the refresh's listing cache (resources/bulk-reader.ts). The session watches every request its
//   client sends, and from the first write on the cache answers nothing, so later reads see the service as it is
//   now. No resource has to report its writes.
// - `destinations()`: the account's alert destinations, read at most once (plan-time checks, the defaults a destroy
//   restores, generated configuration);
// - `takenOver`: per monitor, the sub-objects (alert settings, status page) a create took over in this process. A
//   destroy of the same sub-object later in the same apply belongs to the replaced instance of a
//   create_before_destroy replacement: it must not undo what the new instance wrote.
// - `staleMonitorVersions`: monitors whose version a write of this process changed on the side (restoring alert
//   settings with other slow-response settings): the version in their state is stale, so their destroy reads the
//   current one first.
// - `actionVersions`: the versions this process's pause/activate actions moved monitors from and to. An update
//   planned from the version before the action is this run's own change, not someone else's, so it continues from
//   the version after it instead of failing with "changed outside Terraform".
// - `runReport`: the rate-limit warning's bookkeeping (rate-limit-warning.ts).
import { tmpdir } from 'node:os';
import type { AlertDestination } from '../api/index.js';
import { UptimeClient, type LogEvent } from '../client/index.js';
import type { KnownCapabilities } from './capabilities.js';
import { notConfigured, requireClient } from './client.js';
import { newRunReport, type RunReport } from './rate-limit-warning.js';
import { ListingCache } from './resources/bulk-reader.js';

export interface ClientSettings {
  baseUrl: string;
  token: string;
  requestTimeoutMs: number | null;
  maxRetries: number | null;
  /** rate_limit_max_wait, in milliseconds. */
  maxRateLimitWaitMs: number;
  /** in_doubt_max_wait, in milliseconds. */
  inDoubtMaxWaitMs?: number;
  /** rate_limit_share; null: estimated. */
  rateLimitShare: number | null;
}

export function buildClient(s: ClientSettings, log?: (e: LogEvent) => void): UptimeClient {
  return new UptimeClient({
    baseUrl: s.baseUrl,
    token: s.token,
    userAgent: 'terraform-provider-uptime',
    ...(log ? { logger: log } : {}),
    ...(s.requestTimeoutMs !== null ? { readTimeoutMs: s.requestTimeoutMs } : {}),
    retry: {
      ...(s.maxRetries !== null ? { maxAttempts: s.maxRetries + 1 } : {}),
      maxRateLimitWaitMs: s.maxRateLimitWaitMs,
      ...(s.inDoubtMaxWaitMs !== undefined ? { inDoubtMaxWaitMs: s.inDoubtMaxWaitMs } : {}),
    },
    rateLimitShare: s.rateLimitShare,
    // The next Terraform command's provider process (and other stacks' on this machine) starts from what this
    // one learned of the token's window.
    rateLimitMemoryDir: tmpdir(),
  });
}

/** A request that changes the service: every method of the API but GET. */
const isWrite = (e: LogEvent): boolean => e.event === 'request' && e.method !== 'GET';

/** The versions this process's actions moved monitors from and to. */
export class ActionVersions {
  readonly #moves = new Map<string, Map<string, string>>();

  /** An action moved monitor `id` from version `from` to `to`. */
  record(id: string, from: string, to: string): void {
    let moves = this.#moves.get(id);
    if (!moves) this.#moves.set(id, (moves = new Map()));
    moves.set(from, to);
  }

  /** The version the monitor has now if this process's actions moved it on from `version`, else `version`. */
  after(id: string, version: string): string {
    const moves = this.#moves.get(id);
    let v = version;
    for (let n = 0; n < 16 && moves?.has(v); n++) v = moves.get(v)!;
    return v;
  }
}

export class RunSession {
  readonly listings: ListingCache;
  readonly takenOver = { alertSettings: new Set<string>(), statusPage: new Set<string>() } as const;
  readonly staleMonitorVersions = new Set<string>();
  readonly actionVersions = new ActionVersions();
  readonly runReport: RunReport;
  #destinations: Promise<AlertDestination[]> | null = null;

  private constructor(
    readonly client: UptimeClient | null,
    readonly capabilities: KnownCapabilities | null,
    wrote: () => boolean,
    maxRateLimitWaitMs: number,
  ) {
    this.listings = new ListingCache(
      client && capabilities ? { client, monitorsUsed: capabilities.facts.plan.monitorsUsed } : null,
      wrote,
    );
    this.runReport = newRunReport(maxRateLimitWaitMs);
  }

  /** The session of a provider whose configuration is not known yet (a plan with unknown provider arguments). */
  static unconfigured(): RunSession {
    return new RunSession(null, null, () => false, 0);
  }

  /**
   * Builds the client: its events go to `log`, and each write it sends switches the listings off. `open` makes the
   * session once the capabilities are read with that client (configure's GET /capabilities).
   */
  static connect(
    settings: ClientSettings,
    log: (e: LogEvent) => void,
  ): { client: UptimeClient; open: (capabilities: KnownCapabilities) => RunSession } {
    let wrote = false;
    const client = buildClient(settings, (e) => {
      if (isWrite(e)) wrote = true;
      log(e);
    });
    return {
      client,
      open: (capabilities) => new RunSession(client, capabilities, () => wrote, settings.maxRateLimitWaitMs),
    };
  }

  /** The account's alert destinations, read once per process (a failed read is tried again next time). */
  async destinations(): Promise<AlertDestination[]> {
    const client = requireClient(this);
    if (!this.#destinations) {
      const p = client.listAlertDestinations().then((r) => r.data);
      p.catch(() => {
        if (this.#destinations === p) this.#destinations = null;
      });
      this.#destinations = p;
    }
    return this.#destinations;
  }
}

/** What configure() hands to every handler as ctx.providerData. */
export type UptimeProviderData = RunSession;

/** The session of a configured provider (with its client), or the error `requireClient` gives (`pd` is undefined
 *  before ConfigureProvider, and its client null while the provider configuration is unknown). */
export function configured(
  pd: UptimeProviderData | undefined,
): UptimeProviderData & { client: UptimeClient } {
  if (hasClient(pd)) return pd;
  throw notConfigured();
}

const hasClient = (pd: UptimeProviderData | undefined): pd is UptimeProviderData & { client: UptimeClient } =>
  !!pd?.client;
