// Installs the provider for offline Terraform and OpenTofu use: a filesystem mirror holding an executable that runs
// the bundled provider with this Node (or, with --from, the release zips of the single-file executables, which need
// no Node), and a CLI config file that points Terraform and OpenTofu at the mirror.
// A mirror is searched by host name (HOSTNAME/NAMESPACE/TYPE/…), and a bare `source = "uptime-monitoring/uptime"`
// means registry.terraform.io to Terraform but registry.opentofu.org to OpenTofu; so the same files go under both
// hosts, as real folders (OpenTofu's search follows no symlinked host or namespace folder).
// Windows: Terraform's platform there is windows_<arch> (Node says win32); the mirror's executable is a batch file
// (`terraform-provider-uptime_v<version>.cmd`: Terraform takes the first file named terraform-provider-uptime
// followed by `_` or `.`, internal/providercache ExecutableFile, checks no `.exe`, and Windows runs a batch file given
// to CreateProcess through cmd.exe; the provider's parent watch ends it when Terraform kills that cmd.exe); the CLI
// configuration's paths are written with forward slashes (Terraform reads them on Windows; backslashes would be HCL
// escapes); what to type is printed for PowerShell and the Command Prompt, and the file Terraform reads without
// TF_CLI_CONFIG_FILE is %APPDATA%\terraform.rc there (~/.terraformrc elsewhere).
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

import { escapeInvisible, hclEscape } from '../protocol/template.js';
import { PROVIDER_ADDRESS } from '../provider/address.js';

export const PROVIDER_SOURCE = PROVIDER_ADDRESS;

/** `namespace/type`: the source a configuration names (its host is the tool's default registry). */
export const PROVIDER_SHORT_SOURCE = PROVIDER_ADDRESS.slice(PROVIDER_ADDRESS.indexOf('/') + 1);

/**
 * The default registry of each tool (Terraform's, OpenTofu's): the hosts a mirror holds the provider under, so a bare
 * `uptime-monitoring/uptime` is found by either.
 */
export const MIRROR_HOSTS = ['registry.terraform.io', 'registry.opentofu.org'] as const;

/** The full addresses the mirror serves, one per host of MIRROR_HOSTS. */
export const MIRRORED_SOURCES = MIRROR_HOSTS.map((host) => `${host}/${PROVIDER_SHORT_SOURCE}`);

export interface InstallOptions {
  /** Folder that receives `mirror/` and `terraform.rc` (the CLI configuration of Terraform and OpenTofu). */
  dir: string;
  /** The bundled provider launcher (dist/terraform-provider-uptime.cjs). */
  bundle: string;
  version: string;
  nodePath?: string;
}

export interface Installed {
  mirrorDir: string;
  cliConfigFile: string;
  /** The executable (or, from a release, a zip) under registry.terraform.io; the same bytes are under each host. */
  executable: string;
}

/** Terraform's name of a platform (`linux_amd64`, `windows_amd64`, `darwin_arm64`): its GOOS_GOARCH. */
export function terraformPlatform(platform: string = process.platform, arch: string = process.arch): string {
  const os = platform === 'win32' ? 'windows' : platform;
  const goarch = arch === 'x64' ? 'amd64' : arch === 'ia32' ? '386' : arch;
  return `${os}_${goarch}`;
}

