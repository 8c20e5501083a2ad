// The fields of an incident as data sources show it (`uptime_incidents`), declared once (see field.ts): every one is
// read-only, keyed by API name and checked against the model.
import { INCIDENT_STATUSES, INCIDENT_TYPES, type Incident } from '../../api/index.js';
import { codes } from './field.js';
import { fieldTable } from './schema.js';

export const incidentFields = fieldTable<Incident>()({
  id: { kind: 'string', label: 'id', presence: 'computed', description: 'Incident id.' },
  monitorId: { kind: 'string', label: 'monitor', presence: 'computed', description: 'The monitor (UUID).' },
  monitorName: {
    kind: 'string',
    label: 'monitor name',
    presence: 'computed',
    description: "The monitor's name; null when not given.",
  },
  startedAt: {
    kind: 'string',
    label: 'started',
    presence: 'computed',
    description: 'Start time (RFC 3339).',
  },
  resolvedAt: {
    kind: 'string',
    label: 'resolved',
    presence: 'computed',
    description: 'Resolution time (RFC 3339); null while open.',
  },
  status: {
    kind: 'enum',
    label: 'status',
    presence: 'computed',
    values: INCIDENT_STATUSES,
    description: `${codes(INCIDENT_STATUSES)}.`,
  },
  type: {
    kind: 'enum',
    label: 'type',
    presence: 'computed',
    values: INCIDENT_TYPES,
    description: '`availability` (the monitor was down) or `performance` (slow responses).',
  },
  thresholdMs: {
    kind: 'number',
    label: 'threshold',
    unit: 'ms',
    presence: 'computed',
    description: 'Slow-response threshold of a performance incident; null otherwise.',
  },
  durationMinutes: {
    kind: 'number',
    label: 'duration',
    unit: 'min',
    presence: 'computed',
    description: 'Duration in minutes; null when not given.',
  },
  httpStatus: {
    kind: 'number',
    label: 'HTTP status',
    presence: 'computed',
    description: 'HTTP status observed; null when none.',
  },
  responseTimeMs: {
    kind: 'number',
    label: 'response time',
    unit: 'ms',
    presence: 'computed',
    description: 'Response time observed in milliseconds; null when none.',
  },
  failureCategory: {
    kind: 'string',
    label: 'failure category',
    presence: 'computed',
    description: 'Failure category; null when none.',
  },
  failureReason: {
    kind: 'string',
    label: 'failure reason',
    presence: 'computed',
    description: 'Failure reason; null when none.',
  },
});
