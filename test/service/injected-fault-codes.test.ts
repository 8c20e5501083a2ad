// An injected fault answers with the code src/api's error table gives its status (codeOfStatus), so a fault looks
// like the service's own answer with that status.
import { Harness, testSeed } from './helpers.js';

let h: Harness;
beforeAll(async () => {
  h = await Harness.start(testSeed());
});
afterAll(() => h.close());
afterEach(() => h.admin('DELETE', '/faults'));

test.each([
  [400, 'validation_failed'],
  [404, 'not_found'],
  [409, 'invalid_state'],
  [412, 'precondition_failed'],
  [413, 'validation_failed'],
  [431, 'validation_failed'],
  [500, 'internal'],
  [502, 'unavailable'],
  [503, 'unavailable'],
  [504, 'unavailable'],
  [418, 'internal'],
])('status %i → %s', async (status, code) => {
  await h.admin('POST', '/faults', { route: 'listMonitors', status, count: 1 });
  const r = await h.call('GET', '/monitors');
  expect(r.status).toBe(status);
  expect(r.json.error).toMatchObject({ code, message: `injected fault (${status})` });
});
