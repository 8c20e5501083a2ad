import type { OperationName } from '../../api/index.js';
import type { Handler } from '../context.js';
import { getCapabilities, getHealth, getUsage } from './account.js';
import {
  getAlert,
  getAlertSettings,
  listAlertDestinations,
  listAlerts,
  listMonitorAlerts,
  updateAlertSettings,
} from './alerts.js';
import { createExport, getExport, getExportDownload } from './exports.js';
import {
  activateMonitor,
  archiveMonitor,
  createMonitor,
  getMonitor,
  listMonitors,
  pauseMonitor,
  reactivateMonitor,
  updateMonitor,
} from './monitors.js';
import {
  getIncident,
  getMonitorExpiry,
  getMonitorSummary,
  listIncidents,
  listMonitorChecks,
  listMonitorIncidents,
} from './observations.js';
import { getMonitorStatusPage, getStatusPage, listStatusPages, updateStatusPage } from './status-pages.js';

/** One handler per ENDPOINTS operation; the type makes a missing one a compile error. */
export const HANDLERS: Record<OperationName, Handler> = {
  getHealth,
  getUsage,
  getCapabilities,
  listMonitors,
  createMonitor,
  getMonitor,
  updateMonitor,
  getMonitorSummary,
  listMonitorChecks,
  listMonitorIncidents,
  listMonitorAlerts,
  getAlertSettings,
  updateAlertSettings,
  getMonitorExpiry,
  getMonitorStatusPage,
  updateStatusPage,
  pauseMonitor,
  activateMonitor,
  archiveMonitor,
  reactivateMonitor,
  createExport,
  getExport,
  getExportDownload,
  listAlerts,
  getAlert,
  listAlertDestinations,
  listIncidents,
  getIncident,
  listStatusPages,
  getStatusPage,
};
