// uptime_monitor's attributes: every field of the monitor's table (src/provider/fields/monitor.ts), the request
// headers, basic auth and expiry blocks and their secrets' write-only variants included; `url` checked at plan
// time against the model.
import { MonitorUpdate } from '../../api/index.js';
import { monitorTable } from '../fields/monitor.js';
import { resourceAttributes } from '../fields/schema.js';

export const monitorAttributes = resourceAttributes(monitorTable, { model: MonitorUpdate });
