// A CDKTF stack with endpoints of the coverage catalogue, declared as the prebuilt provider bindings synthesize them
// (a TerraformResource whose attributes are the snake_case arguments, blocks as objects or lists), for the
// MonitorPublicEndpoints tests: on cdktf and cdktn from the sources (public-endpoints.test.ts and its cdktn twin),
// and from the built package in an app of its own (public-endpoints-app.ts).
import type * as Cdk from 'cdktf';
import type { Construct } from 'constructs';
import type * as Uptime from '../../src/constructs/index.js';

/** The CDK library (cdktf or cdktn) and this package's constructs built for it. */
export interface Libraries {
  cdk: Pick<typeof Cdk, 'TerraformResource' | 'TerraformStack' | 'TerraformVariable'>;
  uptime: Pick<typeof Uptime, 'provider' | 'UptimeMonitor'>;
}

export interface EndpointStack {
  stack: Cdk.TerraformStack;
}

/** The endpoints and what the aspect must do with each:
 *  - aws_route53_record.api-record (alias → aws_lb.api): one monitor, on the record, for the chain;
 *  - kubernetes_ingress_v1.web: one monitor, https (its host has TLS);
 *  - azurerm_linux_web_app.portal: one monitor, on its health check path;
 *  - google_cloud_run_v2_service.search: already watched by an UptimeMonitor (none added);
 *  - aws_lb.internal (internal), aws_lambda_function_url.signed (AWS_IAM), aws_cloudfront_distribution.off
 *    (disabled): not public (none);
 *  - aws_lb.nlb (network): not HTTP (none); aws_lb.ignored (tag uptime-coverage = ignore): suppressed (none);
 *  - aws_lb.undecided (internal from a variable): unknown at synth (none, an info annotation). */
export function endpointStack({ cdk, uptime }: Libraries, app: Construct): EndpointStack {
  /** A resource of another provider, as its generated binding would synthesize it. */
  class Endpoint extends cdk.TerraformResource {
    constructor(
      scope: Construct,
      id: string,
      type: string,
      private readonly attributes: Record<string, unknown>,
    ) {
      super(scope, id, { terraformResourceType: type });
    }
    protected override synthesizeAttributes(): Record<string, unknown> {
      return this.attributes;
    }
  }
  const stack = new cdk.TerraformStack(app, 'endpoints');
  new uptime.provider.UptimeProvider(stack, 'uptime', {});
  const lb = new Endpoint(stack, 'api', 'aws_lb', { name: 'api' });
  new Endpoint(stack, 'api-record', 'aws_route53_record', {
    zone_id: 'Z123',
    name: 'api.example.com',
    type: 'A',
    alias: {
      name: lb.getStringAttribute('dns_name'),
      zone_id: lb.getStringAttribute('zone_id'),
      evaluate_target_health: true,
    },
  });
  const run = new Endpoint(stack, 'search', 'google_cloud_run_v2_service', {
    name: 'search',
    location: 'europe-west1',
    template: { containers: [{ image: 'gcr.io/p/search' }] },
  });
  new uptime.UptimeMonitor(stack, 'search-monitor', { name: 'Search', url: run.getStringAttribute('uri') });
  new Endpoint(stack, 'web', 'kubernetes_ingress_v1', {
    metadata: { name: 'web' },
    spec: {
      rule: [{ host: 'web.example.com' }],
      tls: [{ hosts: ['web.example.com'], secret_name: 'web-tls' }],
    },
  });
  new Endpoint(stack, 'portal', 'azurerm_linux_web_app', {
    name: 'portal',
    resource_group_name: 'rg',
    location: 'westeurope',
    service_plan_id: 'plan',
    site_config: { health_check_path: '/healthz' },
  });
  new Endpoint(stack, 'internal', 'aws_lb', { name: 'internal', internal: true });
  new Endpoint(stack, 'signed', 'aws_lambda_function_url', {
    function_name: 'fn',
    authorization_type: 'AWS_IAM',
  });
  new Endpoint(stack, 'off', 'aws_cloudfront_distribution', {
    enabled: false,
    origin: [{ domain_name: 'old.example.org', origin_id: 'old' }],
  });
  new Endpoint(stack, 'nlb', 'aws_lb', { name: 'nlb', load_balancer_type: 'network' });
  new Endpoint(stack, 'ignored', 'aws_lb', { name: 'ignored', tags: { 'uptime-coverage': 'ignore' } });
  const internal = new cdk.TerraformVariable(stack, 'lb_internal', { type: 'bool' });
  new Endpoint(stack, 'undecided', 'aws_lb', { name: 'undecided', internal: internal.booleanValue });
  return { stack };
}
