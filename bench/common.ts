// What several benches share: the machine's load, Terraform's version, and admin calls to an in-process service.
import { execFileSync } from 'node:child_process';
import type { RunningService } from '../src/service/index.js';

/** `uptime`'s line and its one-minute load average. */
export function load(): { line: string; one: string } {
  const line = execFileSync('uptime', { encoding: 'utf8' }).trim();
  return { line, one: /load averages?:\s*([\d.]+)/.exec(line)?.[1] ?? '?' };
}

export function terraformVersion(env: NodeJS.ProcessEnv): string {
  const out = execFileSync('terraform', ['version', '-json'], { encoding: 'utf8', env });
  return (JSON.parse(out) as { terraform_version: string }).terraform_version;
}

/** Calls the service's admin API; resolves to the answer's `data`. */
export function adminOf(svc: RunningService) {
  return async (method: string, path: string, body?: unknown): Promise<any> => {
    const r = await fetch(`${svc.adminUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${svc.adminKey}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!r.ok) throw new Error(`admin ${method} ${path}: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { data: unknown }).data;
  };
}
