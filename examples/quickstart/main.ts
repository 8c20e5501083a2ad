// Quickstart: a CDKTF app with three monitors, their alerts and a status page, written with the constructs of
// `terraform-provider-uptime/cdktf`. Deploy it against the local service with `npm run demo` (which points it at a
// small example app on 127.0.0.1, so it works offline), or by hand:
//   npx uptimectl service                     # note its base URL and the "full" token
//   npx uptimectl provider install --dir .terraform-uptime
//   export TF_CLI_CONFIG_FILE=$PWD/.terraform-uptime/terraform.rc UPTIME_BASE_URL=… UPTIME_API_TOKEN=… TF_VAR_api_key=…
//   npx cdktf deploy --auto-approve --skip-provider-lock
import { App, LocalBackend, TerraformOutput, TerraformStack, TerraformVariable } from 'cdktf';
import type { Construct } from 'constructs';
import {
  UptimeAlertDestination,
  UptimeMonitor,
  UptimeMonitorGroup,
  UptimeMonitorLookup,
  UptimeStatusPage,
  provider,
} from 'terraform-provider-uptime/cdktf';

class Quickstart extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    // Where the state goes; default: terraform.quickstart.tfstate in the directory cdktf runs in.
    if (process.env.QUICKSTART_STATE_FILE)
      new LocalBackend(this, { path: process.env.QUICKSTART_STATE_FILE });

    // base_url and token come from UPTIME_BASE_URL and UPTIME_API_TOKEN.
    new provider.UptimeProvider(this, 'uptime', {});

    // Destinations are verified in the dashboard; here they are found by channel and label.
    const ops = UptimeAlertDestination.lookup(this, 'email', 'Ops team');
    const onCall = UptimeAlertDestination.lookup(this, 'sms', 'On-call phone');

    // Secrets never appear in code: a sensitive variable, set with TF_VAR_api_key.
    const apiKey = new TerraformVariable(this, 'api_key', {
      type: 'string',
      sensitive: true,
      description: 'Value of the X-Api-Key header the API health check sends',
    });

    // The site watched: the public example hosts, or the base URL in QUICKSTART_SITE (`npm run demo` sets it to
    // the example app it starts on 127.0.0.1, whose docs answer 503).
    const site = process.env.QUICKSTART_SITE;
    const urls = site
      ? { home: `${site}/`, docs: `${site}/docs/`, api: `${site}/api/health` }
      : {
          home: 'https://www.example.com/',
          docs: 'https://docs.example.com/',
          api: 'https://api.example.com/health',
        };

    // Public pages share their defaults: checked every 5 minutes, GET, alerts by email to the Ops team.
    const website = new UptimeMonitorGroup(this, 'website', {
      defaults: { intervalSeconds: 300, timeoutMs: 5000, alerts: { email: ops } },
    });
    const home = website.addMonitor('home', { name: 'Homepage', url: urls.home });
    const docs = website.addMonitor('docs', {
      name: 'Docs',
      url: urls.docs,
      requestMethod: 'HEAD',
      sslMonitoring: { warnDays: 21 },
    });

    // The API: every minute, an API key header, SMS too, and an alert after 3 checks slower than 2 s.
    const api = new UptimeMonitor(this, 'api', {
      name: 'API health',
      url: urls.api,
      intervalSeconds: 60,
      acceptedStatusCodes: [200],
      requestHeaders: [{ name: 'X-Api-Key', value: apiKey.stringValue }],
      alerts: {
        email: ops,
        sms: onCall,
        slowResponse: { thresholdMs: 2000, consecutiveLimit: 3 },
      },
    });

    // A status page is set up once in the dashboard (slug, URL, verification), which needs an existing monitor;
    // the API then manages its content. So the page here belongs to a monitor that already exists and whose page
    // is set up: by default "Example status", which the local service's default seed provides.
    const pageMonitor = new TerraformVariable(this, 'status_page_monitor', {
      type: 'string',
      default: 'Example status',
      description: 'Name of an existing monitor whose status page was set up in the dashboard',
    });
    const statusSite = new UptimeMonitorLookup(this, 'status-site', { name: pageMonitor.stringValue });
    const page = new UptimeStatusPage(this, 'status-page', {
      monitorId: statusSite.monitorId,
      title: 'Example Inc. status',
      description: 'Live availability of our website, docs and API.',
      // Uptime timeline, response times and incidents; not the list of every recent check.
      displayOptions: { recentHistory: false },
    });

    new TerraformOutput(this, 'monitor_ids', {
      value: { home: home.monitorId, docs: docs.monitorId, api: api.monitorId },
    });
    new TerraformOutput(this, 'status_page_url', { value: page.url });
  }
}

const app = new App();
new Quickstart(app, 'quickstart');
app.synth();
