# expect_failures names the precondition's resource: the test passes when exactly that check fails. Mocked
# booleans are false and mocked lists empty, so the account's capabilities are given as mock_data defaults, and
# each run overrides the one fact it is about.
mock_provider "uptime" {
  mock_data "uptime_capabilities" {
    defaults = {
      plan     = { name = "Pro", pro = true, allowed_intervals = [60, 300, 900, 1800, 3600] }
      features = { status_pages = true, sms_alerts = true, checks = true, exports = true }
      token    = { scopes = ["monitors:read", "monitors:create", "monitors:write", "alerts:write", "status-pages:write"] }
    }
  }
}

run "pro_account" {
  variables {
    sms_alerts = true
  }

  assert {
    condition     = uptime_monitor_alert_settings.api.channels.sms
    error_message = "SMS alerts are on."
  }
}

run "no_status_pages" {
  command = plan

  override_data {
    target = data.uptime_capabilities.account
    values = {
      plan     = { name = "Basic", pro = false, allowed_intervals = [60, 300, 900, 1800, 3600] }
      features = { status_pages = false, sms_alerts = true, checks = true, exports = false }
      token    = { scopes = ["monitors:read", "monitors:create", "monitors:write", "alerts:write", "status-pages:write"] }
    }
  }

  expect_failures = [uptime_status_page.api]
}

run "no_sms_alerts" {
  command = plan

  override_data {
    target = data.uptime_capabilities.account
    values = {
      plan     = { name = "Basic", pro = false, allowed_intervals = [60, 300, 900, 1800, 3600] }
      features = { status_pages = true, sms_alerts = false, checks = true, exports = false }
      token    = { scopes = ["monitors:read", "monitors:create", "monitors:write", "alerts:write", "status-pages:write"] }
    }
  }

  variables {
    sms_alerts = true
  }

  expect_failures = [uptime_monitor_alert_settings.api]
}

run "free_plan_intervals" {
  command = plan

  override_data {
    target = data.uptime_capabilities.account
    values = {
      plan     = { name = "Free", pro = false, allowed_intervals = [300, 900, 1800, 3600] }
      features = { status_pages = true, sms_alerts = true, checks = true, exports = false }
      token    = { scopes = ["monitors:read", "monitors:create", "monitors:write", "alerts:write", "status-pages:write"] }
    }
  }

  # The monitor's precondition fails; what depends on the monitor is not planned, so only it is named.
  expect_failures = [uptime_monitor.api]
}

run "read_only_token" {
  command = plan

  override_data {
    target = data.uptime_capabilities.account
    values = {
      plan     = { name = "Pro", pro = true, allowed_intervals = [60, 300] }
      features = { status_pages = true, sms_alerts = true, checks = true, exports = true }
      token    = { scopes = ["monitors:read"] }
    }
  }

  expect_failures = [uptime_status_page.api]
}
