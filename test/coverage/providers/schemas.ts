// Small stand-ins for the cloud providers whose public endpoints the coverage review reads (they cannot be installed
// here): each resource type of the coverage catalogue with the attributes and blocks the review reads, under the real
// provider's source, named and shaped as the provider's docs and schema source declare them
// (../shared/reference/coverage.md §1): Optional+Computed where the provider computes an omitted value
// (`aws_lb.internal`, Cloud Run's `ingress`), defaults where it plans one (`load_balancer_type`, azurerm's
// `public_network_access_enabled`), computed URL and hostname attributes (`dns_name`, `invoke_url`, `uri`,
// `default_hostname`, `fqdn`, `hostname`) unknown on create. Blocks a real provider requires are optional here to
// keep the test configurations short; that changes no plan shape.
import {
  ctyBool,
  ctyList,
  ctyMap,
  ctyNumber,
  ctyObject,
  ctySet,
  ctyString,
} from '../../../src/protocol/cty/types.js';
import type { CtyValue } from '../../../src/protocol/cty/values.js';
import type { AttrDecl, BlockDecl, BlockProviderDecl, SchemaDecl } from './block-provider.js';

type Obj = Record<string, CtyValue>;

const str = (o: Partial<AttrDecl> = {}): AttrDecl => ({ type: ctyString, optional: true, ...o });
const req = (o: Partial<AttrDecl> = {}): AttrDecl => ({ type: ctyString, required: true, ...o });
const bool = (o: Partial<AttrDecl> = {}): AttrDecl => ({ type: ctyBool, optional: true, ...o });
const num = (o: Partial<AttrDecl> = {}): AttrDecl => ({ type: ctyNumber, optional: true, ...o });
const computed = (value?: AttrDecl['value']): AttrDecl => ({
  type: ctyString,
  computed: true,
  ...(value ? { value } : {}),
});
const strings = (o: Partial<AttrDecl> = {}): AttrDecl => ({ type: ctySet(ctyString), optional: true, ...o });
const tags = (): Record<string, AttrDecl> => ({
  tags: { type: ctyMap(ctyString), optional: true },
  tags_all: { type: ctyMap(ctyString), optional: true, computed: true, value: (o) => o.tags ?? {} },
});
const list = (block: SchemaDecl, o: Partial<BlockDecl> = {}): BlockDecl => ({ nesting: 'LIST', block, ...o });
const one = (block: SchemaDecl): BlockDecl => list(block, { maxItems: 1 });
const set = (block: SchemaDecl): BlockDecl => ({ nesting: 'SET', block });

/** A short stable number from an object's configuration: computed values are the same on every run. */
const h = (o: Obj) => {
  let n = 0;
  for (const c of JSON.stringify([o.name, o.function_name, o.qualifier, o.aliases, o.origin]))
    n = (n * 31 + c.charCodeAt(0)) >>> 0;
  return String(n % 1_000_000).padStart(6, '0');
};
const slug = (s: unknown) =>
  String(s ?? 'x')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .slice(0, 32);

/** The `dns_name` the stand-in gives an `aws_lb` named `name` on apply. */
export const lbDnsName = (name: string) => `${slug(name)}-${h({ name })}.eu-west-1.elb.amazonaws.com`;

const lb: SchemaDecl = {
  attributes: {
    id: computed(),
    arn: computed(
      (o) => `arn:aws:elasticloadbalancing:eu-west-1:123456789012:loadbalancer/app/${slug(o.name)}/${h(o)}`,
    ),
    name: str({ computed: true, value: (o) => `tf-lb-${h(o)}` }),
    internal: bool({ computed: true, value: () => false }),
    load_balancer_type: str({ default: 'application' }),
    subnets: strings({ computed: true, value: () => [] }),
    security_groups: strings({ computed: true, value: () => [] }),
    dns_name: computed((o) => lbDnsName(String(o.name))),
    zone_id: computed(() => 'Z32O12XQLNTSW2'),
    ...tags(),
  },
};

