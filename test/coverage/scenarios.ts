// The configurations the coverage fixtures are planned from (make-fixtures.ts, with real Terraform and the provider
// stand-ins of providers/), and the status each endpoint must get, written from the catalogue's rules and the
// providers' docs (../shared/reference/coverage.md): one configuration per catalogue type, one with modules, one
// whose monitor is built from a local value, one planned over an applied state ("update": known hostnames, a
// replacement, a monitor being deleted), and "review", about a dozen endpoints across the types in every status.
import { lbDnsName } from './providers/schemas.js';

export const PROVIDERS = {
  aws: 'aws = { source = "hashicorp/aws", version = "6.0.0" }',
  google: 'google = { source = "hashicorp/google", version = "7.0.0" }',
  azurerm: 'azurerm = { source = "hashicorp/azurerm", version = "4.40.0" }',
  cloudflare: 'cloudflare = { source = "cloudflare/cloudflare", version = "5.22.0" }',
  cloudflare4: 'cloudflare = { source = "cloudflare/cloudflare", version = "4.52.0" }',
  kubernetes: 'kubernetes = { source = "hashicorp/kubernetes", version = "2.38.0" }',
} as const;
export type ProviderName = keyof typeof PROVIDERS;

export function header(...providers: ProviderName[]): string {
  return `terraform {
  required_providers {
    uptime = { source = "uptime-monitoring/uptime", version = "0.1.0" }
${providers.map((p) => `    ${PROVIDERS[p]}`).join('\n')}
  }
}
${providers.includes('azurerm') ? 'provider "azurerm" {\n  features {}\n}\n' : ''}`;
}

/** A status, or `absent` (not an HTTP endpoint: not listed) or `ignored` (suppressed). */
export type Expected = 'covered' | 'not-public' | 'uncovered' | 'unknown' | 'absent' | 'ignored';

export interface Scenario {
  providers: ProviderName[];
  /** Applied first, when given: the plan is then an update of what these made. */
  before?: Record<string, string>;
  /** More arguments for `terraform plan` (e.g. -replace). */
  planArgs?: string[];
  files: Record<string, string>;
  /** Each endpoint's expected status by address (the chain's head). */
  expect: Record<string, Expected>;
  /** Expected covering monitors, where the test checks them. */
  monitors?: Record<string, string[]>;
}

const monitor = (name: string, url: string, extra = '') =>
  `resource "uptime_monitor" "${name}" {\n  name = "${name}"\n  url  = ${url}\n${extra}}\n`;

const unknownBool = `resource "terraform_data" "flag" {\n  input = true\n}\n`;

