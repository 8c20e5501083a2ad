// A two-stack CDKTF app for the CI-script end-to-end test (test/plan-report/ci-script-e2e.test.ts). CI_APP_STEP=2 is
// the "pull request" that changes it: the web stack's blog is paused and the api stack gets a new monitor.
import { App, TerraformStack } from 'cdktf';
import type { Construct } from 'constructs';
import { UptimeMonitor, provider } from '../../../src/constructs/index.js';

const step = Number(process.env.CI_APP_STEP ?? 1);

class Web extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    new provider.UptimeProvider(this, 'uptime', {});
    new UptimeMonitor(this, 'home', { name: 'Home', url: 'https://www.ci-app.example.com/' });
    new UptimeMonitor(this, 'blog', {
      name: 'Blog',
      url: 'https://blog.ci-app.example.com/',
      enabled: step < 2,
    });
  }
}

class Api extends TerraformStack {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    new provider.UptimeProvider(this, 'uptime', {});
    new UptimeMonitor(this, 'health', { name: 'API health', url: 'https://api.ci-app.example.com/health' });
    if (step >= 2)
      new UptimeMonitor(this, 'payments', { name: 'Payments', url: 'https://pay.ci-app.example.com/health' });
  }
}

const app = new App();
new Web(app, 'web');
new Api(app, 'api');
app.synth();
