// `npx tsx bench/codecs.ts` (on Node 24: `"$P/node" --import tsx bench/codecs.ts`) — the protobuf cost of one RPC
// alone, server side (decode the request + encode the response), with the generated codecs and with protobufjs
// reflection, their reference (toObject(decode()) / encode(fromObject())), on uptime_monitor-sized DynamicValues;
// and the start-up cost of the protocol module alone, bundled and started by the provider launcher (code cache) in
// fresh processes: service definitions, first schema answer, first plan request.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode } from '@msgpack/msgpack';
import { buildSync } from 'esbuild';
import protobuf from 'protobufjs';
import { MESSAGES } from '../src/protocol/proto/codecs.js';
import { CONVERSION_OPTIONS } from '../src/protocol/proto/load.js';
import { TFPLUGIN6_PROTO } from '../src/protocol/proto/tfplugin6.js';

// An uptime_monitor object: the probe's state plus the schema's other attributes (45 in all), null or empty.
const state: Record<string, unknown> = {
  accepted_status_codes: null,
  archived: false,
  created_at: '2026-01-01T00:00:00Z',
  enabled: true,
  follow_redirects: true,
  id: 'mon_0123456789abcdef',
  interval_seconds: 300,
  name: 'scale-5',
  request_method: 'GET',
  timeout_ms: 30000,
  type: 'http',
  updated_at: '2026-01-01T00:00:00Z',
  url: 'https://svc-5.run1.example.com/health',
  version: '1',
};
for (let i = Object.keys(state).length; i < 45; i++) state[`attribute_${i}`] = null;
const dv = { msgpack: Buffer.from(encode(state)) };
const diag = {
  severity: 'WARNING',
  summary: 'deprecated',
  detail: 'x',
  attribute: { steps: [{ attribute_name: 'url' }] },
};

const CASES: [string, object, string, object][] = [
  [
    'PlanResourceChange',
    {
      type_name: 'uptime_monitor',
      prior_state: dv,
      proposed_new_state: dv,
      config: dv,
      prior_private: Buffer.from('{"k":1}'),
      provider_meta: { msgpack: Buffer.from([0xc0]) },
      client_capabilities: { deferral_allowed: true, write_only_attributes_allowed: true },
    },
    'PlanResourceChange',
    { planned_state: dv, requires_replace: [], planned_private: Buffer.from('{"k":1}'), diagnostics: [diag] },
  ],
  [
    'UpgradeResourceState',
    { type_name: 'uptime_monitor', version: 0, raw_state: { json: Buffer.from(JSON.stringify(state)) } },
    'UpgradeResourceState',
    { upgraded_state: dv, diagnostics: [] },
  ],
];

function parse(): protobuf.Root {
  const root = new protobuf.Root();
  const { imports } = protobuf.parse(TFPLUGIN6_PROTO, root, { keepCase: true });
  for (const file of imports ?? []) root.addJSON(protobuf.common.get(file)!.nested!);
  return root;
}

function nsPerOp(fn: () => void): number {
  const runs: number[] = [];
  for (let r = 0; r < 7; r++) {
    const n = 20000;
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) fn();
    runs.push(Number(process.hrtime.bigint() - t0) / n);
  }
  return runs.sort((a, b) => a - b)[3]!;
}

const t0 = process.hrtime.bigint();
const root = parse();
const tParse = Number(process.hrtime.bigint() - t0) / 1e6;
console.log(
  `node ${process.version}; DynamicValue msgpack ${dv.msgpack.length} bytes; protobufjs parse ${tParse.toFixed(1)} ms`,
);
for (const [rpc, request, , response] of CASES) {
  const reqT = root.lookupType(`tfplugin6.${rpc}.Request`);
  const resT = root.lookupType(`tfplugin6.${rpc}.Response`);
  const req = MESSAGES[`tfplugin6.${rpc}.Request`]!;
  const res = MESSAGES[`tfplugin6.${rpc}.Response`]!;
  const wire = req.encode(request);
  const f0 = process.hrtime.bigint();
  Buffer.from(
    resT.encode(resT.fromObject(reqT.toObject(reqT.decode(wire), CONVERSION_OPTIONS) && response)).finish(),
  );
  const first = Number(process.hrtime.bigint() - f0) / 1e6;
  const oracle = nsPerOp(() => {
    reqT.toObject(reqT.decode(wire), CONVERSION_OPTIONS);
    Buffer.from(resT.encode(resT.fromObject(response)).finish());
  });
  const generated = nsPerOp(() => {
    req.decode(wire);
    res.encode(response);
  });
  console.log(
    `${rpc}: request ${wire.length} B decode + response encode: protobufjs reflection ${Math.round(oracle)} ns ` +
      `(first call ${first.toFixed(1)} ms: codegen), generated ${Math.round(generated)} ns (${(oracle / generated).toFixed(1)}x)`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'bench-codecs-'));
try {
  // The protocol module alone, bundled and started by the provider's launcher as the plugin is.
  buildSync({
    entryPoints: [join(process.cwd(), 'bench', 'fixtures', 'codec-start.ts')],
    outfile: join(dir, 'terraform-provider-uptime.bundle.cjs'),
    bundle: true,
    minify: true,
    platform: 'node',
    format: 'cjs',
    logLevel: 'warning',
  });
  copyFileSync(join(process.cwd(), 'scripts', 'provider-launcher.cjs'), join(dir, 'launcher.cjs'));
  const runs: Record<string, number>[] = [];
  for (let i = 0; i < 12; i++) {
    const out = execFileSync(process.execPath, [join(dir, 'launcher.cjs')], { encoding: 'utf8' });
    if (i > 1) runs.push(JSON.parse(out)); // the first run writes the code cache
  }
  const median = (k: string) => {
    const sorted = runs.map((r) => r[k]!).sort((a, b) => a - b);
    return sorted[sorted.length >> 1]!.toFixed(2);
  };
  console.log(
    `protocol module through the launcher (median of ${runs.length}, ms since process start): running at ${median('start')}, ` +
      `services ${median('services')}, first GetProviderSchema answer ${median('firstSchema')}, ` +
      `first PlanResourceChange request ${median('firstPlan')}; done at ${median('all')}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
