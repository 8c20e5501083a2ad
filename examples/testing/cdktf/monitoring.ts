// The stack under test: a monitor with alerts, a group of public pages and the status page of an existing
// monitor, written with the constructs of `terraform-provider-uptime/cdktf` (or `/cdktn`, with `cdktn`).
import { TerraformOutput, TerraformStack } from 'cdktf';
import type { Construct } from 'constructs';
import {
  UptimeAlertDestination,
  UptimeMonitor,
  UptimeMonitorGroup,
  UptimeMonitorLookup,
  UptimeStatusPage,
  provider,
} from 'terraform-provider-uptime/cdktf';

export interface MonitoringProps {
  /** Prefix of every monitor name. */
  readonly environment: string;
  /** Name of an existing monitor whose status page was set up in the dashboard. */
  readonly statusPageMonitor: string;
}

export class Monitoring extends TerraformStack {
  readonly api: UptimeMonitor;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    // base_url and token come from UPTIME_BASE_URL and UPTIME_API_TOKEN.
    new provider.UptimeProvider(this, 'uptime', {});
    const ops = UptimeAlertDestination.lookup(this, 'email', 'Ops team');

    const sites = new UptimeMonitorGroup(this, 'sites', {
      defaults: { intervalSeconds: 300, alerts: { email: ops } },
    });
    sites.addMonitor('home', { name: `${props.environment} home`, url: 'https://www.example.com/' });
    sites.addMonitor('docs', {
      name: `${props.environment} docs`,
      url: 'https://docs.example.com/',
      requestMethod: 'HEAD',
    });

    this.api = new UptimeMonitor(this, 'api', {
      name: `${props.environment} API health`,
      url: 'https://api.example.com/health',
      intervalSeconds: 60,
      acceptedStatusCodes: [200],
      alerts: { email: ops, slowResponse: { thresholdMs: 2000, consecutiveLimit: 3 } },
    });

    const pageMonitor = new UptimeMonitorLookup(this, 'page-monitor', { name: props.statusPageMonitor });
    const page = new UptimeStatusPage(this, 'status-page', {
      monitorId: pageMonitor.monitorId,
      title: `${props.environment} status`,
      displayOptions: { responseTime: false },
    });
    new TerraformOutput(this, 'status_page_url', { value: page.url });
  }
}
