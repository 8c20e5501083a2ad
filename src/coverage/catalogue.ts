// The public HTTP endpoints of other providers that the coverage review (`uptimectl plan-report --coverage`) and the
// CDKTF aspect (`MonitorPublicEndpoints`) know: one entry per resource type, saying where its address is, whether it
// serves HTTP, what makes it not public, which of its arguments point at another endpoint (a DNS record or CDN in
// front of it), and where a suppression is written. Facts from each provider's docs and schema source
// (../shared/reference/coverage.md §1).
//
// The rules a reviewer can predict every finding from:
// - A setting the configuration leaves out counts as the provider's default (public); a setting written with a value
//   the plan does not know yet makes the endpoint `unknown`.
// - `aws_lb`/`aws_alb` with a `load_balancer_type` other than `application`, DNS records of a type other than A, AAAA
//   or CNAME, and HTTP API stages of a WebSocket API are not HTTP endpoints: they are not listed.
// - A Route 53 record whose `zone_id` refers to an `aws_route53_zone` of the configuration with a `vpc` block (a
//   private hosted zone), or to a `data "aws_route53_zone"` with `private_zone = true`, is not public; a zone outside
//   the configuration counts as public.
// - A wildcard name (`*.example.com`: a DNS record's, an ingress rule's host) is no one address to probe: `unknown`. An
//   ingress is served over https when a `spec.tls` host is its host or a wildcard of it (one label).
// - A suppression is the tag, label or annotation `uptime-coverage = "ignore"` (Cloudflare's tag list: the tag
//   `uptime-coverage:ignore`) on the types that have them.
import type { Phrase } from './phrase.js';

/** What a rule reads of one resource instance: its settings as the plan (or the synthesized stack) has them. */
export interface EndpointView {
  readonly type: string;
  readonly mode: 'managed' | 'data';
  /** As the plan writes it (module path included). */
  readonly address: string;
  /** An argument: set to a value, known only after apply (`unknown`), or left out (`default`). */
  setting(path: string): Setting;
  /** Every known value at `path` (repeated blocks, lists and sets flattened). */
  values(path: string): unknown[];
  /** The resources of `type` (any mode) that the argument at `path` refers to in the configuration. */
  related(path: string, type: string): Related;
}

export type Setting = { kind: 'set'; value: unknown } | { kind: 'unknown' } | { kind: 'default' };
export type Related =
  { kind: 'found'; views: EndpointView[] } | { kind: 'outside' } | { kind: 'unknown'; because: Phrase };

export type Answer = 'yes' | 'no' | 'unknown';
export interface Decision {
  answer: Answer;
  because: Phrase;
}

/** Where the monitor's target is: an attribute holding a hostname (the URL is `<scheme>://<host><path>`) or a whole
 *  URL. `attribute` is written as a reference suffix (`dns_name`, `spec[0].rule[0].host`). */
export type Target =
  | { form: 'host'; attribute: string; scheme: 'https' | 'http'; path: string }
  | { form: 'url'; attribute: string };

export interface CatalogueEntry {
  /** The provider's source, without host. */
  provider: string;
  /** What it is, in a few words ("load balancer"). */
  what: string;
  /** Where a monitor points: the target, or why it cannot be decided. */
  target(e: EndpointView): Target | { undecided: Phrase };
  /** Hostnames known from the configuration or the plan (arguments and known computed attributes). */
  hostnames: string[];
  /** Whether it serves HTTP at all (`no`: not listed). Default: yes. */
  http?(e: EndpointView): Decision;
  public(e: EndpointView): Decision;
  /** Arguments whose references name the endpoint it points at (DNS targets, CDN origins). */
  fronts?: string[];
  /** Where `uptime-coverage = "ignore"` is written. */
  suppression?: { path: string; form: 'map' | 'tags' }[];
}

export const SUPPRESSION_KEY = 'uptime-coverage';
export const SUPPRESSION_VALUE = 'ignore';

const yes = (...because: Phrase): Decision => ({ answer: 'yes', because });
const no = (...because: Phrase): Decision => ({ answer: 'no', because });
const unsure = (...because: Phrase): Decision => ({ answer: 'unknown', because });
const show = (v: unknown) => ({ code: typeof v === 'string' ? v : JSON.stringify(v) });

