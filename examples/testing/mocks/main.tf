# A module as teams write it: monitors, their alert settings, the API's status page, and data sources that read
# back what it manages. tests/*.tftest.hcl test it with `terraform test` and a plain mock_provider: no service,
# no token, no network.
terraform {
  required_version = ">= 1.11"
  required_providers {
    uptime = {
      source  = "uptime-monitoring/uptime"
      version = "~> 0.1"
    }
  }
}

variable "environment" {
  type        = string
  default     = "staging"
  description = "Prefix of every monitor name"
  validation {
    condition     = contains(["staging", "production"], var.environment)
    error_message = "environment must be staging or production."
  }
}

variable "sites" {
  type = map(object({ url = string, interval_seconds = optional(number, 300) }))
  default = {
    home = { url = "https://www.example.com/" }
    docs = { url = "https://docs.example.com/", interval_seconds = 900 }
  }
  description = "The public pages to watch, by key"
}

resource "uptime_monitor" "site" {
  for_each         = var.sites
  name             = "${var.environment} ${each.key}"
  url              = each.value.url
  interval_seconds = each.value.interval_seconds
}

resource "uptime_monitor" "api" {
  name                  = "${var.environment} API health"
  url                   = "https://api.example.com/health"
  interval_seconds      = 60
  accepted_status_codes = [200]
}

resource "uptime_monitor_alert_settings" "api" {
  monitor_id = uptime_monitor.api.id
  channels   = { email = true, sms = false }
  slow_response_alerts = {
    enabled           = true
    threshold_ms      = 2000
    consecutive_limit = 3
  }
}

resource "uptime_status_page" "api" {
  monitor_id  = uptime_monitor.api.id
  title       = "API status (${var.environment})"
  description = "Availability of the public API."
  display_options = {
    response_time = false
  }
}

# Data sources that reference the managed objects: under mock_provider their ids are mocked values too.
data "uptime_monitor" "api" {
  id = uptime_monitor.api.id
}

data "uptime_status_page" "api" {
  monitor_id = uptime_status_page.api.monitor_id
}

data "uptime_incidents" "api" {
  monitor_id = uptime_monitor.api.id
  status     = "open"
}

output "monitor_ids" {
  value = merge({ for k, m in uptime_monitor.site : k => m.id }, { api = uptime_monitor.api.id })
}

output "api_status" {
  value = data.uptime_monitor.api.status
}

output "status_page_published" {
  value = data.uptime_status_page.api.enabled
}

output "open_incidents" {
  value = length(data.uptime_incidents.api.incidents)
}
