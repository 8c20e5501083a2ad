// Independent checks of the coverage review, written from ../shared/reference/coverage.md and
// docs/guides/monitoring-coverage.md (not from src/coverage's tables): plans are written the way `terraform show -json`
// writes them (`resource_changes` with `after`/`after_unknown`; `configuration…expressions` with the `references`
// Terraform lists: the full traversal, each shorter prefix, the subject, and the subject without its key), and each
// check states what the guide promises for one setting, reference, address or name.
import { reviewCoverage, type CoverageEndpoint, type CoverageReview } from '../../src/coverage/index.js';
import type { CoveragePlan } from '../../src/coverage/plan.js';
import { MONITOR_NAME_MAX } from '../../src/api/limits.js';
import { globMatch } from '../../src/provider/monitor-filter.js';
import { coverageJson } from '../../src/plan-report/render-coverage-json.js';
import { coverageMarkdown, suggestionSections } from '../../src/plan-report/render-coverage.js';
import { coverageTextLines, suggestionTextSections } from '../../src/plan-report/render-coverage-text.js';
import { coverageIgnoreFromEnv } from '../../src/cli/commands/coverage-options.js';
import { coverageMessage, coverageOutcomes } from '../../src/run-task/coverage-outcomes.js';
import { liveMarkup, visible } from '../plan-report/markdown-oracle.js';

type Obj = Record<string, unknown>;

/** The references Terraform lists for traversals (jsonconfig's marshalExpression): each full traversal, its shorter
 *  prefixes down to the subject, the subject, then a keyed resource without its key or a module output's call. */
