// npm run bench:cty — the cty codecs on uptime_monitor's type, per call: decode of UpgradeResourceState's raw JSON
// state, msgpack encode and decode of the same object (the work of every RPC that carries a DynamicValue).
// Prints median ns per call of 7 rounds; compare a change against the numbers of the same run of the old code.
import { decodeJSON } from '../src/protocol/cty/json.js';
import { decodeMsgpack, encodeMsgpack } from '../src/protocol/cty/msgpack.js';
import { objectType } from '../src/protocol/framework/schema.js';
import { uptimeProvider } from '../src/provider/index.js';

const monitor = (uptimeProvider.resources ?? []).find((r) => r.typeName === 'uptime_monitor');
if (!monitor) throw new Error('uptime_monitor not found');
const type = objectType(monitor.attributes);
const raw = JSON.stringify({
  accepted_status_codes: null,
  archived: false,
  auth_config: null,
  created_at: '2026-01-01T00:00:00Z',
  domain_monitoring: null,
  enabled: true,
  follow_redirects: true,
  id: 'mon_0123456789abcdef',
  interval_seconds: 300,
  name: 'scale-5',
  request_headers: null,
  request_method: 'GET',
  ssl_monitoring: null,
  timeout_ms: 30000,
  type: 'http',
  updated_at: '2026-01-01T00:00:00Z',
  url: 'https://svc-5.run1.example.com/health',
  version: '1',
});
const value = decodeJSON(type, raw, { ignoreUnknownKeys: true });
const bytes = encodeMsgpack(type, value);

function measure(name: string, fn: () => unknown): void {
  const rounds: number[] = [];
  const n = 20_000;
  for (let r = 0; r < 7; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) fn();
    rounds.push(Number(process.hrtime.bigint() - t0) / n);
  }
  rounds.sort((a, b) => a - b);
  process.stdout.write(`${name.padEnd(28)} ${rounds[3]!.toFixed(0).padStart(7)} ns/call\n`);
}

measure('decodeJSON (raw state)', () => decodeJSON(type, raw, { ignoreUnknownKeys: true }));
measure('encodeMsgpack', () => encodeMsgpack(type, value));
measure('decodeMsgpack', () => decodeMsgpack(type, bytes));
