// Independent checks of the plugin transport (src/protocol/listener.ts, parent-watch.ts, handshake.ts, serve.ts),
// written from go-plugin's source (hashicorp/go-plugin at dd3617a) and Terraform's:
// - client.go sets PLUGIN_MIN_PORT / PLUGIN_MAX_PORT (10000 / 25000 unless configured; Terraform configures none),
//   reads the plugin's first stdout line, `strings.TrimSpace`s it, splits it on `|` and reads: core version (Atoi),
//   app version, network (`tcp` → net.ResolveTCPAddr, `unix` → ResolveUnixAddr), address, protocol, and a server
//   certificate when the sixth field is longer than 50 characters (base64.RawStdEncoding: no padding, then
//   x509.ParseCertificate);
// - server.go's serverListener_tcp binds `127.0.0.1:port` for port = min..max in order;
// - Terraform (meta_providers.go) turns AutoMTLS off with TF_DISABLE_PLUGIN_TLS: no PLUGIN_CLIENT_CERT, no certificate
//   in the line, plaintext gRPC;
// - Terraform's own cleanup (Shutdown, then a kill) never comes when Terraform dies: the provider must end by itself,
//   with an RPC in flight too, and when its parent exits normally without a word.
import { spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { MAGIC_COOKIE_VALUE } from '../../src/protocol/handshake.js';
import { buildProvider, REPO_ROOT, TEST_PROVIDER_ENTRY } from '../helpers/build.js';
import { processRunning } from '../helpers/processes.js';
import { terraformAvailable } from '../helpers/terraform.js';
import { HANG_GUARD_MS, until } from '../helpers/wait.js';
import { startE2E } from '../provider/helpers.js';
import { makeClientCert } from './driver/launch.js';

/** go-plugin's reading of the handshake line (client.go), field by field. */
const GO_PLUGIN_LINE = /^1\|6\|tcp\|127\.0\.0\.1:(\d{1,5})\|grpc\|([A-Za-z0-9+/]*)\n$/;

function hold(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen({ host: '127.0.0.1', port }, () => resolve(s));
  });
}
const portOf = (s: Server) => (s.address() as { port: number }).port;
const close = (s: Server) => new Promise((r) => s.close(r));

