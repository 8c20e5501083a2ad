// Where the plugin listens: go-plugin's network and port-range rules (src/protocol/listener.ts), on real sockets.
import { createServer, type Server } from 'node:net';
import {
  ListenConfigError,
  listenTcp,
  pluginNetwork,
  portRange,
  type BindTcp,
} from '../../src/protocol/listener.js';

describe('pluginNetwork', () => {
  it('is tcp on Windows whatever the variable says, and unix elsewhere unless UPTIME_PLUGIN_NETWORK=tcp', () => {
    expect(pluginNetwork({}, 'win32')).toBe('tcp');
    expect(pluginNetwork({ UPTIME_PLUGIN_NETWORK: 'tcp' }, 'win32')).toBe('tcp');
    expect(pluginNetwork({}, 'linux')).toBe('unix');
    expect(pluginNetwork({ UPTIME_PLUGIN_NETWORK: '' }, 'darwin')).toBe('unix');
    expect(pluginNetwork({ UPTIME_PLUGIN_NETWORK: 'TCP' }, 'linux')).toBe('tcp');
    expect(pluginNetwork({ UPTIME_PLUGIN_NETWORK: 'unix' }, 'linux')).toBe('unix');
  });

  it('refuses another value, and unix on Windows, naming the variable and the allowed values', () => {
    expect(() => pluginNetwork({ UPTIME_PLUGIN_NETWORK: 'pipe' }, 'linux')).toThrow(
      /UPTIME_PLUGIN_NETWORK="pipe" is not a plugin network: use tcp or unix/,
    );
    expect(() => pluginNetwork({ UPTIME_PLUGIN_NETWORK: 'unix' }, 'win32')).toThrow(
      /UPTIME_PLUGIN_NETWORK=unix is not available on Windows/,
    );
  });
});

describe('portRange', () => {
  it("reads Terraform's range; both unset or both 0 mean any free port", () => {
    expect(portRange({ PLUGIN_MIN_PORT: '10000', PLUGIN_MAX_PORT: '25000' })).toEqual({
      min: 10000,
      max: 25000,
    });
    expect(portRange({ PLUGIN_MIN_PORT: ' 443 ', PLUGIN_MAX_PORT: '443' })).toEqual({ min: 443, max: 443 });
    expect(portRange({})).toBeNull();
    expect(portRange({ PLUGIN_MIN_PORT: '', PLUGIN_MAX_PORT: '' })).toBeNull();
    expect(portRange({ PLUGIN_MIN_PORT: '0', PLUGIN_MAX_PORT: '0' })).toBeNull();
  });

  it.each([
    [{ PLUGIN_MIN_PORT: 'x', PLUGIN_MAX_PORT: '2' }, /PLUGIN_MIN_PORT="x" is not a port: .*from 1 to 65535/],
    [{ PLUGIN_MIN_PORT: '1', PLUGIN_MAX_PORT: '65536' }, /PLUGIN_MAX_PORT="65536" is not a port/],
    [{ PLUGIN_MIN_PORT: '-5', PLUGIN_MAX_PORT: '9' }, /PLUGIN_MIN_PORT="-5" is not a port/],
    [{ PLUGIN_MIN_PORT: '1e3', PLUGIN_MAX_PORT: '2000' }, /PLUGIN_MIN_PORT="1e3" is not a port/],
    [
      { PLUGIN_MIN_PORT: '20000', PLUGIN_MAX_PORT: '10000' },
      /PLUGIN_MIN_PORT \(20000\) is greater than PLUGIN_MAX_PORT \(10000\)/,
    ],
    [
      { PLUGIN_MIN_PORT: '10000' },
      /PLUGIN_MIN_PORT is set but PLUGIN_MAX_PORT is not: set both .* or neither/,
    ],
    [{ PLUGIN_MAX_PORT: '10000' }, /PLUGIN_MAX_PORT is set but PLUGIN_MIN_PORT is not/],
    [{ PLUGIN_MIN_PORT: '0', PLUGIN_MAX_PORT: '100' }, /PLUGIN_MIN_PORT is 0 but PLUGIN_MAX_PORT is 100/],
  ])('refuses %j with an error naming the variables', (env, message) => {
    expect(() => portRange(env)).toThrow(ListenConfigError);
    expect(() => portRange(env)).toThrow(message);
  });
});

describe('listenTcp', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });
  /** Binds a real server on 127.0.0.1, as the plugin's gRPC server does. */
  const bind: BindTcp = (port) =>
    new Promise((resolve, reject) => {
      const s = createServer();
      s.once('error', reject);
      s.listen({ host: '127.0.0.1', port }, () => {
        servers.push(s);
        resolve((s.address() as { port: number }).port);
      });
    });

  it('takes any free port without a range', async () => {
    expect(await listenTcp(bind, null)).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it('keeps to the range: a port in use is passed over for the next one', async () => {
    const taken = Number((await listenTcp(bind, null)).split(':')[1]);
    const max = Math.min(65535, taken + 40);
    const address = await listenTcp(bind, { min: taken, max });
    const port = Number(address.split(':')[1]);
    expect(port).toBeGreaterThan(taken);
    expect(port).toBeLessThanOrEqual(max);
  });

  it('says which range is full, how many ports were tried and why the last one failed', async () => {
    const taken = Number((await listenTcp(bind, null)).split(':')[1]);
    await expect(listenTcp(bind, { min: taken, max: taken })).rejects.toThrow(
      new RegExp(
        `PLUGIN_MIN_PORT\\.\\.PLUGIN_MAX_PORT \\(${taken}\\.\\.${taken}\\) on 127\\.0\\.0\\.1: the port refused \\(last: EADDRINUSE\\)`,
      ),
    );
  });

  it('tries every port in order and moves on from any refusal, as go-plugin does', async () => {
    const tried: number[] = [];
    const refusing: BindTcp = async (port) => {
      tried.push(port);
      if (port < 10003)
        throw Object.assign(new Error('denied'), { code: port === 10001 ? 'EACCES' : 'EADDRINUSE' });
      return port;
    };
    expect(await listenTcp(refusing, { min: 10000, max: 10005 })).toBe('127.0.0.1:10003');
    expect(tried).toEqual([10000, 10001, 10002, 10003]);
    tried.length = 0;
    await expect(listenTcp(refusing, { min: 10000, max: 10002 })).rejects.toThrow(
      /\(10000\.\.10002\) on 127\.0\.0\.1: all 3 ports refused \(last: EADDRINUSE\); free a port or widen the range/,
    );
  });
});
