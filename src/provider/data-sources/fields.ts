// Computed attribute sets shared by data sources, and record → value mappers. The monitor's and the status page's
// come from their resources' tables (src/provider/fields): one declaration, one description per field.
import type { Incident, Monitor, StatusPage } from '../../api/index.js';
import { ctyString } from '../../protocol/cty/types.js';
import { int64Attr, listAttr, stringAttr } from '../../protocol/framework/index.js';
import { computedValues } from '../fields/mapping.js';
import { monitorTable } from '../fields/monitor.js';
import { statusPageTable } from '../fields/status-page.js';
import { computedAttributes } from '../fields/schema.js';
import { monitorIdFormat } from '../validation.js';

const { id: monitorIdComputedAttr, ...monitorFieldsComputed } = computedAttributes(monitorTable);

/** Every readable monitor field, runtime fields included (computed); the id is declared by each data source. */
export const monitorComputed = monitorFieldsComputed;

/** The monitor's id as a computed attribute (list entries). */
export const monitorIdComputed = monitorIdComputedAttr;

/** The required argument naming the monitor a data source reads (`id`, `monitor_id`): a UUID, checked before the
 *  read (`monitorIdFormat`: mock_provider validates with random ids). */
export const monitorIdArgument = () =>
  stringAttr({ required: true, planValidators: [monitorIdFormat], description: 'Monitor id (a UUID).' });

export function monitorValues(m: Monitor) {
  const { id: _id, ...values } = computedValues(monitorTable, m);
  return values;
}

/** Every readable status-page field (computed); `monitor_id` is the data source's argument. */
export const statusPageComputed = computedAttributes(statusPageTable);

export const statusPageValues = (p: StatusPage) => computedValues(statusPageTable, p);

export const incidentComputed = {
  id: stringAttr({ computed: true, description: 'Incident id.' }),
  monitor_id: stringAttr({ computed: true, description: 'The monitor (UUID).' }),
  monitor_name: stringAttr({ computed: true, description: "The monitor's name; null when not given." }),
  started_at: stringAttr({ computed: true, description: 'Start time (RFC 3339).' }),
  resolved_at: stringAttr({ computed: true, description: 'Resolution time (RFC 3339); null while open.' }),
  status: stringAttr({ computed: true, description: '`open` or `resolved`.' }),
  type: stringAttr({
    computed: true,
    description: '`availability` (the monitor was down) or `performance` (slow responses).',
  }),
  threshold_ms: int64Attr({
    computed: true,
    description: 'Slow-response threshold of a performance incident; null otherwise.',
  }),
  duration_minutes: int64Attr({ computed: true, description: 'Duration in minutes; null when not given.' }),
  http_status: int64Attr({ computed: true, description: 'HTTP status observed; null when none.' }),
  response_time_ms: int64Attr({
    computed: true,
    description: 'Response time observed in milliseconds; null when none.',
  }),
  failure_category: stringAttr({ computed: true, description: 'Failure category; null when none.' }),
  failure_reason: stringAttr({ computed: true, description: 'Failure reason; null when none.' }),
};

export function incidentValues(i: Incident) {
  return {
    id: i.id,
    monitor_id: i.monitorId,
    monitor_name: i.monitorName ?? null,
    started_at: i.startedAt,
    resolved_at: i.resolvedAt ?? null,
    status: i.status,
    type: i.type,
    threshold_ms: i.thresholdMs ?? null,
    duration_minutes: i.durationMinutes ?? null,
    http_status: i.httpStatus ?? null,
    response_time_ms: i.responseTimeMs ?? null,
    failure_category: i.failureCategory ?? null,
    failure_reason: i.failureReason ?? null,
  };
}

export const stringList = (description: string) =>
  listAttr<string>({ computed: true, element: ctyString, description });
