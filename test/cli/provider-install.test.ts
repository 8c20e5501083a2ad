// `uptimectl provider install` on each OS (src/cli/provider-install.ts): Terraform's platform names, the mirror's
// launcher (a shell script; a batch file on Windows), the CLI configuration's paths and what to type, in each shell.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cliConfig,
  cliConfigUsage,
  commandLine,
  installFromRelease,
  installProvider,
  launcherScript,
  terraformPlatform,
} from '../../src/cli/provider-install.js';

describe('provider install on each OS', () => {
  it("names platforms as Terraform does (GOOS_GOARCH), Windows' included", () => {
    expect(terraformPlatform('win32', 'x64')).toBe('windows_amd64');
    expect(terraformPlatform('win32', 'arm64')).toBe('windows_arm64');
    expect(terraformPlatform('win32', 'ia32')).toBe('windows_386');
    expect(terraformPlatform('linux', 'x64')).toBe('linux_amd64');
    expect(terraformPlatform('darwin', 'arm64')).toBe('darwin_arm64');
  });

  it('on Windows, the launcher is a batch file: quoted paths, % doubled, arguments passed on, CRLF', () => {
    const { suffix, text } = launcherScript(
      'C:\\Program Files\\nodejs\\node.exe',
      'C:\\Users\\Ana 100%\\app\\dist\\terraform-provider-uptime.cjs',
      'win32',
    );
    expect(suffix).toBe('.cmd');
    expect(text).toBe(
      '@"C:\\Program Files\\nodejs\\node.exe" "C:\\Users\\Ana 100%%\\app\\dist\\terraform-provider-uptime.cjs" %*\r\n',
    );
  });

  it('elsewhere, a shell script that execs node, any path quoted for sh', () => {
    const { suffix, text } = launcherScript('/opt/node 24/bin/node', "/home/o'neil/dist/x.cjs", 'linux');
    expect(suffix).toBe('');
    expect(text).toBe(`#!/bin/sh\nexec '/opt/node 24/bin/node' '/home/o'\\''neil/dist/x.cjs' "$@"\n`);
  });

  it('writes the launcher of this OS under both hosts, executable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'provider-install-'));
    try {
      const { executable, cliConfigFile } = installProvider({ dir, bundle: 'dist/x.cjs', version: '0.1.0' });
      const folder = join(
        dir,
        'mirror',
        'registry.opentofu.org',
        'uptime-monitoring',
        'uptime',
        '0.1.0',
        terraformPlatform(),
      );
      expect(readdirSync(folder)).toEqual([executable.split('/').pop()]);
      expect(readFileSync(join(folder, readdirSync(folder)[0]!), 'utf8')).toBe(
        readFileSync(executable, 'utf8'),
      );
      expect(statSync(executable).mode & 0o111).not.toBe(0);
      expect(readFileSync(cliConfigFile, 'utf8')).toContain(`path    = "${join(dir, 'mirror')}"`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("writes the mirror's path as an HCL string: forward slashes on Windows, escapes for quotes and templates", () => {
    expect(cliConfig('C:\\Users\\Ana B\\.terraform-uptime\\mirror', 'win32')).toContain(
      'path    = "C:/Users/Ana B/.terraform-uptime/mirror"',
    );
    expect(cliConfig('/srv/a "b" ${c}\\d/mirror', 'linux')).toContain(
      'path    = "/srv/a \\"b\\" \\u0024{c}\\\\d/mirror"',
    );
  });

  it('says how to use the CLI configuration in PowerShell and the Command Prompt on Windows, in sh elsewhere', () => {
    expect(cliConfigUsage("C:\\Users\\O'Neil\\.terraform-uptime\\terraform.rc", 'win32')).toEqual([
      'Use it (Terraform or OpenTofu: both read TF_CLI_CONFIG_FILE):',
      "  $env:TF_CLI_CONFIG_FILE = 'C:\\Users\\O''Neil\\.terraform-uptime\\terraform.rc'   # PowerShell",
      '  set "TF_CLI_CONFIG_FILE=C:\\Users\\O\'Neil\\.terraform-uptime\\terraform.rc"   # Command Prompt',
      '  terraform init        # or: tofu init',
      '(or copy its provider_installation block into %APPDATA%\\terraform.rc, the CLI configuration Terraform reads without TF_CLI_CONFIG_FILE)',
    ]);
    expect(cliConfigUsage('/home/ana/my stack/terraform.rc', 'linux')).toEqual([
      'Use it (Terraform or OpenTofu: both read TF_CLI_CONFIG_FILE):',
      "  export TF_CLI_CONFIG_FILE='/home/ana/my stack/terraform.rc'",
      '  terraform init        # or: tofu init',
      '(or copy its provider_installation block into ~/.terraformrc, the CLI configuration Terraform reads without TF_CLI_CONFIG_FILE)',
    ]);
  });

  it('quotes a command line only where a word needs it, as each shell reads it', () => {
    const words = [
      'terraform',
      'providers',
      'lock',
      '-fs-mirror=C:\\Users\\Ana B\\mirror',
      '-platform=windows_amd64',
    ];
    expect(commandLine(words, 'win32')).toBe(
      'terraform providers lock "-fs-mirror=C:\\Users\\Ana B\\mirror" -platform=windows_amd64',
    );
    expect(commandLine(['terraform', '-fs-mirror=/srv/mirror', '-platform=linux_amd64'], 'linux')).toBe(
      'terraform -fs-mirror=/srv/mirror -platform=linux_amd64',
    );
    expect(commandLine(['tofu', '-fs-mirror=/srv/a\\b'], 'linux')).toBe("tofu '-fs-mirror=/srv/a\\b'");
  });

  it('reads a SHA256SUMS file with CRLF line ends and binary-mode names (*file), as Windows tools write it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'provider-install-'));
    try {
      const from = join(dir, 'release');
      mkdirSync(from);
      const zip = 'terraform-provider-uptime_0.1.0_windows_amd64.zip';
      writeFileSync(join(from, zip), 'zip bytes');
      const digest = createHash('sha256').update('zip bytes').digest('hex');
      writeFileSync(join(from, 'terraform-provider-uptime_0.1.0_SHA256SUMS'), `${digest} *${zip}\r\n`);
      expect(installFromRelease({ dir, from }).platforms).toEqual(['windows_amd64']);
      writeFileSync(
        join(from, 'terraform-provider-uptime_0.1.0_SHA256SUMS'),
        `${'0'.repeat(64)}  ${zip}\r\n`,
      );
      expect(() => installFromRelease({ dir, from })).toThrow(`${zip} does not match`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
