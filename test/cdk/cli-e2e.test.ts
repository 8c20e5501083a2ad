// Which CDK CLI runs a project's synth (src/cdk/cli.ts): cdktf-cli where it is installed and its native terminal
// module loads on this Node, else cdktn-cli where its engines accept this Node; found in the project's node_modules
// (or a parent's) or through the PATH (a global install); a clear error naming what to install when none can run.
// Fake CLI packages stand in for the real ones (the loadable or broken native module is the one cdktf-cli needs);
// the last tests use this checkout's real packages on the running Node.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { findCdkCli, withoutSharedPluginCache } from '../../src/cdk/cli.js';
import { REPO_ROOT } from '../helpers/build.js';

function fakeCli(
  root: string,
  name: 'cdktf' | 'cdktn',
  o: { ptyLoads?: boolean; engines?: string; version?: string } = {},
): string {
  const pkg = join(root, 'node_modules', `${name}-cli`);
  mkdirSync(join(pkg, 'bin'), { recursive: true });
  const bin = name === 'cdktf' ? 'bundle/bin/cdktf' : 'bin/cdktn';
  mkdirSync(join(pkg, bin, '..'), { recursive: true });
  writeFileSync(join(pkg, bin), '#!/usr/bin/env node\nconsole.log(process.argv.slice(2).join(" "))\n');
  chmodSync(join(pkg, bin), 0o755);
  writeFileSync(
    join(pkg, 'package.json'),
    JSON.stringify({
      name: `${name}-cli`,
      version: o.version ?? '1.2.3',
      bin: { [name]: bin },
      ...(o.engines ? { engines: { node: o.engines } } : {}),
    }),
  );
  if (name === 'cdktf') {
    const pty = join(pkg, 'node_modules', '@cdktf', 'node-pty-prebuilt-multiarch');
    mkdirSync(pty, { recursive: true });
    writeFileSync(join(pty, 'package.json'), JSON.stringify({ name: '@cdktf/node-pty-prebuilt-multiarch' }));
    writeFileSync(
      join(pty, 'index.js'),
      o.ptyLoads === false ? "throw new Error('compiled against a different Node.js version')" : '',
    );
  }
  return pkg;
}

const withoutBins = (path = '') =>
  path
    .split(delimiter)
    .filter((p) => !p.includes(join('node_modules', '.bin')))
    .join(delimiter);

const project = () => mkdtempSync(join(tmpdir(), 'cdk-cli-'));

test('cdktf-cli where its native module loads; the entry is its bin', () => {
  const dir = project();
  const pkg = fakeCli(dir, 'cdktf');
  fakeCli(dir, 'cdktn');
  const cli = findCdkCli(dir, { path: '' });
  expect(cli).toMatchObject({ name: 'cdktf', package: 'cdktf-cli', version: '1.2.3' });
  expect(cli.bin).toBe(join(pkg, 'bundle/bin/cdktf'));
  expect(cli.why).toMatch(/runs on Node v\d+/);
});

test("cdktn-cli where cdktf-cli's native module does not load, saying why", () => {
  const dir = project();
  fakeCli(dir, 'cdktf', { ptyLoads: false });
  fakeCli(dir, 'cdktn', { engines: `>=${process.versions.node}` });
  const cli = findCdkCli(dir, { path: '' });
  expect(cli.name).toBe('cdktn');
  expect(cli.why).toMatch(
    /cdktf-cli 1\.2\.3 cannot run: its native terminal module .* has no build for Node v/,
  );
});

test('found in a parent directory, as Node resolves packages (a monorepo)', () => {
  const dir = project();
  fakeCli(dir, 'cdktn');
  const app = join(dir, 'packages', 'monitors');
  mkdirSync(app, { recursive: true });
  expect(findCdkCli(app, { path: '' }).name).toBe('cdktn');
});

test('found through the PATH (a global install in a CI image), following the link to the package', () => {
  const global = project();
  const pkg = fakeCli(global, 'cdktn');
  const bin = join(global, 'bin');
  mkdirSync(bin);
  symlinkSync(join(pkg, 'bin', 'cdktn'), join(bin, 'cdktn'));
  const cli = findCdkCli(project(), { path: bin });
  expect(cli).toMatchObject({ name: 'cdktn', bin: join(pkg, 'bin', 'cdktn') });
});

