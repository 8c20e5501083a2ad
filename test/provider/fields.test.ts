// The field lookup used by `uptimectl import` and `uptimectl plan-report`.
import { DECIDED, TIMEOUT_MS } from '../../src/api/index.js';
import { fieldFacts, fieldsOf } from '../../src/provider/fields/index.js';

describe('fieldFacts / fieldsOf', () => {
  it('gives the default, label and unit of a plain monitor field', () => {
    const f = fieldFacts('uptime_monitor', 'timeout_ms');
    expect(f).toMatchObject({
      resource: 'uptime_monitor',
      attribute: 'timeout_ms',
      apiName: 'timeoutMs',
      label: 'timeout',
      unit: 'ms',
      kind: 'number',
      default: DECIDED.monitorDefaults.timeoutMs,
      presence: 'optional-computed',
      sensitive: false,
      writeOnly: false,
    });
    expect(f!.description).toContain(`${TIMEOUT_MS.min} to ${TIMEOUT_MS.max}`);
    expect(fieldFacts('uptime_monitor', 'request_method')).toMatchObject({
      kind: 'enum',
      default: 'GET',
      values: ['GET', 'HEAD'],
    });
    expect(fieldFacts('uptime_monitor', 'url')?.presence).toBe('required');
    expect(fieldFacts('uptime_monitor', 'id')?.presence).toBe('computed');
  });

  it('marks the hand-mapped secrets sensitive and write-only', () => {
    expect(fieldFacts('uptime_monitor', 'request_headers.value')).toMatchObject({
      sensitive: true,
      writeOnly: false,
      apiName: 'requestHeaders.value',
    });
    expect(fieldFacts('uptime_monitor', 'auth_config.password_wo')).toMatchObject({
      sensitive: true,
      writeOnly: true,
      apiName: 'authConfig.password',
    });
    expect(fieldFacts('uptime_monitor', 'ssl_monitoring.warn_days')).toMatchObject({
      unit: 'days',
      default: DECIDED.expiryWarnDays.default,
    });
  });

  it('covers every attribute of the three resources, nested ones dotted, and nothing else', () => {
    for (const type of ['uptime_monitor', 'uptime_monitor_alert_settings', 'uptime_status_page']) {
      const names = fieldsOf(type).map((f) => f.attribute);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toContain('id');
    }
    expect(fieldsOf('uptime_monitor').map((f) => f.attribute)).not.toContain('status');
    expect(fieldFacts('uptime_monitor_alert_settings', 'slow_response_alerts.threshold_ms')).toMatchObject({
      kind: 'number',
      default: 5000,
      unit: 'ms',
      label: 'slow-response threshold',
      apiName: 'slowResponseAlerts.thresholdMs',
    });
    expect(fieldFacts('uptime_status_page', 'display_options')).toMatchObject({ kind: 'object' });
    expect(fieldFacts('uptime_status_page', 'noindex')).toMatchObject({ kind: 'bool', default: false });
    expect(fieldsOf('uptime_nothing')).toEqual([]);
    expect(fieldFacts('uptime_monitor', 'timeout')).toBeUndefined();
  });
});
