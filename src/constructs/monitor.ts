// UptimeMonitor: one HTTP monitor with its alert settings and (optionally) its status-page content, typed from
// the API model, validated at synth with the provider's own checks, secrets only through sensitive tokens.
// UptimeMonitorGroup: defaults shared by the monitors created inside it.
import type { TerraformProvider } from 'cdktf';
import { Construct } from 'constructs';
import { REQUEST_METHODS } from '../api/monitor.js';
import {
  INTERVAL_SECONDS,
  REQUEST_HEADERS_MAX,
  SLOW_RESPONSE_CONSECUTIVE_LIMIT,
  SLOW_RESPONSE_THRESHOLD_MS,
  STATUS_CODE,
  TIMEOUT_MS,
  type IntervalSeconds,
  type SlowResponseConsecutiveLimit,
  type SlowResponseThresholdMs,
} from '../api/limits.js';
import { alertSettingsResource } from '../provider/resources/alert-settings.js';
import { monitorResource } from '../provider/resources/monitor.js';
import { slowResponseFields } from '../provider/fields/alert-settings.js';
import { monitorTable } from '../provider/fields/monitor.js';
import { Monitor } from './generated/monitor/index.js';
import type { UptimeSlowResponseAlerts } from './generated/props/alert-settings.js';
import type {
  UptimeBasicAuth,
  UptimeExpiryMonitoring,
  UptimeMonitorBlockSettings,
  UptimeMonitorFieldProps,
  UptimeMonitorFieldSettings,
  UptimeRequestHeader,
} from './generated/props/monitor.js';
import { MonitorAlertSettings } from './generated/monitor-alert-settings/index.js';
import type { UptimeAlertDestination } from './alert-destination.js';
import { UptimeStatusPage, type UptimeStatusPageContent } from './status-page.js';
import {
  declaredBindingProps,
  declaredConfig,
  declaredPropPath,
  declaredSecretProblems,
  mergeDeclared,
} from './fields.js';
import { providerErrors } from './validation.js';

// The value sets, from the API model (src/api/limits.ts): never re-declared here.
export {
  INTERVAL_SECONDS,
  REQUEST_HEADERS_MAX,
  REQUEST_METHODS,
  SLOW_RESPONSE_CONSECUTIVE_LIMIT,
  SLOW_RESPONSE_THRESHOLD_MS,
  STATUS_CODE,
  TIMEOUT_MS,
};
export type { IntervalSeconds, SlowResponseConsecutiveLimit, SlowResponseThresholdMs };
/** Slow-response alerts: generated from their declarations (src/provider/fields/alert-settings.ts). */
export type { UptimeSlowResponseAlerts };

/** `GET` or `HEAD` (`REQUEST_METHODS`). */
export type UptimeRequestMethod = (typeof REQUEST_METHODS)[number];

/** Request headers, basic auth and expiry monitoring: generated from their declarations
 *  (src/provider/fields/monitor.ts). */
export type { UptimeBasicAuth, UptimeExpiryMonitoring, UptimeRequestHeader };

/**
 * Who is alerted, and when. When a monitor has `alerts` (its own or its group's), the construct manages the
 * monitor's whole alert settings: a channel not given is off, and slow-response alerts are off unless
 * `slowResponse` is given. Without `alerts` the service's defaults stay (email to the account's default
 * destination, no SMS, no slow-response alerts).
 */
export interface UptimeMonitorAlerts {
  /**
   * Email alerts to this verified destination; `false`: no email alerts. Default (when `alerts` is set): off.
   * @example UptimeAlertDestination.lookup(this, 'email', 'Ops team')
   */
  readonly email?: UptimeAlertDestination<'email'> | false;
  /**
   * SMS alerts to this verified destination (needs a plan with SMS alerts); `false`: none. Default: off.
   * @example UptimeAlertDestination.lookup(this, 'sms', 'On-call phone')
   */
  readonly sms?: UptimeAlertDestination<'sms'> | false;
  /** Slow-response alerts; `false`: off. Default: off. */
  readonly slowResponse?: UptimeSlowResponseAlerts | false;
}

