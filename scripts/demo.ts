// The README's main job (until the CDKTF quickstart takes over): start the local service, drive one
// monitor's whole life through the API client, print each step, stop the service, exit 0.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UptimeClient } from '../src/client/index.js';

interface ServiceInfo {
  baseUrl: string;
  tokens: Record<string, string>;
}

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function step(text: string): void {
  process.stdout.write(`\n==> ${text}\n`);
}

async function startService() {
  const child = spawn(
    process.execPath,
    [path.join(repo, 'bin/uptimectl.js'), 'service', '--port', '0', '--json'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout });
  const [first] = (await once(lines, 'line')) as [string];
  lines.close();
  child.stdout.resume();
  return { child, info: JSON.parse(first) as ServiceInfo };
}

async function main(): Promise<void> {
  step('Starting the local service (uptimectl service --port 0 --json)');
  const { child, info } = await startService();
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  };
  try {
    console.log(`    listening at ${info.baseUrl}; tokens: ${Object.keys(info.tokens).join(', ')}`);
    const token = info.tokens[Object.keys(info.tokens)[0]];
    const client = new UptimeClient({ baseUrl: info.baseUrl, token });

    step('What this token may do (GET /capabilities)');
    const caps = (await client.getCapabilities()).data;
    console.log(`    plan ${caps.plan.name} (pro: ${caps.plan.pro}), capacity ${caps.plan.monitorCapacity}`);
    console.log(`    scopes: ${caps.token.scopes.join(' ')}`);

    step('Creating a monitor (POST /monitors with an Idempotency-Key)');
    const created = await client.createMonitor({
      name: 'Demo homepage',
      url: 'https://example.com/',
      intervalSeconds: 300,
      requestHeaders: [{ name: 'X-Demo-Key', value: 'not-printed' }],
    });
    const id = created.data.id;
    console.log(`    ${id} status=${created.data.status} version=${created.etag}`);
    console.log(
      `    header X-Demo-Key stored, returned only as valueSet=${created.data.requestHeaders?.[0]?.valueSet}`,
    );

    step('Changing its interval (PATCH with If-Match)');
    const updated = await client.updateMonitor(id, { intervalSeconds: 60 }, { ifMatch: created.etag! });
    console.log(`    intervalSeconds=${updated.data.intervalSeconds} version=${updated.etag}`);

    step('A stale version is refused (412), nothing is overwritten');
    try {
      await client.updateMonitor(id, { name: 'lost update' }, { ifMatch: created.etag! });
      throw new Error('a stale If-Match was accepted');
    } catch (err) {
      console.log(`    ${(err as Error).message}`);
    }

    step('Pausing, then archiving (history kept) and reactivating');
    const paused = await client.pauseMonitor(id);
    console.log(`    pause → status=${paused.data.status}`);
    const archived = await client.archiveMonitor(id, { ifMatch: paused.etag! });
    console.log(`    archive → status=${archived.data.status} archived=${archived.data.archived}`);
    const reactivated = await client.reactivateMonitor(id, {}, { ifMatch: archived.etag! });
    console.log(`    reactivate → status=${reactivated.data.status} archived=${reactivated.data.archived}`);

    step('Listing monitors (GET /monitors, every page)');
    for await (const m of client.paginate.listMonitors({ limit: 100 })) {
      console.log(`    ${m.id}  ${m.status.padEnd(8)} ${m.intervalSeconds}s  ${m.name}  ${m.url}`);
    }

    step('Cleaning up: archiving the monitor');
    const current = await client.getMonitor(id);
    await client.archiveMonitor(id, { ifMatch: current.etag! });
    console.log('    archived');
  } finally {
    step('Stopping the local service');
    await stop();
    console.log('    stopped');
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`demo failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
