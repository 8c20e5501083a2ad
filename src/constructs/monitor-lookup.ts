// UptimeMonitorLookup: an existing monitor (not managed by this app) found by its name through the
// `uptime_monitors` data source, e.g. to manage the status page of a monitor set up in the dashboard.
import { Token, type TerraformProvider } from 'cdktf';
import { Construct } from 'constructs';
import { DataUptimeMonitors } from './generated/data-uptime-monitors/index.js';

export interface UptimeMonitorLookupProps {
  /**
   * The monitor's name, exactly as the service reports it. Exactly one non-archived monitor visible to the token
   * must carry it: none or several fail the plan with a message naming it.
   * @example "Example status"
   */
  readonly name: string;
  /**
   * Provider to read with. Default: the stack's default `uptime` provider.
   * @example new provider.UptimeProvider(this, 'eu', { alias: 'eu' })
   */
  readonly provider?: TerraformProvider;
}

/**
 * An existing, non-archived monitor found by name.
 *
 * @example
 * const site = new UptimeMonitorLookup(this, 'status-site', { name: 'Example status' });
 * new UptimeStatusPage(this, 'page', { monitorId: site.monitorId, title: 'Example status' });
 */
export class UptimeMonitorLookup extends Construct {
  /** The monitor id (a UUID), known at plan time. */
  readonly monitorId: string;
  /** The underlying data source (escape hatch). */
  readonly dataSource: DataUptimeMonitors;

  constructor(scope: Construct, id: string, props: UptimeMonitorLookupProps) {
    super(scope, id);
    const name = Token.isUnresolved(props.name) ? props.name : JSON.stringify(props.name);
    const matches = `[for m in self.monitors : m.id if m.name == ${name} && !m.archived]`;
    this.dataSource = new DataUptimeMonitors(this, 'monitors', {
      ...(props.provider ? { provider: props.provider } : {}),
      lifecycle: {
        postcondition: [
          {
            condition: `\${length(${matches}) == 1}`,
            errorMessage: `Expected exactly one non-archived monitor named ${name}, found \${length(${matches})}.`,
          },
        ],
      },
    });
    this.monitorId = Token.asString(
      `\${one([for m in ${this.dataSource.fqn}.monitors : m.id if m.name == ${name} && !m.archived])}`,
    );
  }
}
