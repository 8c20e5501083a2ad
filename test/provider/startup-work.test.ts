// What a plugin launch computes before its first answer: Terraform starts the provider 3–4 times per command, so
// loading the provider and answering GetProviderSchema must not build the API model's zod schemas (they are built
// on first use: src/api/lazy.ts), while validation still builds and uses them.

/** zod's `z` with its schema factories (z.object, z.string, ...) counting their calls. */
function countingZod(calls: string[]) {
  const actual = jest.requireActual('zod');
  const wrap = (ns: Record<string, unknown>, prefix: string): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(ns)) {
      const v = ns[k];
      if (typeof v === 'function' && /^[a-z]/.test(k))
        out[k] = (...args: unknown[]) => {
          calls.push(prefix + k);
          return (v as (...a: unknown[]) => unknown).apply(ns, args);
        };
      else if (k === 'iso' && v && typeof v === 'object')
        out[k] = wrap(v as Record<string, unknown>, `${k}.`);
      else out[k] = v;
    }
    return out;
  };
  return { ...actual, z: wrap(actual.z, '') };
}

function load() {
  const calls: string[] = [];
  let mods!: {
    provider: typeof import('../../src/provider/index.js');
    server: typeof import('../../src/protocol/framework/server.js');
    logging: typeof import('../../src/protocol/logging.js');
  };
  jest.isolateModules(() => {
    jest.doMock('zod', () => countingZod(calls));
    // jest.requireActual: the modules themselves, freshly loaded in this registry (their `zod` is the mock).
    mods = {
      provider: jest.requireActual('../../src/provider/index.js'),
      server: jest.requireActual('../../src/protocol/framework/server.js'),
      logging: jest.requireActual('../../src/protocol/logging.js'),
    };
  });
  const runtime = { logger: new mods.logging.Logger('off'), signal: new AbortController().signal };
  const handlers = mods.server.createProviderHandlers(mods.provider.uptimeProvider, runtime);
  return { calls, handlers };
}

afterEach(() => jest.dontMock('zod'));

test('loading the provider and answering GetProviderSchema build no zod schema', async () => {
  const { calls, handlers } = load();
  expect(calls).toEqual([]);
  const res = await handlers.GetProviderSchema!({});
  expect(Object.keys((res as { resource_schemas: object }).resource_schemas)).toContain('uptime_monitor');
  expect(calls).toEqual([]);
});

test('validating a monitor builds the schemas it needs and reports the model’s words', async () => {
  const { calls, handlers } = load();
  const { encodeMsgpack } = await import('../../src/protocol/cty/msgpack.js');
  const { objectType } = await import('../../src/protocol/framework/schema.js');
  const { monitorResource } = await import('../../src/provider/resources/monitor.js');
  const type = objectType(monitorResource.attributes);
  const config: Record<string, unknown> = Object.fromEntries(
    Object.keys(monitorResource.attributes).map((n) => [n, null]),
  );
  Object.assign(config, { url: 'https://example.com/', timeout_ms: 5 });
  const res = (await handlers.ValidateResourceConfig!({
    type_name: 'uptime_monitor',
    config: { msgpack: Buffer.from(encodeMsgpack(type, config as never)) },
  })) as { diagnostics: { summary: string; detail: string }[] };
  expect(calls.length).toBeGreaterThan(0);
  expect(res.diagnostics.map((d) => d.detail)).toEqual(['timeout_ms must be at least 1000 (rule: minimum).']);
});