export const SCENARIOS: Record<string, Scenario> = {
  aws_lb: {
    providers: ['aws'],
    files: {
      'main.tf': `${unknownBool}
resource "aws_lb" "public" { name = "public" }
resource "aws_lb" "internal" {
  name     = "internal"
  internal = true
}
resource "aws_lb" "explicit" {
  name     = "explicit"
  internal = false
}
resource "aws_lb" "network" {
  name               = "nlb"
  load_balancer_type = "network"
}
resource "aws_lb" "gateway" {
  name               = "gwlb"
  load_balancer_type = "gateway"
}
resource "aws_lb" "undecided" {
  name     = "undecided"
  internal = terraform_data.flag.output
}
resource "aws_lb" "type_undecided" {
  name               = "type-undecided"
  load_balancer_type = terraform_data.flag.output ? "application" : "network"
}
resource "aws_lb" "watched" { name = "watched" }
resource "aws_lb" "internal_watched" {
  name     = "internal-watched"
  internal = true
}
resource "aws_lb" "ignored" {
  name = "ignored"
  tags = { "uptime-coverage" = "ignore", team = "edge" }
}
${monitor('watched', '"https://${aws_lb.watched.dns_name}/health"')}
${monitor('internal_watched', '"http://${aws_lb.internal_watched.dns_name}/"')}`,
    },
    expect: {
      'aws_lb.internal_watched': 'covered',
      'aws_lb.public': 'uncovered',
      'aws_lb.internal': 'not-public',
      'aws_lb.explicit': 'uncovered',
      'aws_lb.network': 'absent',
      'aws_lb.gateway': 'absent',
      'aws_lb.undecided': 'unknown',
      'aws_lb.type_undecided': 'unknown',
      'aws_lb.watched': 'covered',
      'aws_lb.ignored': 'ignored',
    },
    monitors: { 'aws_lb.watched': ['uptime_monitor.watched'] },
  },
  aws_alb: {
    providers: ['aws'],
    files: {
      'main.tf': `resource "aws_alb" "web" { name = "web" }
resource "aws_alb" "private" {
  name     = "private"
  internal = true
}
resource "aws_alb" "watched" { name = "watched" }
${monitor('alb', 'aws_alb.watched.dns_name', '')}`,
    },
    expect: { 'aws_alb.web': 'uncovered', 'aws_alb.private': 'not-public', 'aws_alb.watched': 'covered' },
  },
  aws_route53_record: {
    providers: ['aws'],
    files: {
      'main.tf': `${unknownBool}
resource "aws_route53_zone" "public" { name = "example.com" }
resource "aws_route53_zone" "private" {
  name = "internal.example.com"
  vpc { vpc_id = "vpc-123" }
}
data "aws_route53_zone" "corp" {
  name         = "corp.example.com"
  private_zone = true
}
resource "aws_lb" "api" { name = "api" }
resource "aws_route53_record" "www" {
  zone_id = aws_route53_zone.public.zone_id
  name    = "www.example.com"
  type    = "A"
  records = ["192.0.2.10"]
  ttl     = 300
}
resource "aws_route53_record" "api" {
  zone_id = aws_route53_zone.public.zone_id
  name    = "api.example.com"
  type    = "A"
  alias {
    name                   = aws_lb.api.dns_name
    zone_id                = aws_lb.api.zone_id
    evaluate_target_health = true
  }
}
resource "aws_route53_record" "db" {
  zone_id = aws_route53_zone.private.zone_id
  name    = "db.internal.example.com"
  type    = "CNAME"
  records = ["db.local"]
  ttl     = 60
}
resource "aws_route53_record" "corp" {
  zone_id = data.aws_route53_zone.corp.zone_id
  name    = "wiki.corp.example.com"
  type    = "A"
  records = ["10.0.0.5"]
  ttl     = 60
}
resource "aws_route53_record" "elsewhere" {
  zone_id = "Z0OUTSIDE"
  name    = "shop.example.net"
  type    = "AAAA"
  records = ["2001:db8::1"]
  ttl     = 60
}
resource "aws_route53_record" "txt" {
  zone_id = aws_route53_zone.public.zone_id
  name    = "example.com"
  type    = "TXT"
  records = ["v=spf1 -all"]
  ttl     = 60
}
resource "aws_route53_record" "type_undecided" {
  zone_id = aws_route53_zone.public.zone_id
  name    = "maybe.example.com"
  type    = terraform_data.flag.output ? "A" : "TXT"
  records = ["192.0.2.11"]
  ttl     = 60
}
resource "aws_route53_record" "status" {
  zone_id = aws_route53_zone.public.zone_id
  name    = "status.example.com"
  type    = "CNAME"
  records = ["status.provider.example"]
  ttl     = 60
}
resource "aws_route53_record" "team" {
  for_each = toset(["@team", "<img src=x onerror=alert(1)>", "$\${jndi:ldap://x}", "%%{ if true }x%%{ endif }", "line\\nbreak", "plain"])
  zone_id  = aws_route53_zone.public.zone_id
  name     = each.key == "plain" ? "plain.example.com" : "t\${substr(sha1(each.key), 0, 8)}.example.com"
  type     = "A"
  records  = ["192.0.2.20"]
  ttl      = 60
}
${monitor('status', '"https://status.example.com/"')}
${monitor('plain', '"https://${aws_route53_record.team["plain"].fqdn}/"')}`,
    },
    expect: {
      'aws_route53_record.www': 'uncovered',
      'aws_route53_record.api': 'uncovered',
      'aws_route53_record.db': 'not-public',
      'aws_route53_record.corp': 'not-public',
      'aws_route53_record.elsewhere': 'uncovered',
      'aws_route53_record.txt': 'absent',
      'aws_route53_record.type_undecided': 'unknown',
      'aws_route53_record.status': 'covered',
      'aws_route53_record.team["@team"]': 'uncovered',
      'aws_route53_record.team["<img src=x onerror=alert(1)>"]': 'uncovered',
      'aws_route53_record.team["$${jndi:ldap://x}"]': 'uncovered',
      'aws_route53_record.team["%%{ if true }x%%{ endif }"]': 'uncovered',
      'aws_route53_record.team["line\\nbreak"]': 'uncovered',
      'aws_route53_record.team["plain"]': 'covered',
      'aws_lb.api': 'absent',
    },
    monitors: {
      'aws_route53_record.status': ['uptime_monitor.status'],
      'aws_route53_record.team["plain"]': ['uptime_monitor.plain'],
    },
  },
  cloudflare_dns_record: {
    providers: ['cloudflare', 'aws'],
    files: {
      'main.tf': `resource "aws_lb" "origin" { name = "origin" }
resource "cloudflare_dns_record" "www" {
  zone_id = "023e105f4ecef8ad9ca31a8372d0c353"
  name    = "www.example.com"
  type    = "A"
  content = "192.0.2.1"
  ttl     = 1
  proxied = true
}
resource "cloudflare_dns_record" "app" {
  zone_id = "023e105f4ecef8ad9ca31a8372d0c353"
  name    = "app.example.com"
  type    = "CNAME"
  content = aws_lb.origin.dns_name
  ttl     = 1
}
resource "cloudflare_dns_record" "apex" {
  zone_id = "023e105f4ecef8ad9ca31a8372d0c353"
  name    = "@"
  type    = "A"
  content = "192.0.2.2"
  ttl     = 1
}
resource "cloudflare_dns_record" "mail" {
  zone_id = "023e105f4ecef8ad9ca31a8372d0c353"
  name    = "example.com"
  type    = "MX"
  content = "mx.example.com"
  ttl     = 1
}
resource "cloudflare_dns_record" "ignored" {
  zone_id = "023e105f4ecef8ad9ca31a8372d0c353"
  name    = "staging.example.com"
  type    = "A"
  content = "192.0.2.3"
  ttl     = 1
  tags    = ["uptime-coverage:ignore", "env:staging"]
}
resource "cloudflare_dns_record" "docs" {
  zone_id = "023e105f4ecef8ad9ca31a8372d0c353"
  name    = "docs.example.com"
  type    = "CNAME"
  content = "docs.host.example"
  ttl     = 1
}
${monitor('docs', '"https://${cloudflare_dns_record.docs.name}/"')}`,
    },
    expect: {
      'cloudflare_dns_record.www': 'uncovered',
      'cloudflare_dns_record.app': 'uncovered',
      'cloudflare_dns_record.apex': 'unknown',
      'cloudflare_dns_record.mail': 'absent',
      'cloudflare_dns_record.ignored': 'ignored',
      'cloudflare_dns_record.docs': 'covered',
      'aws_lb.origin': 'absent',
    },
  },
  cloudflare_record: {
    providers: ['cloudflare4'],
    files: {
      'main.tf': `resource "cloudflare_record" "www" {
  zone_id = "023e105f4ecef8ad9ca31a8372d0c353"
  name    = "www"
  type    = "A"
  value   = "192.0.2.1"
  proxied = true
}
resource "cloudflare_record" "api" {
  zone_id = "023e105f4ecef8ad9ca31a8372d0c353"
  name    = "api.example.com"
  type    = "CNAME"
  value   = "api.host.example"
}
resource "cloudflare_record" "txt" {
  zone_id = "023e105f4ecef8ad9ca31a8372d0c353"
  name    = "example.com"
  type    = "TXT"
  value   = "v=spf1 -all"
}
${monitor('api', '"https://${cloudflare_record.api.hostname}/"')}`,
    },
    expect: {
      'cloudflare_record.www': 'uncovered',
      'cloudflare_record.api': 'covered',
      'cloudflare_record.txt': 'absent',
    },
  },
  aws_api_gateway_stage: {
    providers: ['aws'],
    files: {
      'main.tf': `resource "aws_api_gateway_rest_api" "edge" { name = "edge" }
resource "aws_api_gateway_rest_api" "regional" {
  name = "regional"
  endpoint_configuration { types = ["REGIONAL"] }
}
resource "aws_api_gateway_rest_api" "private" {
  name = "private"
  endpoint_configuration { types = ["PRIVATE"] }
}
resource "aws_api_gateway_deployment" "edge" { rest_api_id = aws_api_gateway_rest_api.edge.id }
resource "aws_api_gateway_deployment" "regional" { rest_api_id = aws_api_gateway_rest_api.regional.id }
resource "aws_api_gateway_deployment" "private" { rest_api_id = aws_api_gateway_rest_api.private.id }
resource "aws_api_gateway_stage" "edge" {
  rest_api_id   = aws_api_gateway_rest_api.edge.id
  deployment_id = aws_api_gateway_deployment.edge.id
  stage_name    = "prod"
}
resource "aws_api_gateway_stage" "regional" {
  rest_api_id   = aws_api_gateway_rest_api.regional.id
  deployment_id = aws_api_gateway_deployment.regional.id
  stage_name    = "prod"
}
resource "aws_api_gateway_stage" "private" {
  rest_api_id   = aws_api_gateway_rest_api.private.id
  deployment_id = aws_api_gateway_deployment.private.id
  stage_name    = "prod"
}
resource "aws_api_gateway_stage" "outside" {
  rest_api_id   = "a1b2c3outside"
  deployment_id = "dep123"
  stage_name    = "prod"
}
${monitor('regional', '"${aws_api_gateway_stage.regional.invoke_url}/health"')}`,
    },
    expect: {
      'aws_api_gateway_stage.edge': 'uncovered',
      'aws_api_gateway_stage.regional': 'covered',
      'aws_api_gateway_stage.private': 'not-public',
      'aws_api_gateway_stage.outside': 'uncovered',
    },
  },
  aws_apigatewayv2_stage: {
    providers: ['aws'],
    files: {
      'main.tf': `resource "aws_apigatewayv2_api" "http" {
  name          = "http"
  protocol_type = "HTTP"
}
resource "aws_apigatewayv2_api" "ws" {
  name          = "ws"
  protocol_type = "WEBSOCKET"
}
resource "aws_apigatewayv2_api" "custom_domain_only" {
  name                         = "custom"
  protocol_type                = "HTTP"
  disable_execute_api_endpoint = true
}
resource "aws_apigatewayv2_stage" "http" {
  api_id      = aws_apigatewayv2_api.http.id
  name        = "$default"
  auto_deploy = true
}
resource "aws_apigatewayv2_stage" "ws" {
  api_id = aws_apigatewayv2_api.ws.id
  name   = "prod"
}
resource "aws_apigatewayv2_stage" "custom_domain_only" {
  api_id = aws_apigatewayv2_api.custom_domain_only.id
  name   = "prod"
}
resource "aws_apigatewayv2_stage" "outside" {
  api_id = "z4675bidoutside"
  name   = "prod"
}`,
    },
    expect: {
      'aws_apigatewayv2_stage.http': 'uncovered',
      'aws_apigatewayv2_stage.ws': 'absent',
      'aws_apigatewayv2_stage.custom_domain_only': 'not-public',
      'aws_apigatewayv2_stage.outside': 'unknown',
    },
  },
  aws_lambda_function_url: {
    providers: ['aws'],
    files: {
      'main.tf': `resource "aws_lambda_function" "fn" {
  function_name = "fn"
  role          = "arn:aws:iam::123456789012:role/fn"
}
resource "aws_lambda_function_url" "public" {
  function_name      = aws_lambda_function.fn.function_name
  authorization_type = "NONE"
}
resource "aws_lambda_function_url" "signed" {
  function_name      = aws_lambda_function.fn.function_name
  qualifier          = "live"
  authorization_type = "AWS_IAM"
}
resource "aws_lambda_function_url" "watched" {
  function_name      = aws_lambda_function.fn.function_name
  qualifier          = "beta"
  authorization_type = "NONE"
}
${monitor('hook', 'aws_lambda_function_url.watched.function_url')}`,
    },
    expect: {
      'aws_lambda_function_url.public': 'uncovered',
      'aws_lambda_function_url.signed': 'not-public',
      'aws_lambda_function_url.watched': 'covered',
    },
  },
  aws_cloudfront_distribution: {
    providers: ['aws'],
    files: {
      'main.tf': `resource "aws_lb" "origin" { name = "origin" }
resource "aws_cloudfront_distribution" "site" {
  enabled = true
  aliases = ["www.example.org"]
  origin {
    domain_name = "bucket.s3.amazonaws.com"
    origin_id   = "s3"
  }
}
resource "aws_cloudfront_distribution" "app" {
  enabled = true
  origin {
    domain_name = aws_lb.origin.dns_name
    origin_id   = "alb"
  }
}
resource "aws_cloudfront_distribution" "off" {
  enabled = false
  origin {
    domain_name = "old.example.org"
    origin_id   = "old"
  }
}
${monitor('site', '"https://www.example.org/"')}`,
    },
    expect: {
      'aws_cloudfront_distribution.site': 'covered',
      'aws_cloudfront_distribution.app': 'uncovered',
      'aws_cloudfront_distribution.off': 'not-public',
      'aws_lb.origin': 'absent',
    },
  },
  google_cloud_run_v2_service: {
    providers: ['google'],
    files: {
      'main.tf': `${unknownBool}
resource "google_cloud_run_v2_service" "api" {
  name     = "api"
  location = "europe-west1"
  template {
    containers { image = "gcr.io/p/api" }
  }
}
resource "google_cloud_run_v2_service" "all" {
  name     = "all"
  location = "europe-west1"
  ingress  = "INGRESS_TRAFFIC_ALL"
  template {
    containers { image = "gcr.io/p/all" }
  }
}
resource "google_cloud_run_v2_service" "worker" {
  name     = "worker"
  location = "europe-west1"
  ingress  = "INGRESS_TRAFFIC_INTERNAL_ONLY"
  template {
    containers { image = "gcr.io/p/worker" }
  }
}
resource "google_cloud_run_v2_service" "behind_lb" {
  name     = "behind-lb"
  location = "europe-west1"
  ingress  = "INGRESS_TRAFFIC_INTERNAL_LOAD_BALANCER"
  template {
    containers { image = "gcr.io/p/lb" }
  }
}
resource "google_cloud_run_v2_service" "no_default_uri" {
  name                 = "no-default-uri"
  location             = "europe-west1"
  default_uri_disabled = true
  template {
    containers { image = "gcr.io/p/x" }
  }
}
resource "google_cloud_run_v2_service" "undecided" {
  name     = "undecided"
  location = "europe-west1"
  ingress  = terraform_data.flag.output ? "INGRESS_TRAFFIC_ALL" : "INGRESS_TRAFFIC_INTERNAL_ONLY"
  template {
    containers { image = "gcr.io/p/u" }
  }
}
resource "google_cloud_run_v2_service" "ignored" {
  name     = "ignored"
  location = "europe-west1"
  labels   = { "uptime-coverage" = "ignore" }
  template {
    containers { image = "gcr.io/p/i" }
  }
}
${monitor('all', 'google_cloud_run_v2_service.all.uri')}`,
    },
    expect: {
      'google_cloud_run_v2_service.api': 'uncovered',
      'google_cloud_run_v2_service.all': 'covered',
      'google_cloud_run_v2_service.worker': 'not-public',
      'google_cloud_run_v2_service.behind_lb': 'not-public',
      'google_cloud_run_v2_service.no_default_uri': 'not-public',
      'google_cloud_run_v2_service.undecided': 'unknown',
      'google_cloud_run_v2_service.ignored': 'ignored',
    },
  },
  kubernetes_ingress_v1: {
    providers: ['kubernetes'],
    files: {
      'main.tf': `resource "kubernetes_ingress_v1" "web" {
  metadata { name = "web" }
  spec {
    rule {
      host = "web.example.com"
      http {
        path {
          path = "/"
          backend {
            service {
              name = "web"
              port { number = 80 }
            }
          }
        }
      }
    }
    tls {
      hosts       = ["web.example.com"]
      secret_name = "web-tls"
    }
  }
}
resource "kubernetes_ingress_v1" "plain" {
  metadata { name = "plain" }
  spec {
    rule {
      host = "plain.example.com"
    }
  }
}
resource "kubernetes_ingress_v1" "default_backend" {
  metadata { name = "default" }
  spec {
    rule {
      http {
        path { path = "/" }
      }
    }
  }
}
resource "kubernetes_ingress_v1" "ignored" {
  metadata {
    name        = "ignored"
    annotations = { "uptime-coverage" = "ignore" }
  }
  spec {
    rule { host = "ignored.example.com" }
  }
}
resource "kubernetes_ingress_v1" "watched" {
  metadata { name = "watched" }
  spec {
    rule { host = "watched.example.com" }
  }
}
${monitor('watched', '"https://watched.example.com/healthz"')}`,
    },
    expect: {
      'kubernetes_ingress_v1.web': 'uncovered',
      'kubernetes_ingress_v1.plain': 'uncovered',
      'kubernetes_ingress_v1.default_backend': 'unknown',
      'kubernetes_ingress_v1.ignored': 'ignored',
      'kubernetes_ingress_v1.watched': 'covered',
    },
  },
  azurerm_linux_web_app: {
    providers: ['azurerm'],
    files: {
      'main.tf': `resource "azurerm_linux_web_app" "portal" {
  name                = "portal"
  resource_group_name = "rg"
  location            = "westeurope"
  service_plan_id     = "/subscriptions/x/plan"
  site_config { health_check_path = "/healthz" }
}
resource "azurerm_linux_web_app" "intranet" {
  name                          = "intranet"
  resource_group_name           = "rg"
  location                      = "westeurope"
  service_plan_id               = "/subscriptions/x/plan"
  public_network_access_enabled = false
  site_config {}
}
resource "azurerm_linux_web_app" "ignored" {
  name                = "ignored"
  resource_group_name = "rg"
  location            = "westeurope"
  service_plan_id     = "/subscriptions/x/plan"
  tags                = { "uptime-coverage" = "ignore" }
  site_config {}
}`,
    },
    expect: {
      'azurerm_linux_web_app.portal': 'uncovered',
      'azurerm_linux_web_app.intranet': 'not-public',
      'azurerm_linux_web_app.ignored': 'ignored',
    },
  },
  azurerm_windows_web_app: {
    providers: ['azurerm'],
    files: {
      'main.tf': `resource "azurerm_windows_web_app" "shop" {
  name                = "shop"
  resource_group_name = "rg"
  location            = "westeurope"
  service_plan_id     = "/subscriptions/x/plan"
  site_config {}
}
resource "azurerm_windows_web_app" "stopped" {
  name                = "stopped"
  resource_group_name = "rg"
  location            = "westeurope"
  service_plan_id     = "/subscriptions/x/plan"
  enabled             = false
  site_config {}
}
${monitor('shop', '"https://${azurerm_windows_web_app.shop.default_hostname}/"')}`,
    },
    expect: { 'azurerm_windows_web_app.shop': 'covered', 'azurerm_windows_web_app.stopped': 'not-public' },
  },
  modules: {
    providers: ['aws'],
    files: {
      'main.tf': `resource "aws_route53_zone" "main" { name = "example.com" }
module "edge" {
  source  = "./modules/edge"
  zone_id = aws_route53_zone.main.zone_id
  host    = "edge.example.com"
}
module "svc" {
  source   = "./modules/svc"
  for_each = toset(["blue", "green"])
  name     = each.key
}
module "watched" {
  source = "./modules/svc"
  name   = "watched"
}
${monitor('edge', '"https://${module.edge.hostname}/"')}
${monitor('green', '"https://${module.svc["green"].dns_name}/"')}
${monitor('zero', '"https://${module.svc["blue"].dns_name}/"', '  count = 0\n')}`,
      'modules/edge/main.tf': `${header('aws')}
variable "zone_id" { type = string }
variable "host" { type = string }
resource "aws_lb" "this" { name = "edge" }
resource "aws_route53_record" "this" {
  zone_id = var.zone_id
  name    = var.host
  type    = "A"
  alias {
    name                   = aws_lb.this.dns_name
    zone_id                = aws_lb.this.zone_id
    evaluate_target_health = true
  }
}
output "hostname" { value = aws_route53_record.this.fqdn }`,
      'modules/svc/main.tf': `${header('aws')}
variable "name" { type = string }
resource "aws_lb" "this" { name = var.name }
resource "uptime_monitor" "inside" {
  count = var.name == "watched" ? 1 : 0
  name  = "inside"
  url   = "https://\${aws_lb.this.dns_name}/"
}
output "dns_name" { value = aws_lb.this.dns_name }`,
    },
    expect: {
      'module.edge.aws_route53_record.this': 'covered',
      'module.edge.aws_lb.this': 'absent',
      'module.svc["blue"].aws_lb.this': 'uncovered',
      'module.svc["green"].aws_lb.this': 'covered',
      'module.watched.aws_lb.this': 'covered',
    },
    monitors: {
      'module.edge.aws_route53_record.this': ['uptime_monitor.edge'],
      'module.svc["green"].aws_lb.this': ['uptime_monitor.green'],
      'module.watched.aws_lb.this': ['module.watched.uptime_monitor.inside[0]'],
    },
  },
  locals: {
    providers: ['aws'],
    files: {
      'main.tf': `locals { api_url = "https://\${aws_lb.api.dns_name}/" }
resource "aws_lb" "api" { name = "api" }
resource "aws_lb" "internal" {
  name     = "internal"
  internal = true
}
resource "aws_lb" "watched" { name = "watched" }
${monitor('api', 'local.api_url')}
${monitor('watched', '"https://${aws_lb.watched.dns_name}/"')}`,
    },
    expect: { 'aws_lb.api': 'unknown', 'aws_lb.internal': 'not-public', 'aws_lb.watched': 'covered' },
  },
  update: {
    providers: ['aws'],
    before: {
      'main.tf': `resource "aws_lb" "old" { name = "old" }
resource "aws_lb" "same" { name = "same" }
resource "aws_lb" "orphan" { name = "orphan" }
resource "aws_lb" "renewed" { name = "renewed" }
${monitor('orphan', '"https://${aws_lb.orphan.dns_name}/"')}
${monitor('renewed', '"https://${aws_lb.renewed.dns_name}/"')}`,
    },
    planArgs: ['-replace=aws_lb.renewed'],
    files: {
      'main.tf': `resource "aws_lb" "old" {
  name = "old"
  tags = { owner = "web" }
}
resource "aws_lb" "same" { name = "same" }
resource "aws_lb" "orphan" {
  name = "orphan"
  tags = { owner = "web" }
}
resource "aws_lb" "renewed" { name = "renewed" }
${monitor('renewed', '"https://${aws_lb.renewed.dns_name}/"')}
${monitor('old', `"https://${lbDnsName('old')}/health"`)}`,
    },
    expect: {
      'aws_lb.old': 'covered',
      'aws_lb.same': 'absent',
      'aws_lb.orphan': 'uncovered',
      'aws_lb.renewed': 'covered',
    },
    monitors: { 'aws_lb.old': ['uptime_monitor.old'], 'aws_lb.renewed': ['uptime_monitor.renewed'] },
  },
  review: {
    providers: ['aws', 'google', 'azurerm', 'cloudflare', 'kubernetes'],
    files: {
      'main.tf': `${unknownBool}
resource "aws_route53_zone" "main" { name = "example.com" }
resource "aws_route53_zone" "vpc" {
  name = "corp.internal"
  vpc { vpc_id = "vpc-1" }
}
resource "aws_lb" "api" { name = "api" }
resource "aws_route53_record" "api" {
  zone_id = aws_route53_zone.main.zone_id
  name    = "api.example.com"
  type    = "A"
  alias {
    name                   = aws_lb.api.dns_name
    zone_id                = aws_lb.api.zone_id
    evaluate_target_health = true
  }
}
resource "aws_route53_record" "admin" {
  zone_id = aws_route53_zone.vpc.zone_id
  name    = "admin.corp.internal"
  type    = "A"
  records = ["10.1.2.3"]
  ttl     = 60
}
resource "aws_alb" "internal" {
  name     = "internal"
  internal = true
}
resource "aws_lb" "tenants" {
  for_each = toset(["@team", "<img src=x>"])
  name     = "tenant"
}
resource "aws_api_gateway_rest_api" "orders" { name = "orders" }
resource "aws_api_gateway_deployment" "orders" { rest_api_id = aws_api_gateway_rest_api.orders.id }
resource "aws_api_gateway_stage" "orders" {
  rest_api_id   = aws_api_gateway_rest_api.orders.id
  deployment_id = aws_api_gateway_deployment.orders.id
  stage_name    = "prod"
}
resource "aws_apigatewayv2_api" "events" {
  name          = "events"
  protocol_type = "HTTP"
}
resource "aws_apigatewayv2_stage" "events" {
  api_id = aws_apigatewayv2_api.events.id
  name   = "$default"
}
resource "aws_lambda_function" "hook" {
  function_name = "hook"
  role          = "arn:aws:iam::123456789012:role/hook"
}
resource "aws_lambda_function_url" "hook" {
  function_name      = aws_lambda_function.hook.function_name
  authorization_type = "AWS_IAM"
}
resource "aws_cloudfront_distribution" "site" {
  enabled = true
  aliases = ["www.example.com"]
  origin {
    domain_name = "site.s3.amazonaws.com"
    origin_id   = "s3"
  }
}
resource "google_cloud_run_v2_service" "search" {
  name     = "search"
  location = "europe-west1"
  template {
    containers { image = "gcr.io/p/search" }
  }
}
resource "google_cloud_run_v2_service" "jobs" {
  name     = "jobs"
  location = "europe-west1"
  ingress  = "INGRESS_TRAFFIC_INTERNAL_ONLY"
  template {
    containers { image = "gcr.io/p/jobs" }
  }
}
resource "azurerm_linux_web_app" "portal" {
  name                          = "portal"
  resource_group_name           = "rg"
  location                      = "westeurope"
  service_plan_id               = "/subscriptions/x/plan"
  public_network_access_enabled = terraform_data.flag.output
  site_config {}
}
resource "cloudflare_dns_record" "docs" {
  zone_id = "023e105f4ecef8ad9ca31a8372d0c353"
  name    = "docs.example.com"
  type    = "CNAME"
  content = "docs.host.example"
  ttl     = 1
}
resource "kubernetes_ingress_v1" "shop" {
  metadata { name = "shop" }
  spec {
    rule { host = "shop.example.com" }
    tls {
      hosts       = ["shop.example.com"]
      secret_name = "shop-tls"
    }
  }
}
resource "kubernetes_ingress_v1" "legacy" {
  metadata {
    name        = "legacy"
    annotations = { "uptime-coverage" = "ignore" }
  }
  spec {
    rule { host = "legacy.example.com" }
  }
}
module "edge" {
  source = "./modules/edge"
}
resource "uptime_monitor" "orders" {
  name = "Orders API"
  url  = "\${aws_api_gateway_stage.orders.invoke_url}/health"
}
resource "uptime_monitor" "site" {
  name = "Website"
  url  = "https://www.example.com/"
}
resource "uptime_monitor" "shop" {
  name = "Shop"
  url  = "https://\${kubernetes_ingress_v1.shop.spec[0].rule[0].host}/"
}
resource "uptime_monitor" "edge" {
  name = "Edge"
  url  = "https://\${module.edge.dns_name}/"
}
resource "uptime_monitor" "search_old" {
  count = 0
  name  = "Search (off)"
  url   = google_cloud_run_v2_service.search.uri
}`,
      'modules/edge/main.tf': `${header('aws')}
resource "aws_lb" "this" { name = "edge" }
resource "aws_lb" "admin" { name = "edge-admin" }
output "dns_name" { value = aws_lb.this.dns_name }`,
    },
    expect: {
      'aws_route53_record.api': 'uncovered',
      'aws_route53_record.admin': 'not-public',
      'aws_alb.internal': 'not-public',
      'aws_lb.tenants["@team"]': 'uncovered',
      'aws_lb.tenants["<img src=x>"]': 'uncovered',
      'aws_api_gateway_stage.orders': 'covered',
      'aws_apigatewayv2_stage.events': 'uncovered',
      'aws_lambda_function_url.hook': 'not-public',
      'aws_cloudfront_distribution.site': 'covered',
      'google_cloud_run_v2_service.search': 'uncovered',
      'google_cloud_run_v2_service.jobs': 'not-public',
      'azurerm_linux_web_app.portal': 'unknown',
      'cloudflare_dns_record.docs': 'uncovered',
      'kubernetes_ingress_v1.shop': 'covered',
      'kubernetes_ingress_v1.legacy': 'ignored',
      'module.edge.aws_lb.this': 'covered',
      'module.edge.aws_lb.admin': 'uncovered',
      'aws_lb.api': 'absent',
    },
    monitors: {
      'aws_api_gateway_stage.orders': ['uptime_monitor.orders'],
      'aws_cloudfront_distribution.site': ['uptime_monitor.site'],
      'kubernetes_ingress_v1.shop': ['uptime_monitor.shop'],
      'module.edge.aws_lb.this': ['uptime_monitor.edge'],
      'google_cloud_run_v2_service.search': [],
    },
  },
};

/** The catalogue types each have a scenario named after them. */
export const TYPE_SCENARIOS = Object.keys(SCENARIOS).filter(
  (k) => !['modules', 'locals', 'update', 'review'].includes(k),
);

/** The scenario's files (or those applied first) with the providers' `terraform` block added to main.tf. */
export function scenarioFiles(s: Scenario, files: Record<string, string> = s.files): Record<string, string> {
  return { ...files, 'main.tf': `${header(...s.providers)}\n${files['main.tf']}` };
}
