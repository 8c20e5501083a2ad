# `terraform test` with a plain mock provider: nothing to configure, no service, no token. Terraform still asks the
# real provider to validate each configuration; it mocks what planning, applying and reading would return.
mock_provider "uptime" {}

run "plan" {
  command = plan

  assert {
    condition     = uptime_monitor.api.interval_seconds == 60 && uptime_monitor.api.accepted_status_codes == tolist([200])
    error_message = "The API monitor runs every minute and accepts only 200."
  }

  assert {
    condition     = uptime_monitor.site["docs"].interval_seconds == 900 && uptime_monitor.site["home"].interval_seconds == 300
    error_message = "Each site keeps its interval."
  }

  assert {
    condition     = uptime_monitor.site["home"].name == "staging home"
    error_message = "Monitor names start with the environment."
  }
}

run "apply" {
  # command = apply is the default: mocked ids and computed values are known after this run.

  assert {
    condition     = uptime_monitor_alert_settings.api.monitor_id == uptime_monitor.api.id
    error_message = "The alert settings belong to the API monitor."
  }

  assert {
    condition     = uptime_status_page.api.monitor_id == uptime_monitor.api.id && data.uptime_monitor.api.id == uptime_monitor.api.id
    error_message = "The page and the data sources reference the API monitor."
  }

  assert {
    # A mocked id is a random string of 8 letters and digits, not a UUID.
    condition     = length(uptime_monitor.api.id) == 8
    error_message = "Mocked ids are 8 characters long."
  }

  assert {
    condition     = output.open_incidents == 0
    error_message = "A mocked list is empty."
  }
}

run "production" {
  variables {
    environment = "production"
  }

  assert {
    condition     = uptime_status_page.api.title == "API status (production)"
    error_message = "The page title names the environment."
  }
}

run "environment_is_checked" {
  command = plan

  variables {
    environment = "test"
  }

  expect_failures = [var.environment]
}
