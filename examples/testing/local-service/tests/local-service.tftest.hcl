# Applies for real against the service in UPTIME_BASE_URL with UPTIME_API_TOKEN (the provider reads both). After
# the last run Terraform destroys what the runs made: the monitor is archived (the API has no delete), its alert
# settings go back to the defaults, and the status page is unpublished (enabled = false), its content kept.

run "create" {
  assert {
    condition     = can(regex("^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", uptime_monitor.api.id))
    error_message = "The service gives monitors UUIDs."
  }

  assert {
    condition     = uptime_monitor.api.timeout_ms == 10000 && uptime_monitor.api.follow_redirects
    error_message = "Omitted values take the service's defaults."
  }

  assert {
    condition     = uptime_monitor_alert_settings.api.destination_ids.email == data.uptime_alert_destinations.ops.ids[0]
    error_message = "Alerts go to the Ops team."
  }

  assert {
    condition     = data.uptime_monitor.api.name == "tftest API health" && !data.uptime_monitor.api.archived
    error_message = "The service holds the monitor as configured."
  }

  assert {
    condition     = uptime_status_page.public.enabled && uptime_status_page.public.url != null
    error_message = "The page of the set-up monitor is published and has a URL."
  }
}

run "change" {
  variables {
    name_prefix = "tftest-changed"
  }

  assert {
    condition     = data.uptime_monitor.api.name == "tftest-changed API health"
    error_message = "The rename reached the service."
  }

  assert {
    condition     = uptime_monitor.api.id == run.create.api_monitor_id
    error_message = "A rename updates the monitor in place."
  }
}
