// The CDKTF form of `uptimectl adopt` (src/adopt/render.ts) is real code: its aspect, in a cdktn stack, makes the
// synthesized configuration import the existing monitor into the resource of that logical id, and only that one.
jest.mock('cdktf', () => jest.requireActual('cdktn'));

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as cdktn from 'cdktn';
import { cdktf } from '../../src/adopt/render.js';
import { monitor, provider } from '../../src/constructs/index.js';

test('adoptMonitors(stack) imports the adopted monitor by logical id at synth', () => {
  const dir = mkdtempSync(join(__dirname, '.adopt-'));
  try {
    const file = join(dir, 'adopted.ts');
    writeFileSync(
      file,
      cdktf(
        [
          {
            stack: 'stack',
            address: 'uptime_monitor.checkout',
            name: 'checkout',
            id: 'mon-1234',
            monitorName: 'Checkout */ ${x}',
            url: 'https://checkout.example.com/',
            method: 'GET',
            createdAt: '2026-11-27T13:00:00Z',
            differences: [],
          },
        ],
        'cdktn',
      ),
    );
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { adoptMonitors } = require(file) as { adoptMonitors: (s: cdktn.TerraformStack) => void };
    const app = cdktn.Testing.app();
    const stack = new cdktn.TerraformStack(app, 'stack');
    new provider.UptimeProvider(stack, 'uptime', {});
    const a = new monitor.Monitor(stack, 'a', { url: 'https://checkout.example.com/' });
    a.overrideLogicalId('checkout');
    new monitor.Monitor(stack, 'b', { url: 'https://other.example.com/' });
    adoptMonitors(stack);
    const out = JSON.parse(cdktn.Testing.synth(stack)) as Record<string, any>;
    expect(out.import).toEqual([{ to: 'uptime_monitor.checkout', id: 'mon-1234' }]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
