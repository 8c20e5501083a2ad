import { alertDestinationsDataSource } from './alert-destinations.js';
import { capabilitiesDataSource } from './capabilities.js';
import { incidentsDataSource } from './incidents.js';
import { monitorDataSource } from './monitor.js';
import { monitorsDataSource } from './monitors.js';
import { statusPageDataSource } from './status-page.js';

export const dataSources = [
  monitorDataSource,
  monitorsDataSource,
  alertDestinationsDataSource,
  capabilitiesDataSource,
  statusPageDataSource,
  incidentsDataSource,
];
