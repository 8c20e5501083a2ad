// The client's connections: TCP keep-alive is switched on for every connection, and only once it has connected
// (Wine's sockets refuse it before connect, which undici would do), for plain HTTP and through the same connector
// for HTTPS.
import { createServer } from 'node:http';
import { Socket, type AddressInfo } from 'node:net';
import { UptimeClient } from '../../src/client/index.js';

describe('client connections', () => {
  it('turn TCP keep-alive on after connect, never before', async () => {
    const calls: { enable: boolean | undefined; delay: number | undefined; connecting: boolean }[] = [];
    const real = Socket.prototype.setKeepAlive;
    const spy = jest.spyOn(Socket.prototype, 'setKeepAlive').mockImplementation(function (
      this: Socket,
      enable?: boolean,
      delay?: number,
    ) {
      calls.push({ enable, delay, connecting: this.connecting });
      return real.call(this, enable, delay);
    });
    const server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 'ok' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const client = new UptimeClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      token: 'keep-alive-token',
    });
    try {
      await client.getHealth();
      await client.getHealth();
    } finally {
      await client.close();
      server.close();
      spy.mockRestore();
    }
    expect(calls).toContainEqual({ enable: true, delay: 60_000, connecting: false });
    expect(calls.filter((c) => c.connecting)).toEqual([]);
  });
});
