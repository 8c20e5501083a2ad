# The quickstart in HCL: the same monitors, alerts and status page as examples/quickstart (CDKTF).
#   export TF_CLI_CONFIG_FILE=…/terraform.rc UPTIME_BASE_URL=… UPTIME_API_TOKEN=… TF_VAR_api_key=…
#   terraform init && terraform apply
terraform {
  required_version = ">= 1.11"
  required_providers {
    uptime = {
      source  = "uptime-monitoring/uptime"
      version = "~> 0.1"
    }
  }
}

# base_url and token come from UPTIME_BASE_URL and UPTIME_API_TOKEN.
provider "uptime" {}

# The secret is write-only: sent to the service, never kept in the plan or the state (Terraform >= 1.11).
variable "api_key" {
  type        = string
  sensitive   = true
  ephemeral   = true
  description = "Value of the X-Api-Key header the API health check sends"
}

variable "api_key_version" {
  type        = number
  default     = 1
  description = "Increase to send a new api_key (write-only values are only sent when this changes)"
}

variable "status_page_monitor" {
  type        = string
  default     = "Example status"
  description = "Name of an existing monitor whose status page was set up in the dashboard"
}

# Destinations are verified in the dashboard; here they are found by channel and label.
data "uptime_alert_destinations" "ops" {
  channel = "email"
  label   = "Ops team"
  lifecycle {
    postcondition {
      condition     = length(self.ids) == 1
      error_message = "Expected exactly one verified email destination labelled \"Ops team\", found ${length(self.ids)}."
    }
  }
}

data "uptime_alert_destinations" "on_call" {
  channel = "sms"
  label   = "On-call phone"
  lifecycle {
    postcondition {
      condition     = length(self.ids) == 1
      error_message = "Expected exactly one verified sms destination labelled \"On-call phone\", found ${length(self.ids)}."
    }
  }
}

# Public pages share their defaults: checked every 5 minutes, alerts by email to the Ops team.
locals {
  website_defaults = { interval_seconds = 300, timeout_ms = 5000, request_method = null, ssl_warn_days = null }
  website = {
    home = merge(local.website_defaults, { name = "Homepage", url = "https://www.example.com/" })
    docs = merge(local.website_defaults, { name = "Docs", url = "https://docs.example.com/", request_method = "HEAD", ssl_warn_days = 21 })
  }
}

resource "uptime_monitor" "website" {
  for_each         = local.website
  name             = each.value.name
  url              = each.value.url
  interval_seconds = each.value.interval_seconds
  timeout_ms       = each.value.timeout_ms
  request_method   = each.value.request_method
  ssl_monitoring   = each.value.ssl_warn_days == null ? null : { enabled = true, warn_days = each.value.ssl_warn_days }
}

resource "uptime_monitor_alert_settings" "website" {
  for_each        = uptime_monitor.website
  monitor_id      = each.value.id
  channels        = { email = true, sms = false }
  destination_ids = { email = data.uptime_alert_destinations.ops.ids[0] }
  slow_response_alerts = {
    enabled = false
  }
}

# The API: every minute, an API key header, SMS too, and an alert after 3 checks slower than 2 s.
resource "uptime_monitor" "api" {
  name                  = "API health"
  url                   = "https://api.example.com/health"
  interval_seconds      = 60
  accepted_status_codes = [200]
  request_headers = [
    { name = "X-Api-Key", value_wo = var.api_key, value_wo_version = var.api_key_version },
  ]
}

resource "uptime_monitor_alert_settings" "api" {
  monitor_id = uptime_monitor.api.id
  channels   = { email = true, sms = true }
  destination_ids = {
    email = data.uptime_alert_destinations.ops.ids[0]
    sms   = data.uptime_alert_destinations.on_call.ids[0]
  }
  slow_response_alerts = {
    enabled           = true
    threshold_ms      = 2000
    consecutive_limit = 3
  }
}

# A status page is set up once in the dashboard, which needs an existing monitor; the API then manages its
# content. So this page belongs to a monitor that already exists and whose page is set up: by default
# "Example status", which the local service's default seed provides.
data "uptime_monitors" "all" {}

locals {
  status_page_monitor_ids = [for m in data.uptime_monitors.all.monitors : m.id if m.name == var.status_page_monitor && !m.archived]
}

resource "uptime_status_page" "public" {
  monitor_id  = one(local.status_page_monitor_ids)
  title       = "Example Inc. status"
  description = "Live availability of our website, docs and API."
  # Uptime timeline, response times and incidents; not the list of every recent check.
  display_options = {
    recent_history = false
  }
  lifecycle {
    precondition {
      condition     = length(local.status_page_monitor_ids) == 1
      error_message = "Expected exactly one non-archived monitor named \"${var.status_page_monitor}\", found ${length(local.status_page_monitor_ids)}."
    }
  }
}

output "monitor_ids" {
  value = merge({ for k, m in uptime_monitor.website : k => m.id }, { api = uptime_monitor.api.id })
}

output "status_page_url" {
  value = uptime_status_page.public.url
}