const aws: BlockProviderDecl = {
  legacy: true,
  provider: { attributes: { region: str() } },
  resources: {
    aws_lb: lb,
    aws_alb: lb,
    aws_route53_zone: {
      attributes: {
        id: computed(),
        name: req(),
        comment: str({ default: 'Managed by Terraform' }),
        force_destroy: bool({ default: false }),
        zone_id: computed((o) => `Z0${h(o)}ABCDEF`),
        name_servers: { type: ctyList(ctyString), computed: true, value: () => ['ns-1.awsdns-00.com'] },
        ...tags(),
      },
      blocks: {
        vpc: set({
          attributes: { vpc_id: req(), vpc_region: str({ computed: true, value: () => 'eu-west-1' }) },
        }),
      },
    },
    aws_route53_record: {
      attributes: {
        id: computed(),
        zone_id: req(),
        name: req(),
        type: req(),
        ttl: num(),
        records: strings(),
        set_identifier: str(),
        allow_overwrite: bool({ computed: true, value: () => false }),
        fqdn: computed((o) => String(o.name).replace(/\.$/, '')),
      },
      blocks: {
        alias: one({
          attributes: {
            name: req(),
            zone_id: req(),
            evaluate_target_health: { ...bool(), required: true, optional: false },
          },
        }),
      },
    },
    aws_api_gateway_rest_api: {
      attributes: {
        id: computed((o) => `a1b2c3d${h(o)}`),
        name: req(),
        root_resource_id: computed(),
        execution_arn: computed(),
        ...tags(),
      },
      blocks: {
        endpoint_configuration: one({
          attributes: { types: { type: ctyList(ctyString), required: true }, vpc_endpoint_ids: strings() },
        }),
      },
    },
    aws_api_gateway_deployment: {
      attributes: { id: computed(), rest_api_id: req(), description: str() },
    },
    aws_api_gateway_stage: {
      attributes: {
        id: computed(),
        rest_api_id: req(),
        stage_name: req(),
        deployment_id: req(),
        arn: computed(),
        execution_arn: computed(),
        invoke_url: computed(
          (o) =>
            `https://${String(o.rest_api_id)}.execute-api.eu-west-1.amazonaws.com/${String(o.stage_name)}`,
        ),
        ...tags(),
      },
    },
    aws_apigatewayv2_api: {
      attributes: {
        id: computed((o) => `z4675bid${h(o)}`),
        name: req(),
        protocol_type: req(),
        disable_execute_api_endpoint: bool({ default: false }),
        api_endpoint: computed((o) => `https://${String(o.id)}.execute-api.eu-west-1.amazonaws.com`),
        execution_arn: computed(),
        ...tags(),
      },
    },
    aws_apigatewayv2_stage: {
      attributes: {
        id: computed(),
        api_id: req(),
        name: req(),
        auto_deploy: bool(),
        arn: computed(),
        execution_arn: computed(),
        invoke_url: computed(
          (o) =>
            `https://${String(o.api_id)}.execute-api.eu-west-1.amazonaws.com/${String(o.name) === '$default' ? '' : String(o.name)}`,
        ),
        ...tags(),
      },
    },
    aws_lambda_function: {
      attributes: {
        id: computed(),
        function_name: req(),
        role: req(),
        handler: str(),
        runtime: str(),
        filename: str(),
        arn: computed(),
        ...tags(),
      },
    },
    aws_lambda_function_url: {
      attributes: {
        id: computed(),
        function_name: req(),
        authorization_type: req(),
        qualifier: str(),
        invoke_mode: str({ default: 'BUFFERED' }),
        function_arn: computed(),
        url_id: computed((o) => `abcdefghij${h(o)}`),
        function_url: computed((o) => `https://${String(o.url_id)}.lambda-url.eu-west-1.on.aws/`),
      },
      blocks: { cors: one({ attributes: { allow_origins: strings() } }) },
    },
    aws_cloudfront_distribution: {
      attributes: {
        id: computed((o) => `E2QWRUHAPOMQZ${h(o)}`),
        enabled: { type: ctyBool, required: true },
        aliases: strings(),
        comment: str(),
        default_root_object: str(),
        arn: computed(),
        status: computed(() => 'Deployed'),
        etag: computed(),
        domain_name: computed((o) => `d60472${h(o)}fxaaqy9.cloudfront.net`),
        hosted_zone_id: computed(() => 'Z2FDTNDATAQYW2'),
        ...tags(),
      },
      blocks: {
        origin: set({ attributes: { domain_name: req(), origin_id: req(), origin_path: str() } }),
        default_cache_behavior: one({
          attributes: {
            allowed_methods: strings(),
            cached_methods: strings(),
            target_origin_id: req(),
            viewer_protocol_policy: req(),
          },
        }),
        viewer_certificate: one({
          attributes: { cloudfront_default_certificate: bool(), acm_certificate_arn: str() },
        }),
      },
    },
  },
  dataSources: {
    aws_route53_zone: {
      attributes: {
        id: computed(),
        name: str({ computed: true }),
        private_zone: bool({ default: false }),
        zone_id: str({ computed: true, value: (o) => `Z0DATA${slug(o.name)}` }),
      },
    },
  },
};

