// The TCP listener Windows needs (src/protocol/listener.ts), selected on Linux with UPTIME_PLUGIN_NETWORK=tcp:
// real Terraform validates, reads the schema, plans, applies two monitors, re-plans empty and destroys them through
// it against the local service, every launch on 127.0.0.1 inside Terraform's 10000..25000 and past the ports held
// here; launched as go-plugin launches it, the provider keeps to PLUGIN_MIN_PORT..PLUGIN_MAX_PORT, says when the
// range is full or wrong, and serves AutoMTLS over TCP.
import { createServer, type Server } from 'node:net';
import { buildProvider, TEST_PROVIDER_ENTRY } from '../helpers/build.js';
import { terraformAvailable } from '../helpers/terraform.js';
import { HANG_GUARD_MS } from '../helpers/wait.js';
import { startE2E, type E2E } from '../provider/helpers.js';
import { launchProvider } from './driver/launch.js';

const describeTf = terraformAvailable() ? describe : describe.skip;

/** Holds 127.0.0.1:port if it is free; null when something else has it. */
function hold(port: number): Promise<Server | null> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(null));
    s.listen({ host: '127.0.0.1', port }, () => resolve(s));
  });
}
const release = (servers: (Server | null)[]) =>
  Promise.all(servers.map((s) => s && new Promise((r) => s.close(r))));
const portOf = (address: string) => Number(address.split(':')[1]);

/** "plugin address" lines the provider logs at debug level, as Terraform's log repeats them. */
function pluginAddresses(terraformLog: string): { network: string; port: number }[] {
  return [...terraformLog.matchAll(/plugin address:.*/g)].map((m) => ({
    network: /network=(\w+)/.exec(m[0])![1]!,
    port: portOf(/address=(\S+)/.exec(m[0])![1]!),
  }));
}

const TWO_MONITORS = `
resource "uptime_monitor" "web" {
  name             = "Web over tcp"
  url              = "https://www.example.com/"
  interval_seconds = 60
}
resource "uptime_monitor" "api" {
  name             = "API over tcp"
  url              = "https://api.example.com/health"
  interval_seconds = 300
}
`;

describeTf('real terraform through the TCP listener', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E(undefined, 'full', { UPTIME_PLUGIN_NETWORK: 'tcp' });
  }, HANG_GUARD_MS);
  afterAll(async () => e?.dispose());

  it(
    'validate, schema, plan, apply two monitors, empty re-plan, destroy; every launch inside the port range',
    async () => {
      const { ws, api } = e;
      ws.write({ 'main.tf': TWO_MONITORS });
      await ws.must(['validate', '-no-color']);
      const schema = JSON.parse(await ws.providersSchemaJSON());
      expect(
        Object.keys(
          schema.provider_schemas['registry.terraform.io/uptime-monitoring/uptime'].resource_schemas,
        ),
      ).toContain('uptime_monitor');
      expect((await ws.planHasChanges()).changes).toBe(true);

      // The first ports of Terraform's range are held here (those free now), so the provider has to move past them.
      const held = await Promise.all([10000, 10001, 10002, 10003, 10004].map(hold));
      const heldPorts = held.flatMap((s) => (s ? [(s.address() as { port: number }).port] : []));
      let applied;
      try {
        applied = await ws.run(['apply', '-auto-approve', '-no-color'], { TF_LOG: 'debug' });
      } finally {
        await release(held);
      }
      expect(applied.code).toBe(0);
      expect(applied.stdout).toMatch(/Apply complete! Resources: 2 added, 0 changed, 0 destroyed/);
      const launches = pluginAddresses(applied.stderr);
      expect(launches.length).toBeGreaterThanOrEqual(2);
      for (const l of launches) {
        expect(l.network).toBe('tcp');
        expect(l.port).toBeGreaterThanOrEqual(10000);
        expect(l.port).toBeLessThanOrEqual(25000);
        expect(heldPorts).not.toContain(l.port);
      }

      const ids = [
        (await ws.resourceValues('uptime_monitor.web'))!.id as string,
        (await ws.resourceValues('uptime_monitor.api'))!.id as string,
      ];
      expect((await api.monitor(ids[0]!)).name).toBe('Web over tcp');
      expect((await api.monitor(ids[1]!)).name).toBe('API over tcp');
      expect((await ws.planHasChanges()).changes).toBe(false);
      const destroyed = await ws.destroy();
      expect(destroyed.stdout).toMatch(/Destroy complete! Resources: 2 destroyed/);
      for (const id of ids) expect((await api.monitor(id)).status).toBe('archived');
    },
    HANG_GUARD_MS,
  );
});