test("found through the PATH on Windows: npm's .cmd shim beside the prefix's node_modules, no link", () => {
  const prefix = project(); // %APPDATA%\npm: cdktn.cmd, cdktn.ps1 and node_modules\cdktn-cli side by side
  const pkg = fakeCli(prefix, 'cdktn');
  writeFileSync(join(prefix, 'cdktn.cmd'), '@"%~dp0\\node_modules\\cdktn-cli\\bin\\cdktn" %*\r\n');
  writeFileSync(join(prefix, 'cdktn.ps1'), '#!/usr/bin/env pwsh\n');
  const cli = findCdkCli(project(), { path: prefix });
  expect(cli).toMatchObject({ name: 'cdktn', bin: join(pkg, 'bin', 'cdktn') });
  // A shim alone, with no package beside it or behind a link, is not a CLI this can run with Node.
  const stray = project();
  writeFileSync(join(stray, 'cdktn.cmd'), '@echo off\r\n');
  expect(() => findCdkCli(project(), { path: stray })).toThrow(/cdktn-cli is not installed/);
});

test('none that runs: the error names each reason and what to install', () => {
  const dir = project();
  fakeCli(dir, 'cdktf', { ptyLoads: false });
  fakeCli(dir, 'cdktn', { engines: '>=99.0.0' });
  expect(() => findCdkCli(dir, { path: '' })).toThrow(
    /no CDK CLI that runs on Node v[\d.]+ in .*: cdktf-cli 1\.2\.3 cannot run: .*; cdktn-cli 1\.2\.3 cannot run: it needs Node >=99\.0\.0\. Install cdktn-cli in the project \(npm install --save-dev cdktn-cli/,
  );
  expect(() => findCdkCli(project(), { path: '' })).toThrow(
    /cdktf-cli is not installed; cdktn-cli is not installed\. Install cdktn-cli/,
  );
});

test('a chosen CLI must be installed and run; an unknown one is refused with the allowed values', () => {
  const dir = project();
  fakeCli(dir, 'cdktf', { ptyLoads: false });
  fakeCli(dir, 'cdktn');
  expect(findCdkCli(dir, { path: '', choose: 'cdktn' }).name).toBe('cdktn');
  expect(() => findCdkCli(dir, { path: '', choose: 'cdktf' })).toThrow(/cdktf-cli 1\.2\.3 cannot run/);
  expect(() => findCdkCli(dir, { choose: 'cdk8s' })).toThrow(/allowed values: cdktf, cdktn/);
});

test("this checkout's CLIs on the running Node: cdktf-cli where node-pty has a build (Node 22), else cdktn-cli", () => {
  const ptyLoads =
    spawnSync(process.execPath, ['-e', "require('@cdktf/node-pty-prebuilt-multiarch')"], { cwd: REPO_ROOT })
      .status === 0;
  expect(findCdkCli(REPO_ROOT).name).toBe(ptyLoads ? 'cdktf' : 'cdktn');
});

test('`uptimectl cdk` runs the chosen CLI with the given command, in the project, on this Node', () => {
  const dir = project();
  fakeCli(dir, 'cdktn');
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(REPO_ROOT, 'src/cli/uptimectl.ts'),
      'cdk',
      '--dir',
      dir,
      'synth',
      '--output',
      'x',
    ],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      // Without this checkout's node_modules/.bin (npx puts it on the PATH), where a global-looking cdktf is.
      env: { ...process.env, PATH: withoutBins(process.env.PATH), UPTIME_CDK_CLI: '' },
    },
  );
  expect(r.status).toBe(0);
  expect(r.stdout).toBe('synth --output x\n');
  expect(r.stderr).toMatch(/uptimectl cdk: cdktn-cli 1\.2\.3 \(/);
});

test('withoutSharedPluginCache: no TF_PLUGIN_CACHE_DIR, and the CDK CLIs told not to set one; the input untouched', () => {
  const given = { PATH: '/bin', TF_PLUGIN_CACHE_DIR: '/home/u/.terraform.d/plugin-cache' };
  const env = withoutSharedPluginCache(given);
  expect(env).toEqual({ PATH: '/bin', CDKTF_DISABLE_PLUGIN_CACHE_ENV: '1' });
  expect('TF_PLUGIN_CACHE_DIR' in env).toBe(false);
  expect(given.TF_PLUGIN_CACHE_DIR).toBe('/home/u/.terraform.d/plugin-cache');
});
