# What the account must allow, said in the configuration: `uptime_capabilities` reads the plan and the token, and
# preconditions refuse a plan the account cannot apply. A test's `expect_failures` can name these checks (it cannot
# catch an error the provider itself reports: Terraform's design, hashicorp/terraform#35628).
terraform {
  required_version = ">= 1.11"
  required_providers {
    uptime = {
      source  = "uptime-monitoring/uptime"
      version = "~> 0.1"
    }
  }
}

variable "sms_alerts" {
  type        = bool
  default     = false
  description = "Also alert by SMS (the account's plan must include SMS alerts)"
}

data "uptime_capabilities" "account" {}

resource "uptime_monitor" "api" {
  name             = "API health"
  url              = "https://api.example.com/health"
  interval_seconds = 60

  lifecycle {
    precondition {
      condition     = contains(data.uptime_capabilities.account.plan.allowed_intervals, 60)
      error_message = "The ${data.uptime_capabilities.account.plan.name} plan does not allow checks every 60 s."
    }
  }
}

resource "uptime_monitor_alert_settings" "api" {
  monitor_id = uptime_monitor.api.id
  channels   = { email = true, sms = var.sms_alerts }

  lifecycle {
    precondition {
      condition     = !var.sms_alerts || data.uptime_capabilities.account.features.sms_alerts
      error_message = "SMS alerts are not part of the ${data.uptime_capabilities.account.plan.name} plan."
    }
  }
}

resource "uptime_status_page" "api" {
  monitor_id = uptime_monitor.api.id
  title      = "API status"

  lifecycle {
    precondition {
      condition     = data.uptime_capabilities.account.features.status_pages
      error_message = "The ${data.uptime_capabilities.account.plan.name} plan has no status pages."
    }
    precondition {
      condition     = contains(data.uptime_capabilities.account.token.scopes, "status-pages:write")
      error_message = "The token cannot change status pages (it needs the status-pages:write scope)."
    }
  }
}