/** A decision read from one setting: `decide(value)` for a set value; the provider's default when left out. */
function bySetting(
  e: EndpointView,
  path: string,
  decide: (value: unknown) => Answer,
  defaultAnswer: Answer,
  defaultWords: string,
): Decision {
  const s = e.setting(path);
  if (s.kind === 'unknown') return unsure({ code: path }, ' is known only after apply');
  if (s.kind === 'default')
    return {
      answer: defaultAnswer,
      because: [{ code: path }, ` is not set (the provider's default: ${defaultWords})`],
    };
  return { answer: decide(s.value), because: [{ code: path }, ' is ', show(s.value)] };
}

/** All of several decisions: `no` if one says no, else `unknown` if one is unsure, else `yes`. */
function all(...ds: Decision[]): Decision {
  return ds.find((d) => d.answer === 'no') ?? ds.find((d) => d.answer === 'unknown') ?? ds[0]!;
}

const HTTP_RECORD_TYPES = ['A', 'AAAA', 'CNAME'];
const dnsType = (e: EndpointView) =>
  bySetting(
    e,
    'type',
    (v) => (HTTP_RECORD_TYPES.includes(String(v).toUpperCase()) ? 'yes' : 'no'),
    'unknown',
    'none',
  );

const publicAlways = (why: string) => (): Decision => yes(why);

/** A wildcard name (`*.example.com`: a DNS record or an ingress rule for every subdomain) is no one address to probe. */
function wildcard(e: EndpointView, path: string): { undecided: Phrase } | null {
  const s = e.setting(path);
  return s.kind === 'set' && typeof s.value === 'string' && s.value.startsWith('*')
    ? { undecided: [{ code: path }, ' is ', show(s.value), ', a wildcard: no one address to probe'] }
    : null;
}

/** Whether a TLS host (`api.example.com`, or `*.example.com` for one more label) covers a host. */
function tlsCovers(tlsHost: unknown, host: string): boolean {
  if (typeof tlsHost !== 'string') return false;
  const t = tlsHost.toLowerCase();
  const h = host.toLowerCase();
  if (t === h) return true;
  const dot = h.indexOf('.');
  return t.startsWith('*.') && dot > 0 && h.slice(dot) === t.slice(1);
}

/** A parent resource's settings decide (an API stage's API, a record's hosted zone): the first one found. */
function byParent(
  e: EndpointView,
  path: string,
  type: string,
  decide: (parent: EndpointView) => Decision,
  outside: Decision,
): Decision {
  const r = e.related(path, type);
  if (r.kind === 'outside') return outside;
  if (r.kind === 'unknown') return { answer: 'unknown', because: r.because };
  return all(...r.views.map((p) => decide(p)));
}

const tags = [{ path: 'tags', form: 'map' as const }];

const loadBalancer: CatalogueEntry = {
  provider: 'hashicorp/aws',
  what: 'load balancer',
  target: () => ({ form: 'host', attribute: 'dns_name', scheme: 'https', path: '/' }),
  hostnames: ['dns_name'],
  http: (e) =>
    bySetting(e, 'load_balancer_type', (v) => (v === 'application' ? 'yes' : 'no'), 'yes', 'application'),
  public: (e) => bySetting(e, 'internal', (v) => (v === true ? 'no' : 'yes'), 'yes', 'internet-facing'),
  suppression: tags,
};

function route53Zone(zone: EndpointView): Decision {
  if (zone.mode === 'data')
    return bySetting(zone, 'private_zone', (v) => (v === true ? 'no' : 'yes'), 'yes', 'public');
  const vpc = zone.setting('vpc');
  if (vpc.kind === 'unknown')
    return unsure(
      'its hosted zone ',
      { code: zone.address },
      "'s ",
      { code: 'vpc' },
      ' is known only after apply',
    );
  const has = vpc.kind === 'set' && Array.isArray(vpc.value) && vpc.value.length > 0;
  return has
    ? no('its hosted zone ', { code: zone.address }, ' is private (it has a ', { code: 'vpc' }, ' block)')
    : yes('its hosted zone ', { code: zone.address }, ' is public');
}

const route53Record: CatalogueEntry = {
  provider: 'hashicorp/aws',
  what: 'DNS record',
  target: (e) => wildcard(e, 'name') ?? { form: 'host', attribute: 'fqdn', scheme: 'https', path: '/' },
  hostnames: ['name', 'fqdn'],
  http: dnsType,
  public: (e) =>
    byParent(
      e,
      'zone_id',
      'aws_route53_zone',
      route53Zone,
      yes('its hosted zone is outside this configuration (counted as public)'),
    ),
  fronts: ['alias.name', 'records'],
};

