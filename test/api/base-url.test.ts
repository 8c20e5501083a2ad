// The loopback rule and the base-URL rule (src/api/base-url.ts), read through every part that applies them: the
// client's base URL, the provider's base_url, the local service's local mode for webhook endpoints, and the run
// task's HCP origin. One table of hosts, one verdict each, wherever it is asked.
import { baseUrlProblem, isLoopback } from '../../src/api/index.js';
import { UptimeClient } from '../../src/client/index.js';
import { checkBaseUrl as providerBaseUrl } from '../../src/provider/index.js';
import { configuredOrigin } from '../../src/run-task/hcp-client.js';
import { checkEndpointUrl } from '../../src/service/engine/webhooks.js';

/** Host as it appears in a URL → whether it is this machine. */
const HOSTS: [string, boolean][] = [
  ['localhost', true],
  ['LocalHost', true],
  ['127.0.0.1', true],
  ['127.8.9.10', true],
  ['127.255.255.254', true],
  ['[::1]', true],
  ['[0:0:0:0:0:0:0:1]', true],
  ['[::ffff:127.0.0.1]', true],
  ['0x7f.1', true], // the WHATWG URL parser reads it as 127.0.0.1
  ['app.localhost', false], // resolved through DNS by Node: it may leave the machine
  ['localhost.', false],
  ['localhost.evil.test', false],
  ['127.0.0.1.evil.test', false],
  ['127.example.com', false],
  ['128.0.0.1', false],
  ['0.0.0.0', false],
  ['[::]', false],
  ['[::2]', false],
  ['[::ffff:10.0.0.1]', false],
  ['api.example.com', false],
];

describe('isLoopback', () => {
  test.each(HOSTS)('%s in a URL: %s', (host, loopback) => {
    expect(isLoopback(new URL(`http://${host}:8080/v1`).hostname)).toBe(loopback);
  });

  test('listen addresses as given on a command line', () => {
    for (const h of ['127.0.0.1', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1'])
      expect(isLoopback(h)).toBe(true);
    for (const h of ['0.0.0.0', '::', '192.168.1.10', '', 'example.com']) expect(isLoopback(h)).toBe(false);
  });
});

describe('the base-URL rule, wherever a token is sent', () => {
  test.each(HOSTS)('http://%s is accepted only on loopback (%s), https always', (host, loopback) => {
    const http = `http://${host}:8080/v1`;
    const https = `https://${host}/v1`;
    expect(baseUrlProblem(https)).toBeNull();
    expect(baseUrlProblem(http)?.rule ?? null).toBe(loopback ? null : 'https');
    // The client, the provider and the run task's HCP origin agree.
    const client = () => new UptimeClient({ baseUrl: http, token: 't' });
    const provider = () => providerBaseUrl(http);
    const hcp = () => configuredOrigin('--tfe-url', http);
    for (const f of [client, provider, hcp]) {
      if (loopback) expect(f).not.toThrow();
      else expect(f).toThrow(/https/);
    }
  });

  test('the refusal names the setting, the rule and what is allowed; credentials are never repeated', () => {
    expect(baseUrlProblem('http://api.example.com/v1', '--base-url')).toEqual({
      rule: 'https',
      message: expect.stringMatching(
        /^--base-url must use https \(plain http only to a loopback host: localhost, 127\.0\.0\.0\/8 or ::1.*got http:\/\/api\.example\.com$/,
      ),
    });
    expect(baseUrlProblem('api.example.com/v1', 'base_url')).toMatchObject({
      rule: 'absolute_url',
      message: expect.stringMatching(/^base_url must be an absolute URL/),
    });
    const creds = baseUrlProblem('https://user:s3cret-pw@api.example.com/v1');
    expect(creds?.rule).toBe('no_credentials');
    expect(creds?.message).not.toContain('s3cret-pw');
    const insecure = baseUrlProblem('http://user:s3cret-pw@api.example.com/v1');
    expect(insecure?.message).not.toContain('s3cret-pw');
  });

  test('the provider refuses base_url credentials with a diagnostic on base_url', () => {
    expect(() => providerBaseUrl('https://user:pw@api.example.com/v1')).toThrow(
      expect.objectContaining({ summary: 'Invalid base_url', path: ['base_url'] }),
    );
  });
});

describe('local mode: webhook endpoints on loopback', () => {
  test.each(HOSTS)('http://%s/hook in local mode: allowed only on loopback (%s)', (host, loopback) => {
    const url = `http://${host}:9000/hook`;
    expect(checkEndpointUrl(url, true)?.rule ?? null).toBe(loopback ? null : 'https_only');
    expect(checkEndpointUrl(url, false)?.rule).toBe('https_only');
  });
});
