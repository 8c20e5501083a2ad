// UptimeAlertDestination: one verified alert destination, looked up by channel and label through the
// `uptime_alert_destinations` data source, so a configuration names "the Ops team's email" instead of an id.
import { Fn, TerraformStack, Token, type TerraformProvider } from 'cdktf';
import { Construct } from 'constructs';
import { ALERT_CHANNELS, type AlertChannel } from '../api/alerts.js';
import { DataUptimeAlertDestinations } from './generated/data-uptime-alert-destinations/index.js';
import { allowedList } from './validation.js';

export type { AlertChannel };
export { ALERT_CHANNELS };

export interface UptimeAlertDestinationProps<C extends AlertChannel = AlertChannel> {
  /**
   * The destination's channel.
   *
   * Allowed: `"email"` or `"sms"` (`ALERT_CHANNELS`).
   * @example "email"
   */
  readonly channel: C;
  /**
   * The destination's label, exactly as shown in the dashboard (destinations are added and verified there).
   * Exactly one verified destination of `channel` must carry it: none or several fail the plan with a message
   * naming the label.
   * @example "Ops team"
   */
  readonly label: string;
  /**
   * Provider to read with. Default: the stack's default `uptime` provider.
   * @example new provider.UptimeProvider(this, 'eu', { alias: 'eu' })
   */
  readonly provider?: TerraformProvider;
}

/**
 * A verified alert destination found by channel and label (data source `uptime_alert_destinations`).
 * Pass it to a monitor's `alerts.email` / `alerts.sms`.
 *
 * @example
 * const ops = new UptimeAlertDestination(this, 'ops', { channel: 'email', label: 'Ops team' });
 * new UptimeMonitor(this, 'api', { url: 'https://api.example.com/health', alerts: { email: ops } });
 */
export class UptimeAlertDestination<C extends AlertChannel = AlertChannel> extends Construct {
  /**
   * The destination for `channel` and `label` in `scope`'s stack: the one created by an earlier call with the
   * same channel and label, else a new one. Lets many monitors share one lookup.
   */
  static lookup<C extends AlertChannel>(
    scope: Construct,
    channel: C,
    label: string,
    provider?: TerraformProvider,
  ): UptimeAlertDestination<C> {
    const stack = TerraformStack.of(scope);
    const base = `alert-destination-${channel}-${label.replace(/[^A-Za-z0-9_-]+/g, '-').toLowerCase()}`;
    // Labels that differ only in case or punctuation share `base`; the exact label decides, with a suffix.
    for (let n = 1; ; n++) {
      const key = n === 1 ? base : `${base}-${n}`;
      const found = stack.node.tryFindChild(key);
      if (!found)
        return new UptimeAlertDestination(stack, key, { channel, label, ...(provider ? { provider } : {}) });
      if (found instanceof UptimeAlertDestination && found.channel === channel && found.label === label)
        return found as UptimeAlertDestination<C>;
    }
  }

  /** The channel this destination belongs to. */
  readonly channel: C;
  /** The label it was looked up by. */
  readonly label: string;
  /** The destination id (`dest_email_…` / `dest_sms_…`), known at plan time. */
  readonly destinationId: string;
  /** The underlying data source (escape hatch). */
  readonly dataSource: DataUptimeAlertDestinations;

  constructor(scope: Construct, id: string, props: UptimeAlertDestinationProps<C>) {
    super(scope, id);
    this.channel = props.channel;
    this.label = props.label;
    const channelOk = Token.isUnresolved(props.channel) || ALERT_CHANNELS.includes(props.channel);
    const labelOk =
      Token.isUnresolved(props.label) || (typeof props.label === 'string' && props.label.length > 0);
    this.node.addValidation({
      validate: () => [
        ...(channelOk
          ? []
          : [
              `channel must be one of ${allowedList(ALERT_CHANNELS)} (rule: one_of; allowed values: ${allowedList(ALERT_CHANNELS)}).`,
            ]),
        ...(labelOk ? [] : ['label must be a non-empty string (rule: required).']),
      ],
    });
    const what = `verified ${String(props.channel)} destination labelled ${JSON.stringify(props.label)}`;
    this.dataSource = new DataUptimeAlertDestinations(this, 'lookup', {
      channel: props.channel,
      label: props.label,
      ...(props.provider ? { provider: props.provider } : {}),
      lifecycle: {
        postcondition: [
          {
            condition: '${length(self.ids) == 1}',
            errorMessage: `Expected exactly one ${what}, found \${length(self.ids)}. Destinations are added, verified and labelled in the dashboard; list them with the uptime_alert_destinations data source.`,
          },
        ],
      },
    });
    this.destinationId = Token.asString(Fn.element(this.dataSource.ids, 0));
  }
}