const cloudRun: SchemaDecl = {
  attributes: {
    id: computed(),
    name: req(),
    location: req(),
    ingress: str({ computed: true, value: () => 'INGRESS_TRAFFIC_ALL' }),
    default_uri_disabled: bool(),
    invoker_iam_disabled: bool(),
    deletion_protection: bool({ default: true }),
    labels: { type: ctyMap(ctyString), optional: true },
    effective_labels: { type: ctyMap(ctyString), computed: true, value: (o) => o.labels ?? {} },
    uri: computed((o) => `https://${slug(o.name)}-${h(o)}abcd-ew.a.run.app`),
    urls: {
      type: ctyList(ctyString),
      computed: true,
      value: (o) => [`https://${slug(o.name)}-${h(o)}abcd-ew.a.run.app`],
    },
  },
  blocks: {
    template: one({
      attributes: { service_account: str({ computed: true, value: () => 'default' }) },
      blocks: { containers: list({ attributes: { image: req(), name: str() } }) },
    }),
  },
};

const google: BlockProviderDecl = {
  legacy: true,
  provider: { attributes: { project: str(), region: str() } },
  resources: { google_cloud_run_v2_service: cloudRun },
};

const webApp: SchemaDecl = {
  attributes: {
    id: computed(),
    name: req(),
    resource_group_name: req(),
    location: req(),
    service_plan_id: req(),
    enabled: bool({ default: true }),
    public_network_access_enabled: bool({ default: true }),
    https_only: bool({ default: false }),
    default_hostname: computed((o) => `${slug(o.name)}.azurewebsites.net`),
    outbound_ip_addresses: computed(() => '20.0.0.1'),
    tags: { type: ctyMap(ctyString), optional: true },
  },
  blocks: {
    site_config: one({ attributes: { health_check_path: str(), always_on: bool({ default: true }) } }),
  },
};

const azurerm: BlockProviderDecl = {
  legacy: true,
  resources: { azurerm_linux_web_app: webApp, azurerm_windows_web_app: webApp },
  provider: { attributes: {}, blocks: { features: list({ attributes: {} }) } },
};

/** cloudflare/cloudflare v5 (terraform-plugin-framework: attributes, no blocks). */
const cloudflare5: BlockProviderDecl = {
  resources: {
    cloudflare_dns_record: {
      attributes: {
        id: computed(),
        zone_id: req(),
        name: req(),
        type: req(),
        content: str(),
        ttl: { type: ctyNumber, required: true },
        proxied: bool({ computed: true, value: () => false }),
        comment: str(),
        tags: { type: ctySet(ctyString), optional: true, computed: true, value: () => [] },
        proxiable: { type: ctyBool, computed: true, value: () => true },
        created_on: computed(() => '2026-01-01T00:00:00Z'),
      },
    },
  },
};