function cloudflareTarget(attribute: string) {
  return (e: EndpointView): Target | { undecided: Phrase } => {
    const w = wildcard(e, 'name');
    if (w) return w;
    const s = e.setting(attribute);
    if (
      attribute === 'name' &&
      s.kind === 'set' &&
      (typeof s.value !== 'string' || !s.value.includes('.') || s.value === '@')
    )
      return {
        undecided: [
          { code: 'name' },
          ' is ',
          show(s.value),
          ', relative to its zone: the hostname is not in the plan',
        ],
      };
    return { form: 'host', attribute, scheme: 'https', path: '/' };
  };
}

const cloudflareTags = [{ path: 'tags', form: 'tags' as const }];

const apiStage: CatalogueEntry = {
  provider: 'hashicorp/aws',
  what: 'REST API stage',
  target: () => ({ form: 'url', attribute: 'invoke_url' }),
  hostnames: ['invoke_url'],
  public: (e) =>
    byParent(
      e,
      'rest_api_id',
      'aws_api_gateway_rest_api',
      (api) => {
        const types = api.setting('endpoint_configuration.types');
        if (types.kind === 'unknown')
          return unsure(
            'its API ',
            { code: api.address },
            "'s ",
            { code: 'endpoint_configuration.types' },
            ' is known only after apply',
          );
        if (types.kind === 'default')
          return yes('its API ', { code: api.address }, ' is edge-optimized (the default)');
        const list = Array.isArray(types.value) ? types.value.map(String) : [String(types.value)];
        return list.includes('PRIVATE')
          ? no('its API ', { code: api.address }, ' is ', { code: 'PRIVATE' })
          : yes('its API ', { code: api.address }, ' is ', show(list.join(', ')));
      },
      yes('its REST API is outside this configuration (counted as public)'),
    ),
  suppression: tags,
};

const httpApiStage: CatalogueEntry = {
  provider: 'hashicorp/aws',
  what: 'HTTP API stage',
  target: () => ({ form: 'url', attribute: 'invoke_url' }),
  hostnames: ['invoke_url'],
  http: (e) =>
    byParent(
      e,
      'api_id',
      'aws_apigatewayv2_api',
      (api) => bySetting(api, 'protocol_type', (v) => (v === 'WEBSOCKET' ? 'no' : 'yes'), 'unknown', 'none'),
      unsure('its API is outside this configuration: HTTP or WebSocket is not decidable'),
    ),
  public: (e) =>
    byParent(
      e,
      'api_id',
      'aws_apigatewayv2_api',
      (api) =>
        bySetting(
          api,
          'disable_execute_api_endpoint',
          (v) => (v === true ? 'no' : 'yes'),
          'yes',
          'the default endpoint is on',
        ),
      yes('its API is outside this configuration (counted as public)'),
    ),
  suppression: tags,
};

const webApp = (os: string): CatalogueEntry => ({
  provider: 'hashicorp/azurerm',
  what: `${os} web app`,
  target: (e) => {
    const health = e.setting('site_config.health_check_path');
    const path =
      health.kind === 'set' && typeof health.value === 'string' && health.value.startsWith('/')
        ? health.value
        : '/';
    return { form: 'host', attribute: 'default_hostname', scheme: 'https', path };
  },
  hostnames: ['default_hostname'],
  public: (e) =>
    all(
      bySetting(e, 'public_network_access_enabled', (v) => (v === false ? 'no' : 'yes'), 'yes', 'true'),
      bySetting(e, 'enabled', (v) => (v === false ? 'no' : 'yes'), 'yes', 'true'),
    ),
  suppression: tags,
});

const CLOUD_RUN_INTERNAL = ['INGRESS_TRAFFIC_INTERNAL_ONLY', 'INGRESS_TRAFFIC_INTERNAL_LOAD_BALANCER'];