let bundle: string;
let dir: string;
beforeAll(async () => {
  bundle = await buildProvider(TEST_PROVIDER_ENTRY);
  dir = mkdtempSync(join(tmpdir(), 'transport-independent-'));
}, HANG_GUARD_MS);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the provider as go-plugin would with `env` until it exits (a refused setting) or prints its first line. */
function firstWords(
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bundle], {
      env: {
        PATH: process.env.PATH,
        TF_PLUGIN_MAGIC_COOKIE: MAGIC_COOKIE_VALUE,
        PLUGIN_PROTOCOL_VERSIONS: '6',
        UPTIME_PLUGIN_NETWORK: 'tcp',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString('latin1');
      if (stdout.includes('\n')) child.kill('SIGKILL');
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('where the provider listens, as go-plugin asks', () => {
  test('PLUGIN_MIN_PORT = PLUGIN_MAX_PORT, free: exactly that port', async () => {
    const probe = await hold(0);
    const port = portOf(probe);
    await close(probe);
    const r = await firstWords({ PLUGIN_MIN_PORT: String(port), PLUGIN_MAX_PORT: String(port) });
    expect(r.stdout).toMatch(GO_PLUGIN_LINE);
    expect(Number(GO_PLUGIN_LINE.exec(r.stdout)![1])).toBe(port);
  });

  test("Terraform's range (go-plugin's default 10000..25000), its first port held: a port inside it", async () => {
    let held: Server | null = null;
    try {
      held = await hold(10000);
    } catch {
      // already taken by someone else: the provider has to pass it over all the same
    }
    try {
      const r = await firstWords({ PLUGIN_MIN_PORT: '10000', PLUGIN_MAX_PORT: '25000' });
      const port = Number(GO_PLUGIN_LINE.exec(r.stdout)![1]);
      expect(port).toBeGreaterThan(10000);
      expect(port).toBeLessThanOrEqual(25000);
    } finally {
      if (held) await close(held);
    }
  });

  test.each([
    [{ PLUGIN_MIN_PORT: '12000' }, /PLUGIN_MIN_PORT is set but PLUGIN_MAX_PORT is not/],
    [{ PLUGIN_MAX_PORT: '12000' }, /PLUGIN_MAX_PORT is set but PLUGIN_MIN_PORT is not/],
    [{ PLUGIN_MIN_PORT: 'ten', PLUGIN_MAX_PORT: '20' }, /PLUGIN_MIN_PORT="ten" is not a port/],
    [{ PLUGIN_MIN_PORT: '+10000', PLUGIN_MAX_PORT: '25000' }, /PLUGIN_MIN_PORT="\+10000" is not a port/],
    [{ PLUGIN_MIN_PORT: '10000', PLUGIN_MAX_PORT: '99999' }, /PLUGIN_MAX_PORT="99999" is not a port/],
    [{ PLUGIN_MIN_PORT: '25000', PLUGIN_MAX_PORT: '10000' }, /PLUGIN_MIN_PORT \(25000\) is greater than/],
    [{ PLUGIN_MIN_PORT: '0', PLUGIN_MAX_PORT: '25000' }, /PLUGIN_MIN_PORT is 0 but PLUGIN_MAX_PORT is 25000/],
  ])(
    '%j: exit 1 with the reason on stderr and nothing on stdout (no half handshake for go-plugin to misread)',
    async (env, why) => {
      const r = await firstWords(env);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(why);
    },
  );

  test('a busy single-port range: exit 1 saying the port refused, nothing on stdout', async () => {
    const busy = await hold(0);
    try {
      const port = String(portOf(busy));
      const r = await firstWords({ PLUGIN_MIN_PORT: port, PLUGIN_MAX_PORT: port });
      expect(r).toMatchObject({ code: 1, stdout: '' });
      expect(r.stderr).toMatch(/the port refused \(last: EADDRINUSE\)/);
    } finally {
      await close(busy);
    }
  });
});

describe('the handshake line, byte for byte as go-plugin reads it', () => {
  test('AutoMTLS: the first bytes of stdout, LF, an unpadded base64 DER certificate go-plugin can load', async () => {
    const cert = await makeClientCert();
    const r = await firstWords({
      PLUGIN_MIN_PORT: '10000',
      PLUGIN_MAX_PORT: '25000',
      PLUGIN_CLIENT_CERT: cert.certPem,
    });
    const m = GO_PLUGIN_LINE.exec(r.stdout);
    expect(m).not.toBeNull();
    expect(r.stdout).not.toContain('\r');
    const b64 = m![2]!;
    expect(b64.length).toBeGreaterThan(50);
    expect(b64.length % 4).not.toBe(1); // a valid RawStdEncoding length
    const der = Buffer.from(b64, 'base64');
    expect(der.toString('base64').replace(/=+$/, '')).toBe(b64); // canonical: decodes and re-encodes to itself
    const x509 = new X509Certificate(der);
    expect(x509.checkHost('localhost')).toBe('localhost');
  });

  test('TF_DISABLE_PLUGIN_TLS (no client certificate): an empty sixth field, as go-plugin accepts', async () => {
    const r = await firstWords({ PLUGIN_MIN_PORT: '10000', PLUGIN_MAX_PORT: '25000' });
    expect(r.stdout).toMatch(/^1\|6\|tcp\|127\.0\.0\.1:\d+\|grpc\|\n$/);
  });
});

const describeTf = terraformAvailable() ? describe : describe.skip;
describeTf('real Terraform over TCP with AutoMTLS switched off (TF_DISABLE_PLUGIN_TLS=1)', () => {
  test(
    'validate, apply a monitor, re-plan empty, destroy: every launch in plaintext on tcp',
    async () => {
      const e = await startE2E(undefined, 'full', {
        UPTIME_PLUGIN_NETWORK: 'tcp',
        TF_DISABLE_PLUGIN_TLS: '1',
      });
      try {
        e.ws.write({
          'main.tf': `resource "uptime_monitor" "m" {
  name = "plaintext over tcp"
  url  = "https://www.example.com/"
}
`,
        });
        await e.ws.must(['validate', '-no-color']);
        const applied = await e.ws.run(['apply', '-auto-approve', '-no-color'], { TF_LOG: 'debug' });
        expect(applied.code).toBe(0);
        expect(applied.stderr).toMatch(/plugin address:.*network=tcp/);
        expect((await e.ws.planHasChanges()).changes).toBe(false);
        await e.ws.destroy();
      } finally {
        await e.dispose();
      }
    },
    HANG_GUARD_MS,
  );
});

describe('the provider lets go when Terraform goes', () => {
  /** Starts the stand-in Terraform (fixtures/parent-with-rpc-in-flight.ts); resolves once the apply is in flight. */
  async function parentWithApplyInFlight(network: 'unix' | 'tcp', mode: 'stay' | 'exit') {
    const errFile = join(dir, `${network}-${mode}.err`);
    const launcher = join(dir, `${network}-${mode}.sh`);
    // exec: the provider's parent is the stand-in itself, as with Terraform; its stderr goes to a file that
    // outlives the parent.
    writeFileSync(launcher, `#!/bin/sh\nexec '${process.execPath}' '${bundle}' 2>>'${errFile}'\n`, {
      mode: 0o755,
    });
    const parent = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(REPO_ROOT, 'test/protocol/fixtures/parent-with-rpc-in-flight.ts'),
        launcher,
        mode,
      ],
      {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          TF_LOG_PROVIDER: 'trace',
          STORE_PATH: join(dir, `${network}-${mode}.json`),
          ...(network === 'tcp' ? { UPTIME_PLUGIN_NETWORK: 'tcp' } : {}),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: parent.stdout! }).once('line', resolve);
      parent.once('exit', (code) => reject(new Error(`the stand-in exited (${code}) before READY`)));
    });
    const provider = Number(/^READY (\d+)$/.exec(line)![1]);
    await until(
      () =>
        /Received request.*ApplyResourceChange|"tf_rpc":"ApplyResourceChange"/.test(
          readFileSync(errFile, 'utf8'),
        ),
      'the apply to be in flight',
      { timeoutMs: 30_000, everyMs: 50 },
    );
    return { parent, provider, errFile };
  }

  test.each(['unix', 'tcp'] as const)(
    'on %s: parent SIGKILLed with an ApplyResourceChange in flight: the provider ends within seconds, saying why',
    async (network) => {
      const { parent, provider, errFile } = await parentWithApplyInFlight(network, 'stay');
      expect(processRunning(provider)).toBe(true);
      parent.kill('SIGKILL');
      await until(() => !processRunning(provider), 'the provider to end', { timeoutMs: 10_000, everyMs: 50 });
      expect(readFileSync(errFile, 'utf8')).toMatch(
        new RegExp(
          `"Terraform went away; exiting".*"reason":"parent process ${parent.pid} is gone \\(now \\d+\\)"`,
        ),
      );
    },
    HANG_GUARD_MS,
  );

  test.each(['unix', 'tcp'] as const)(
    'on %s: a parent that exits normally without shutting it down: the provider ends too',
    async (network) => {
      const { parent, provider, errFile } = await parentWithApplyInFlight(network, 'exit');
      await new Promise((r) => (parent.exitCode === null ? parent.once('exit', r) : r(null)));
      await until(() => !processRunning(provider), 'the provider to end', { timeoutMs: 10_000, everyMs: 50 });
      expect(readFileSync(errFile, 'utf8')).toMatch(/"Terraform went away; exiting"/);
    },
    HANG_GUARD_MS,
  );
});
