// Checks written from HCP Terraform's documentation, not from the implementation (sources: run tasks integration
// API, "Set up run task integrations", the plans API, the callback's JSON schemas runtask-result.json /
// runtask-outcome.json / runtask-tag.json, go-tfe's callback; see docs/guides/run-tasks.md):
// - the signature is what `openssl dgst -sha512 -hmac KEY` prints for the body (the docs' own recipe);
// - the verification request HCP sends when a task is created is answered 200 and nothing is fetched or called;
// - the request is answered 200 before the work (the plan download here is held open until after the answer);
// - the callback is a PATCH to task_result_callback_url, bearer token, application/vnd.api+json, and its body
//   passes the schema's limits even for a plan of 300 monitors with 3,000-character names.
import { execFileSync } from 'node:child_process';
import { z } from 'zod';
import { startRunTaskServer, type RunTaskServer } from '../../src/run-task/server.js';
import { HcpStandIn } from './hcp-stand-in.js';

const KEY = 'docs-hmac-key-0f3b8d2a61';
let hcp: HcpStandIn;
let server: RunTaskServer;
let unsigned: RunTaskServer;

beforeAll(async () => {
  hcp = await new HcpStandIn().start();
  const hcpOptions = {
    tfeUrl: hcp.api.url,
    redirectOrigins: [hcp.archivist.url],
    retry: { baseMs: 5, attempts: 3, maxWaitMs: 20 },
  };
  server = await startRunTaskServer({ hmacKey: KEY, hcp: hcpOptions });
  unsigned = await startRunTaskServer({ hcp: hcpOptions });
});
afterAll(async () => {
  await server.close();
  await unsigned.close();
  await hcp.close();
});

/** runtask-result.json, runtask-outcome.json, runtask-tag.json (limits as published). */
const tag = z.object({
  label: z.string().min(1).max(32),
  level: z.enum(['none', 'info', 'warning', 'error']),
});
const outcomeSchema = z.object({
  type: z.literal('task-result-outcomes'),
  attributes: z.object({
    'outcome-id': z.string().min(1).max(64),
    description: z.string().min(1).max(1000),
    body: z.string().max(10_000).optional(),
    url: z.string().max(500).optional(),
    tags: z
      .record(z.string(), z.array(tag))
      .refine((t) => Object.keys(t).length <= 10, 'at most 10 tag names')
      .optional(),
  }),
});
const resultSchema = z.object({
  data: z.object({
    type: z.literal('task-results'),
    attributes: z.object({
      status: z.enum(['running', 'passed', 'failed']),
      message: z.string().min(1).max(1000).optional(),
      url: z.string().max(500).optional(),
    }),
    relationships: z.object({ outcomes: z.object({ data: z.array(outcomeSchema).max(250) }) }).optional(),
  }),
});

function opensslSignature(body: string, key: string): string {
  const out = execFileSync('openssl', ['dgst', '-sha512', '-hmac', key], { input: body, encoding: 'utf8' });
  return out.trim().split(/\s+/).pop()!;
}

test('the signature the docs compute with openssl is accepted; an HMAC-SHA256 of the body is not', async () => {
  const run = hcp.addRun({ format_version: '1.2', resource_changes: [] });
  const body = JSON.stringify(hcp.payload(run));
  const { createHmac } = await import('node:crypto');
  const sha256 = createHmac('sha256', KEY).update(body).digest('hex');
  expect((await HcpStandIn.send(server.url, body, null, sha256)).status).toBe(401);
  expect((await HcpStandIn.send(server.url, body, null, opensslSignature(body, KEY))).status).toBe(200);
  await server.settled();
  expect(run.callbacks).toHaveLength(1);
});

test('the verification request: 200, signed or (without a key) with an empty signature; nothing fetched or called', async () => {
  hcp.api.seen.length = 0;
  hcp.archivist.seen.length = 0;
  const body = JSON.stringify({
    payload_version: 1,
    access_token: 'test-token',
    task_result_id: 'taskrs-xxxxxxxxxxxxxxxx',
    task_result_enforcement_level: 'test',
    task_result_callback_url: `${hcp.api.url}/api/v2/task-results/xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx/callback`,
    run_id: 'run-xxxxxxxxxxxxxxxx',
  });
  expect((await HcpStandIn.send(server.url, body, null, opensslSignature(body, KEY))).status).toBe(200);
  expect((await HcpStandIn.send(unsigned.url, body, null, '')).status).toBe(200);
  await server.settled();
  await unsigned.settled();
  expect(hcp.api.seen).toEqual([]);
  expect(hcp.archivist.seen).toEqual([]);
});

test('the request is answered 200 at once; the plan is fetched and the result sent after', async () => {
  const run = hcp.addRun({ format_version: '1.2', resource_changes: [] });
  let release!: () => void;
  hcp.hold = new Promise<void>((r) => (release = r));
  try {
    const r = await HcpStandIn.send(server.url, JSON.stringify(hcp.payload(run)), KEY);
    expect(r.status).toBe(200);
    expect(run.callbacks).toEqual([]);
  } finally {
    hcp.hold = null;
    release();
  }
  await server.settled();
  expect(run.callbacks).toHaveLength(1);
});

test('the callback: PATCH, bearer token, JSON:API, within the schema for 300 monitors with long names', async () => {
  const changes = Array.from({ length: 300 }, (_, i) => ({
    address: `module.team_${'x'.repeat(60)}.uptime_monitor.m[${i}]`,
    mode: 'managed',
    type: 'uptime_monitor',
    name: 'm',
    change: {
      actions: ['create'],
      before: null,
      after: {
        name: `${'Long name \u202e with `code` and <b>html</b> '.repeat(80)}${i}`,
        url: `https://m${i}.example.com/${'p/'.repeat(300)}`,
        interval_seconds: 300,
        enabled: true,
      },
      after_unknown: { id: true },
    },
  }));
  const run = hcp.addRun({ format_version: '1.2', resource_changes: changes });
  hcp.api.seen.length = 0;
  expect((await HcpStandIn.send(server.url, JSON.stringify(hcp.payload(run)), KEY)).status).toBe(200);
  await server.settled();
  const patch = hcp.api.seen.filter((s) => s.method === 'PATCH');
  expect(patch).toHaveLength(1);
  expect(patch[0]!.path).toBe(new URL(hcp.payload(run).task_result_callback_url as string).pathname);
  expect(patch[0]!.headers.authorization).toBe(`Bearer ${run.token}`);
  expect(patch[0]!.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
  const parsed = resultSchema.safeParse(run.callbacks[0]);
  expect(parsed.success ? [] : parsed.error.issues.slice(0, 5)).toEqual([]);
  const outcomes = parsed.data!.data.relationships!.outcomes.data;
  expect(outcomes).toHaveLength(250);
  expect(new Set(outcomes.map((o) => o.attributes['outcome-id'])).size).toBe(250);
  expect(parsed.data!.data.attributes.message).toMatch(/300 monitors changed/);
});
