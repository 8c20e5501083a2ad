// Where the run's token may go, by default HCP Terraform's origin only: look-alike hosts, another scheme or port,
// credentials in the URL and a plain-http --tfe-url off loopback are refused; the plan download may redirect to HCP's
// archivist (without the token), on Terraform Enterprise to its own origin only unless --plan-redirect-origin says.
import { configuredOrigin, HcpClient } from '../../src/run-task/hcp-client.js';

test('the default: app.terraform.io only, archivist.terraform.io as the plan redirect', async () => {
  const c = new HcpClient();
  expect(c.origin).toBe('https://app.terraform.io');
  expect([...c.redirectOrigins].sort()).toEqual([
    'https://app.terraform.io',
    'https://archivist.terraform.io',
  ]);
  expect(
    c.refusal('task_result_callback_url', 'https://app.terraform.io/api/v2/task-results/g/callback'),
  ).toBeNull();
  for (const bad of [
    'http://app.terraform.io/api/v2/task-results/g/callback',
    'https://app.terraform.io:8443/api/v2/task-results/g/callback',
    'https://app.terraform.io.evil.example/api/v2/task-results/g/callback',
    'https://evil.example/app.terraform.io/',
    'https://archivist.terraform.io/v1/object/x',
    'https://user:pw@app.terraform.io/api/v2/plans/p/json-output',
    'javascript:alert(1)',
    'not a url',
  ])
    expect(c.refusal('task_result_callback_url', bad)).toMatch(/task_result_callback_url/);
  await c.close();
});

test('Terraform Enterprise: its own origin, redirects to itself unless more are named', async () => {
  const tfe = new HcpClient({ tfeUrl: 'https://tfe.example.com/some/path' });
  expect(tfe.origin).toBe('https://tfe.example.com');
  expect([...tfe.redirectOrigins]).toEqual(['https://tfe.example.com']);
  await tfe.close();
  const more = new HcpClient({
    tfeUrl: 'https://tfe.example.com',
    redirectOrigins: ['https://objects.example.com'],
  });
  expect([...more.redirectOrigins].sort()).toEqual([
    'https://objects.example.com',
    'https://tfe.example.com',
  ]);
  await more.close();
});

test('--tfe-url must be https (http only on loopback, for a stand-in)', () => {
  expect(() => configuredOrigin('--tfe-url', 'http://tfe.example.com')).toThrow(/must be an https URL/);
  expect(() => configuredOrigin('--tfe-url', 'https://u:p@tfe.example.com')).toThrow(/user name or password/);
  expect(() => configuredOrigin('--tfe-url', 'tfe.example.com')).toThrow(/is not a URL/);
  expect(configuredOrigin('--tfe-url', 'http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
});
