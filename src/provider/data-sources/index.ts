import { alertDestinationsDataSource } from './alert-destinations.js';
import { capabilitiesDataSource } from './capabilities.js';
import { incidentsDataSource } from './incidents.js';
import { monitorAlertsDataSource } from './monitor-alerts.js';
import { monitorChecksDataSource } from './monitor-checks.js';
import { monitorSummaryDataSource } from './monitor-summary.js';
import { monitorDataSource } from './monitor.js';
import { monitorsDataSource } from './monitors.js';
import { statusPageDataSource } from './status-page.js';
import { usageDataSource } from './usage.js';

export const dataSources = [
  monitorDataSource,
  monitorsDataSource,
  alertDestinationsDataSource,
  capabilitiesDataSource,
  statusPageDataSource,
  incidentsDataSource,
  monitorSummaryDataSource,
  monitorChecksDataSource,
  monitorAlertsDataSource,
  usageDataSource,
];
