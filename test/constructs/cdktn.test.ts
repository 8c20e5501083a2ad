// CDK Terrain (cdktn 0.24) is the maintained continuation of CDKTF; its library runs on Node 20.
// The same generated bindings, with `cdktf` resolved to `cdktn`, must synthesize the same configuration.
jest.mock('cdktf', () => jest.requireActual('cdktn'));

import * as cdktn from 'cdktn';
import { provider } from '../../src/constructs/index.js';

test('the bindings synthesize inside a cdktn app', () => {
  const app = cdktn.Testing.app();
  const stack = new cdktn.TerraformStack(app, 'stack');
  const p = new provider.UptimeProvider(stack, 'uptime', { baseUrl: 'http://127.0.0.1:8080/v1' });
  expect(p).toBeInstanceOf(cdktn.TerraformProvider);
  const synthesized = JSON.parse(cdktn.Testing.synth(stack)) as Record<string, any>;
  expect(synthesized.terraform.required_providers.uptime.source).toBe('uptime-monitoring/uptime');
  expect(synthesized.provider.uptime).toEqual([{ base_url: 'http://127.0.0.1:8080/v1' }]);
});
