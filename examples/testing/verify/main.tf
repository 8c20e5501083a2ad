# A monitor and the facts a team asserts on right after an apply: is it up (a check block that waits for a check
# of the configuration just applied), its 24-hour summary, its recent checks and alerts, and the API allowance left.
# Run its tests with `terraform test` (verify.tftest.hcl); see docs/guides/verifying-monitors-after-apply.md.
terraform {
  required_providers {
    uptime = {
      source = "uptime-monitoring/uptime"
    }
  }
}

# base_url and token from UPTIME_BASE_URL and UPTIME_API_TOKEN.
provider "uptime" {}

variable "name" {
  type    = string
  default = "Verified after apply"
}

variable "url" {
  type        = string
  description = "The URL the monitor checks."
}

variable "wait_for_check" {
  type        = string
  default     = "3m"
  description = "How long the facts may take to catch up with a change (more than one check interval is safe)."
}

resource "uptime_monitor" "home" {
  name             = var.name
  url              = var.url
  interval_seconds = 60
  timeout_ms       = 5000
}

# Runs after every plan and apply: waits (at most wait_for_check) until the monitor has been checked since its last
# change, then asserts on that check. Without the wait the status could still be "pending" after a create, or the
# previous URL's "up" after a change.
check "home_up" {
  data "uptime_monitor" "home" {
    id             = uptime_monitor.home.id
    wait_for_check = var.wait_for_check
  }

  assert {
    condition     = data.uptime_monitor.home.status == "up"
    error_message = "Monitor ${uptime_monitor.home.name} is ${data.uptime_monitor.home.status} after this apply (HTTP status ${coalesce(data.uptime_monitor.home.http_status, "none")})."
  }
}

data "uptime_monitor_summary" "home" {
  monitor_id     = uptime_monitor.home.id
  range          = "24h"
  wait_for_check = var.wait_for_check
}

data "uptime_monitor_checks" "home" {
  monitor_id = uptime_monitor.home.id
  limit      = 5
  # Read after the summary, so it sees the check the summary waited for.
  depends_on = [data.uptime_monitor_summary.home]
}

data "uptime_usage" "now" {}

output "uptime_percent_24h" {
  value = data.uptime_monitor_summary.home.uptime_percent
}

output "last_check" {
  value = try(data.uptime_monitor_checks.home.checks[0], null)
}

output "requests_left_this_minute" {
  value = data.uptime_usage.now.per_minute.remaining
}
