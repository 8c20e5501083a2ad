// MonitorPublicEndpoints on cdktf: it adds exactly the monitors the stack's public endpoints lack (one per chain, its
// url a reference to the endpoint), the same decisions as `plan-report --coverage` (one catalogue, one set of rules),
// none twice when the app synthesizes again, and says so when it is added to the App, where CDKTF never runs it.
// public-endpoints-cdktn.test.ts runs the same file with `cdktf` resolved to `cdktn`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cdk from 'cdktf';
import { AnnotationMetadataEntryType, Aspects, TerraformStack, Testing } from 'cdktf';
import * as uptime from '../../src/constructs/index.js';
import { findCoverage, suggestMonitor } from '../../src/coverage/index.js';
import { jsonConfiguration } from '../../src/coverage/terraform-json.js';
import { aspectsNotRun, MonitorPublicEndpoints, NOT_RUN_WARNING } from '../../src/constructs/index.js';
import { endpointStack as build } from './public-endpoints-stack.js';

const endpointStack = (app: cdk.App = Testing.app()) => build({ cdk, uptime }, app);

const monitors = (json: any): Record<string, any> => json.resource?.uptime_monitor ?? {};
const urls = (json: any) =>
  Object.values(monitors(json))
    .map((m: any) => m.url as string)
    .sort();