/** The catalogue: each resource type once. */
const ENTRIES: Record<string, CatalogueEntry> = {
  aws_lb: loadBalancer,
  aws_alb: loadBalancer,
  aws_route53_record: route53Record,
  aws_api_gateway_stage: apiStage,
  aws_apigatewayv2_stage: httpApiStage,
  aws_lambda_function_url: {
    provider: 'hashicorp/aws',
    what: 'Lambda function URL',
    target: () => ({ form: 'url', attribute: 'function_url' }),
    hostnames: ['function_url'],
    public: (e) =>
      bySetting(
        e,
        'authorization_type',
        (v) => (v === 'NONE' ? 'yes' : v === 'AWS_IAM' ? 'no' : 'unknown'),
        'unknown',
        'none',
      ),
  },
  aws_cloudfront_distribution: {
    provider: 'hashicorp/aws',
    what: 'CloudFront distribution',
    target: () => ({ form: 'host', attribute: 'domain_name', scheme: 'https', path: '/' }),
    hostnames: ['aliases', 'domain_name'],
    public: (e) => bySetting(e, 'enabled', (v) => (v === false ? 'no' : 'yes'), 'unknown', 'none'),
    fronts: ['origin.domain_name'],
    suppression: tags,
  },
  cloudflare_dns_record: {
    provider: 'cloudflare/cloudflare',
    what: 'DNS record',
    target: cloudflareTarget('name'),
    hostnames: ['name'],
    http: dnsType,
    public: publicAlways('Cloudflare DNS is public'),
    fronts: ['content'],
    suppression: cloudflareTags,
  },
  cloudflare_record: {
    provider: 'cloudflare/cloudflare',
    what: 'DNS record (provider v4)',
    target: cloudflareTarget('hostname'),
    hostnames: ['name', 'hostname'],
    http: dnsType,
    public: publicAlways('Cloudflare DNS is public'),
    fronts: ['content', 'value'],
    suppression: cloudflareTags,
  },
  google_cloud_run_v2_service: {
    provider: 'hashicorp/google',
    what: 'Cloud Run service',
    target: () => ({ form: 'url', attribute: 'uri' }),
    hostnames: ['uri'],
    public: (e) =>
      all(
        bySetting(
          e,
          'ingress',
          (v) => (CLOUD_RUN_INTERNAL.includes(String(v)) ? 'no' : 'yes'),
          'yes',
          'INGRESS_TRAFFIC_ALL',
        ),
        bySetting(e, 'default_uri_disabled', (v) => (v === true ? 'no' : 'yes'), 'yes', 'false'),
      ),
    suppression: [{ path: 'labels', form: 'map' }],
  },
  kubernetes_ingress_v1: {
    provider: 'hashicorp/kubernetes',
    what: 'Ingress',
    target: (e) => {
      const host = e.setting('spec.rule.host');
      if (host.kind === 'default')
        return {
          undecided: [
            'its first rule has no ',
            { code: 'host' },
            ': the address is the load balancer the controller makes',
          ],
        };
      const w = wildcard(e, 'spec.rule.host');
      if (w) return w;
      const tlsHosts = e.values('spec.tls.hosts');
      const scheme =
        host.kind === 'set' && !tlsHosts.some((t) => tlsCovers(t, String(host.value))) ? 'http' : 'https';
      return { form: 'host', attribute: 'spec[0].rule[0].host', scheme, path: '/' };
    },
    hostnames: ['spec.rule.host'],
    public: publicAlways('an Ingress is public unless its controller is internal'),
    suppression: [
      { path: 'metadata.annotations', form: 'map' },
      { path: 'metadata.labels', form: 'map' },
    ],
  },
  azurerm_linux_web_app: webApp('Linux'),
  azurerm_windows_web_app: webApp('Windows'),
};
export const CATALOGUE: Readonly<Record<string, CatalogueEntry>> = Object.freeze(ENTRIES);

export function catalogueEntry(type: string): CatalogueEntry | undefined {
  return Object.prototype.hasOwnProperty.call(CATALOGUE, type) ? CATALOGUE[type] : undefined;
}

/** The suppression written on an instance, as words, or null. */
export function suppression(e: EndpointView, entry: CatalogueEntry): Phrase | null {
  for (const s of entry.suppression ?? []) {
    const v = e.setting(s.path);
    if (v.kind !== 'set' || !v.value || typeof v.value !== 'object') continue;
    const hit =
      s.form === 'map'
        ? Object.prototype.hasOwnProperty.call(v.value, SUPPRESSION_KEY) &&
          (v.value as Record<string, unknown>)[SUPPRESSION_KEY] === SUPPRESSION_VALUE
        : Array.isArray(v.value) && v.value.includes(`${SUPPRESSION_KEY}:${SUPPRESSION_VALUE}`);
    if (hit)
      return [
        'suppressed by ',
        {
          code:
            s.form === 'map'
              ? `${s.path}["${SUPPRESSION_KEY}"] = "${SUPPRESSION_VALUE}"`
              : `${s.path} "${SUPPRESSION_KEY}:${SUPPRESSION_VALUE}"`,
        },
      ];
  }
  return null;
}