/** The settings of a monitor's group that are not monitor fields: its alerts and the provider. */
export interface UptimeMonitorGroupSettings {
  /**
   * Alert channels, destinations and slow-response alerts. A monitor's `alerts` are merged key by key over its
   * group's. Default: the service's defaults, not managed.
   * @example { email: UptimeAlertDestination.lookup(this, 'email', 'Ops team'), slowResponse: { thresholdMs: 2000 } }
   */
  readonly alerts?: UptimeMonitorAlerts;
  /**
   * Provider for the monitor's resources and lookups. Default: the stack's default `uptime` provider.
   * @example new provider.UptimeProvider(this, 'eu', { alias: 'eu' })
   */
  readonly provider?: TerraformProvider;
}

/**
 * Settings a monitor can take from its group (`UptimeMonitorGroup` `defaults`). The fields and blocks come from
 * their declarations (src/provider/fields/monitor.ts, generated into `UptimeMonitorBlockSettings` and
 * `UptimeMonitorFieldSettings`).
 */
export interface UptimeMonitorSettings
  extends UptimeMonitorBlockSettings, UptimeMonitorGroupSettings, UptimeMonitorFieldSettings {}

export interface UptimeMonitorProps extends UptimeMonitorSettings, UptimeMonitorFieldProps {
  /**
   * The content of the monitor's public status page. The page must first be set up in the dashboard, which is
   * only possible once the monitor exists: add this prop after that (the service refuses changes to a page that
   * is not set up yet). Default: the page is not managed.
   * @example { title: 'Example Inc. status', displayOptions: { responseTime: false } }
   */
  readonly statusPage?: UptimeStatusPageContent;
}

const GROUP = Symbol.for('terraform-provider-uptime.UptimeMonitorGroup');

export interface UptimeMonitorGroupProps {
  /**
   * Settings for every monitor created inside the group (directly or through `addMonitor`, also in nested
   * groups). A monitor's own props win; `requestHeaders` and `alerts` are merged (see there).
   * @example { intervalSeconds: 300, alerts: { email: ops } }
   */
  readonly defaults?: UptimeMonitorSettings;
}

/**
 * A set of monitors sharing defaults.
 *
 * @example
 * const web = new UptimeMonitorGroup(this, 'web', { defaults: { intervalSeconds: 300, alerts: { email: ops } } });
 * web.addMonitor('home', { url: 'https://www.example.com/' });
 */
export class UptimeMonitorGroup extends Construct {
  static isGroup(x: unknown): x is UptimeMonitorGroup {
    return typeof x === 'object' && x !== null && GROUP in x;
  }

  readonly defaults: UptimeMonitorSettings;

  constructor(scope: Construct, id: string, props: UptimeMonitorGroupProps = {}) {
    super(scope, id);
    Object.defineProperty(this, GROUP, { value: true });
    this.defaults = props.defaults ?? {};
  }

  /** Creates a monitor in this group. */
  addMonitor(id: string, props: UptimeMonitorProps): UptimeMonitor {
    return new UptimeMonitor(this, id, props);
  }

  /** The monitors in this group and its nested groups. */
  get monitors(): UptimeMonitor[] {
    return this.node.findAll().filter((c): c is UptimeMonitor => c instanceof UptimeMonitor);
  }
}

/** `b` over `a`: scalars and objects replaced, keyed lists (headers) merged by key, alerts merged by key. */
function mergeSettings<T extends UptimeMonitorSettings>(a: UptimeMonitorSettings, b: T): T {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) if (v !== undefined) out[k] = v;
  mergeDeclared(monitorTable, a, b, out);
  if (a.alerts && b.alerts) {
    const alerts: Record<string, unknown> = { ...a.alerts };
    for (const [k, v] of Object.entries(b.alerts)) if (v !== undefined) alerts[k] = v;
    out.alerts = alerts;
  }
  return out as T;
}