describe('the TCP listener launched as go-plugin launches it', () => {
  let bundle: string;
  beforeAll(async () => {
    bundle = await buildProvider(TEST_PROVIDER_ENTRY);
  }, HANG_GUARD_MS);

  it(
    'keeps to PLUGIN_MIN_PORT..PLUGIN_MAX_PORT, advertises tcp|127.0.0.1:PORT and serves AutoMTLS there',
    async () => {
      // A free port with free neighbours: found by holding one, then the range starts at that held port.
      const first = (await hold(0))!;
      const start = (first.address() as { port: number }).port;
      try {
        const p = await launchProvider(bundle, {
          env: {
            UPTIME_PLUGIN_NETWORK: 'tcp',
            PLUGIN_MIN_PORT: String(start),
            PLUGIN_MAX_PORT: String(Math.min(65535, start + 20)),
          },
        });
        try {
          expect(p.handshakeLine).toMatch(/^1\|6\|tcp\|127\.0\.0\.1:\d+\|grpc\|[A-Za-z0-9+/]{50,}\n$/);
          const port = portOf(p.handshake.address);
          expect(port).toBeGreaterThan(start);
          expect(port).toBeLessThanOrEqual(start + 20);
          expect(p.serverCert!.checkHost('localhost')).toBe('localhost');
          const schema = await p.call('GetProviderSchema');
          expect(Object.keys(schema.resource_schemas)).toEqual(['uptime_test_thing']);
          await p.callService('Shutdown');
          expect(await p.exited).toBe(0);
        } finally {
          p.close();
        }
      } finally {
        await release([first]);
      }
    },
    HANG_GUARD_MS,
  );

  it(
    'exits 1 before any handshake, naming the variables, when the range is full or wrong',
    async () => {
      const taken = (await hold(0))!;
      const port = String((taken.address() as { port: number }).port);
      try {
        await expect(
          launchProvider(bundle, {
            env: { UPTIME_PLUGIN_NETWORK: 'tcp', PLUGIN_MIN_PORT: port, PLUGIN_MAX_PORT: port },
          }),
        ).rejects.toThrow(
          new RegExp(
            `exited before we could connect \\(code 1\\): no port to listen on in PLUGIN_MIN_PORT\\.\\.PLUGIN_MAX_PORT \\(${port}\\.\\.${port}\\)`,
          ),
        );
      } finally {
        await release([taken]);
      }
      await expect(
        launchProvider(bundle, {
          env: { UPTIME_PLUGIN_NETWORK: 'tcp', PLUGIN_MIN_PORT: '25000', PLUGIN_MAX_PORT: '10000' },
        }),
      ).rejects.toThrow(/\(code 1\): PLUGIN_MIN_PORT \(25000\) is greater than PLUGIN_MAX_PORT \(10000\)/);
      await expect(launchProvider(bundle, { env: { UPTIME_PLUGIN_NETWORK: 'udp' } })).rejects.toThrow(
        /\(code 1\): UPTIME_PLUGIN_NETWORK="udp" is not a plugin network: use tcp or unix/,
      );
    },
    HANG_GUARD_MS,
  );
});
