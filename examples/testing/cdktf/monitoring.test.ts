// Unit tests of the stack with CDKTF's Testing helpers and jest matchers (setup.cjs calls Testing.setupJest()).
// The same file runs on cdktf and, through jest.config.cjs, on cdktn. toBeValidTerraform and toPlanSuccessfully
// run `terraform init` and `validate` / `plan` in the synthesized directory: they need the provider (a filesystem
// mirror named by TF_CLI_CONFIG_FILE, as `npx uptimectl provider install` writes it), and the plan needs a
// service (UPTIME_BASE_URL and UPTIME_API_TOKEN: the local service, `npx uptimectl service`).
import { TerraformStack, Testing } from 'cdktf';
import {
  UptimeMonitor,
  UptimeStatusPage,
  dataUptimeAlertDestinations,
  monitor,
  monitorAlertSettings,
  provider,
  statusPage,
} from 'terraform-provider-uptime/cdktf';
import { Monitoring } from './monitoring.js';

const props = { environment: 'staging', statusPageMonitor: 'Example status' };

describe('one construct (synthScope)', () => {
  it('a monitor with its defaults spelled out', () => {
    const synthesized = Testing.synthScope((scope) => {
      new UptimeMonitor(scope, 'api', { name: 'API', url: 'https://api.example.com/', intervalSeconds: 60 });
    });
    expect(synthesized).toHaveResourceWithProperties(monitor.Monitor, {
      name: 'API',
      url: 'https://api.example.com/',
      interval_seconds: 60,
    });
    expect(synthesized).not.toHaveResource(monitorAlertSettings.MonitorAlertSettings);
  });

  it("the provider's own rules run when validations run (as cdktf synth does): a URL that is not http(s), a literal that is not a monitor id", () => {
    const stack = new TerraformStack(Testing.app(), 'invalid');
    new provider.UptimeProvider(stack, 'uptime', {});
    new UptimeMonitor(stack, 'api', { name: 'API', url: 'ftp://files.example.com/' });
    new UptimeStatusPage(stack, 'page', { monitorId: 'api', title: 'Status' });
    expect(() => Testing.synth(stack, true)).toThrow(/url must be an absolute http or https URL/);
    expect(() => Testing.synth(stack, true)).toThrow(/monitorId must be a monitor id \(a UUID\)/);
  });
});

describe('the stack', () => {
  const synthesized = Testing.synth(new Monitoring(Testing.app(), 'monitoring', props));

  it('has the monitors, their alert settings and the page', () => {
    expect(synthesized).toHaveResourceWithProperties(monitor.Monitor, {
      name: 'staging API health',
      interval_seconds: 60,
      accepted_status_codes: [200],
    });
    expect(synthesized).toHaveResourceWithProperties(monitor.Monitor, {
      name: 'staging docs',
      request_method: 'HEAD',
      interval_seconds: 300,
    });
    expect(synthesized).toHaveResourceWithProperties(monitorAlertSettings.MonitorAlertSettings, {
      channels: { email: true, sms: false },
      slow_response_alerts: { enabled: true, threshold_ms: 2000, consecutive_limit: 3 },
    });
    expect(synthesized).toHaveDataSourceWithProperties(
      dataUptimeAlertDestinations.DataUptimeAlertDestinations,
      {
        channel: 'email',
        label: 'Ops team',
      },
    );
    expect(synthesized).toHaveResourceWithProperties(statusPage.StatusPage, {
      title: 'staging status',
      display_options: { response_time: false },
    });
  });
});

describe('with terraform', () => {
  const dir = Testing.fullSynth(new Monitoring(Testing.app(), 'monitoring', props));

  it('is valid Terraform', () => {
    expect(dir).toBeValidTerraform();
  });

  it('plans successfully against the service', () => {
    expect(dir).toPlanSuccessfully();
  });
});