export function tfRefs(...traversals: string[]): { references: string[] } {
  const out: string[] = [];
  const join = (s: string[]) => s.reduce((a, x) => (x.startsWith('[') ? a + x : a ? `${a}.${x}` : x), '');
  for (const t of traversals) {
    const steps = t.match(/\[(?:"(?:[^"\\]|\\.)*"|\d+)\]|[^.[]+/g)!;
    let n: number;
    let extra: string | null = null;
    if (steps[0] === 'module') {
      n = steps[2]?.startsWith('[') ? 3 : 2;
      if (steps.length > n) {
        extra = join(steps.slice(0, n));
        n++;
      }
    } else if (['var', 'local', 'each', 'count', 'path', 'self', 'terraform'].includes(steps[0]!)) n = 2;
    else {
      n = steps[0] === 'data' ? 3 : 2;
      if (steps[n]?.startsWith('[')) {
        extra = join(steps.slice(0, n));
        n++;
      }
    }
    for (let k = steps.length; k > n; k--) out.push(join(steps.slice(0, k)));
    out.push(join(steps.slice(0, n)));
    if (extra) out.push(extra);
  }
  return { references: out };
}
const constant = (v: unknown) => ({ constant_value: v });

interface Res {
  /** Module path without keys ('' for the root). */
  module?: string;
  mode?: 'managed' | 'data';
  type: string;
  name: string;
  expressions?: Obj;
  forEach?: string[];
  count?: string[];
  /** One per instance the plan has. */
  instances?: {
    key?: string | number;
    moduleInstance?: string;
    actions?: string[];
    after?: Obj;
    unknown?: Obj;
  }[];
}
interface Call {
  path: string;
  source?: string;
  inputs?: Obj;
  outputs?: Record<string, Obj>;
  forEach?: string[];
}

const quoteKey = (k: string | number) =>
  typeof k === 'number' ? `[${k}]` : `[${JSON.stringify(k).replace(/\$\{/g, '$${').replace(/%\{/g, '%%{')}]`;

export function plan(resources: Res[], calls: Call[] = []): CoveragePlan {
  const resource_changes: unknown[] = [];
  const root: Obj = { resources: [] };
  const moduleOf = (path: string): Obj => {
    if (!path) return root;
    const parts = path.split('.module.').map((p) => p.replace(/^module\./, ''));
    let m = root;
    let sofar = '';
    for (const p of parts) {
      sofar = sofar ? `${sofar}.module.${p}` : `module.${p}`;
      const callsObj = (m.module_calls ??= {}) as Record<string, Obj>;
      const c = (callsObj[p] ??= { source: `./modules/${p}`, expressions: {}, module: { resources: [] } });
      m = c.module as Obj;
    }
    return m;
  };
  for (const c of calls) {
    moduleOf(c.path);
    const parent = c.path.includes('.module.') ? c.path.slice(0, c.path.lastIndexOf('.module.')) : '';
    const name = c.path.split('.').pop()!;
    const call = ((moduleOf(parent).module_calls as Record<string, Obj>)[name] ??= {}) as Obj;
    if (c.source) call.source = c.source;
    call.expressions = c.inputs ?? {};
    if (c.forEach) call.for_each_expression = { references: c.forEach };
    (call.module as Obj).outputs = Object.fromEntries(
      Object.entries(c.outputs ?? {}).map(([k, e]) => [k, { expression: e }]),
    );
  }
  for (const r of resources) {
    const mode = r.mode ?? 'managed';
    const local = `${mode === 'data' ? 'data.' : ''}${r.type}.${r.name}`;
    const m = moduleOf(r.module ?? '');
    (m.resources as unknown[]).push({
      address: local,
      mode,
      type: r.type,
      name: r.name,
      provider_config_key: r.type.split('_')[0],
      expressions: r.expressions ?? {},
      ...(r.forEach ? { for_each_expression: { references: r.forEach } } : {}),
      ...(r.count ? { count_expression: { references: r.count } } : {}),
    });
    for (const i of r.instances ?? [{}]) {
      const mi = i.moduleInstance ?? r.module ?? '';
      const address = `${mi ? `${mi}.` : ''}${local}${i.key === undefined ? '' : quoteKey(i.key)}`;
      resource_changes.push({
        address,
        ...(mi ? { module_address: mi } : {}),
        mode,
        type: r.type,
        name: r.name,
        ...(i.key === undefined ? {} : { index: i.key }),
        provider_name: `registry.terraform.io/${r.type.startsWith('uptime_') ? 'uptime-monitoring/uptime' : `hashicorp/${r.type.split('_')[0]}`}`,
        change: {
          actions: i.actions ?? ['create'],
          before: null,
          after: i.after ?? {},
          after_unknown: i.unknown ?? {},
        },
      });
    }
  }
  return { resource_changes, configuration: { root_module: root } } as CoveragePlan;
}

const review = (p: CoveragePlan, o: { ignore?: string[] } = {}) =>
  reviewCoverage([{ name: 'tfplan', plan: p }], o);
const status = (r: CoverageReview) => {
  const out: Record<string, string> = {};
  for (const e of r.endpoints) out[e.address] = e.status;
  for (const i of r.ignored) out[i.address] = 'ignored';
  return out;
};
const find = (r: CoverageReview, address: string): CoverageEndpoint => {
  const e = r.endpoints.find((x) => x.address === address);
  if (!e) throw new Error(`${address} not in ${JSON.stringify(status(r))}`);
  return e;
};

// ---- the resources as a plan has them on create ---------------------------------------------------------------

/** An `aws_lb` being created: `dns_name` unknown; `internal` Optional+Computed, unknown when left out. */
function lb(name: string, settings: Obj = {}, extra: Partial<Res> = {}): Res {
  const expressions: Obj = { name: constant(name) };
  const after: Obj = { name };
  const unknown: Obj = { dns_name: true, arn: true, id: true };
  for (const [k, v] of Object.entries(settings)) {
    if (v === 'UNKNOWN') {
      expressions[k] = tfRefs('aws_ssm_parameter.flag.value');
      unknown[k] = true;
    } else {
      expressions[k] = constant(v);
      after[k] = v;
    }
  }
  if (!('internal' in settings)) unknown.internal = true;
  if (!('load_balancer_type' in settings)) after.load_balancer_type = 'application';
  return { type: 'aws_lb', name, expressions, instances: [{ after, unknown }], ...extra };
}

function monitor(name: string, url: { refs?: string[]; known?: string }, extra: Partial<Res> = {}): Res {
  return {
    type: 'uptime_monitor',
    name,
    expressions: { name: constant(name), url: url.refs ? tfRefs(...url.refs) : constant(url.known) },
    instances: [
      { after: { name, ...(url.known ? { url: url.known } : {}) }, unknown: url.known ? {} : { url: true } },
    ],
    ...extra,
  };
}

function record(
  name: string,
  hostname: string,
  o: { type?: string; zone?: string[]; alias?: string[]; records?: string[] } = {},
): Res {
  const expressions: Obj = {
    name: constant(hostname),
    type: constant(o.type ?? 'A'),
    zone_id: o.zone ? tfRefs(...o.zone) : constant('Z0000000000'),
  };
  const after: Obj = { name: hostname, type: o.type ?? 'A', ...(o.zone ? {} : { zone_id: 'Z0000000000' }) };
  const unknown: Obj = { fqdn: true, id: true, ...(o.zone ? { zone_id: true } : {}) };
  if (o.alias) {
    expressions.alias = [{ name: tfRefs(...o.alias), zone_id: tfRefs('aws_lb.x.zone_id') }];
    after.alias = [{ evaluate_target_health: false }];
    unknown.alias = [{ name: true, zone_id: true }];
  }
  if (o.records) {
    expressions.records = tfRefs(...o.records);
    unknown.records = true;
  }
  return { type: 'aws_route53_record', name, expressions, instances: [{ after, unknown }] };
}

describe('the catalogue of the guide: public and private variants of each type', () => {
  it('aws_lb and aws_alb: internet-facing by default, internal = true not public, other types not listed', () => {
    const r = review(
      plan([
        lb('omitted'),
        lb('external', { internal: false }),
        lb('internal', { internal: true }),
        lb('later', { internal: 'UNKNOWN' }),
        lb('network', { load_balancer_type: 'network' }),
        lb('gateway', { load_balancer_type: 'gateway' }),
        lb('kind', { load_balancer_type: 'UNKNOWN' }),
        { ...lb('alb'), type: 'aws_alb' },
        { ...lb('alb_internal', { internal: true }), type: 'aws_alb' },
      ]),
    );
    expect(status(r)).toEqual({
      'aws_lb.omitted': 'uncovered',
      'aws_lb.external': 'uncovered',
      'aws_lb.internal': 'not-public',
      'aws_lb.later': 'unknown',
      'aws_lb.kind': 'unknown',
      'aws_alb.alb': 'uncovered',
      'aws_alb.alb_internal': 'not-public',
    });
    expect(find(r, 'aws_alb.alb').type).toBe('aws_alb');
  });

  it('aws_route53_record: private hosted zone (vpc block, or data source private_zone), outside zone public, non-HTTP types not listed', () => {
    const zone = (name: string, vpc: boolean): Res => ({
      type: 'aws_route53_zone',
      name,
      expressions: {
        name: constant(`${name}.example.com`),
        ...(vpc ? { vpc: [{ vpc_id: tfRefs('aws_vpc.main.id') }] } : {}),
      },
      instances: [
        {
          after: { name: `${name}.example.com`, ...(vpc ? { vpc: [{ vpc_region: null }] } : { vpc: [] }) },
          unknown: { zone_id: true, ...(vpc ? { vpc: [{ vpc_id: true }] } : {}) },
        },
      ],
    });
    const p = plan([
      zone('priv', true),
      zone('pub', false),
      {
        mode: 'data',
        type: 'aws_route53_zone',
        name: 'dpriv',
        expressions: { name: constant('d.example.com'), private_zone: constant(true) },
        instances: [
          {
            actions: ['read'],
            after: { name: 'd.example.com', private_zone: true },
            unknown: { zone_id: true },
          },
        ],
      },
      {
        mode: 'data',
        type: 'aws_route53_zone',
        name: 'dpub',
        expressions: { name: constant('e.example.com') },
        instances: [
          {
            actions: ['read'],
            after: { name: 'e.example.com', private_zone: false },
            unknown: { zone_id: true },
          },
        ],
      },
      record('in_priv', 'a.priv.example.com', { zone: ['aws_route53_zone.priv.zone_id'] }),
      record('in_pub', 'a.pub.example.com', { zone: ['aws_route53_zone.pub.zone_id'] }),
      record('in_dpriv', 'a.d.example.com', { zone: ['data.aws_route53_zone.dpriv.zone_id'] }),
      record('in_dpub', 'a.e.example.com', { zone: ['data.aws_route53_zone.dpub.zone_id'] }),
      record('outside', 'a.example.org'),
      record('aaaa', 'b.example.org', { type: 'AAAA' }),
      record('cname', 'c.example.org', { type: 'CNAME' }),
      record('txt', 'd.example.org', { type: 'TXT' }),
      record('mx', 'e.example.org', { type: 'MX' }),
      record('ns', 'f.example.org', { type: 'NS' }),
    ]);
    expect(status(review(p))).toEqual({
      'aws_route53_record.in_priv': 'not-public',
      'aws_route53_record.in_pub': 'uncovered',
      'aws_route53_record.in_dpriv': 'not-public',
      'aws_route53_record.in_dpub': 'uncovered',
      'aws_route53_record.outside': 'uncovered',
      'aws_route53_record.aaaa': 'uncovered',
      'aws_route53_record.cname': 'uncovered',
    });
  });

  it('cloudflare records: public; `@` or a zone-relative name is unknown; non-HTTP types not listed', () => {
    const cf = (name: string, n: string, type = 'A', extra: Obj = {}): Res => ({
      type: 'cloudflare_dns_record',
      name,
      expressions: { name: constant(n), type: constant(type), zone_id: constant('z'), ...extra },
      instances: [{ after: { name: n, type, zone_id: 'z', proxied: true }, unknown: { id: true } }],
    });
    const v4: Res = {
      type: 'cloudflare_record',
      name: 'v4',
      expressions: { name: constant('www'), type: constant('CNAME'), zone_id: constant('z') },
      instances: [
        { after: { name: 'www', type: 'CNAME', zone_id: 'z' }, unknown: { hostname: true, id: true } },
      ],
    };
    const r = review(
      plan([
        cf('apex', '@'),
        cf('rel', 'api'),
        cf('fqdn', 'api.example.com'),
        cf('mx', 'example.com', 'MX'),
        cf('txt', 'x.example.com', 'TXT'),
        v4,
      ]),
    );
    expect(status(r)).toEqual({
      'cloudflare_dns_record.apex': 'unknown',
      'cloudflare_dns_record.rel': 'unknown',
      'cloudflare_dns_record.fqdn': 'uncovered',
      // v4: `hostname` is the computed FQDN, so the target can be named even though `name` is relative.
      'cloudflare_record.v4': 'uncovered',
    });
    expect(find(r, 'cloudflare_record.v4').suggestion!.hcl).toContain('${cloudflare_record.v4.hostname}');
  });

  it('API Gateway stages: PRIVATE REST API not public, default EDGE public; WebSocket APIs not listed; disabled execute-api endpoint not public', () => {
    const restApi = (name: string, types?: string[]): Res => ({
      type: 'aws_api_gateway_rest_api',
      name,
      expressions: {
        name: constant(name),
        ...(types ? { endpoint_configuration: [{ types: constant(types) }] } : {}),
      },
      instances: [
        {
          after: { name, ...(types ? { endpoint_configuration: [{ types }] } : {}) },
          unknown: { id: true, ...(types ? {} : { endpoint_configuration: true }) },
        },
      ],
    });
    const stage = (name: string, api: string): Res => ({
      type: 'aws_api_gateway_stage',
      name,
      expressions: {
        stage_name: constant('prod'),
        rest_api_id: tfRefs(`aws_api_gateway_rest_api.${api}.id`),
      },
      instances: [{ after: { stage_name: 'prod' }, unknown: { invoke_url: true, rest_api_id: true } }],
    });
    const httpApi = (name: string, s: Obj): Res => ({
      type: 'aws_apigatewayv2_api',
      name,
      expressions: Object.fromEntries(Object.entries(s).map(([k, v]) => [k, constant(v)])),
      instances: [{ after: s, unknown: { api_endpoint: true, id: true } }],
    });
    const stage2 = (name: string, api: string): Res => ({
      type: 'aws_apigatewayv2_stage',
      name,
      expressions: { name: constant('$default'), api_id: tfRefs(`aws_apigatewayv2_api.${api}.id`) },
      instances: [{ after: { name: '$default' }, unknown: { invoke_url: true, api_id: true } }],
    });
    const r = review(
      plan([
        restApi('priv', ['PRIVATE']),
        restApi('regional', ['REGIONAL']),
        restApi('edge'),
        stage('priv', 'priv'),
        stage('regional', 'regional'),
        stage('edge', 'edge'),
        httpApi('http', { name: 'http', protocol_type: 'HTTP' }),
        httpApi('ws', { name: 'ws', protocol_type: 'WEBSOCKET' }),
        httpApi('off', { name: 'off', protocol_type: 'HTTP', disable_execute_api_endpoint: true }),
        stage2('http', 'http'),
        stage2('ws', 'ws'),
        stage2('off', 'off'),
      ]),
    );
    expect(status(r)).toEqual({
      'aws_api_gateway_stage.priv': 'not-public',
      'aws_api_gateway_stage.regional': 'uncovered',
      'aws_api_gateway_stage.edge': 'uncovered',
      'aws_apigatewayv2_stage.http': 'uncovered',
      'aws_apigatewayv2_stage.off': 'not-public',
    });
    // invoke_url is a whole URL: the monitor's url is the reference itself.
    expect(find(r, 'aws_apigatewayv2_stage.http').suggestion!.hcl).toContain(
      'url  = aws_apigatewayv2_stage.http.invoke_url',
    );
  });

  it('Lambda URLs, CloudFront, Cloud Run, web apps: each not-public setting of the guide', () => {
    const simple = (type: string, name: string, s: Obj, unknown: Obj): Res => ({
      type,
      name,
      expressions: Object.fromEntries(Object.entries(s).map(([k, v]) => [k, constant(v)])),
      instances: [{ after: s, unknown }],
    });
    const r = review(
      plan([
        simple('aws_lambda_function_url', 'none', { authorization_type: 'NONE' }, { function_url: true }),
        simple('aws_lambda_function_url', 'iam', { authorization_type: 'AWS_IAM' }, { function_url: true }),
        simple('aws_cloudfront_distribution', 'on', { enabled: true }, { domain_name: true }),
        simple('aws_cloudfront_distribution', 'off', { enabled: false }, { domain_name: true }),
        simple(
          'google_cloud_run_v2_service',
          'all',
          { name: 'all' },
          { uri: true, ingress: true, default_uri_disabled: true },
        ),
        simple(
          'google_cloud_run_v2_service',
          'internal',
          { ingress: 'INGRESS_TRAFFIC_INTERNAL_ONLY' },
          { uri: true },
        ),
        simple(
          'google_cloud_run_v2_service',
          'ilb',
          { ingress: 'INGRESS_TRAFFIC_INTERNAL_LOAD_BALANCER' },
          { uri: true },
        ),
        simple(
          'google_cloud_run_v2_service',
          'nouri',
          { default_uri_disabled: true },
          { uri: true, ingress: true },
        ),
        simple(
          'azurerm_linux_web_app',
          'on',
          { name: 'on' },
          { default_hostname: true, public_network_access_enabled: true },
        ),
        simple(
          'azurerm_linux_web_app',
          'closed',
          { public_network_access_enabled: false },
          { default_hostname: true },
        ),
        simple('azurerm_windows_web_app', 'disabled', { enabled: false }, { default_hostname: true }),
        simple(
          'azurerm_windows_web_app',
          'on',
          { site_config: [{ health_check_path: '/healthz' }] },
          { default_hostname: true },
        ),
      ]),
    );
    expect(status(r)).toEqual({
      'aws_lambda_function_url.none': 'uncovered',
      'aws_lambda_function_url.iam': 'not-public',
      'aws_cloudfront_distribution.on': 'uncovered',
      'aws_cloudfront_distribution.off': 'not-public',
      'google_cloud_run_v2_service.all': 'uncovered',
      'google_cloud_run_v2_service.internal': 'not-public',
      'google_cloud_run_v2_service.ilb': 'not-public',
      'google_cloud_run_v2_service.nouri': 'not-public',
      'azurerm_linux_web_app.on': 'uncovered',
      'azurerm_linux_web_app.closed': 'not-public',
      'azurerm_windows_web_app.disabled': 'not-public',
      'azurerm_windows_web_app.on': 'uncovered',
    });
    expect(find(r, 'azurerm_windows_web_app.on').suggestion!.hcl).toContain(
      'url  = "https://${azurerm_windows_web_app.on.default_hostname}/healthz"',
    );
  });

  it('kubernetes_ingress_v1: https when spec.tls lists the host, else http; no host is unknown', () => {
    const ing = (name: string, host: string | null, tls: string[] | null): Res => ({
      type: 'kubernetes_ingress_v1',
      name,
      expressions: {},
      instances: [
        {
          after: {
            metadata: [{ name }],
            spec: [{ rule: [{ ...(host ? { host } : {}), http: [] }], tls: tls ? [{ hosts: tls }] : [] }],
          },
          unknown: { id: true, status: true },
        },
      ],
    });
    const r = review(
      plan([
        ing('tls', 'a.example.com', ['a.example.com']),
        ing('plain', 'b.example.com', null),
        ing('nohost', null, null),
      ]),
    );
    expect(status(r)).toEqual({
      'kubernetes_ingress_v1.tls': 'uncovered',
      'kubernetes_ingress_v1.plain': 'uncovered',
      'kubernetes_ingress_v1.nohost': 'unknown',
    });
    expect(find(r, 'kubernetes_ingress_v1.tls').suggestion!.hcl).toContain(
      '"https://${kubernetes_ingress_v1.tls.spec[0].rule[0].host}/"',
    );
    expect(find(r, 'kubernetes_ingress_v1.plain').suggestion!.hcl).toContain(
      '"http://${kubernetes_ingress_v1.plain.spec[0].rule[0].host}/"',
    );
  });
});

describe('wildcards: no one address to probe', () => {
  it('a wildcard DNS record or ingress rule is unknown, with no suggestion; a wildcard TLS host covers one label', () => {
    const ing = (name: string, host: string, tls: string[]): Res => ({
      type: 'kubernetes_ingress_v1',
      name,
      expressions: {},
      instances: [{ after: { spec: [{ rule: [{ host }], tls: [{ hosts: tls }] }] }, unknown: { id: true } }],
    });
    const cf: Res = {
      type: 'cloudflare_dns_record',
      name: 'star',
      expressions: { name: constant('*.example.com'), type: constant('A') },
      instances: [{ after: { name: '*.example.com', type: 'A' }, unknown: { id: true } }],
    };
    const r = review(
      plan([
        record('star', '*.example.com'),
        cf,
        ing('star', '*.example.com', ['*.example.com']),
        ing('one', 'api.example.com', ['*.example.com']),
        ing('two', 'a.b.example.com', ['*.example.com']),
      ]),
    );
    expect(status(r)).toEqual({
      'aws_route53_record.star': 'unknown',
      'cloudflare_dns_record.star': 'unknown',
      'kubernetes_ingress_v1.star': 'unknown',
      'kubernetes_ingress_v1.one': 'uncovered',
      'kubernetes_ingress_v1.two': 'uncovered',
    });
    for (const a of ['aws_route53_record.star', 'cloudflare_dns_record.star', 'kubernetes_ingress_v1.star'])
      expect(JSON.stringify(find(r, a).because)).toContain('wildcard');
    expect(find(r, 'kubernetes_ingress_v1.one').suggestion!.hcl).toContain(
      '"https://${kubernetes_ingress_v1.one.',
    );
    // A wildcard covers one label only (RFC 6125): a.b.example.com is served without that certificate.
    expect(find(r, 'kubernetes_ingress_v1.two').suggestion!.hcl).toContain(
      '"http://${kubernetes_ingress_v1.two.',
    );
  });
});

describe('covered: references, chains, modules, count and for_each', () => {
  it('a monitor url built from the endpoint attribute covers it, unknown or not; from a DNS record in front, the chain', () => {
    const r = review(
      plan([
        lb('api'),
        lb('web'),
        lb('other'),
        record('api', 'api.example.com', { alias: ['aws_lb.api.dns_name'] }),
        record('www', 'www.example.com', { type: 'CNAME', records: ['aws_lb.web.dns_name'] }),
        monitor('api', { refs: ['aws_lb.api.dns_name'] }),
        monitor('www', { refs: ['aws_route53_record.www.fqdn'] }),
      ]),
    );
    expect(status(r)).toEqual({
      'aws_route53_record.api': 'covered',
      'aws_route53_record.www': 'covered',
      'aws_lb.other': 'uncovered',
    });
    expect(find(r, 'aws_route53_record.api')).toMatchObject({
      chain: ['aws_route53_record.api', 'aws_lb.api'],
      monitors: ['uptime_monitor.api'],
      hostnames: ['api.example.com'],
    });
  });

  it('an internal load balancer behind a public record: not-public; with a monitor: covered', () => {
    const r = review(
      plan([
        lb('a', { internal: true }),
        lb('b', { internal: true }),
        record('a', 'a.example.com', { alias: ['aws_lb.a.dns_name'] }),
        record('b', 'b.example.com', { alias: ['aws_lb.b.dns_name'] }),
        monitor('b', { refs: ['aws_lb.b.dns_name'] }),
      ]),
    );
    expect(status(r)).toEqual({ 'aws_route53_record.a': 'not-public', 'aws_route53_record.b': 'covered' });
  });

  it('count: the monitor instance with the same index covers only that instance; count = 0 and deletes cover nothing', () => {
    const lbs: Res = {
      ...lb('web'),
      count: ['var.n'],
      instances: [0, 1, 2].map((key) => ({
        key,
        after: { name: 'web', load_balancer_type: 'application' },
        unknown: { dns_name: true, internal: true },
      })),
    };
    const mon: Res = {
      type: 'uptime_monitor',
      name: 'web',
      count: ['var.m'],
      expressions: { name: constant('web'), url: tfRefs('aws_lb.web', 'count.index') },
      instances: [0, 1].map((key) => ({ key, after: { name: 'web' }, unknown: { url: true } })),
    };
    const zero: Res = {
      ...monitor('zero', { refs: ['aws_lb.web[2].dns_name'] }),
      count: ['var.z'],
      instances: [],
    };
    const gone: Res = {
      ...monitor('gone', { refs: ['aws_lb.web[2].dns_name'] }),
      instances: [{ actions: ['delete'], after: undefined }],
    };
    const r = review(plan([lbs, mon, zero, gone]));
    expect(status(r)).toEqual({
      'aws_lb.web[0]': 'covered',
      'aws_lb.web[1]': 'covered',
      'aws_lb.web[2]': 'uncovered',
    });
    expect(find(r, 'aws_lb.web[1]').monitors).toEqual(['uptime_monitor.web[1]']);
  });

  it('for_each: each.value of `for_each = aws_lb.web` covers the instance of the same key; a literal key only that one', () => {
    const keys = ['a', 'b', 'c'];
    const lbs: Res = {
      ...lb('web'),
      forEach: ['var.names'],
      instances: keys.map((key) => ({
        key,
        after: { name: key, load_balancer_type: 'application' },
        unknown: { dns_name: true, internal: true },
      })),
    };
    const each: Res = {
      type: 'uptime_monitor',
      name: 'each',
      forEach: ['aws_lb.web'],
      expressions: { name: constant('x'), url: tfRefs('each.value.dns_name') },
      instances: ['a', 'b'].map((key) => ({ key, after: { name: 'x' }, unknown: { url: true } })),
    };
    const lits = monitor('c', { refs: ['aws_lb.web["c"].dns_name'] });
    const r = review(plan([lbs, each]));
    expect(status(r)).toEqual({
      'aws_lb.web["a"]': 'covered',
      'aws_lb.web["b"]': 'covered',
      'aws_lb.web["c"]': 'uncovered',
    });
    expect(find(r, 'aws_lb.web["b"]').monitors).toEqual(['uptime_monitor.each["b"]']);
    const r2 = review(plan([lbs, lits]));
    expect(status(r2)).toEqual({
      'aws_lb.web["a"]': 'uncovered',
      'aws_lb.web["b"]': 'uncovered',
      'aws_lb.web["c"]': 'covered',
    });
  });

  it('a monitor instance whose key selects no instance of the endpoint covers none of them', () => {
    // for_each = { x = "a" } with url = aws_lb.web[each.value].dns_name: the plan cannot say which instance; the
    // one monitor instance never watches all three load balancers.
    const lbs: Res = {
      ...lb('web'),
      forEach: ['var.names'],
      instances: ['a', 'b', 'c'].map((key) => ({
        key,
        after: { name: key, load_balancer_type: 'application' },
        unknown: { dns_name: true, internal: true },
      })),
    };
    const mon: Res = {
      type: 'uptime_monitor',
      name: 'pick',
      forEach: [],
      expressions: { name: constant('x'), url: tfRefs('aws_lb.web', 'each.value') },
      instances: [{ key: 'x', after: { name: 'x' }, unknown: { url: true } }],
    };
    const r = review(plan([lbs, mon]));
    expect(status(r)).toEqual({
      'aws_lb.web["a"]': 'unknown',
      'aws_lb.web["b"]': 'unknown',
      'aws_lb.web["c"]': 'unknown',
    });
    expect(JSON.stringify(find(r, 'aws_lb.web["b"]').because)).toContain('uptime_monitor.pick[\\"x\\"]');
  });

  it('one monitor url reaching several instances of one resource (an index from a variable, a map output) covers none', () => {
    const lbs = (module?: string): Res => ({
      ...lb('web'),
      ...(module ? { module } : {}),
      forEach: ['var.names'],
      instances: ['a', 'b'].map((key) => ({
        key,
        ...(module ? { moduleInstance: module } : {}),
        after: { name: key, load_balancer_type: 'application' },
        unknown: { dns_name: true, internal: true },
      })),
    });
    // url = "https://${aws_lb.web[var.primary].dns_name}/"
    const r = review(plan([lbs(), monitor('primary', { refs: ['aws_lb.web', 'var.primary'] })]));
    expect(status(r)).toEqual({ 'aws_lb.web["a"]': 'unknown', 'aws_lb.web["b"]': 'unknown' });
    expect(JSON.stringify(find(r, 'aws_lb.web["a"]').because)).toContain('uptime_monitor.primary');
    // url = module.lbs.urls["a"], the output `{ for k, v in aws_lb.web : k => v.dns_name }`
    const r2 = review(
      plan(
        [lbs('module.lbs'), monitor('m', { refs: ['module.lbs.urls["a"]'] })],
        [{ path: 'module.lbs', outputs: { urls: tfRefs('aws_lb.web') } }],
      ),
    );
    expect(status(r2)).toEqual({
      'module.lbs.aws_lb.web["a"]': 'unknown',
      'module.lbs.aws_lb.web["b"]': 'unknown',
    });
  });

  it('modules: an output followed per module instance, an input followed to the caller', () => {
    const inModule = (mi: string[]): Res => ({
      ...lb('this'),
      module: 'module.web',
      instances: mi.map((moduleInstance) => ({
        moduleInstance,
        after: { name: 'this', load_balancer_type: 'application' },
        unknown: { dns_name: true, internal: true },
      })),
    });
    const r = review(
      plan(
        [inModule(['module.web["x"]', 'module.web["y"]']), monitor('x', { refs: ['module.web["x"].url'] })],
        [{ path: 'module.web', forEach: ['var.sites'], outputs: { url: tfRefs('aws_lb.this.dns_name') } }],
      ),
    );
    expect(status(r)).toEqual({
      'module.web["x"].aws_lb.this': 'covered',
      'module.web["y"].aws_lb.this': 'uncovered',
    });
    expect(find(r, 'module.web["y"].aws_lb.this').module).toBe('module.web["y"]');

    // A monitor inside a module whose url is var.host, the caller passing the load balancer's dns_name.
    const inner: Res = {
      ...monitor('probe', { refs: ['var.host'] }),
      module: 'module.probe',
      instances: [{ moduleInstance: 'module.probe', after: { name: 'probe' }, unknown: { url: true } }],
    };
    const r2 = review(
      plan(
        [lb('api'), lb('other'), inner],
        [{ path: 'module.probe', inputs: { host: tfRefs('aws_lb.api.dns_name') } }],
      ),
    );
    expect(status(r2)).toEqual({ 'aws_lb.api': 'covered', 'aws_lb.other': 'uncovered' });
  });

  it('a module per load balancer (module for_each = aws_lb.web, host = each.value.dns_name) covers each by its key', () => {
    const lbs: Res = {
      ...lb('web'),
      forEach: ['var.names'],
      instances: ['a', 'b'].map((key) => ({
        key,
        after: { name: key, load_balancer_type: 'application' },
        unknown: { dns_name: true, internal: true },
      })),
    };
    const inner: Res = {
      ...monitor('probe', { refs: ['var.host'] }),
      module: 'module.probe',
      instances: ['a'].map((k) => ({
        moduleInstance: `module.probe["${k}"]`,
        after: { name: 'probe' },
        unknown: { url: true },
      })),
    };
    const r = review(
      plan(
        [lbs, inner],
        [{ path: 'module.probe', forEach: ['aws_lb.web'], inputs: { host: tfRefs('each.value.dns_name') } }],
      ),
    );
    expect(status(r)).toEqual({ 'aws_lb.web["a"]': 'covered', 'aws_lb.web["b"]': 'uncovered' });
  });

  it('a monitor whose url goes through a local makes every otherwise uncovered endpoint unknown, naming it', () => {
    const r = review(
      plan([
        lb('api'),
        lb('web'),
        monitor('l', { refs: ['local.url'] }),
        monitor('w', { refs: ['aws_lb.web.dns_name'] }),
      ]),
    );
    expect(status(r)).toEqual({ 'aws_lb.api': 'unknown', 'aws_lb.web': 'covered' });
    expect(JSON.stringify(find(r, 'aws_lb.api').because)).toContain('uptime_monitor.l');
    expect(find(r, 'aws_lb.api').suggestion).toBeUndefined();
  });
});

describe('hostnames: what the guide promises about a monitor URL the plan knows, and nothing more', () => {
  const withMonitor = (url: string) =>
    status(review(plan([record('api', 'API.Example.com.'), monitor('m', { known: url })])))[
      'aws_route53_record.api'
    ];

  it.each([
    'https://api.example.com/',
    'https://API.EXAMPLE.COM',
    'https://api.example.com./health',
    'https://api.example.com:443/x?y=1#z',
    'http://api.example.com:8080/',
    'HTTPS://api.example.com/',
  ])('same host: %s covers', (url) => expect(withMonitor(url)).toBe('covered'));

  it.each([
    'https://api.example.com.evil.net/',
    'https://api.example.com@evil.net/',
    'https://evil.net/?host=api.example.com',
    'https://evil.net/#api.example.com',
    'https://evil.net/api.example.com',
    'https://xapi.example.com/',
    'https://example.com/',
    'ftp://api.example.com/',
    'api.example.com',
  ])('another host: %s does not cover', (url) => expect(withMonitor(url)).toBe('uncovered'));

  it('an internationalized name is the same host as its punycode form, either way round', () => {
    const covered = (name: string, url: string) =>
      status(review(plan([record('idn', name), monitor('m', { known: url })])))['aws_route53_record.idn'];
    expect(covered('Bücher.example.com', 'https://xn--bcher-kva.example.com/')).toBe('covered');
    expect(covered('xn--bcher-kva.example.com', 'https://bücher.example.com/')).toBe('covered');
    expect(covered('bücher.example.com', 'https://bucher.example.com/')).toBe('uncovered');
  });

  it('an existing load balancer (dns_name known) is covered by a monitor with a literal URL on it', () => {
    const existing: Res = {
      ...lb('old'),
      instances: [
        {
          actions: ['update'],
          after: {
            name: 'old',
            dns_name: 'old-1.eu-west-1.elb.amazonaws.com',
            load_balancer_type: 'application',
            internal: false,
          },
          unknown: {},
        },
      ],
    };
    const r = review(
      plan([existing, monitor('m', { known: 'https://OLD-1.eu-west-1.elb.amazonaws.com/health' })]),
    );
    expect(status(r)).toEqual({ 'aws_lb.old': 'covered' });
  });

  it('a CloudFront alias is a hostname', () => {
    const cf: Res = {
      type: 'aws_cloudfront_distribution',
      name: 'cdn',
      expressions: { enabled: constant(true), aliases: constant(['WWW.example.com']) },
      instances: [{ after: { enabled: true, aliases: ['WWW.example.com'] }, unknown: { domain_name: true } }],
    };
    expect(status(review(plan([cf, monitor('m', { known: 'https://www.example.com/' })])))).toEqual({
      'aws_cloudfront_distribution.cdn': 'covered',
    });
  });
});

const HOSTILE = [
  'plain',
  '${var.secret}',
  '%{ if true }x%{ endif }',
  '$${already}',
  '@team',
  '@org/team',
  '<img src=x onerror=alert(1)>',
  '[click](https://evil.example)',
  '`code` and ```fence```',
  'line\nbreak',
  'quote " and \\ backslash',
  '*/ --> </details>',
  '\u202eevil',
  '#12 GH-12 www.example.com',
];

/** Load balancers keyed by hostile keys, each uncovered. */
function hostilePlan(): CoveragePlan {
  return plan([
    {
      ...lb('web'),
      forEach: ['var.keys'],
      instances: HOSTILE.map((key) => ({
        key,
        after: { name: 'web', load_balancer_type: 'application' },
        unknown: { dns_name: true, internal: true },
      })),
    },
  ]);
}

describe('names are data: hostile instance keys in suggestions and reports', () => {
  const r = review(hostilePlan());

  it('every key is an uncovered endpoint with a suggestion', () => {
    expect(r.endpoints).toHaveLength(HOSTILE.length);
    for (const e of r.endpoints) expect(e.suggestion).toBeDefined();
  });

  it('the suggested HCL is one resource block whose only interpolation is the reference to its endpoint', () => {
    for (const e of r.endpoints) {
      const hcl = e.suggestion!.hcl;
      const lines = hcl.replace(/\n$/, '').split('\n');
      // Comments, then exactly `resource "uptime_monitor" "<name>" {`, name, url, `}`: no data made a line of its own.
      const body = lines.filter((l) => !l.startsWith('#'));
      expect(body).toHaveLength(4);
      expect(body[0]).toMatch(/^resource "uptime_monitor" "[A-Za-z_][A-Za-z0-9_-]*" \{$/);
      expect(body[1]).toMatch(/^ {2}name = "/);
      expect(body[2]).toMatch(/^ {2}url {2}= "/);
      expect(body[3]).toBe('}');
      // Template sequences: the only live `${` is the reference; `%{` never live.
      const live = [
        ...body
          .slice(1, 3)
          .join('\n')
          .matchAll(/(?<![$%])[$%]\{/g),
      ].map((m) => m.index);
      expect(live).toHaveLength(1);
      expect(body[2]).toMatch(/^ {2}url {2}= "https:\/\/\$\{aws_lb\.web\[".*"\]\.dns_name\}\/"$/);
    }
  });

  it('the suggested url names exactly its own instance (the key, decoded as HCL decodes it, is the instance key)', () => {
    for (const [n, e] of r.endpoints.entries()) {
      const m = /\$\{aws_lb\.web\[("(?:[^"\\]|\\.)*")\]\.dns_name\}/.exec(e.suggestion!.hcl)!;
      expect(decodeHcl(m[1]!)).toBe(HOSTILE[n]);
    }
  });

  it('the CDKTF suggestion is valid TypeScript whose url is the Terraform reference to its instance', () => {
    for (const [n, e] of r.endpoints.entries()) {
      const url = tsUrl(e.suggestion!.cdktf);
      expect(url).not.toBeNull();
      const m = /^https:\/\/\$\{aws_lb\.web\[("(?:[^"\\]|\\.)*")\]\.dns_name\}\/$/.exec(url!)!;
      expect(m).not.toBeNull();
      expect(decodeHcl(m[1]!)).toBe(HOSTILE[n]);
    }
  });

  it('Markdown: nothing from a key becomes markup, a mention, a link or HTML outside code', () => {
    const md = [coverageMarkdown(r, false), ...suggestionSections(r, false)].join('\n');
    expect(liveMarkup(md)).toEqual([]);
    // Each suggestion's code block holds the HCL as it is (a fence longer than any backtick run inside).
    for (const e of r.endpoints) expect(visible(md)).toContain(e.suggestion!.hcl.replace(/\n$/, ''));
    // No line break from a key: every listed endpoint is one list item.
    expect(md.split('\n').filter((l) => l.startsWith('- `'))).toHaveLength(HOSTILE.length);
  });

  it('a long name is cut to what the service accepts: its length in UTF-16 units, never half a character', () => {
    const key = '\u{1F600}'.repeat(130);
    const long = review(
      plan([
        {
          ...lb('web'),
          forEach: ['var.k'],
          instances: [
            {
              key,
              after: { load_balancer_type: 'application' },
              unknown: { dns_name: true, internal: true },
            },
          ],
        },
      ]),
    );
    const name = decodeHcl(/^ {2}name = (".*")$/m.exec(long.endpoints[0]!.suggestion!.hcl)![1]!);
    expect(name.length).toBeLessThanOrEqual(MONITOR_NAME_MAX);
    expect(name.length).toBeGreaterThan(MONITOR_NAME_MAX - 2);
    expect(name).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('text: every line of the section starts with its marker', () => {
    const lines = [...coverageTextLines(r, false), ...suggestionTextSections(r, false).flat()];
    for (const l of lines) expect(l).toMatch(/^(# |#$|! |\+ )/);
    expect(lines.join('\n')).not.toContain('\u202e');
  });
});

/** An HCL quoted string's value, written from the HCL spec (escapes, `$${`, `%%{`), not from the project's parser. */
function decodeHcl(q: string): string {
  expect(q.startsWith('"') && q.endsWith('"')).toBe(true);
  const body = q.slice(1, -1);
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\') {
      const e = body[++i]!;
      if (e === 'u') {
        out += String.fromCodePoint(parseInt(body.slice(i + 1, i + 5), 16));
        i += 4;
      } else if (e === 'U') {
        out += String.fromCodePoint(parseInt(body.slice(i + 1, i + 9), 16));
        i += 8;
      } else out += ({ n: '\n', r: '\r', t: '\t', '"': '"', '\\': '\\' } as Record<string, string>)[e]!;
    } else if ((c === '$' || c === '%') && body[i + 1] === c && body[i + 2] === '{') {
      out += `${c}{`;
      i += 2;
    } else {
      // A bare template introducer inside a key would be live.
      expect((c === '$' || c === '%') && body[i + 1] === '{').toBe(false);
      out += c;
    }
  }
  return out;
}

/** The `url` of the TypeScript snippet, parsed by the TypeScript compiler (null on a syntax error). */
function tsUrl(code: string): string | null {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ts = require('typescript') as typeof import('typescript');
  const { diagnostics } = ts.transpileModule(code, { reportDiagnostics: true });
  if (diagnostics?.length) return null;
  const src = ts.createSourceFile('s.ts', code, ts.ScriptTarget.ES2022, true);
  let url: string | null = null;
  const visit = (n: import('typescript').Node) => {
    if (ts.isPropertyAssignment(n) && n.name.getText(src) === 'url' && ts.isStringLiteral(n.initializer))
      url = n.initializer.text;
    ts.forEachChild(n, visit);
  };
  visit(src);
  return url;
}

describe('suggestions for an endpoint in a module', () => {
  const inModule = (mis: string[]): Res => ({
    ...lb('this'),
    module: 'module.web',
    instances: mis.map((moduleInstance) => ({
      moduleInstance,
      after: { name: 'this', load_balancer_type: 'application' },
      unknown: { dns_name: true, internal: true },
    })),
  });

  it('module-relative references, and one suggestion for the module whatever the number of its instances', () => {
    const r = review(
      plan(
        [inModule(['module.web["x"]', 'module.web["y"]', 'module.web["z"]'])],
        [{ path: 'module.web', forEach: ['var.sites'] }],
      ),
    );
    const suggestions = r.endpoints.map((e) => e.suggestion!);
    expect(suggestions.map((s) => s.module)).toEqual(['module.web', 'module.web', 'module.web']);
    expect(suggestions[0]!.hcl).toContain('url  = "https://${aws_lb.this.dns_name}/"');
    expect(suggestions[0]!.hcl).not.toContain('module.web["x"]');
    // Added to the module it makes a monitor for every instance: the guide's one block, not one per instance (two
    // blocks would give each instance two monitors of one URL, which the service refuses).
    expect(new Set(suggestions.map((s) => s.hcl)).size).toBe(1);
    // And the reports show that block once.
    const md = suggestionSections(r, false).join('\n');
    expect(md.split('resource "uptime_monitor"')).toHaveLength(2);
    expect(md).toContain(
      '<code>module.web[&quot;x&quot;].aws_lb.this</code> and 2 more of <code>module.web</code>',
    );
    const text = suggestionTextSections(r, false).flat();
    expect(text.filter((l) => l.startsWith('+ resource "uptime_monitor"'))).toHaveLength(1);
  });

  it('a name already taken by a monitor of the module is not reused', () => {
    const taken: Res = {
      ...monitor('this', { refs: ['var.elsewhere'] }),
      module: 'module.web',
      instances: [],
    };
    const r = review(plan([inModule(['module.web']), taken], [{ path: 'module.web' }]));
    expect(r.endpoints[0]!.suggestion!.hcl).not.toMatch(/resource "uptime_monitor" "this" /);
  });
});

describe('--coverage-ignore and UPTIME_COVERAGE_IGNORE', () => {
  const p = () =>
    plan(
      [
        lb('internal_a'),
        lb('api'),
        record('api', 'api.example.com', { alias: ['aws_lb.api.dns_name'] }),
        {
          ...lb('this'),
          module: 'module.legacy',
          instances: [
            {
              moduleInstance: 'module.legacy["a"]',
              after: { load_balancer_type: 'application' },
              unknown: { dns_name: true, internal: true },
            },
          ],
        },
        { ...lb('__proto__') },
        { ...lb('constructor') },
      ],
      [{ path: 'module.legacy', forEach: ['var.x'] }],
    );

  it('the whole address, case ignored, module path included, any member of the chain', () => {
    const ignored = (globs: string[]) =>
      review(p(), { ignore: globs })
        .ignored.map((i) => i.address)
        .sort();
    expect(ignored(['aws_lb.internal_*'])).toEqual(['aws_lb.internal_a']);
    expect(ignored(['AWS_LB.INTERNAL_?'])).toEqual(['aws_lb.internal_a']);
    expect(ignored(['internal_*'])).toEqual([]); // the whole address
    expect(ignored(['aws_lb.internal'])).toEqual([]);
    expect(ignored(['module.legacy.*'])).toEqual([]); // module.legacy["a"]… : the key is part of the address
    expect(ignored(['module.legacy*'])).toEqual(['module.legacy["a"].aws_lb.this']);
    expect(ignored(['aws_lb.api'])).toEqual(['aws_route53_record.api']); // a member of the chain
    expect(ignored(['aws_lb.__proto__'])).toEqual(['aws_lb.__proto__']);
    expect(ignored(['*constructor'])).toEqual(['aws_lb.constructor']);
    expect(ignored(['*'])).toHaveLength(5);
  });

  it('the report says what was left out and why', () => {
    const r = review(p(), { ignore: ['aws_lb.__proto__'] });
    expect(coverageJson(r).ignored).toEqual([
      { stack: 'tfplan', address: 'aws_lb.__proto__', because: '--coverage-ignore "aws_lb.__proto__"' },
    ]);
    expect(coverageMarkdown(r, false)).toContain('`aws_lb.__proto__`');
  });

  it('UPTIME_COVERAGE_IGNORE: commas or line breaks, blanks dropped', () => {
    expect(coverageIgnoreFromEnv('a*, b?\r\nmodule.x.*\n\n,')).toEqual(['a*', 'b?', 'module.x.*']);
    expect(coverageIgnoreFromEnv(undefined)).toEqual([]);
  });

  it('a hostile pattern against a long address: steps bounded by address × pattern, linear for a fixed pattern', () => {
    const address = `aws_lb.web["${'a'.repeat(20000)}"]`;
    for (const glob of ['*a*a*a*a*a*b', '*?*?*?*?*?*?*b', `${'*a'.repeat(50)}b`]) {
      const steps = { count: 0 };
      const t = Date.now();
      expect(globMatch(glob, address, steps)).toBe(false);
      expect(steps.count).toBeLessThanOrEqual((address.length + 1) * (glob.length + 1));
      expect(Date.now() - t).toBeLessThan(2000);
    }
    // Doubling the address doubles the work for a fixed pattern.
    const work = (n: number) => {
      const steps = { count: 0 };
      globMatch('*a*a*b', `x${'a'.repeat(n)}`, steps);
      return steps.count;
    };
    expect(work(40000) / work(20000)).toBeLessThan(2.2);
  });
});

describe('the JSON coverage object and the gate', () => {
  it('has the shape of the guide: counts for the four statuses, a suggestion only when uncovered', () => {
    const r = review(
      plan([
        lb('a'),
        lb('b', { internal: true }),
        lb('c', { internal: 'UNKNOWN' }),
        lb('d'),
        monitor('d', { refs: ['aws_lb.d.dns_name'] }),
      ]),
    );
    const j = JSON.parse(JSON.stringify(coverageJson(r))) as ReturnType<typeof coverageJson>;
    expect(Object.keys(j)).toEqual(['counts', 'endpoints', 'ignored']);
    expect(j.counts).toEqual({ covered: 1, 'not-public': 1, uncovered: 1, unknown: 1 });
    for (const e of j.endpoints) {
      expect(Object.keys(e).sort()).toEqual(
        [
          'stack',
          'address',
          'type',
          'status',
          'because',
          'monitors',
          'live',
          'chain',
          'hostnames',
          'module',
          ...(e.status === 'uncovered' ? ['suggestion'] : []),
        ].sort(),
      );
      expect(typeof e.because).toBe('string');
      expect(e.module).toBeNull();
      if (e.suggestion) expect(Object.keys(e.suggestion).sort()).toEqual(['cdktf', 'hcl', 'module']);
    }
  });

  it('without a changed member, an endpoint is not listed', () => {
    const same: Res = {
      ...lb('same'),
      instances: [
        {
          actions: ['no-op'],
          after: {
            name: 'same',
            dns_name: 'same.elb.example',
            internal: false,
            load_balancer_type: 'application',
          },
          unknown: {},
        },
      ],
    };
    expect(review(plan([same])).endpoints).toEqual([]);
  });
});

describe('run-task outcomes of the coverage review', () => {
  const r = review(
    plan([
      lb('internal', { internal: true }),
      lb('later', { internal: 'UNKNOWN' }),
      {
        ...lb('web'),
        forEach: ['var.k'],
        instances: HOSTILE.map((key) => ({
          key,
          after: { load_balancer_type: 'application' },
          unknown: { dns_name: true, internal: true },
        })),
      },
    ]),
  );
  const outcomes = (gate: boolean) => coverageOutcomes(coverageJson(r), ({ address }) => address, gate);

  it('one outcome per endpoint: uncovered a warning, an error when the gate matched; unknown info; not-public untagged', () => {
    for (const gate of [false, true]) {
      const byStatus = (s: string) =>
        outcomes(gate).filter((o) => o.attributes.tags.coverage![0]!.label === s);
      expect(byStatus('uncovered')).toHaveLength(HOSTILE.length);
      for (const o of byStatus('uncovered'))
        expect(o.attributes.tags.severity).toEqual([
          { label: 'uncovered', level: gate ? 'error' : 'warning' },
        ]);
      expect(byStatus('unknown').map((o) => o.attributes.tags.severity)).toEqual([
        [{ label: 'not decided', level: 'info' }],
      ]);
      expect(byStatus('not-public').map((o) => o.attributes.tags.severity)).toEqual([undefined]);
    }
  });

  it('hostile keys stay inert in the body, and the description is one quoted line', () => {
    for (const o of outcomes(false)) {
      expect(liveMarkup(o.attributes.body)).toEqual([]);
      expect(o.attributes.description).not.toMatch(/[\n\r\u2028\u2029\u202e]/);
    }
    expect(coverageMessage(coverageJson(r))).toBe(
      `coverage: ${HOSTILE.length} uncovered, 1 unknown, 1 not-public`,
    );
  });
});

describe('suppressions on the resource, and live monitors', () => {
  const tagged = (type: string, name: string, after: Obj): Res => ({
    type,
    name,
    expressions: {},
    instances: [{ after, unknown: { id: true } }],
  });

  it('uptime-coverage = "ignore" where the guide says it is read, and nowhere else', () => {
    const mark = { 'uptime-coverage': 'ignore' };
    const r = review(
      plan([
        tagged('aws_lb', 'tags', { tags: mark, load_balancer_type: 'application' }),
        tagged('aws_lb', 'other_value', {
          tags: { 'uptime-coverage': 'yes' },
          load_balancer_type: 'application',
        }),
        tagged('azurerm_linux_web_app', 'tags', { tags: mark }),
        tagged('google_cloud_run_v2_service', 'labels', { labels: mark }),
        tagged('google_cloud_run_v2_service', 'tags_not_read', { tags: mark }),
        tagged('kubernetes_ingress_v1', 'annotations', {
          metadata: [{ annotations: mark }],
          spec: [{ rule: [{ host: 'a.example.com' }] }],
        }),
        tagged('kubernetes_ingress_v1', 'labels', {
          metadata: [{ labels: mark }],
          spec: [{ rule: [{ host: 'b.example.com' }] }],
        }),
        tagged('cloudflare_dns_record', 'tags', {
          name: 'c.example.com',
          type: 'A',
          tags: ['uptime-coverage:ignore'],
        }),
        tagged('cloudflare_dns_record', 'map', {
          name: 'd.example.com',
          type: 'A',
          tags: ['uptime-coverage=ignore'],
        }),
      ]),
    );
    expect(status(r)).toEqual({
      'aws_lb.tags': 'ignored',
      'aws_lb.other_value': 'uncovered',
      'azurerm_linux_web_app.tags': 'ignored',
      'google_cloud_run_v2_service.labels': 'ignored',
      'google_cloud_run_v2_service.tags_not_read': 'uncovered',
      'kubernetes_ingress_v1.annotations': 'ignored',
      'kubernetes_ingress_v1.labels': 'ignored',
      'cloudflare_dns_record.tags': 'ignored',
      'cloudflare_dns_record.map': 'uncovered',
    });
  });

  it('a live monitor with the hostname covers (host compared as the guide says); one of another host does not', () => {
    const p = plan([record('api', 'api.example.com'), record('www', 'www.example.com')]);
    const r = reviewCoverage([{ name: 'tfplan', plan: p }], {
      live: [
        { id: 'mon_1', name: 'API', url: 'HTTPS://Api.Example.COM:8443/health' },
        { id: 'mon_2', name: 'evil', url: 'https://www.example.com.evil.net/' },
      ],
    });
    expect(status(r)).toEqual({ 'aws_route53_record.api': 'covered', 'aws_route53_record.www': 'uncovered' });
    expect(find(r, 'aws_route53_record.api').live.map((l) => l.id)).toEqual(['mon_1']);
  });
});

describe('size', () => {
  it('a plan of 16,000 keyed load balancers and 16,000 monitors over them (for_each = aws_lb.web) reviews in seconds', () => {
    const keys = Array.from({ length: 16000 }, (_, i) => `k${i}`);
    const p = plan([
      {
        ...lb('web'),
        forEach: ['var.keys'],
        instances: keys.map((key) => ({
          key,
          after: { load_balancer_type: 'application' },
          unknown: { dns_name: true, internal: true },
        })),
      },
      {
        type: 'uptime_monitor',
        name: 'each',
        forEach: ['aws_lb.web'],
        expressions: { url: tfRefs('each.value.dns_name') },
        instances: keys.map((key) => ({ key, after: {}, unknown: { url: true } })),
      },
    ]);
    const t = Date.now();
    const r = review(p);
    // Linear: about a second here; reading the for_each once per monitor instance took half a minute.
    expect(Date.now() - t).toBeLessThan(10000);
    expect(r.endpoints.filter((e) => e.status === 'covered')).toHaveLength(keys.length);
  });
});
