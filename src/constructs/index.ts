// `terraform-provider-uptime/cdktf`: the generated CDKTF bindings (namespaces shaped like the prebuilt
// providers: `provider`, `monitor`, `monitorAlertSettings`, `statusPage`, `dataUptime…`) and the hand-written
// product constructs (UptimeMonitor, UptimeMonitorGroup, UptimeAlertDestination, UptimeStatusPage,
// UptimeMonitorLookup), which validate at synth with the provider's own rules; and the aspect MonitorPublicEndpoints,
// which adds a monitor for each public endpoint of a stack that none watches (the rules of src/coverage).
export * from './generated/index.js';
export * from './monitor.js';
export * from './alert-destination.js';
export * from './status-page.js';
export * from './monitor-lookup.js';
export * from './public-endpoints.js';
