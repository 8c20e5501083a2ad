# terraform test -var 'healthy_url="https://…"' -var 'failing_url="https://…"'
# healthy_url answers 2xx; failing_url does not (a 503, or a closed port such as http://127.0.0.1:1/). The values are
# quoted: these variables belong to this file, not to main.tf, so Terraform reads them as expressions.

run "new_monitor_is_up" {
  variables {
    url = var.healthy_url
  }

  # The check block "home_up" has waited for the first check: a failure here fails the run.
  assert {
    condition     = data.uptime_monitor_summary.home.checked_since_change
    error_message = "The summary was read before the monitor's first check."
  }

  assert {
    condition     = data.uptime_monitor_summary.home.checks_up >= 1 && data.uptime_monitor_summary.home.checks_down == 0
    error_message = "Expected only up checks, got ${data.uptime_monitor_summary.home.checks_up} up and ${data.uptime_monitor_summary.home.checks_down} down."
  }

  assert {
    condition     = data.uptime_monitor_checks.home.checks[0].status == "up"
    error_message = "The last check is not up."
  }
}

run "failing_url_fails_the_check" {
  variables {
    url = var.failing_url
  }

  # After the change the facts are of the new URL: the check block fails, as expected.
  expect_failures = [check.home_up]

  assert {
    condition     = data.uptime_monitor_summary.home.checked_since_change && data.uptime_monitor_summary.home.checks_down >= 1
    error_message = "The summary does not show the failing check after the change."
  }
}

run "back_to_healthy" {
  variables {
    url = var.healthy_url
  }

  assert {
    condition     = data.uptime_monitor_checks.home.checks[0].status == "up"
    error_message = "The last check after going back to the healthy URL is not up."
  }
}