/** cloudflare/cloudflare v4: `cloudflare_record`, whose `hostname` is the FQDN. */
const cloudflare4: BlockProviderDecl = {
  legacy: true,
  resources: {
    cloudflare_record: {
      attributes: {
        id: computed(),
        zone_id: req(),
        name: req(),
        type: req(),
        value: str(),
        content: str({ computed: true, value: (o) => o.value ?? '' }),
        ttl: num({ computed: true, value: () => 1 }),
        proxied: bool(),
        tags: strings(),
        hostname: computed((o) =>
          String(o.name).includes('.') ? String(o.name) : `${String(o.name)}.example.com`,
        ),
      },
    },
  },
};

const kubernetes: BlockProviderDecl = {
  legacy: true,
  resources: {
    kubernetes_ingress_v1: {
      attributes: {
        id: computed((o) => `default/${String(((o.metadata as Obj[])[0] as Obj).name)}`),
        wait_for_load_balancer: bool(),
        status: {
          type: ctyList(
            ctyObject({
              load_balancer: ctyList(
                ctyObject({ ingress: ctyList(ctyObject({ hostname: ctyString, ip: ctyString })) }),
              ),
            }),
          ),
          computed: true,
          value: () => [{ load_balancer: [{ ingress: [{ hostname: 'k8s-lb.elb.amazonaws.com', ip: '' }] }] }],
        },
      },
      blocks: {
        metadata: one({
          attributes: {
            name: str(),
            namespace: str({ default: 'default' }),
            annotations: { type: ctyMap(ctyString), optional: true },
            labels: { type: ctyMap(ctyString), optional: true },
            generation: { type: ctyNumber, computed: true, value: () => 1 },
            uid: computed(),
            resource_version: computed(() => '1'),
          },
        }),
        spec: one({
          attributes: { ingress_class_name: str() },
          blocks: {
            rule: list({
              attributes: { host: str() },
              blocks: {
                http: one({
                  attributes: {},
                  blocks: {
                    path: list({
                      attributes: { path: str(), path_type: str({ default: 'ImplementationSpecific' }) },
                      blocks: {
                        backend: one({
                          attributes: {},
                          blocks: {
                            service: one({
                              attributes: { name: req() },
                              blocks: { port: one({ attributes: { number: num(), name: str() } }) },
                            }),
                          },
                        }),
                      },
                    }),
                  },
                }),
              },
            }),
            tls: list({
              attributes: { hosts: { type: ctyList(ctyString), optional: true }, secret_name: str() },
            }),
          },
        }),
      },
    },
  },
};

/** One stand-in per provider source and version (`terraform-provider-<type>_v<version>` in the mirror). */
export const TEST_CLOUD_PROVIDERS: Record<
  string,
  { source: string; version: string; decl: BlockProviderDecl }
> = {
  aws: { source: 'registry.terraform.io/hashicorp/aws', version: '6.0.0', decl: aws },
  google: { source: 'registry.terraform.io/hashicorp/google', version: '7.0.0', decl: google },
  azurerm: { source: 'registry.terraform.io/hashicorp/azurerm', version: '4.40.0', decl: azurerm },
  cloudflare: { source: 'registry.terraform.io/cloudflare/cloudflare', version: '5.22.0', decl: cloudflare5 },
  cloudflare4: {
    source: 'registry.terraform.io/cloudflare/cloudflare',
    version: '4.52.0',
    decl: cloudflare4,
  },
  kubernetes: { source: 'registry.terraform.io/hashicorp/kubernetes', version: '2.38.0', decl: kubernetes },
};
