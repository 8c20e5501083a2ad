// Computed attribute sets shared by data sources, and record → value mappers. The monitor's and the status page's
// and the incident's come from their tables (src/provider/fields): one declaration, one description per field.
import type { Incident, Monitor, StatusPage } from '../../api/index.js';
import { ctyString } from '../../protocol/cty/types.js';
import { listAttr, stringAttr } from '../../protocol/framework/index.js';
import { incidentFields } from '../fields/incident.js';
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

/** An incident's fields (computed), from their table. */
export const incidentComputed = computedAttributes(incidentFields);

export const incidentValues = (i: Incident) => computedValues(incidentFields, i);

export const stringList = (description: string) =>
  listAttr<string>({ computed: true, element: ctyString, description });
