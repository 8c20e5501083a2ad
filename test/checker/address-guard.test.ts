// The probe's address guard on its own and inside the checker: every non-public range and its IPv6 spellings
// refused, allowed ranges let through, names checked after resolution, and a redirect to a refused address stopped
// before anything connects to it (the second target sees no request). Wall time < 2 s.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AddressGuard, embeddedIpv4, HttpChecker } from '../../src/checker/index.js';

test.each([
  ['127.0.0.1', 'loopback'],
  ['10.1.2.3', 'private (RFC 1918)'],
  ['172.31.255.255', 'private (RFC 1918)'],
  ['192.168.0.10', 'private (RFC 1918)'],
  ['100.64.0.1', 'carrier-grade NAT (RFC 6598)'],
  ['169.254.169.254', 'cloud metadata'],
  ['169.254.10.10', 'link-local'],
  ['0.0.0.0', 'unspecified'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['fe80::1', 'link-local'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456::1', 'unique-local'],
  ['fd00:ec2::254', 'cloud metadata'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:a9fe:a9fe', 'cloud metadata'],
  ['64:ff9b::10.0.0.1', 'private (RFC 1918)'],
  ['[::ffff:192.168.1.1]', 'private (RFC 1918)'],
  ['224.0.0.1', 'multicast'],
])('%s is refused as %s', (address, what) => {
  expect(new AddressGuard().refusal(address)).toBe(what);
});

test.each(['93.184.215.14', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '100.128.0.1'])(
  '%s is public',
  (a) => {
    expect(new AddressGuard().refusal(a)).toBeNull();
  },
);

test('allowed ranges, in any spelling of the address; bad entries name themselves', () => {
  const g = new AddressGuard(['10.20.0.0/16, fd12::/16', '127.0.0.1']);
  expect(g.refusal('10.20.3.4')).toBeNull();
  expect(g.refusal('::ffff:10.20.3.4')).toBeNull();
  expect(g.refusal('10.21.0.1')).toBe('private (RFC 1918)');
  expect(g.refusal('fd12::5')).toBeNull();
  expect(g.refusal('127.0.0.2')).toBe('loopback');
  expect(embeddedIpv4('::ffff:a00:1')).toBe('10.0.0.1');
  expect(() => new AddressGuard(['example.com'])).toThrow('--probe-allow: "example.com" is not a CIDR range');
  expect(() => new AddressGuard(['::/129'])).toThrow('the prefix length must be 0–128');
});

describe('inside the checker', () => {
  let a: Server;
  let b: Server;
  const seen = { a: 0, b: 0 };
  let portA = 0;
  let portB = 0;
  beforeAll(async () => {
    b = createServer((_q, r) => {
      seen.b++;
      r.end('b');
    });
    await new Promise<void>((r) => b.listen(0, '0.0.0.0', r));
    portB = (b.address() as AddressInfo).port;
    a = createServer((_q, r) => {
      seen.a++;
      r.writeHead(302, { location: `http://127.0.0.2:${portB}/inside` }).end();
    });
    await new Promise<void>((r) => a.listen(0, '127.0.0.1', r));
    portA = (a.address() as AddressInfo).port;
  });
  afterAll(async () => {
    a.closeAllConnections();
    b.closeAllConnections();
    await Promise.all([new Promise((r) => a.close(r)), new Promise((r) => b.close(r))]);
  });
  const request = (url: string) => ({
    url,
    method: 'GET',
    headers: [],
    basicAuth: null,
    timeoutMs: 2000,
    followRedirects: true,
    acceptedStatusCodes: [],
  });

  test('a name is checked on what it resolves to', async () => {
    const r = await new HttpChecker({ guard: new AddressGuard(), isolated: true }).check(
      request(`http://localhost:${portA}/`),
    );
    expect(r.refused).toMatch(
      /^localhost resolves to (127\.0\.0\.1|::1), a loopback address: refused by default$/,
    );
    expect(seen.a).toBe(0);
  });

  test('a redirect to a refused address is stopped before it connects', async () => {
    const r = await new HttpChecker({ guard: new AddressGuard(['127.0.0.1/32']), isolated: true }).check(
      request(`http://127.0.0.1:${portA}/`),
    );
    expect(seen.a).toBe(1);
    expect(r).toMatchObject({ status: 'down', refused: '127.0.0.2, a loopback address: refused by default' });
    expect(seen.b).toBe(0);
    // allowed, the same redirect is followed: the second target was reachable all along
    const ok = await new HttpChecker({ guard: new AddressGuard(['127.0.0.0/8']), isolated: true }).check(
      request(`http://127.0.0.1:${portA}/`),
    );
    expect(ok).toMatchObject({ status: 'up', httpStatus: 200 });
    expect(seen.b).toBe(1);
  });
});
