// Independent checks of MonitorPublicEndpoints, written from docs/guides/monitoring-coverage.md ("The CDKTF aspect")
// and ../shared/reference/coverage.md §4: one monitor per uncovered public chain, on the user-facing member; none for
// what is private, covered by reference or by hostname, keyed (count/for_each) or undecidable at synth; and names
// from the stack are data in what it writes.
import { App, Aspects, TerraformResource, TerraformStack, TerraformVariable, Testing } from 'cdktf';
import type { Construct } from 'constructs';
import { MONITOR_NAME_MAX } from '../../src/api/limits.js';
import { MonitorPublicEndpoints, UptimeMonitor } from '../../src/constructs/index.js';
import { provider } from '../../src/constructs/index.js';

class Endpoint extends TerraformResource {
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

function stackWith(build: (s: TerraformStack) => void) {
  const app: App = Testing.app();
  const stack = new TerraformStack(app, 'edge');
  new provider.UptimeProvider(stack, 'uptime', {});
  build(stack);
  Aspects.of(stack).add(new MonitorPublicEndpoints());
  const json = JSON.parse(Testing.synth(stack, true)) as {
    resource?: { uptime_monitor?: Record<string, { name: string; url: string }> };
  };
  const added = Object.entries(json.resource?.uptime_monitor ?? {})
    .filter(([k]) => k.startsWith('uptime-coverage'))
    .map(([, m]) => m);
  return { stack, added };
}

describe('MonitorPublicEndpoints, independently', () => {
  it('a record in a private hosted zone does not stand in front: the public load balancer behind it gets the monitor', () => {
    const { added } = stackWith((s) => {
      const lb = new Endpoint(s, 'api', 'aws_lb', { name: 'api' });
      const zone = new Endpoint(s, 'zone', 'aws_route53_zone', {
        name: 'corp.example.com',
        vpc: [{ vpc_id: 'vpc-1' }],
      });
      new Endpoint(s, 'rec', 'aws_route53_record', {
        zone_id: zone.getStringAttribute('zone_id'),
        name: 'api.corp.example.com',
        type: 'CNAME',
        records: [lb.getStringAttribute('dns_name')],
      });
    });
    expect(added.map((m) => m.url)).toEqual(['https://${aws_lb.api.dns_name}/']);
  });

  it('a monitor whose literal URL has the record hostname (any case, a port, a path) covers the chain: nothing added', () => {
    const { added } = stackWith((s) => {
      const lb = new Endpoint(s, 'api', 'aws_lb', { name: 'api' });
      new Endpoint(s, 'rec', 'aws_route53_record', {
        zone_id: 'Z1',
        name: 'api.example.com',
        type: 'A',
        alias: { name: lb.getStringAttribute('dns_name'), zone_id: lb.getStringAttribute('zone_id') },
      });
      new UptimeMonitor(s, 'm', { name: 'api', url: 'https://API.Example.com:443/health' });
    });
    expect(added).toEqual([]);
  });

  it('a monitor referring to the load balancer covers the record in front of it', () => {
    const { added } = stackWith((s) => {
      const lb = new Endpoint(s, 'api', 'aws_lb', { name: 'api' });
      new Endpoint(s, 'rec', 'aws_route53_record', {
        zone_id: 'Z1',
        name: 'api.example.com',
        type: 'A',
        alias: { name: lb.getStringAttribute('dns_name'), zone_id: lb.getStringAttribute('zone_id') },
      });
      new UptimeMonitor(s, 'm', { name: 'api', url: `https://${lb.getStringAttribute('dns_name')}/` });
    });
    expect(added).toEqual([]);
  });

  it('an endpoint with count gets no monitor; one whose public-ness is a variable gets none', () => {
    const { added } = stackWith((s) => {
      const lb = new Endpoint(s, 'many', 'aws_lb', { name: 'many' });
      lb.count = 2;
      const v = new TerraformVariable(s, 'private', { type: 'bool' });
      new Endpoint(s, 'maybe', 'google_cloud_run_v2_service', {
        name: 'maybe',
        default_uri_disabled: v.booleanValue,
      });
    });
    expect(added).toEqual([]);
  });

  it('a long default name is cut to what the service accepts (UTF-16 units, whole characters)', () => {
    const { added } = stackWith((s) => {
      new Endpoint(s, '\u{1F600}'.repeat(100), 'aws_lb', { name: 'x' });
    });
    expect(added).toHaveLength(1);
    expect(added[0]!.name.length).toBeLessThanOrEqual(MONITOR_NAME_MAX);
    expect(added[0]!.name).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('a construct path with template sequences is text in the default monitor name', () => {
    const { added } = stackWith((s) => {
      new Endpoint(s, 'lb-${var.secret}-%{if true}x%{endif}', 'aws_lb', { name: 'x' });
    });
    expect(added).toHaveLength(1);
    // The name Terraform will read: no live `${` or `%{` (a literal one is written `$${` / `%%{`).
    expect(added[0]!.name).not.toMatch(/(?<![$%])[$%]\{/);
    expect(added[0]!.name.replace(/([$%])\1\{/g, '$1{')).toBe(
      'edge/lb-${var.secret}-%{if true}x%{endif} (aws_lb)',
    );
  });
});
