# Applied for real by tests/local-service.tftest.hcl against the local service (`npx uptimectl service`, default
# seed): a monitor, its alert settings with the seed's verified destinations, and the status page of the seed's
# "Example status" monitor (a page is set up once in the dashboard, so a test manages one that is).
#   export UPTIME_BASE_URL=… UPTIME_API_TOKEN=…   # printed by `npx uptimectl service --json`
#   terraform init && terraform test
terraform {
  required_version = ">= 1.11"
  required_providers {
    uptime = {
      source  = "uptime-monitoring/uptime"
      version = "~> 0.1"
    }
  }
}

variable "name_prefix" {
  type        = string
  default     = "tftest"
  description = "Prefix of the monitor names, so parallel suites against one service stay apart"
}

variable "status_page_monitor" {
  type        = string
  default     = "Example status"
  description = "Name of an existing monitor whose status page was set up in the dashboard"
}

data "uptime_alert_destinations" "ops" {
  channel = "email"
  label   = "Ops team"
}

resource "uptime_monitor" "api" {
  name                  = "${var.name_prefix} API health"
  url                   = "https://api.example.com/health"
  interval_seconds      = 60
  accepted_status_codes = [200]
}

resource "uptime_monitor_alert_settings" "api" {
  monitor_id      = uptime_monitor.api.id
  channels        = { email = true, sms = false }
  destination_ids = { email = one(data.uptime_alert_destinations.ops.ids) }
}

data "uptime_monitors" "all" {}

locals {
  page_monitor_ids = [for m in data.uptime_monitors.all.monitors : m.id if m.name == var.status_page_monitor && !m.archived]
}

resource "uptime_status_page" "public" {
  monitor_id = one(local.page_monitor_ids)
  title      = "${var.name_prefix} status"
  display_options = {
    response_time = false
  }
}

# Read back what the apply made.
data "uptime_monitor" "api" {
  id = uptime_monitor.api.id
}

output "api_monitor_id" {
  value = uptime_monitor.api.id
}

output "status_page_url" {
  value = uptime_status_page.public.url
}