/**
 * One HTTP monitor (`uptime_monitor`), its alert settings (`uptime_monitor_alert_settings`, when `alerts` is
 * given here or by the group) and its status-page content (`uptime_status_page`, when `statusPage` is given).
 * The provider's validation runs at synth: an invalid value fails `cdktf synth` with the prop, the rule and the
 * allowed values. Destroy archives the monitor (its history is kept).
 *
 * @example
 * const apiKey = new TerraformVariable(this, 'api_key', { type: 'string', sensitive: true });
 * new UptimeMonitor(this, 'api', {
 *   name: 'API health',
 *   url: 'https://api.example.com/health',
 *   intervalSeconds: 60,
 *   requestHeaders: [{ name: 'X-Api-Key', value: apiKey.stringValue }],
 *   alerts: { email: UptimeAlertDestination.lookup(this, 'email', 'Ops team') },
 * });
 */
export class UptimeMonitor extends Construct {
  /** The props after the groups' defaults were applied. */
  readonly settings: UptimeMonitorProps;
  /** The monitor id (a UUID; known after apply). */
  readonly monitorId: string;
  /** The underlying `uptime_monitor` resource (escape hatch). */
  readonly monitor: Monitor;
  /** The `uptime_monitor_alert_settings` resource, when alerts are managed. */
  readonly alertSettings?: MonitorAlertSettings;
  /**
   * The status page construct, when `statusPage` is given.
   * @example { title: 'Example Inc. status', displayOptions: { responseTime: false } }
   */
  readonly statusPage?: UptimeStatusPage;

  constructor(scope: Construct, id: string, props: UptimeMonitorProps) {
    super(scope, id);
    const groups = scope.node.scopes.filter(UptimeMonitorGroup.isGroup);
    const p = [...groups.map((g) => g.defaults), props].reduce<UptimeMonitorSettings>(
      (acc, s) => mergeSettings(acc, s),
      {},
    ) as UptimeMonitorProps;
    this.settings = p;
    const provider = p.provider ? { provider: p.provider } : {};

    this.node.addValidation({
      validate: () => [
        ...providerErrors(monitorResource, declaredConfig(monitorTable, p), declaredPropPath(monitorTable)),
        ...declaredSecretProblems(this, monitorTable, p),
      ],
    });

    this.monitor = new Monitor(this, 'monitor', {
      url: p.url,
      ...declaredBindingProps(monitorTable, p),
      ...provider,
    });
    this.monitorId = this.monitor.id;

    if (p.alerts) {
      const a = p.alerts;
      const email = a.email || undefined;
      const sms = a.sms || undefined;
      const slow = a.slowResponse || undefined;
      const slowConfig = slow
        ? { enabled: true, ...declaredConfig(slowResponseFields, slow) }
        : { enabled: false };
      this.node.addValidation({
        validate: () => {
          const errors = providerErrors(
            alertSettingsResource,
            {
              monitor_id: this.monitorId,
              channels: { email: !!email, sms: !!sms },
              slow_response_alerts: slowConfig,
            },
            (path) =>
              path
                .replace(/^slow_response_alerts/, 'alerts.slow_response')
                .replace(/^(channels|destination_ids)\./, 'alerts.')
                .replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()),
          );
          for (const [key, d] of [
            ['email', email],
            ['sms', sms],
          ] as const)
            if (d && d.channel !== key)
              errors.push(
                `alerts.${key} is the ${d.channel} destination labelled ${JSON.stringify(d.label)}; alerts.${key} needs a ${key} destination (rule: channel; allowed values: ${key}).`,
              );
          return errors;
        },
      });
      this.alertSettings = new MonitorAlertSettings(this, 'alerts', {
        monitorId: this.monitorId,
        channels: { email: !!email, sms: !!sms },
        destinationIds: {
          ...(email ? { email: email.destinationId } : {}),
          ...(sms ? { sms: sms.destinationId } : {}),
        },
        slowResponseAlerts: {
          enabled: slowConfig.enabled,
          ...(slow ? declaredBindingProps(slowResponseFields, slow) : {}),
        },
        ...provider,
      });
    }

    if (p.statusPage)
      this.statusPage = new UptimeStatusPage(
        this,
        'status-page',
        { ...p.statusPage, monitorId: this.monitorId, ...provider },
        'statusPage.',
      );
  }
}
