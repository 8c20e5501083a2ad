// Reads what the token can see, page by page through the client (shared limiter, retries): monitors, their alert
// settings (one GET each: the API has no list), status pages set up in the dashboard, and alert destinations.
// Says before it starts how many requests that is and how long the per-minute allowance makes it take.
import type { AlertDestination, Monitor, MonitorAlertSettings, StatusPage } from '../api/index.js';
import type { UptimeClient } from '../client/index.js';
import { selects, type MonitorFilters } from '../provider/monitor-filter.js';

export type Filters = MonitorFilters;

export interface Account {
  monitors: Monitor[];
  alertSettings: Map<string, MonitorAlertSettings>;
  statusPages: Map<string, StatusPage>;
  destinations: AlertDestination[];
}

const PAGE = 100;

export async function readAccount(
  client: UptimeClient,
  filters: Filters,
  progress: (message: string) => void,
): Promise<Account> {
  const usage = (await client.getUsage()).data;
  const total = usage.monitors.used;
  const perMinute = usage.perMinute.limit;
  if (total === undefined)
    progress(
      `reading the account: monitors and status pages ${PAGE} per page, then one alert-settings read per monitor (the service does not report how many monitors there are)`,
    );
  else {
    const estimate = 1 + Math.ceil(Math.max(total, 1) / PAGE) + total + 2;
    const minutes = perMinute === undefined ? 0 : estimate / Math.max(1, perMinute);
    progress(
      `reading the account: about ${estimate} requests (${total} monitors: lists of ${PAGE} per page, one alert-settings read each)` +
        (minutes > 1
          ? `; at ${perMinute} requests per minute this takes about ${Math.ceil(minutes)} minutes`
          : ''),
    );
  }

  const monitors: Monitor[] = [];
  for await (const m of client.paginate.listMonitors({ limit: PAGE }))
    if (selects(filters, m)) monitors.push(m);
  const destinations = (await client.listAlertDestinations()).data;
  const statusPages = new Map<string, StatusPage>();
  for await (const p of client.paginate.listStatusPages({ limit: PAGE }))
    if (p.slug) statusPages.set(p.monitorId, p);

  const alertSettings = new Map<string, MonitorAlertSettings>();
  let done = 0;
  for (const m of monitors) {
    alertSettings.set(m.id, (await client.getAlertSettings(m.id)).data);
    if (++done % 100 === 0) progress(`alert settings: ${done} of ${monitors.length}`);
  }
  return { monitors, alertSettings, statusPages, destinations };
}