describe('MonitorPublicEndpoints', () => {
  it('adds one monitor per uncovered public endpoint, its url a reference, and none twice on a second synth', () => {
    const { stack } = endpointStack();
    Aspects.of(stack).add(new MonitorPublicEndpoints({ intervalSeconds: 60 }));
    const first = JSON.parse(Testing.synth(stack, true));
    expect(urls(first)).toEqual([
      '${google_cloud_run_v2_service.search.uri}',
      'https://${aws_route53_record.api-record.fqdn}/',
      'https://${azurerm_linux_web_app.portal.default_hostname}/healthz',
      'https://${kubernetes_ingress_v1.web.spec[0].rule[0].host}/',
    ]);
    const added = Object.entries(monitors(first)).filter(([k]) => k.startsWith('uptime-coverage'));
    expect(added.map(([, m]) => m.name).sort()).toEqual([
      'api.example.com',
      'endpoints/portal (azurerm_linux_web_app)',
      'web.example.com',
    ]);
    expect(added.every(([, m]) => m.interval_seconds === 60)).toBe(true);
    const second = JSON.parse(Testing.synth(stack, true));
    expect(second.resource.uptime_monitor).toEqual(first.resource.uptime_monitor);
    expect(Object.keys(monitors(second))).toHaveLength(4);
  });

  it('gives each added monitor a stable construct id and logical id', () => {
    const a = endpointStack();
    const b = endpointStack();
    for (const s of [a, b]) Aspects.of(s.stack).add(new MonitorPublicEndpoints());
    expect(Object.keys(monitors(JSON.parse(Testing.synth(a.stack))))).toEqual(
      Object.keys(monitors(JSON.parse(Testing.synth(b.stack)))),
    );
    expect(a.stack.node.tryFindChild('uptime-coverage-aws_route53_record-api-record')).toBeDefined();
  });

  it('names the monitor with monitorName and passes alert and monitor defaults', () => {
    const { stack } = endpointStack();
    Aspects.of(stack).add(
      new MonitorPublicEndpoints({
        monitorName: (e) => `public: ${e.type} ${e.hostnames[0] ?? e.path}`,
        timeoutMs: 5000,
      }),
    );
    const json = JSON.parse(Testing.synth(stack, true));
    const added = Object.entries(monitors(json)).filter(([k]) => k.startsWith('uptime-coverage'));
    expect(added.map(([, m]) => m.name).sort()).toEqual([
      'public: aws_route53_record api.example.com',
      'public: azurerm_linux_web_app endpoints/portal',
      'public: kubernetes_ingress_v1 web.example.com',
    ]);
    expect(added.every(([, m]) => m.timeout_ms === 5000)).toBe(true);
  });

  it('notes the endpoint whose public-ness is known only at plan time, and adds nothing for it', () => {
    const { stack } = endpointStack();
    Aspects.of(stack).add(new MonitorPublicEndpoints());
    Testing.synth(stack);
    const notes = stack.node
      .findAll()
      .flatMap((c) =>
        c.node.metadata
          .filter((m) => m.type === AnnotationMetadataEntryType.INFO)
          .map((m) => `${c.node.path}: ${String(m.data)}`),
      );
    expect(notes).toEqual([
      expect.stringMatching(
        /^endpoints\/undecided: MonitorPublicEndpoints: no monitor added: "internal" is known only after apply/,
      ),
    ]);
  });

  it('added to the App it never runs: the stack gets no monitor, and the app is told', () => {
    const before = aspectsNotRun();
    const app = Testing.app();
    const { stack } = endpointStack(app);
    const onApp = new MonitorPublicEndpoints();
    Aspects.of(app).add(onApp);
    const json = JSON.parse(Testing.synth(stack));
    expect(urls(json)).toEqual(['${google_cloud_run_v2_service.search.uri}']);
    expect(aspectsNotRun()).toBe(before + 1);
    // With one on the stack as well, the stack's synth carries the warning.
    Aspects.of(stack).add(new MonitorPublicEndpoints());
    Testing.synth(stack);
    expect(stack.node.metadata.map((m) => String(m.data))).toContain(NOT_RUN_WARNING);
    onApp.visit(new TerraformStack(Testing.app(), 'elsewhere')); // so this test process ends without the warning
    expect(aspectsNotRun()).toBe(before);
  });

  it("counts another stack's monitors that refer to this stack's endpoints or have their hostname", () => {
    const app = Testing.app();
    const { stack } = endpointStack(app);
    const monitoring = new TerraformStack(app, 'monitoring');
    new uptime.provider.UptimeProvider(monitoring, 'uptime', {});
    const record = stack.node.findChild('api-record') as cdk.TerraformResource;
    new uptime.UptimeMonitor(monitoring, 'api', {
      name: 'API',
      url: `https://${record.getStringAttribute('fqdn')}/`,
    });
    new uptime.UptimeMonitor(monitoring, 'web', { name: 'Web', url: 'https://WEB.example.com/healthz' });
    Aspects.of(stack).add(new MonitorPublicEndpoints());
    app.synth();
    const read = (name: string) =>
      JSON.parse(readFileSync(join(app.outdir, 'stacks', name, 'cdk.tf.json'), 'utf8')) as Record<
        string,
        any
      >;
    expect(urls(read('endpoints'))).toEqual([
      '${google_cloud_run_v2_service.search.uri}',
      'https://${azurerm_linux_web_app.portal.default_hostname}/healthz',
    ]);
    expect(urls(read('monitoring'))[0]).toMatch(/^https:\/\/\$\{data\.terraform_remote_state\./);
  });

  it('adds nothing while a monitor of the stack has a url it cannot follow (a TerraformLocal), and says why', () => {
    const { stack } = endpointStack();
    const local = new cdk.TerraformLocal(stack, 'status_url', 'https://status.example.com/');
    new uptime.UptimeMonitor(stack, 'status', { name: 'Status', url: local.asString });
    Aspects.of(stack).add(new MonitorPublicEndpoints());
    expect(urls(JSON.parse(Testing.synth(stack)))).toEqual([
      '${google_cloud_run_v2_service.search.uri}',
      '${local.status_url}',
    ]);
    const record = stack.node.findChild('api-record');
    expect(
      record.node.metadata
        .filter((m) => m.type === AnnotationMetadataEntryType.INFO)
        .map((m) => String(m.data)),
    ).toEqual([
      expect.stringMatching(
        /^MonitorPublicEndpoints: no monitor added: the url of "uptime_monitor\.status_monitor_\w+" is built from "local\.status_url", which cannot be followed to a resource: it may watch this endpoint$/,
      ),
    ]);
  });

  it('works per stack: each stack gets the monitors of its own endpoints', () => {
    const app = Testing.app();
    const one = endpointStack(app);
    const two = new TerraformStack(app, 'empty');
    for (const s of [one.stack, two]) Aspects.of(s).add(new MonitorPublicEndpoints());
    expect(urls(JSON.parse(Testing.synth(two)))).toEqual([]);
    expect(urls(JSON.parse(Testing.synth(one.stack)))).toHaveLength(4);
  });
});

test("plan-report's CDKTF suggestion, pasted into the stack, makes the endpoint covered", () => {
  const stack = new TerraformStack(Testing.app(), 'pasted');
  new uptime.provider.UptimeProvider(stack, 'uptime', {});
  class Lb extends cdk.TerraformResource {
    constructor(scope: TerraformStack, id: string) {
      super(scope, id, { terraformResourceType: 'aws_lb' });
    }
    protected override synthesizeAttributes() {
      return { name: 'api' };
    }
  }
  const lb = new Lb(stack, 'api');
  const configuration = () =>
    jsonConfiguration(
      cdk.Tokenization.resolve(stack.toTerraform(), {
        scope: stack,
        preparing: false,
        resolver: new cdk.DefaultTokenResolver(new cdk.StringConcat()),
      }),
    );
  const [finding] = findCoverage(configuration());
  expect(finding!.status).toBe('uncovered');
  const suggestion = suggestMonitor(finding!, new Map())!;
  expect(suggestion.cdktf).toContain('// apiEndpoint: the construct this stack synthesizes as aws_lb.api.');
  // The suggestion is TypeScript that is JavaScript too: run it with the names it uses.
  new Function('UptimeMonitor', 'apiEndpoint', suggestion.cdktf).call(stack, uptime.UptimeMonitor, lb);
  expect(findCoverage(configuration())[0]).toMatchObject({ status: 'covered' });
});