/** A word of a command line as the platform's shell reads it (POSIX sh; on Windows PowerShell and cmd.exe). */
export function shellWord(word: string, platform: string = process.platform): string {
  if (platform === 'win32') return /^[\w@+=:,./\\-]+$/.test(word) ? word : `"${word}"`;
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A command line to print, each word quoted as needed. */
export function commandLine(words: string[], platform: string = process.platform): string {
  return words.map((w) => shellWord(w, platform)).join(' ');
}

/** The Windows folders, by variable, a batch file may name a path through (the longest that holds it wins). */
const WINDOWS_PROFILE_VARIABLES = ['LOCALAPPDATA', 'APPDATA', 'USERPROFILE'] as const;

/**
 * A path as a batch file's quoted word. cmd.exe reads a batch file in the console's code page (437, 850, …; not
 * UTF-8), so a path with characters outside ASCII would reach it mangled; cmd.exe expands `%VAR%` from the
 * environment, which keeps every character. So a path outside ASCII is named through the profile folder of
 * WINDOWS_PROFILE_VARIABLES that holds it (the user's name is the usual non-ASCII part: C:\Users\José), and one
 * that no such folder holds with an ASCII rest is refused. `%` is doubled: cmd.exe expands it even in quotes.
 */
function batchPath(p: string, env: NodeJS.ProcessEnv): string {
  const ascii = (s: string) => /^[\x20-\x7e]*$/.test(s);
  const word = (s: string) => s.replace(/%/g, '%%');
  if (ascii(p)) return `"${word(p)}"`;
  const folders = WINDOWS_PROFILE_VARIABLES.flatMap((name) => {
    const value = env[name]?.replace(/\\+$/, '');
    return value ? [{ name, value }] : [];
  }).sort((a, b) => b.value.length - a.value.length);
  for (const { name, value } of folders) {
    const rest = p.slice(value.length);
    if (p.slice(0, value.length).toLowerCase() === value.toLowerCase() && /^(\\|$)/.test(rest) && ascii(rest))
      return `"%${name}%${word(rest)}"`;
  }
  throw new Error(
    `${p} has characters outside ASCII, which the Windows launcher (a batch file: cmd.exe reads it in the console's code page) cannot name; install the single-file release instead (uptimectl provider install --from <release-dir>), or Node and this package in a folder whose path is ASCII`,
  );
}

/**
 * The mirror's executable that runs `bundle` with `node`: its file name's ending (`.cmd` on Windows) and its text.
 * Elsewhere a shell script that execs node, so that Terraform's signals reach node itself and no shell keeps the
 * stdout pipe open; on Windows a batch file (CRLF line ends; each path as batchPath writes it). `env`: the environment
 * of the Windows user who will run Terraform (the profile folders' variables).
 */
export function launcherScript(
  node: string,
  bundle: string,
  platform: string = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): { suffix: string; text: string } {
  if (platform === 'win32')
    return { suffix: '.cmd', text: `@${batchPath(node, env)} ${batchPath(bundle, env)} %*\r\n` };
  const q = (p: string) => `'${p.replace(/'/g, `'\\''`)}'`;
  return { suffix: '', text: `#!/bin/sh\nexec ${q(node)} ${q(bundle)} "$@"\n` };
}

export function installProvider(opts: InstallOptions): Installed {
  const mirrorDir = path.resolve(opts.dir, 'mirror');
  const script = launcherScript(opts.nodePath ?? process.execPath, path.resolve(opts.bundle));
  const executables = MIRRORED_SOURCES.map((source) => {
    const pkgDir = path.join(mirrorDir, source, opts.version, terraformPlatform());
    mkdirSync(pkgDir, { recursive: true });
    const executable = path.join(pkgDir, `terraform-provider-uptime_v${opts.version}${script.suffix}`);
    writeFileSync(executable, script.text);
    chmodSync(executable, 0o755);
    return executable;
  });
  const executable = executables[0]!;
  const cliConfigFile = path.resolve(opts.dir, 'terraform.rc');
  writeFileSync(cliConfigFile, cliConfig(mirrorDir));
  return { mirrorDir, cliConfigFile, executable };
}

/**
 * A string of the CLI configuration holding exactly `s`. Terraform and OpenTofu read that file with HCL 1, which
 * copies a `${…}` of a string as it stands and knows no `$${` escape (HCL 2's), so `$` and `%` before `{` are written
 * as \u escapes, which both HCL versions read as the character; so are quotes, backslashes and invisible characters.
 */
export function cliConfigString(s: string): string {
  const escaped = escapeInvisible(s.replace(/\\/g, '\\\\').replace(/"/g, '\\"'), hclEscape);
  return `"${escaped.replace(/([$%])\{/g, (_m, c: string) => `${hclEscape(c.charCodeAt(0))}{`)}"`;
}

/**
 * The CLI configuration (Terraform's `TF_CLI_CONFIG_FILE`, which OpenTofu reads too): this provider, under either
 * host, from the mirror and never from a registry; every other provider from its registry.
 */
export function cliConfig(mirrorDir: string, platform: string = process.platform): string {
  const sources = MIRRORED_SOURCES.map((s) => `"${s}"`).join(', ');
  const dir = platform === 'win32' ? mirrorDir.replace(/\\/g, '/') : mirrorDir;
  return `provider_installation {
  filesystem_mirror {
    path    = ${cliConfigString(dir)}
    include = [${sources}]
  }
  direct {
    exclude = [${sources}]
  }
}
`;
}

/** How to point Terraform and OpenTofu at `cliConfigFile`, in the platform's shells. */
export function cliConfigUsage(cliConfigFile: string, platform: string = process.platform): string[] {
  const set =
    platform === 'win32'
      ? [
          `  $env:TF_CLI_CONFIG_FILE = '${cliConfigFile.replace(/'/g, "''")}'   # PowerShell`,
          `  set "TF_CLI_CONFIG_FILE=${cliConfigFile}"   # Command Prompt`,
        ]
      : [`  export TF_CLI_CONFIG_FILE=${shellWord(cliConfigFile, platform)}`];
  const home = platform === 'win32' ? '%APPDATA%\\terraform.rc' : '~/.terraformrc';
  return [
    'Use it (Terraform or OpenTofu: both read TF_CLI_CONFIG_FILE):',
    ...set,
    '  terraform init        # or: tofu init',
    `(or copy its provider_installation block into ${home}, the CLI configuration Terraform reads without TF_CLI_CONFIG_FILE)`,
  ];
}

/** Copies `from` to `to`: a hard link where the file system allows it (a release zip is 40 MB), else a copy. */
function linkOrCopy(from: string, to: string): void {
  if (existsSync(to)) rmSync(to);
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

export interface ReleaseInstallOptions {
  /** Folder that receives `mirror/` and `terraform.rc`. */
  dir: string;
  /** A release directory (npm run build:release): the zips, the manifest and the SHA256SUMS file. */
  from: string;
}

export interface ReleaseInstalled extends Installed {
  version: string;
  platforms: string[];
}

const RELEASE_ZIP = /^terraform-provider-uptime_(\d+\.\d+\.\d+(?:-[\w.]+)?)_([a-z0-9]+_[a-z0-9]+)\.zip$/;

/**
 * Installs release zips into a filesystem mirror in Terraform's packed layout
 * (`<host>/<namespace>/<type>/terraform-provider-<type>_<version>_<os>_<arch>.zip`, under each of MIRROR_HOSTS), each
 * checked against the release's SHA256SUMS before anything is written. Terraform and OpenTofu unpack the zip of their
 * own platform, and `terraform providers lock -fs-mirror` / `tofu providers lock -fs-mirror` can record hashes for
 * every released platform offline.
 */
export function installFromRelease(opts: ReleaseInstallOptions): ReleaseInstalled {
  const from = path.resolve(opts.from);
  const zips = readdirSync(from).filter((f) => RELEASE_ZIP.test(f));
  if (!zips.length)
    throw new Error(
      `${from} holds no terraform-provider-uptime_<version>_<os>_<arch>.zip (run npm run build:release)`,
    );
  const versions = [...new Set(zips.map((z) => RELEASE_ZIP.exec(z)![1]!))];
  if (versions.length > 1)
    throw new Error(`${from} holds several versions (${versions.join(', ')}); keep one per directory`);
  const version = versions[0]!;
  const sumsFile = path.join(from, `terraform-provider-uptime_${version}_SHA256SUMS`);
  if (!existsSync(sumsFile)) throw new Error(`${sumsFile} is missing: a release needs its SHA256SUMS`);
  // `<sha256>  <file>` lines; also read as a Windows checkout or tool may leave them: CRLF, `*<file>` (binary mode).
  const sums = new Map(
    readFileSync(sumsFile, 'utf8')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean)
      .map((l) => {
        const [digest = '', file = ''] = l.split(/\s+/);
        return [file.replace(/^\*/, ''), digest] as const;
      }),
  );
  for (const z of zips) {
    const digest = createHash('sha256')
      .update(readFileSync(path.join(from, z)))
      .digest('hex');
    if (sums.get(z) !== digest)
      throw new Error(`${z} does not match ${path.basename(sumsFile)}: the release is damaged`);
  }
  const mirrorDir = path.resolve(opts.dir, 'mirror');
  const [target, ...others] = MIRRORED_SOURCES.map((source) => path.join(mirrorDir, source));
  for (const t of [target!, ...others]) mkdirSync(t, { recursive: true });
  for (const z of zips) {
    copyFileSync(path.join(from, z), path.join(target!, z));
    for (const other of others) linkOrCopy(path.join(target!, z), path.join(other, z));
  }
  const cliConfigFile = path.resolve(opts.dir, 'terraform.rc');
  writeFileSync(cliConfigFile, cliConfig(mirrorDir));
  const platforms = zips.map((z) => RELEASE_ZIP.exec(z)![2]!).sort();
  return { mirrorDir, cliConfigFile, executable: path.join(target!, zips[0]!), version, platforms };
}
