// `uptimectl import`: writes configuration and import blocks for everything the token can see (filtered), so that
// `terraform plan` shows only imports. account.ts reads the account, model.ts decides what to write (only what
// differs from the defaults; secrets kept, never read), hcl.ts / cdktf.ts write it, verify.ts proves the plan.
// Re-runs are incremental: `.uptimectl-import.json` in the output directory records what was written, and only
// objects not in it are added, in new files, so the user's edits are never touched.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UptimeClient } from '../client/index.js';
import { readAccount, type Filters } from './account.js';
import * as cdktf from './cdktf.js';
import { DEFAULT_CDK_LIBRARY, type CdkLibrary } from './cdktf-project.js';
import * as hcl from './hcl.js';
import { plan, type ImportSet, type Known } from './model.js';
import { verify } from './verify.js';

export const MANIFEST = '.uptimectl-import.json';

export interface ImportOptions {
  out: string;
  format: 'hcl' | 'cdktf';
  /** CDKTF: the library the app is written against (default: what the directory was written with, else cdktn). */
  cdk?: CdkLibrary | undefined;
  baseUrl: string;
  token: string;
  filters: Filters;
  verify?: boolean;
  /** Provider version written in required_providers / package.json. */
  version: string;
  progress?: (message: string) => void;
}

export interface ImportResult {
  written: string[];
  /** API requests made (retries included). */
  requests: number;
  counts: Record<string, number>;
  verified?: string;
}

interface Manifest {
  format: 'hcl' | 'cdktf';
  /** CDKTF: the library the app imports from (absent in records written before the choice: cdktf). */
  cdk?: CdkLibrary;
  names: Record<string, string>;
  imported: string[];
  lookups: Record<string, string>;
  files: string[];
}

function readManifest(out: string, format: 'hcl' | 'cdktf'): Manifest {
  const file = join(out, MANIFEST);
  if (!existsSync(file)) {
    const stray = existsSync(out) ? readdirSync(out).filter((f) => f.endsWith('.tf') || f === 'main.ts') : [];
    if (stray.length)
      throw new Error(
        `${out} already holds ${stray.join(', ')} but no ${MANIFEST}: choose an empty or new --out directory (import adds to directories it wrote)`,
      );
    return { format, names: {}, imported: [], lookups: {}, files: [] };
  }
  let m: Manifest;
  try {
    m = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    throw new Error(
      `${file} is not valid JSON: restore it from version control, or import into a new --out directory`,
    );
  }
  if (!m || typeof m !== 'object' || !m.names || !Array.isArray(m.imported) || !Array.isArray(m.files))
    throw new Error(
      `${file} is not an uptimectl import record: restore it, or import into a new --out directory`,
    );
  if (m.format !== format)
    throw new Error(`${out} was written with --format ${m.format}; use the same format to add to it`);
  return m;
}

/** The library of a CDKTF output: the one it was written with (later files must import from the same one). */
function cdkLibrary(out: string, m: Manifest, asked: CdkLibrary | undefined): CdkLibrary {
  const written = m.files.length ? (m.cdk ?? 'cdktf') : undefined;
  if (written && asked && asked !== written)
    throw new Error(
      `${out} was written with --cdk ${written}; use the same library to add to it (or import into a new --out directory)`,
    );
  return written ?? asked ?? DEFAULT_CDK_LIBRARY;
}

export async function runImport(o: ImportOptions): Promise<ImportResult> {
  const progress = o.progress ?? (() => {});
  mkdirSync(o.out, { recursive: true });
  const manifest = readManifest(o.out, o.format);
  const library = o.format === 'cdktf' ? cdkLibrary(o.out, manifest, o.cdk) : undefined;
  const known: Known = {
    names: manifest.names,
    imported: new Set(manifest.imported),
    lookups: manifest.lookups,
  };
  let requests = 0;
  const client = new UptimeClient({
    baseUrl: o.baseUrl,
    token: o.token,
    logger: (e) => {
      if (e.event === 'request') requests++;
    },
  });
  const account = await readAccount(client, o.filters, progress);
  const set: ImportSet = plan(account, known, o.format === 'cdktf' ? cdktf.RESERVED_CONSTRUCT_IDS : []);
  const counts: Record<string, number> = {};
  for (const type of ['uptime_monitor', 'uptime_monitor_alert_settings', 'uptime_status_page']) {
    const n = set.objects.filter((x) => x.type === type).length;
    if (n) counts[type] = n;
  }

  const run =
    manifest.files.length === 0
      ? 1
      : Math.max(...manifest.files.map((f) => Number(/-(\d+)\./.exec(f)?.[1] ?? 1))) + 1;
  const written: string[] = [];
  const write = (name: string, text: string) => {
    writeFileSync(join(o.out, name), text);
    written.push(name);
  };
  if (set.objects.length || set.lookups.length) {
    if (o.format === 'hcl') {
      if (run === 1) write('main.tf', hcl.header(o.version));
      const suffix = run === 1 ? '' : `-${run}`;
      if (set.lookups.length) write(`destinations${suffix}.tf`, hcl.lookups(set.lookups));
      write(`monitors${suffix}.tf`, hcl.objects(set.objects));
    } else {
      const all = { ...manifest.lookups };
      for (const l of set.lookups) all[l.name] = `${l.channel}/${l.label}`;
      for (const [name, text] of cdktf.files(set, run, o.version, all, library)) write(name, text);
      const runs = [...manifest.files, ...written]
        .flatMap((f) => /^imported-(\d+)\.ts$/.exec(f)?.[1] ?? [])
        .map(Number);
      write('imported-index.ts', cdktf.index([...new Set(runs)].sort((a, b) => a - b)));
    }
  }

  for (const x of set.objects) {
    manifest.names[x.id] = x.monitor;
    manifest.imported.push(`${x.type}/${x.id}`);
  }
  for (const l of set.lookups) manifest.lookups[l.name] = `${l.channel}/${l.label}`;
  manifest.files.push(...written);
  if (library && manifest.files.length) manifest.cdk = library;
  writeFileSync(join(o.out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

  const result: ImportResult = { written, counts, requests };
  if (o.verify) result.verified = await verify(o.out, o.format, progress);
  return result;
}
