// What OpenTofu finds in a filesystem mirror, written from OpenTofu's source (opentofu/opentofu v1.8–v1.11,
// docs/reference: /work/shared/reference/opentofu.md), not from our installer:
// - internal/getproviders/filesystem_search.go `SearchLocalDirectory`: a filepath.Walk (lstat: a symlinked folder is
//   not entered; only the base may be a symlink) where the path below the base is HOSTNAME/NAMESPACE/TYPE/…; at depth
//   5 a directory (stat, so a leaf link counts) is an unpacked package VERSION/OS_ARCH; at depth 4 a file named
//   `terraform-provider-<type>_<version>_<os>_<arch>.zip` (compared in lower case) is a packed one. The provider's
//   address is the path's host, namespace and type.
// - internal/getproviders/hash.go: the `h1:` hash is golang.org/x/mod/sumdb/dirhash Hash1 over the unpacked files
//   (HashDir) or over the zip's entries (HashZip): sha256 of "<hex sha256 of file>  <name>\n" for each file in name
//   order, base64.
// - the CLI configuration's `include`/`exclude` patterns (config-file.mdx): HOSTNAME/NAMESPACE/TYPE, `*` for a whole
//   part, compared case-insensitively.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface MirrorPackage {
  /** `host/namespace/type`, as the path names it (host lower-cased, as svchost.ForComparison does for ASCII). */
  provider: string;
  version: string;
  platform: string;
  kind: 'unpacked' | 'packed';
  location: string;
}

const PART = /^[0-9a-z](?:[0-9a-z-]*[0-9a-z])?$/i;
const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const PLATFORM = /^[a-z0-9]+_[a-z0-9]+$/;

/** SearchLocalDirectory: every package the mirror offers, by provider address. */
export function searchMirrorAsOpenTofu(base: string): Map<string, MirrorPackage[]> {
  const found = new Map<string, MirrorPackage[]>();
  const visit = (full: string): void => {
    const parts = relative(base, full).split(sep);
    const linked = lstatSync(full).isSymbolicLink();
    if (parts.length >= 3) {
      const [host, namespace, type] = parts as [string, string, string];
      if (!PART.test(namespace) || !PART.test(type) || !/^[a-z0-9.-]+$/i.test(host)) return;
      const provider = `${host.toLowerCase()}/${namespace.toLowerCase()}/${type.toLowerCase()}`;
      let info;
      try {
        info = statSync(full);
      } catch {
        return;
      }
      const add = (p: MirrorPackage) => found.set(provider, [...(found.get(provider) ?? []), p]);
      if (parts.length === 5 && info.isDirectory() && VERSION.test(parts[3]!) && PLATFORM.test(parts[4]!))
        add({ provider, version: parts[3]!, platform: parts[4]!, kind: 'unpacked', location: full });
      if (parts.length === 4 && !info.isDirectory()) {
        const name = parts[3]!.toLowerCase();
        const prefix = `terraform-provider-${type.toLowerCase()}_`;
        if (name.startsWith(prefix) && name.endsWith('.zip')) {
          const [version, os, arch] = name.slice(prefix.length, -'.zip'.length).split('_');
          if (version && os && arch && VERSION.test(version) && PLATFORM.test(`${os}_${arch}`))
            add({ provider, version, platform: `${os}_${arch}`, kind: 'packed', location: full });
        }
      }
    }
    // filepath.Walk descends only into what lstat calls a directory (the base may be a link).
    if (full !== base && linked) return;
    if (!statSync(full).isDirectory()) return;
    for (const name of readdirSync(full).sort()) visit(join(full, name));
  };
  visit(base);
  return found;
}

const hash1 = (files: [name: string, bytes: Buffer][]): string =>
  `h1:${createHash('sha256')
    .update(
      files
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, bytes]) => `${createHash('sha256').update(bytes).digest('hex')}  ${name}\n`)
        .join(''),
    )
    .digest('base64')}`;

/** dirhash.HashDir(dir, "", Hash1): the `h1:` of an unpacked package. */
export function dirH1(dir: string): string {
  const files: [string, Buffer][] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.push([relative(dir, full).split(sep).join('/'), readFileSync(full)]);
    }
  };
  walk(dir);
  return hash1(files);
}

/** dirhash.HashZip(zip, Hash1): the `h1:` of a packed package (what it unpacks to). */
export function zipH1(zip: string): string {
  const names = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n');
  return hash1(
    names.map((n) => [n, execFileSync('unzip', ['-p', zip, n], { maxBuffer: 512 * 1024 * 1024 })]),
  );
}

/** The `h1:` of a package found by searchMirrorAsOpenTofu. */
export const packageH1 = (p: MirrorPackage): string =>
  p.kind === 'unpacked' ? dirH1(p.location) : zipH1(p.location);

/** Whether a CLI-config `include`/`exclude` pattern (HOSTNAME/NAMESPACE/TYPE, `*` wildcards) matches an address. */
export function patternMatches(pattern: string, address: string): boolean {
  const p = pattern.toLowerCase().split('/');
  const a = address.toLowerCase().split('/');
  return p.length === 3 && p.every((part, i) => part === '*' || part === a[i]);
}

/** The `include` and `exclude` lists of a CLI configuration's `filesystem_mirror` and `direct` blocks. */
export function installationPatterns(cliConfig: string): {
  mirrorInclude: string[];
  directExclude: string[];
} {
  const list = (block: string, attr: string): string[] => {
    const body = new RegExp(`${block}\\s*\\{([^}]*)\\}`).exec(cliConfig)?.[1] ?? '';
    const value = new RegExp(`${attr}\\s*=\\s*\\[([^\\]]*)\\]`).exec(body)?.[1] ?? '';
    return [...value.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
  };
  return { mirrorInclude: list('filesystem_mirror', 'include'), directExclude: list('direct', 'exclude') };
}
