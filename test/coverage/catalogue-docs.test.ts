// The catalogue and the provider stand-ins against the providers' docs, as ../shared/reference/coverage.md §1
// records them (source keys in brackets): for each type, the attribute a monitor points at and whether the provider
// computes it (unknown in the plan of a create), the settings that make it not public and their defaults, and
// whether each setting is Optional+Computed (so an omitted one is unknown in the plan and must count as the default).
// Written from the reference, not from the catalogue: a catalogue or stand-in that drifts from the docs fails here.
import { CATALOGUE } from '../../src/coverage/index.js';
import type { EndpointView } from '../../src/coverage/catalogue.js';
import type { AttrDecl, SchemaDecl } from './providers/block-provider.js';
import { TEST_CLOUD_PROVIDERS } from './providers/schemas.js';

interface Doc {
  /** Where the address is, as a reference suffix. */
  target: string;
  /** The provider computes it (unknown on create). */
  computed: boolean;
  /** Settings that make the endpoint not public, each with the value that does, and Optional+Computed ones. */
  notPublic: Record<string, unknown>;
  optionalComputed?: string[];
  /** A required setting has no default: left out (only where no plan was made, in a CDKTF stack) it decides nothing. */
  required?: boolean;
  source: string;
}

const DOCS: Record<string, Doc> = {
  aws_lb: {
    target: 'dns_name',
    computed: true,
    notPublic: { internal: true },
    optionalComputed: ['internal'],
    source: 'A1 A2',
  },
  aws_alb: {
    target: 'dns_name',
    computed: true,
    notPublic: { internal: true },
    optionalComputed: ['internal'],
    source: 'A1 A2',
  },
  aws_route53_record: { target: 'fqdn', computed: true, notPublic: {}, source: 'A15 A16' },
  aws_api_gateway_stage: { target: 'invoke_url', computed: true, notPublic: {}, source: 'A4 A5' },
  aws_apigatewayv2_stage: { target: 'invoke_url', computed: true, notPublic: {}, source: 'A7 A8' },
  aws_lambda_function_url: {
    target: 'function_url',
    computed: true,
    notPublic: { authorization_type: 'AWS_IAM' },
    required: true,
    source: 'A9',
  },
  aws_cloudfront_distribution: {
    target: 'domain_name',
    computed: true,
    notPublic: { enabled: false },
    required: true,
    source: 'A10 A11',
  },
  google_cloud_run_v2_service: {
    target: 'uri',
    computed: true,
    notPublic: { ingress: 'INGRESS_TRAFFIC_INTERNAL_ONLY', default_uri_disabled: true },
    optionalComputed: ['ingress'],
    source: 'G1 G2',
  },
  kubernetes_ingress_v1: { target: 'spec[0].rule[0].host', computed: false, notPublic: {}, source: 'K8s1' },
  azurerm_linux_web_app: {
    target: 'default_hostname',
    computed: true,
    notPublic: { public_network_access_enabled: false, enabled: false },
    source: 'Z1 Z3',
  },
  azurerm_windows_web_app: {
    target: 'default_hostname',
    computed: true,
    notPublic: { public_network_access_enabled: false, enabled: false },
    source: 'Z2',
  },
  // v5: no computed hostname, the name is the argument [C2]; v4: `hostname` is Read-Only, "The FQDN of the record" [C1].
  cloudflare_dns_record: { target: 'name', computed: false, notPublic: {}, source: 'C2 C3' },
  cloudflare_record: { target: 'hostname', computed: true, notPublic: {}, source: 'C1' },
};

/** A view of one instance holding `settings` (others left out), for the catalogue's functions. */
function view(type: string, settings: Record<string, unknown>): EndpointView {
  const at = (path: string) =>
    path
      .split('.')
      .reduce<unknown>(
        (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
        settings,
      );
  return {
    type,
    mode: 'managed',
    address: `${type}.x`,
    setting: (path) => (at(path) === undefined ? { kind: 'default' } : { kind: 'set', value: at(path) }),
    values: (path) => (at(path) === undefined ? [] : [at(path)].flat()),
    related: () => ({ kind: 'outside' }),
  };
}

function schemaOf(type: string): SchemaDecl {
  for (const p of Object.values(TEST_CLOUD_PROVIDERS))
    if (p.decl.resources[type]) return p.decl.resources[type]!;
  throw new Error(`no stand-in declares ${type}`);
}

function attrOf(s: SchemaDecl, path: string): AttrDecl | undefined {
  const [head, ...rest] = path.replace(/\[\d+\]/g, '').split('.');
  if (!rest.length) return s.attributes[head!];
  const block = s.blocks?.[head!];
  return block ? attrOf(block.block, rest.join('.')) : undefined;
}

test('the catalogue has exactly the types of the docs table', () => {
  expect(Object.keys(CATALOGUE).sort()).toEqual(Object.keys(DOCS).sort());
});

describe.each(Object.entries(DOCS))('%s', (type, doc) => {
  const entry = CATALOGUE[type]!;
  const settings =
    type === 'kubernetes_ingress_v1'
      ? { spec: { rule: { host: 'a.example.com' } } }
      : { name: 'a.example.com' };

  it(`points a monitor at ${doc.target} [${doc.source}]`, () => {
    const t = entry.target(view(type, settings));
    expect('attribute' in t && t.attribute).toBe(doc.target);
  });

  it('is public with every setting left out (the provider defaults), and not public with each setting the docs name', () => {
    expect(entry.public(view(type, {})).answer).toBe(doc.required ? 'unknown' : 'yes');
    for (const [k, v] of Object.entries(doc.notPublic))
      expect([k, entry.public(view(type, { [k]: v })).answer]).toEqual([k, 'no']);
  });

  it('its stand-in provider declares the attributes as the docs do', () => {
    const s = schemaOf(type);
    const target = attrOf(s, doc.target);
    expect(target).toBeDefined();
    expect([doc.target, !!target!.computed && !target!.optional && !target!.required]).toEqual([
      doc.target,
      doc.computed,
    ]);
    for (const k of doc.optionalComputed ?? [])
      expect([k, attrOf(s, k)?.optional, attrOf(s, k)?.computed]).toEqual([k, true, true]);
  });
});
